import { useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { TeamDto } from '../../../../api/teams/teams.schemas';
import { api } from '../../shared/api';
import { listItems, listTotal, type ListResponse } from '../../shared/lists';

export type HomeTeam = Static<typeof TeamDto>;

/** A count from a list endpoint, asking for one row only. */
function useCount(key: string, path: string, query: Record<string, string | number> = {}, enabled = true) {
  return useQuery({
    queryKey: ['home-count', key],
    queryFn: ({ signal }) => api.get<ListResponse<unknown>>(path, { limit: 1, ...query }, signal),
    select: (data) => listTotal(data),
    enabled,
  });
}

export function useAdminCounts() {
  return {
    athletes: useCount('athletes', '/athletes'),
    teams: useCount('teams', '/teams'),
    staff: useCount('staff', '/staff'),
    invitations: useCount('invitations', '/users', { status: 'INVITED' }),
  };
}

export function useHomeTeams(enabled = true) {
  return useQuery({
    queryKey: ['home-teams'],
    queryFn: ({ signal }) => api.get<ListResponse<HomeTeam>>('/teams', undefined, signal),
    select: (data) => listItems(data),
    enabled,
  });
}
