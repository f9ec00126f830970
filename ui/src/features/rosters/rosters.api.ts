import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { AddableList, RosterDetail, YearRosters } from '../../../../api/rosters/rosters.schemas';
import { api } from '../../shared/api';

export type YearRostersDto = YearRosters;
export type Roster = RosterDetail;
export type RosterEntry = RosterDetail['entries'][number];
export type ChangeRequest = RosterDetail['changeRequests'][number];
export type AddableAthlete = Static<typeof AddableList>[number];

const KEY = ['rosters'] as const;

export function useYearRosters(academicYearId: string | null) {
  return useQuery({
    queryKey: [...KEY, 'year', academicYearId],
    queryFn: ({ signal }) => api.get<YearRosters>('/rosters', academicYearId ? { academicYearId } : undefined, signal),
    placeholderData: keepPreviousData,
  });
}

const rosterPath = (teamId: string, yearId: string) =>
  `/rosters/${encodeURIComponent(teamId)}/${encodeURIComponent(yearId)}`;

export function useRoster(teamId: string, yearId: string) {
  return useQuery({
    queryKey: [...KEY, 'detail', teamId, yearId],
    queryFn: ({ signal }) => api.get<RosterDetail>(rosterPath(teamId, yearId), undefined, signal),
    enabled: Boolean(teamId && yearId),
    // The rollover copies last year's athletes in the background: look again until they are there.
    refetchInterval: (q) =>
      q.state.data?.rolloverStatus === 'NOT_STARTED' && q.state.data.entries.length === 0 ? 1000 : false,
  });
}

export function useAddableAthletes(teamId: string, yearId: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'addable', teamId, yearId, search],
    queryFn: ({ signal }) =>
      api.get<AddableAthlete[]>(`${rosterPath(teamId, yearId)}/addable`, search ? { search } : undefined, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** One roster action (rollover, edits, submit, review, change requests); the answer is the roster as it now is. */
export function useRosterAction(teamId: string, yearId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: string; body?: unknown }) =>
      api.post<RosterDetail>(`${rosterPath(teamId, yearId)}/${action}`, body ?? {}),
    onSuccess: (data) => {
      client.setQueryData([...KEY, 'detail', teamId, yearId], data);
      void client.invalidateQueries({ queryKey: [...KEY, 'year'] });
    },
  });
}
