import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { CommitmentStatus } from '../../../../domain/recruiting';
import type {
  Board as BoardSchema,
  BoardCard as BoardCardSchema,
  DuplicateGroups,
  PsaActivity as PsaActivitySchema,
  PsaDto,
  PsaMeta as PsaMetaSchema,
  PsaPage,
  PsaProfile as PsaProfileSchema,
  PsaTransfer as PsaTransferSchema,
  UploadChecked,
  UploadStored,
} from '../../../../api/recruiting/psas.schemas';
import { api, apiUpload, buildApiUrl, type QueryValue } from '../../shared/api';

/** The prospect screens' types are the API's contract (api/recruiting/psas.schemas.ts). */
export type Psa = PsaDto;
export type PsaActivity = Static<typeof PsaActivitySchema>;
export type PsaTransfer = Static<typeof PsaTransferSchema>;
export type PsaProfile = Static<typeof PsaProfileSchema>;
export type PsaMeta = Static<typeof PsaMetaSchema>;
export type BoardCard = Static<typeof BoardCardSchema>;
export type Board = Static<typeof BoardSchema>['columns'];
export type DuplicateGroup = Static<typeof DuplicateGroups>[number];

export type PsaFilters = Record<string, QueryValue>;

const KEY = ['psas'] as const;

export function usePsaList(filters: PsaFilters) {
  return useQuery({
    queryKey: [...KEY, 'list', filters],
    queryFn: ({ signal }) => api.get<Static<typeof PsaPage>>('/psas', filters, signal),
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
      api.get<Static<typeof BoardSchema>>('/psas/board', sportTeamId ? { sportTeamId } : undefined, signal),
  });
}

export function useDuplicateGroups(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'duplicates'],
    queryFn: ({ signal }) => api.get<DuplicateGroup[]>('/psas/duplicates', undefined, signal),
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

/** A check's answer (rows, errors, headers) or a store's (created); the screen shows whichever it got. */
export type UploadResult = Partial<Static<typeof UploadChecked>> & Partial<Static<typeof UploadStored>>;

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
