import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompTicketSettingsBody, CompTicketSettingsDto } from '../../../../api/comp-tickets/comp-tickets.schemas';
import { api } from '../../shared/api';

export type CompTicketSettings = CompTicketSettingsDto;
export type CompTicketSettingsInput = CompTicketSettingsBody;

const COMP_TICKETS_KEY = ['comp-tickets'] as const;

export function useCompTicketSettings() {
  return useQuery({
    queryKey: COMP_TICKETS_KEY,
    queryFn: ({ signal }) => api.get<CompTicketSettings>('/comp-tickets', undefined, signal),
  });
}

export function useSaveCompTicketSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CompTicketSettingsInput) => api.put<CompTicketSettings>('/comp-tickets', input),
    onSuccess: (saved) => client.setQueryData(COMP_TICKETS_KEY, saved),
  });
}
