import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { CreateTeamBody, TeamDto } from '../../../../api/teams/teams.schemas';
import type { TeamGender } from '../../../../domain/teams';
import { api } from '../../shared/api';
import { listItems, type ListResponse } from '../../shared/lists';

export type Team = TeamDto;

/** The team form's values: the create body, with the gender always chosen. */
export type TeamInput = Static<typeof CreateTeamBody> & { gender: TeamGender };

const TEAMS_KEY = ['teams'] as const;

/** The school's active teams, or (`archived`) its archived ones. */
export function useTeams(archived = false) {
  return useQuery({
    queryKey: archived ? [...TEAMS_KEY, 'archived'] : TEAMS_KEY,
    queryFn: ({ signal }) =>
      api.get<ListResponse<Team>>(archived ? '/teams?archived=true' : '/teams', undefined, signal),
    select: (data) => listItems(data),
  });
}

/** Archives (`archive: true`) or unarchives a team; both lists refresh. */
export function useArchiveTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archive }: { id: string; archive: boolean }) =>
      api.post<Team>(`/teams/${encodeURIComponent(id)}/${archive ? 'archive' : 'unarchive'}`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: TEAMS_KEY }),
  });
}

export function useSaveTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TeamInput }) =>
      id ? api.patch<Team>(`/teams/${encodeURIComponent(id)}`, input) : api.post<Team>('/teams', input),
    onSuccess: () => client.invalidateQueries({ queryKey: TEAMS_KEY }),
  });
}

export function useDeleteTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/teams/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: TEAMS_KEY }),
  });
}
