import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERRORS } from '../../../../domain/errors';
import type { Static } from 'typebox';
import type {
  CreateFormBody,
  FormDetail as FormDetailSchema,
  FormListItem as FormListItemSchema,
  FormPage,
  PrepopulationDto,
  UpdateFormBody,
  ValidateAnswersResult,
} from '../../../../api/forms/forms.schemas';
import { api, ApiError, buildApiUrl, parseApiError } from '../../shared/api';
import { PAGE_SIZE } from '../../shared/lists';
import { formKeys } from '../../shared/query-keys';

/**
 * Every forms endpoint of the forms contract as react-query hooks; the list, detail and preview pages and the
 * builders all go through here so cache keys and invalidation stay in one place.
 */

export type FormListItem = Static<typeof FormListItemSchema>;
export type FormList = Static<typeof FormPage>;
export type FormDetail = Static<typeof FormDetailSchema>;
export type FormVersionDetail = FormDetail['version'];
export type FormVersionSummary = FormDetail['versions'][number];
export type FormDocumentInfo = NonNullable<FormDetail['document']>;
export type FormKindCode = FormListItem['kind'];
export type FormStatus = FormListItem['status'];
export type CreateFormInput = Static<typeof CreateFormBody>;
export type UpdateFormInput = Static<typeof UpdateFormBody>;
export type FormValidationResponse = Static<typeof ValidateAnswersResult>;
export type ServerAnswerError = FormValidationResponse['errors'][number];
/** The signed-in person's system data for prepopulate(), plus the school's today (YYYY-MM-DD). */
export type Prepopulation = Static<typeof PrepopulationDto>;

/** The kinds in the order the screens offer them (the contract's enum; the UI imports only its types). */
export const FORM_KINDS = ['LONG', 'SHORT', 'PDF'] as const satisfies readonly FormKindCode[];

export interface FormListFilters {
  q?: string;
  category?: string | null;
  kind?: FormKindCode | null;
  page?: number;
  pageSize?: number;
}

export { formKeys };

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
