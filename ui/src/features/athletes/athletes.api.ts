import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AthleteListRow } from '../../../../api/athletes/athletes.schemas';
import { api } from '../../shared/api';
import { listItems, listTotal, PAGE_SIZE, type ListResponse } from '../../shared/lists';

/** A student-athlete list row, named as the spec's list columns. */
export type AthleteRow = AthleteListRow;

export interface AthleteFilters {
  q: string;
  teamId: string | null;
  page: number;
}

export interface TeamOption {
  id: string;
  name: string;
}

export function useAthletes(filters: AthleteFilters) {
  return useQuery({
    queryKey: ['athletes', filters],
    queryFn: ({ signal }) =>
      api.get<ListResponse<AthleteRow>>(
        '/athletes',
        { q: filters.q.trim(), teamId: filters.teamId, limit: PAGE_SIZE, offset: (filters.page - 1) * PAGE_SIZE },
        signal,
      ),
    select: (data) => ({ items: listItems(data), total: listTotal(data) }),
    placeholderData: keepPreviousData,
  });
}

export function useTeamOptions() {
  return useQuery({
    queryKey: ['teams'],
    queryFn: ({ signal }) => api.get<ListResponse<TeamOption>>('/teams', undefined, signal),
    select: (data) => listItems(data).map((t) => ({ value: t.id, label: t.name })),
  });
}

/** The person form (spec part 1 §3) as sent to POST /athletes; empty fields are left out. */
export type AthleteInput = Record<string, string | number | boolean | null>;

export interface CreatedAthlete {
  athlete: { id: string };
  invitationId: string | null;
}

/** Starts an invitation for an athlete never invited, or re-sends a pending one. */
export function useSendInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.post<unknown>(`/users/${encodeURIComponent(userId)}/invitation/resend`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['athletes'] }),
  });
}

export function useCreateAthlete() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AthleteInput) => api.post<CreatedAthlete>('/athletes', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['athletes'] }),
  });
}
