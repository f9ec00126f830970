import { useQuery } from '@tanstack/react-query';
import type { DisclosureRowDto } from '../../../../api/disclosures/disclosures.schemas';
import type { SubmissionListItem } from '../../../../api/packets/packets.schemas';
import type { Static } from 'typebox';
import type {
  MyTaskCounts,
  MyTaskDto,
  MyTaskList,
  MyTeamList,
  OverdueTasks,
} from '../../../../api/tasks/tasks.schemas';
import { api } from '../../shared/api';
import { queryKeys } from '../../shared/query-keys';

export type HomeTask = MyTaskDto;

/** The first open tasks waiting on the person, soonest due first (live: the tasks key is refetched on change). */
export function useHomeTasks(limit = 6, query: Record<string, string> = {}) {
  return useQuery({
    queryKey: [...queryKeys.tasks, 'home', limit, query],
    queryFn: ({ signal }) =>
      api.get<Static<typeof MyTaskList>>('/tasks/mine', { limit, sort: 'due', ...query }, signal),
  });
}

export function useHomeTaskCounts() {
  return useQuery({
    queryKey: [...queryKeys.tasks, 'counts'],
    queryFn: ({ signal }) => api.get<MyTaskCounts>('/tasks/mine/counts', undefined, signal),
  });
}

export type MyTeam = Static<typeof MyTeamList>['items'][number];

/** The person's own teams with what waits on them about each. */
export function useMyTeams() {
  return useQuery({
    queryKey: [...queryKeys.tasks, 'teams'],
    queryFn: ({ signal }) => api.get<Static<typeof MyTeamList>>('/tasks/mine/teams', undefined, signal),
    select: (d) => d.items,
  });
}

/** The athlete's own disclosures, newest activity first. */
export function useMyDisclosures(enabled: boolean) {
  return useQuery({
    queryKey: ['disclosures', 'home-mine'],
    queryFn: ({ signal }) =>
      api.get<{ items: DisclosureRowDto[] }>('/disclosures/mine', { limit: 50, sort: 'recent' }, signal),
    select: (d) => d.items,
    enabled,
  });
}

/** Packets the person is a recipient of. */
export function useMyPaperwork(enabled: boolean) {
  return useQuery({
    queryKey: ['paperwork', 'home-mine'],
    queryFn: ({ signal }) => api.get<{ items: SubmissionListItem[] }>('/my-paperwork', { limit: 50 }, signal),
    select: (d) => d.items,
    enabled,
  });
}

export type OverdueSummary = Static<typeof OverdueTasks>;

/** What is overdue across the school's modules (admins who operate the school's processes). */
export function useOverdue(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.tasks, 'overdue'],
    queryFn: ({ signal }) => api.get<OverdueSummary>('/tasks/overdue', undefined, signal),
    enabled,
  });
}
