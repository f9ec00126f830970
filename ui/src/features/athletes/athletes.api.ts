import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type {
  AccountsBody,
  AccountsResult,
  AthleteListRow,
  AthleteProfileView,
  CreatedAthlete as CreatedAthleteSchema,
  CustomFieldBody,
  CustomFieldDto,
  CustomFieldList,
  OperatorAthleteProfile,
  TagDto,
  TagList,
} from '../../../../api/athletes/athletes.schemas';
import type { AuditEventPage } from '../../../../api/audit/audit.schemas';
import type { AthleteListColumn } from '../../../../domain/athlete-profiles';
import { api, ApiError, buildApiUrl, parseApiError } from '../../shared/api';
import { listItems, listTotal, PAGE_SIZE, type ListResponse } from '../../shared/lists';
import { useSchoolTeamOptions, type TeamOption } from '../../shared/team-options.api';

/** A student-athlete list row, named as the spec's list columns. */
export type AthleteRow = AthleteListRow;
export type AthleteProfile = AthleteProfileView;
export type TagRow = Static<typeof TagDto>;
export type CustomFieldRow = Static<typeof CustomFieldDto>;
export type CreatedAthlete = Static<typeof CreatedAthleteSchema>;
type AuditEvents = Static<typeof AuditEventPage>;

/** The list's filters as they live in the URL (empty string = not filtered). */
export interface AthleteFilters {
  q: string;
  teamId: string | null;
  rosterStatus: string | null;
  accountStatus: string | null;
  residencyStatus: string | null;
  classYear: string | null;
  tagId: string | null;
  isAtRisk: string | null;
  sortBy: AthleteListColumn | null;
  sortDir: 'asc' | 'desc' | null;
}

export { useSchoolTeamOptions, type TeamOption };

const KEY = ['athletes'] as const;

/** The query string the list and its export share. */
export function filterQuery(filters: AthleteFilters): Record<string, string | null> {
  const { q, ...rest } = filters;
  return { q: q.trim() || null, ...rest };
}

export function useAthletes(filters: AthleteFilters & { page: number }) {
  const { page, ...rest } = filters;
  return useQuery({
    queryKey: [...KEY, 'list', filters],
    queryFn: ({ signal }) =>
      api.get<ListResponse<AthleteRow>>(
        '/athletes',
        { ...filterQuery(rest), limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
        signal,
      ),
    select: (data) => ({ items: listItems(data), total: listTotal(data) }),
    placeholderData: keepPreviousData,
  });
}

/** Where the browser downloads the list as shown: same filters and sort, the visible columns in order. */
export function exportUrl(filters: AthleteFilters, columns: AthleteListColumn[], format: 'csv' | 'xlsx'): string {
  return buildApiUrl('/athletes/export', { ...filterQuery(filters), format, columns: columns.join(',') });
}

export function useListColumns() {
  return useQuery({
    queryKey: [...KEY, 'columns'],
    queryFn: ({ signal }) => api.get<{ columns: AthleteListColumn[] }>('/athletes/list-columns', undefined, signal),
    staleTime: Infinity,
  });
}

export function useSaveListColumns() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (columns: AthleteListColumn[]) =>
      api.put<{ columns: AthleteListColumn[] }>('/athletes/list-columns', { columns }),
    onMutate: (columns) => client.setQueryData([...KEY, 'columns'], { columns }),
    onSuccess: (data) => client.setQueryData([...KEY, 'columns'], data),
  });
}

export function useTeamOptions() {
  return useQuery({
    queryKey: ['teams'],
    queryFn: ({ signal }) => api.get<ListResponse<TeamOption>>('/teams', undefined, signal),
    select: (data) => listItems(data).map((t) => ({ value: t.id, label: t.name })),
  });
}

export function useTags(enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'tags'],
    queryFn: ({ signal }) => api.get<Static<typeof TagList>>('/athlete-tags', undefined, signal),
    select: (d) => d.items,
    enabled,
  });
}

export function useTagMutations() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: KEY });
  return {
    create: useMutation({ mutationFn: (name: string) => api.post<TagRow>('/athlete-tags', { name }), onSuccess: done }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        api.patch<TagRow>(`/athlete-tags/${encodeURIComponent(id)}`, { name }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<null>(`/athlete-tags/${encodeURIComponent(id)}`),
      onSuccess: done,
    }),
  };
}

const FIELDS_KEY = ['athlete-custom-fields'] as const;

export function useCustomFields() {
  return useQuery({
    queryKey: FIELDS_KEY,
    queryFn: ({ signal }) => api.get<Static<typeof CustomFieldList>>('/athlete-custom-fields', undefined, signal),
    select: (data) => data.items,
  });
}

