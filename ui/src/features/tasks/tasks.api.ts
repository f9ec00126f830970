import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MyTaskCounts, MyTaskDto } from '../../../../api/tasks/tasks.schemas';
import { api } from '../../shared/api';
import { queryKeys } from '../../shared/query-keys';

export type MyTask = MyTaskDto;
export type { MyTaskCounts };

export type TaskDue = 'overdue' | 'today' | 'week' | 'later' | 'none';
export type TaskSort = 'due' | 'oldest' | 'newest';

export interface MyTaskFilters {
  module?: string | null;
  due?: TaskDue | null;
  teamId?: string | null;
  sort?: TaskSort;
  page?: number;
}

export const TASKS_PAGE_SIZE = 25;

/** The signed-in person's open tasks; refetched live when the server says one changed (see use-realtime). */
export function useMyTasks(filters: MyTaskFilters, enabled = true) {
  const page = filters.page ?? 1;
  return useQuery({
    queryKey: [...queryKeys.tasks, 'mine', filters],
    queryFn: ({ signal }) =>
      api.get<{ items: MyTask[]; total: number }>(
        '/tasks/mine',
        {
          module: filters.module ?? undefined,
          due: filters.due ?? undefined,
          teamId: filters.teamId ?? undefined,
          sort: filters.sort ?? 'due',
          limit: TASKS_PAGE_SIZE,
          offset: (page - 1) * TASKS_PAGE_SIZE,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Open, overdue and per-module counts for the sidebar and the homes. */
export function useMyTaskCounts() {
  return useQuery({
    queryKey: [...queryKeys.tasks, 'counts'],
    queryFn: ({ signal }) => api.get<MyTaskCounts>('/tasks/mine/counts', undefined, signal),
    staleTime: 30_000,
  });
}
