import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardDto, LogDetail, LogSummary, SettingsBody, SettingsDto } from '../../../../api/cara/cara.schemas';
import { api } from '../../shared/api';
import {
  CARA_KEY,
  useCaraCheck,
  useDismissViolation,
  type CaraCheck,
  type CaraViolation,
} from '../../shared/cara/cara-check.api';

export type CaraLog = LogSummary;
export type CaraLogDetail = LogDetail;
export type CaraSettings = SettingsDto;
export type CaraDashboard = DashboardDto;

const KEY = CARA_KEY;

export { useCaraCheck, useDismissViolation, type CaraCheck, type CaraViolation };

export function useCaraLogs(filter: { teamId?: string; academicYearId?: string }) {
  return useQuery({
    queryKey: [...KEY, 'logs', filter],
    queryFn: ({ signal }) =>
      api.get<{ items: LogSummary[] }>(
        '/cara/logs',
        Object.fromEntries(Object.entries(filter).filter(([, v]) => v)),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useCaraLog(id: string) {
  return useQuery({
    queryKey: [...KEY, 'log', id],
    queryFn: ({ signal }) => api.get<LogDetail>(`/cara/logs/${encodeURIComponent(id)}`, undefined, signal),
    enabled: !!id,
  });
}

export function useCaraLogAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'submit' | 'review' | 'reopen' | 'survey'; body: unknown }) =>
      api.post<LogDetail>(`/cara/logs/${encodeURIComponent(id)}/${action}`, body),
    onSuccess: (detail) => {
      client.setQueryData([...KEY, 'log', id], detail);
      void client.invalidateQueries({ queryKey: [...KEY, 'logs'] });
    },
  });
}

export function useStartCaraLog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { teamId: string; periodStart: string }) =>
      api.post<{ workflowId: string; periodStart: string; periodEnd: string }>('/cara/logs', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...KEY, 'logs'] }),
  });
}

export function useCaraSettings(teamId: string | null) {
  return useQuery({
    queryKey: [...KEY, 'settings', teamId],
    queryFn: ({ signal }) =>
      api.get<SettingsDto>(`/cara/teams/${encodeURIComponent(teamId!)}/settings`, undefined, signal),
    enabled: !!teamId,
  });
}

export function useSaveCaraSettings(teamId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsBody) =>
      api.put<SettingsDto>(`/cara/teams/${encodeURIComponent(teamId)}/settings`, body),
    onSuccess: (saved) => client.setQueryData([...KEY, 'settings', teamId], saved),
  });
}

export function useCaraDashboard(teamId: string) {
  return useQuery({
    queryKey: [...KEY, 'dashboard', teamId],
    queryFn: ({ signal }) =>
      api.get<DashboardDto>(`/cara/teams/${encodeURIComponent(teamId)}/dashboard`, undefined, signal),
    enabled: !!teamId,
  });
}