export function useCustomFieldMutations() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: FIELDS_KEY });
  return {
    create: useMutation({
      mutationFn: (input: CustomFieldBody) => api.post<CustomFieldRow>('/athlete-custom-fields', input),
      onSuccess: done,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        api.patch<CustomFieldRow>(`/athlete-custom-fields/${encodeURIComponent(id)}`, { name }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<null>(`/athlete-custom-fields/${encodeURIComponent(id)}`),
      onSuccess: done,
    }),
  };
}

export type AccountAction = AccountsBody['action'];

export function useAccountAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountsBody) => api.post<Static<typeof AccountsResult>>('/athletes/accounts', input),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useAthleteProfile(id: string) {
  return useQuery({
    queryKey: [...KEY, 'profile', id],
    queryFn: ({ signal }) => api.get<AthleteProfile>(`/athletes/${encodeURIComponent(id)}`, undefined, signal),
  });
}

/** The provider operator's read-only profile of one athlete of any school, the school named (with its zone). */
export function useOperatorAthleteProfile(id: string) {
  return useQuery({
    queryKey: ['operator-athlete', id],
    queryFn: ({ signal }) =>
      api.get<OperatorAthleteProfile>(`/operator/athletes/${encodeURIComponent(id)}`, undefined, signal),
  });
}

function useStoreProfile() {
  const client = useQueryClient();
  return (view: AthleteProfile) => {
    client.setQueryData([...KEY, 'profile', view.id], view);
    void client.invalidateQueries({ queryKey: [...KEY, 'list'] });
    void client.invalidateQueries({ queryKey: ['audit-events'] });
  };
}

export function useUpdateProfile(id: string) {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (changes: Record<string, unknown>) =>
      api.patch<AthleteProfile>(`/athletes/${encodeURIComponent(id)}`, changes),
    onSuccess: store,
  });
}

export function useSetAthleteTags(id: string) {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (tagIds: string[]) => api.put<AthleteProfile>(`/athletes/${encodeURIComponent(id)}/tags`, { tagIds }),
    onSuccess: store,
  });
}

export function athleteFileUrl(id: string, fileId: string): string {
  return buildApiUrl(`/athletes/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}`);
}

export function useUploadAthleteFile(id: string) {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      let response: Response;
      try {
        response = await fetch(buildApiUrl(`/athletes/${encodeURIComponent(id)}/files`), {
          method: 'POST',
          body,
          credentials: 'include',
          headers: { accept: 'application/json' },
        });
      } catch {
        throw new ApiError(0, 'SERVICE_UNAVAILABLE', 'Unable to connect, check your internet connection.');
      }
      const parsed = (await response.json().catch(() => undefined)) as unknown;
      if (!response.ok) throw parseApiError(response.status, parsed);
      return parsed as AthleteProfile;
    },
    onSuccess: store,
  });
}

export function useRemoveAthleteFile(id: string) {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (fileId: string) =>
      api.delete<AthleteProfile>(`/athletes/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}`),
    onSuccess: store,
  });
}

export function useProfileHistory(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['audit-events', 'target', id],
    queryFn: ({ signal }) => api.get<AuditEvents>('/audit-events', { targetId: id, limit: 20 }, signal),
    select: (d) => d.items,
    enabled,
  });
}

/** Starts an invitation for an athlete never invited, or re-sends a pending one. */
export function useSendInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.post<unknown>(`/users/${encodeURIComponent(userId)}/invitation/resend`),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** The person form (spec part 1 §3) as sent to POST /athletes; empty fields are left out. */
export type AthleteInput = Record<string, string | number | boolean | null>;

export function useCreateAthlete() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AthleteInput) => api.post<CreatedAthlete>('/athletes', input),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
export type CreateAthleteMutation = ReturnType<typeof useCreateAthlete>;

/** The platform operator's view of one school's student-athletes (read-only list, one page at a time). */
export function useSchoolAthletes(schoolId: string, page: number) {
  return useQuery({
    queryKey: ['school-athletes', schoolId, page],
    queryFn: ({ signal }) =>
      api.get<ListResponse<AthleteRow>>(
        `/schools/${encodeURIComponent(schoolId)}/athletes`,
        { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, sortBy: 'athletName', sortDir: 'asc' },
        signal,
      ),
    select: (data) => ({ items: listItems(data), total: listTotal(data) }),
    placeholderData: keepPreviousData,
  });
}

/** Adds a student-athlete to the school a platform operator addresses. */
export function useCreateSchoolAthlete(schoolId: string): CreateAthleteMutation {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AthleteInput) =>
      api.post<CreatedAthlete>(`/schools/${encodeURIComponent(schoolId)}/athletes`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['school-athletes', schoolId] }),
  });
}
