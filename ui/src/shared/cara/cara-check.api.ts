import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckBody, CheckResult } from '../../../../api/cara/cara.schemas';
import { api } from '../api';

/**
 * The Bylaw 17 (CARA) check of a proposed event and the dismissal of a warning: asked by the calendar's event form
 * and move, and by the CARA screens, so they live here rather than in either feature.
 */
export type CaraCheck = CheckResult;
export type CaraViolation = CheckResult['violations'][number];

/** Every CARA query starts with this key, so a dismissal refreshes the checks and the logs. */
export const CARA_KEY = ['cara'] as const;
const KEY = CARA_KEY;

/** The Bylaw 17 check of a proposed event, asked again whenever the proposal changes. */
export function useCaraCheck(body: CheckBody | null) {
  return useQuery({
    queryKey: [...KEY, 'check', body],
    queryFn: () => api.post<CheckResult>('/cara/check', body),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 5_000,
  });
}

export function useDismissViolation(teamId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { violationKey: string; reason: string; note: string }) =>
      api.post<null>(`/cara/teams/${encodeURIComponent(teamId)}/dismissals`, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}
