import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommitmentStatus } from '../../../../domain/recruiting';
import { api, apiUpload, buildApiUrl, type QueryValue } from '../../shared/api';
import type { PsaRecruitingEvent } from './PsaRecruitingEvents';

export interface Psa {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string | null;
  commitmentStatus: CommitmentStatus;
  psaState: 'ACTIVE' | 'ARCHIVED' | 'UNARCHIVED';
  rating: number | null;
  tags: string[];
  sportTeam: string | null;
  recruitingCoach: string | null;
  height: string | null;
  highlightLinks: string[];
  customFields: { name: string; value: string }[];
  lastContactDate: string | null;
  athleteUserId: string | null;
  [field: string]: unknown;
}

export interface PsaActivity {
  id: string;
  kind: string;
  occurredAt: string;
  nights: number | null;
  location: string | null;
  summary: string | null;
  /** Phone calls: minutes, and the staff member who made the call. */
  durationMinutes?: number | null;
  coach?: string | null;
  loggedBy: string | null;
  flags: string[];
}

export interface PsaTransfer {
  id: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  statusLabel: string;
  teamName: string;
  academicYearLabel: string;
  requestedBy: string | null;
  requestedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  reason: string | null;
  athleteUserId: string | null;
}

export interface PsaProfile {
  psa: Psa;
  activities: PsaActivity[];
  events: { id: string; action: string; details: Record<string, unknown>; at: string; actorName: string | null }[];
  duplicates: { id: string; name: string; email: string | null; mobile: string | null; matchedOn: 'email' | 'phone' }[];
  transfer: PsaTransfer | null;
  /** Approved recruiting events the prospect attends. */
  recruitingEvents?: PsaRecruitingEvent[];
}

export interface PsaMeta {
  teams: { id: string; name: string }[];
  coaches: { id: string; name: string }[];
  tags: string[];
  years: { id: string; label: string; isCurrent: boolean }[];
  canApprove: boolean;
}

export interface BoardCard {
  id: string;
  name: string;
  graduationYear: number | null;
  position: string | null;
  highSchoolName: string | null;
  rating: number | null;
  tags: string[];
  sportTeam: string | null;
  transferStatus: string | null;
}
export type Board = Record<CommitmentStatus, BoardCard[]>;

export type PsaFilters = Record<string, QueryValue>;

const KEY = ['psas'] as const;

export function usePsaList(filters: PsaFilters) {
  return useQuery({
    queryKey: [...KEY, 'list', filters],
    queryFn: ({ signal }) =>
      api.get<{ items: Psa[]; total: number; limit: number; offset: number }>('/psas', filters, signal),
    placeholderData: keepPreviousData,
  });
}

export const exportUrl = (filters: PsaFilters, columns: string[]) =>
  buildApiUrl('/psas/export', { ...filters, limit: undefined, offset: undefined, columns: columns.join(',') });

export function usePsaMeta() {
  return useQuery({
    queryKey: [...KEY, 'meta'],
    queryFn: ({ signal }) => api.get<PsaMeta>('/psas/meta', undefined, signal),
    staleTime: 30_000,
  });
}

export function usePsa(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => api.get<PsaProfile>(`/psas/${encodeURIComponent(id!)}`, undefined, signal),
    enabled: Boolean(id),
  });
}

export function useBoard(sportTeamId: string | null) {
  return useQuery({
    queryKey: [...KEY, 'board', sportTeamId],
    queryFn: ({ signal }) =>
      api.get<{ columns: Board }>('/psas/board', sportTeamId ? { sportTeamId } : undefined, signal),
  });
}

export function useDuplicateGroups(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'duplicates'],
    queryFn: ({ signal }) =>
      api.get<{ matchedOn: 'email' | 'phone'; value: string; prospects: { id: string; name: string }[] }[]>(
        '/psas/duplicates',
        undefined,
        signal,
      ),
    enabled,
  });
}

/** Any prospect change; the answer (a profile) replaces the cached one and lists refresh. */
export function usePsaAction(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body, method = 'POST' }: { path: string; body?: unknown; method?: 'POST' | 'PATCH' }) =>
      method === 'PATCH' ? api.patch<PsaProfile>(`/psas${path}`, body) : api.post<PsaProfile>(`/psas${path}`, body),
    onSuccess: (profile) => {
      if (profile && 'psa' in profile) client.setQueryData([...KEY, 'one', profile.psa.id], profile);
      void client.invalidateQueries({
        queryKey: KEY,
        predicate: (q) => q.queryKey[1] !== 'one' || q.queryKey[2] === id,
      });
    },
  });
}

export function useMoveCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (m: { id: string; commitmentStatus: CommitmentStatus; beforeId: string | null; via: string }) =>
      api.post(`/psas/${encodeURIComponent(m.id)}/move`, {
        commitmentStatus: m.commitmentStatus,
        beforeId: m.beforeId,
        via: m.via,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** A recruiting bulk upload's base path: prospects, or phone calls. */
export type RecruitingUploadPath = '/psas/uploads' | '/psas/phone-calls/uploads';

export interface UploadResult {
  rows?: number;
  created?: number;
  errors?: { row: number; column: string; message: string }[];
}

/** Checks a file (`commit: false`, nothing stored) or stores every row of it; a store refreshes the prospects. */
export function useRecruitingUpload(path: RecruitingUploadPath) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, commit }: { file: File; commit: boolean }) =>
      apiUpload<UploadResult>(commit ? path : `${path}/check`, file),
    onSuccess: (_d, v) => {
      if (v.commit) void client.invalidateQueries({ queryKey: KEY });
    },
  });
}

export const phoneCallTemplateUrl = (format: 'xlsx' | 'csv') =>
  buildApiUrl('/psas/phone-calls/uploads/template', { format });
