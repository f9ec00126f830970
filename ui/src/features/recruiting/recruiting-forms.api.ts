import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type {
  CreatedTemplate,
  PublicRecruitingForm,
  RecruitingFormSend,
  RecruitingFormSendDetail,
  RecruitingFormSendPage,
  RecruitingTemplate,
  RecruitingTemplateList,
  SendResult,
  SubmittedRecruitingForm,
} from '../../../../api/recruiting/recruiting-forms.schemas';
import { api } from '../../shared/api';
import { formKeys } from '../../shared/query-keys';

export type RecruitingTemplateDto = Static<typeof RecruitingTemplate>;
export type RecruitingFormSendDto = Static<typeof RecruitingFormSend>;
export type RecruitingFormSendDetailDto = Static<typeof RecruitingFormSendDetail>;
export type PublicRecruitingFormDto = Static<typeof PublicRecruitingForm>;

const KEY = ['recruiting-forms'] as const;
/**
 * Recruiting templates are forms (purpose RECRUITING), created, saved and published in the form builder: their list
 * sits under the form lists' key, so every form-builder write refreshes it too.
 */
const TEMPLATES_KEY = [...formKeys.lists, 'recruiting'] as const;

export function useRecruitingTemplates() {
  return useQuery({
    queryKey: TEMPLATES_KEY,
    queryFn: ({ signal }) =>
      api.get<Static<typeof RecruitingTemplateList>>('/recruiting-forms/templates', undefined, signal),
  });
}

export function useRecruitingFormSends(filter: { templateId?: string; psaId?: string }, enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'sends', filter],
    queryFn: ({ signal }) =>
      api.get<Static<typeof RecruitingFormSendPage>>('/recruiting-forms/sends', { ...filter, limit: 200 }, signal),
    enabled,
  });
}

export function useRecruitingFormSend(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'send', id],
    queryFn: ({ signal }) =>
      api.get<RecruitingFormSendDetailDto>(`/recruiting-forms/sends/${encodeURIComponent(id!)}`, undefined, signal),
    enabled: Boolean(id),
  });
}

export function useCreateRecruitingTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<Static<typeof CreatedTemplate>>('/recruiting-forms/templates', { name }),
    onSuccess: () => client.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}

export function useArchiveRecruitingTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/recruiting-forms/templates/${encodeURIComponent(id)}`),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: KEY });
      await client.invalidateQueries({ queryKey: TEMPLATES_KEY });
    },
  });
}

export function useSendRecruitingForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, psaIds }: { templateId: string; psaIds: string[] }) =>
      api.post<Static<typeof SendResult>>(`/recruiting-forms/templates/${encodeURIComponent(templateId)}/send`, {
        psaIds,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: KEY });
      void client.invalidateQueries({ queryKey: TEMPLATES_KEY });
      void client.invalidateQueries({ queryKey: ['psas'] });
    },
  });
}

export function usePublicRecruitingForm(token: string) {
  return useQuery({
    queryKey: [...KEY, 'public', token],
    queryFn: () => api.post<PublicRecruitingFormDto>('/recruiting-forms/public/open', { token }),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

export function useSubmitRecruitingForm() {
  return useMutation({
    mutationFn: ({ token, answers }: { token: string; answers: Record<string, unknown> }) =>
      api.post<Static<typeof SubmittedRecruitingForm>>('/recruiting-forms/public/submit', { token, answers }),
  });
}
