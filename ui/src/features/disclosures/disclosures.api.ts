import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type {
  ConflictFlagBody,
  ConflictFlagDto,
  ConflictFlagList,
  DisclosureDetailDto,
  DisclosureFieldsBody,
  DisclosurePage as DisclosurePageSchema,
  DisclosureRowDto,
  DisclosureSettingsBody,
  DisclosureSettingsDto,
  EscalateDisclosureBody,
  GroupReviewBody,
  GroupReviewResult,
  ParticipantOptions,
  ReasonBody,
  ReportDto,
  ReviewDisclosureBody,
  ReviewerList,
} from '../../../../api/disclosures/disclosures.schemas';
import type { TeamList } from '../../../../api/teams/teams.schemas';
import { ERRORS } from '../../../../domain/errors';
import { api, ApiError, buildApiUrl, parseApiError, type QueryValue } from '../../shared/api';

export type DisclosureRow = DisclosureRowDto;
export type DisclosureDetail = DisclosureDetailDto;
export type DisclosureFields = DisclosureFieldsBody;
export type ConflictFlag = ConflictFlagDto;

export type DisclosurePage = Static<typeof DisclosurePageSchema>;
export type DisclosureReport = Static<typeof ReportDto>;
export type ReportRow = DisclosureReport['bySport'][number];
type Reviewer = Static<typeof ReviewerList>['items'][number];
type ParticipantOption = Static<typeof ParticipantOptions>['items'][number];
type DisclosureSettings = Static<typeof DisclosureSettingsDto>;

export type ListParams = Record<string, QueryValue>;

const KEY = ['disclosures'] as const;
const FLAGS_KEY = ['conflict-flags'] as const;

export function useDisclosureList(params: ListParams, mine = false) {
  return useQuery({
    queryKey: [...KEY, mine ? 'mine' : 'all', params],
    queryFn: ({ signal }) => api.get<DisclosurePage>(mine ? '/disclosures/mine' : '/disclosures', params, signal),
    placeholderData: keepPreviousData,
  });
}

export function exportCsvUrl(params: ListParams): string {
  const { limit: _limit, offset: _offset, ...rest } = params;
  void _limit;
  void _offset;
  return buildApiUrl('/disclosures/export.csv', rest);
}

export function useDisclosure(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'detail', id],
    queryFn: ({ signal }) => api.get<DisclosureDetail>(`/disclosures/${encodeURIComponent(id!)}`, undefined, signal),
    enabled: Boolean(id),
  });
}

export function useReviewers(enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'reviewers'],
    queryFn: ({ signal }) => api.get<{ items: Reviewer[] }>('/disclosures/reviewers', undefined, signal),
    select: (d) => d.items,
    enabled,
  });
}

export function useDisclosureReport(range: { from?: string; to?: string }) {
  return useQuery({
    queryKey: [...KEY, 'report', range],
    queryFn: ({ signal }) => api.get<DisclosureReport>('/disclosures/report', range, signal),
  });
}

/** Every disclosure mutation answers the updated detail; lists and the detail refresh after it. */
function useDisclosureMutation<V>(fn: (v: V) => Promise<DisclosureDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (detail) => {
      client.setQueryData([...KEY, 'detail', detail.id], detail);
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
}

export function useSaveDisclosure() {
  return useDisclosureMutation(({ id, fields }: { id: string | null; fields: DisclosureFields }) =>
    id
      ? api.patch<DisclosureDetail>(`/disclosures/${encodeURIComponent(id)}`, fields)
      : api.post<DisclosureDetail>('/disclosures', fields),
  );
}

export function useSubmitDisclosure() {
  return useDisclosureMutation(({ id, changeReason }: { id: string; changeReason?: string }) =>
    api.post<DisclosureDetail>(`/disclosures/${encodeURIComponent(id)}/submit`, changeReason ? { changeReason } : {}),
  );
}

export type ReviewDecision = Static<typeof ReviewDisclosureBody>['decision'];

export function useReviewDisclosure() {
  return useDisclosureMutation(({ id, decision, reason }: { id: string } & Static<typeof ReviewDisclosureBody>) =>
    api.post<DisclosureDetail>(`/disclosures/${encodeURIComponent(id)}/review`, {
      decision,
      ...(reason ? { reason } : {}),
    }),
  );
}

export function useEscalateDisclosure() {
  return useDisclosureMutation(
    ({ id, reviewerUserId, reason }: { id: string } & Static<typeof EscalateDisclosureBody>) =>
      api.post<DisclosureDetail>(`/disclosures/${encodeURIComponent(id)}/escalate`, {
        reviewerUserId,
        ...(reason ? { reason } : {}),
      }),
  );
}

export function useReopenDisclosure() {
  return useDisclosureMutation(({ id, reason }: { id: string } & Static<typeof ReasonBody>) =>
    api.post<DisclosureDetail>(`/disclosures/${encodeURIComponent(id)}/reopen`, { reason }),
  );
}

export function useArchiveDisclosure() {
  return useDisclosureMutation((id: string) =>
    api.post<DisclosureDetail>(`/disclosures/${encodeURIComponent(id)}/archive`),
  );
}

export function useCommentDisclosure() {
  return useDisclosureMutation(({ id, body }: { id: string; body: string }) =>
    api.post<DisclosureDetail>(`/disclosures/${encodeURIComponent(id)}/comments`, { body }),
  );
}

export type GroupResult = Static<typeof GroupReviewResult>['results'][number];

export function useGroupReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Static<typeof GroupReviewBody>) =>
      api.post<Static<typeof GroupReviewResult>>('/disclosures/group-review', input),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useConflictFlags() {
  return useQuery({
    queryKey: FLAGS_KEY,
    queryFn: ({ signal }) => api.get<Static<typeof ConflictFlagList>>('/conflict-flags', undefined, signal),
  });
}

