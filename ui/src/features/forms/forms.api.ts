import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERRORS } from '../../../../domain/errors';
import type { FormVersion, PersonData } from '../../../../form-engine';
import { api, ApiError, buildApiUrl, parseApiError } from '../../shared/api';
import { PAGE_SIZE } from '../../shared/lists';

/**
 * Every forms endpoint of the forms contract as react-query hooks; the list, detail and preview pages and the
 * builders all go through here so cache keys and invalidation stay in one place.
 */

export const FORM_KINDS = ['LONG', 'SHORT', 'PDF'] as const;
export type FormKindCode = (typeof FORM_KINDS)[number];
export type FormStatus = 'DRAFT' | 'PUBLISHED';

/** One row of the form template list (the spec's columns id, name, category, createdBy, createdAt, and more). */
export interface FormListItem {
  id: string;
  name: string;
  category: string | null;
  kind: FormKindCode;
  /** Full name of the creator. */
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  latestVersion: number;
  status: FormStatus;
  elementCount: number;
}

export interface FormList {
  items: FormListItem[];
  total: number;
}

export interface FormDocumentInfo {
  filename: string;
  sizeBytes: number;
  pageCount: number | null;
}

export interface FormVersionDetail {
  id: string;
  version: number;
  status: FormStatus;
  publishedAt: string | null;
  hasAnswers: boolean;
  definition: FormVersion;
}

export interface FormVersionSummary {
  version: number;
  status: FormStatus;
  publishedAt: string | null;
}

export interface FormDetail {
  id: string;
  name: string;
  category: string | null;
  kind: FormKindCode;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** Published or answered: only minor edits are accepted; structural ones need a clone. */
  frozen: boolean;
  document: FormDocumentInfo | null;
  version: FormVersionDetail;
  versions: FormVersionSummary[];
}

export interface FormListFilters {
  q?: string;
  category?: string | null;
  kind?: FormKindCode | null;
  page?: number;
  pageSize?: number;
}

export interface CreateFormInput {
  name: string;
  category?: string | null;
  kind: FormKindCode;
  definition?: FormVersion;
}

export interface UpdateFormInput {
  name?: string;
  category?: string | null;
  definition: FormVersion;
}

export interface ServerAnswerError {
  /** '' for a problem with the answers as a whole. */
  elementId: string;
  message: string;
  code: string;
  /** JSON pointer inside the element's answer ('' for the whole answer). */
  path?: string;
}

export interface FormValidationResponse {
  valid: boolean;
  errors: ServerAnswerError[];
  /** The form-filling date the server used (today in the school's time zone). */
  today?: string;
}

/** The signed-in person's system data for prepopulate(), plus the school's today (YYYY-MM-DD). */
export type Prepopulation = PersonData & { today?: string };

export const formKeys = {
  all: ['forms'] as const,
  lists: ['forms', 'list'] as const,
  list: (filters: FormListFilters) => ['forms', 'list', filters] as const,
  detail: (id: string) => ['forms', 'detail', id] as const,
  prepopulation: ['forms', 'prepopulation'] as const,
};

const formPath = (id: string, rest = '') => `/forms/${encodeURIComponent(id)}${rest}`;

export function useForms(filters: FormListFilters = {}) {
  const pageSize = filters.pageSize ?? PAGE_SIZE;
  const page = filters.page ?? 1;
  return useQuery({
    queryKey: formKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<FormList>(
        '/forms',
        {
          q: filters.q?.trim(),
          category: filters.category,
          kind: filters.kind,
          limit: pageSize,
          offset: (page - 1) * pageSize,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useForm(id: string | null | undefined) {
  return useQuery({
    queryKey: formKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<FormDetail>(formPath(id!), undefined, signal),
    enabled: !!id,
  });
}

/** The signed-in person's system data, for pre-populating a preview. */
export function usePrepopulation() {
  return useQuery({
    queryKey: formKeys.prepopulation,
    queryFn: ({ signal }) => api.get<Prepopulation>('/forms/prepopulation', undefined, signal),
    staleTime: 5 * 60_000,
  });
}

/** Stores a fresh detail and refreshes the lists after any write that answers with FormDetail. */
function useStoreDetail() {
  const client = useQueryClient();
  return (detail: FormDetail) => {
    client.setQueryData(formKeys.detail(detail.id), detail);
    void client.invalidateQueries({ queryKey: formKeys.lists });
  };
}

export function useCreateForm() {
  const store = useStoreDetail();
  return useMutation({
    mutationFn: (input: CreateFormInput) => api.post<FormDetail>('/forms', input),
    onSuccess: store,
  });
}

export function useUpdateForm() {
  const store = useStoreDetail();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateFormInput }) => api.put<FormDetail>(formPath(id), input),
    onSuccess: store,
  });
}

export function usePublishForm() {
  const store = useStoreDetail();
  return useMutation({
    mutationFn: (id: string) => api.post<FormDetail>(formPath(id, '/publish')),
    onSuccess: store,
  });
}

export function useCloneForm() {
  const store = useStoreDetail();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name?: string }) =>
      api.post<FormDetail>(formPath(id, '/clone'), name ? { name } : {}),
    onSuccess: store,
  });
}

export function useArchiveForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(formPath(id)),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: formKeys.detail(id) });
      return client.invalidateQueries({ queryKey: formKeys.lists });
    },
  });
}

/** Server-side validation of a set of answers (the preview's submit). */
export function useValidateAnswers() {
  return useMutation({
    mutationFn: ({ id, answers, version }: { id: string; answers: Record<string, unknown>; version?: number }) =>
      api.post<FormValidationResponse>(
        formPath(id, '/validate'),
        version === undefined ? { answers } : { answers, version },
      ),
  });
}

/** Where the imported PDF of a form can be read (same origin, session cookie). */
export function formDocumentUrl(id: string): string {
  return buildApiUrl(formPath(id, '/document'));
}

/** PUT /forms/:id/document as multipart (the JSON wrapper cannot send files). */
export async function uploadFormDocument(id: string, file: File): Promise<FormDetail> {
  const body = new FormData();
  body.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(formDocumentUrl(id), {
      method: 'PUT',
      body,
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'SERVICE_UNAVAILABLE', ERRORS.SERVICE_UNAVAILABLE.message);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    parsed = text;
  }
  if (!response.ok) throw parseApiError(response.status, parsed);
  return parsed as FormDetail;
}

export function useUploadFormDocument() {
  const store = useStoreDetail();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => uploadFormDocument(id, file),
    onSuccess: store,
  });
}
