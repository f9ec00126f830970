import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type {
  ActionOutcomeDto,
  AssignableUserDto,
  BulkJobDto,
  ConsoleHealthDto,
  WorkflowDetailDto,
  WorkflowListItemDto,
  WorkflowPage,
} from '../../../../api/operator-console/operator-console.schemas';
import type { BulkAction, WorkflowStatus } from '../../../../domain/operator-console';
import { api } from '../../shared/api';

export type WorkflowItem = Static<typeof WorkflowListItemDto>;
export type WorkflowPageData = Static<typeof WorkflowPage>;
export type WorkflowDetail = Static<typeof WorkflowDetailDto>;
export type ConsoleHealth = Static<typeof ConsoleHealthDto>;
export type ActionOutcome = Static<typeof ActionOutcomeDto>;
export type AssignableUser = Static<typeof AssignableUserDto>;
export type BulkJob = Static<typeof BulkJobDto>;

export interface ConsoleFilters {
  schoolId?: string | undefined;
  module?: string | undefined;
  status?: WorkflowStatus | undefined;
  olderThanMinutes?: number | undefined;
}

const KEY = ['operator-console'] as const;

export function useWorkflows(filters: ConsoleFilters, stuckOnly: boolean, page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...KEY, 'workflows', filters, stuckOnly, page],
    queryFn: ({ signal }) =>
      api.get<WorkflowPageData>('/operator-console/workflows', { ...filters, stuckOnly, ...page }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}

export function useWorkflowCounts(filters: ConsoleFilters) {
  return useQuery({
    queryKey: [...KEY, 'counts', filters],
    queryFn: ({ signal }) =>
      api.get<Record<WorkflowStatus | 'total', number>>(
        '/operator-console/counts',
        { schoolId: filters.schoolId, module: filters.module, olderThanMinutes: filters.olderThanMinutes },
        signal,
      ),
    refetchInterval: 10_000,
  });
}

export function useConsoleHealth() {
  return useQuery({
    queryKey: [...KEY, 'health'],
    queryFn: ({ signal }) => api.get<ConsoleHealth>('/operator-console/health', undefined, signal),
    refetchInterval: 15_000,
  });
}

const workflowPath = (workflowId: string) => `/operator-console/workflows/${encodeURIComponent(workflowId)}`;

export function useWorkflowDetail(workflowId: string) {
  return useQuery({
    queryKey: [...KEY, 'detail', workflowId],
    queryFn: ({ signal }) => api.get<WorkflowDetail>(workflowPath(workflowId), undefined, signal),
    refetchInterval: 5_000,
  });
}

export function useAssignableUsers(workflowId: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'assignable', workflowId, q],
    queryFn: ({ signal }) =>
      api.get<AssignableUser[]>(`${workflowPath(workflowId)}/assignable-users`, { q: q || undefined }, signal),
    enabled,
  });
}

export type SingleAction = 'retry' | 'cancel' | 'terminate' | 'resend-notification';

export function useWorkflowAction(workflowId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: SingleAction; reason: string }) =>
      api.post<ActionOutcome>(`${workflowPath(workflowId)}/${action}`, { reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useReassignTask(workflowId: string) {
  const client = useQueryClient();
  return useMutation({
    // A disclosure review has no inbox task: leaving taskId out hands over the review itself.
    mutationFn: (input: { taskId?: string; toUserId: string; reason: string }) =>
      api.post<ActionOutcome>(`${workflowPath(workflowId)}/reassign`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useStartBulk() {
  return useMutation({
    mutationFn: (input: { action: BulkAction; reason: string; filter: ConsoleFilters; stuckOnly: boolean }) =>
      api.post<BulkJob>('/operator-console/bulk', input),
  });
}

export function useBulkJob(jobId: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...KEY, 'bulk', jobId],
    queryFn: async ({ signal }) => {
      const job = await api.get<BulkJob>(`/operator-console/bulk/${encodeURIComponent(jobId!)}`, undefined, signal);
      if (job.state === 'DONE') void client.invalidateQueries({ queryKey: [...KEY, 'workflows'] });
      return job;
    },
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.state === 'DONE' ? false : 700),
  });
}

/** Schools for the operator's school filter (operators only; admins are kept to their own school). */
export function useSchoolOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'schools'],
    queryFn: ({ signal }) =>
      api.get<{ items: Array<{ id: string; name: string }> }>('/schools', { limit: 200 }, signal),
    enabled,
    select: (data) => data.items.map((s) => ({ value: s.id, label: s.name })),
  });
}