export type ConflictFlagInput = ConflictFlagBody;

export function useSaveConflictFlag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ConflictFlagInput }) =>
      id
        ? api.put<ConflictFlag>(`/conflict-flags/${encodeURIComponent(id)}`, input)
        : api.post<ConflictFlag>('/conflict-flags', input),
    onSuccess: () => client.invalidateQueries({ queryKey: FLAGS_KEY }),
  });
}

export function useDeleteConflictFlag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/conflict-flags/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: FLAGS_KEY }),
  });
}

export function useTeamOptions() {
  return useQuery({
    queryKey: ['teams'],
    queryFn: ({ signal }) => api.get<Static<typeof TeamList>>('/teams', undefined, signal),
    select: (d) => d.items,
  });
}

export type DisclosureAttachment = DisclosureDetail['attachments'][number];

export function attachmentUrl(disclosureId: string, fileId: string): string {
  return buildApiUrl(`/disclosures/${encodeURIComponent(disclosureId)}/attachments/${encodeURIComponent(fileId)}`);
}

/**
 * POST /disclosures/:id/attachments as multipart, one file per request. XMLHttpRequest rather than fetch because
 * only it reports upload progress; `onProgress` gets 0–100.
 */
export function uploadDisclosureAttachment(
  disclosureId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<DisclosureDetail> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildApiUrl(`/disclosures/${encodeURIComponent(disclosureId)}/attachments`));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'SERVICE_UNAVAILABLE', ERRORS.SERVICE_UNAVAILABLE.message));
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        parsed = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as DisclosureDetail);
      else reject(parseApiError(xhr.status, parsed));
    };
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

/** Stores an uploaded or removed attachment's answer (the updated detail) and refreshes the lists. */
export function useStoreDisclosureDetail() {
  const client = useQueryClient();
  return (detail: DisclosureDetail) => {
    client.setQueryData([...KEY, 'detail', detail.id], detail);
    void client.invalidateQueries({ queryKey: KEY });
  };
}

export function useRemoveAttachment() {
  return useDisclosureMutation(({ id, fileId }: { id: string; fileId: string }) =>
    api.delete<DisclosureDetail>(`/disclosures/${encodeURIComponent(id)}/attachments/${encodeURIComponent(fileId)}`),
  );
}

export function useParticipantOptions() {
  return useQuery({
    queryKey: [...KEY, 'participant-options'],
    queryFn: ({ signal }) =>
      api.get<{ items: ParticipantOption[] }>('/disclosures/participant-options', undefined, signal),
    select: (d) => d.items,
  });
}

export function useDisclosureSettings() {
  return useQuery({
    queryKey: [...KEY, 'settings'],
    queryFn: ({ signal }) => api.get<DisclosureSettings>('/disclosures/settings', undefined, signal),
  });
}

export function useSaveDisclosureSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Static<typeof DisclosureSettingsBody>) =>
      api.put<DisclosureSettings>('/disclosures/settings', input),
    onSuccess: (data) => client.setQueryData([...KEY, 'settings'], data),
  });
}
