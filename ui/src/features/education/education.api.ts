import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type {
  AnswerDto,
  AssignBody,
  AssignDto,
  AttemptDto,
  AudienceDto,
  CreateContentBody,
  EditContentBody,
  EditorDto,
  HomeDto,
  LibraryDto,
  MyDto,
  OpenAttemptDto,
  OpenContentDto,
} from '../../../../api/education/education.schemas';
import { api, type QueryValue } from '../../shared/api';

export type EducatorHome = Static<typeof HomeDto>;
export type Library = Static<typeof LibraryDto>;
export type EditorView = Static<typeof EditorDto>;
export type MyEducation = Static<typeof MyDto>;
export type OpenContent = Static<typeof OpenContentDto>;
export type OpenAttempt = Static<typeof OpenAttemptDto>;
export type Attempt = Static<typeof AttemptDto>;
export type Audience = Static<typeof AudienceDto>;
export type NewContent = Static<typeof CreateContentBody>;
export type ContentEdit = Static<typeof EditContentBody>;

const KEY = ['education'] as const;
const enc = encodeURIComponent;

export function useEducatorHome() {
  return useQuery({
    queryKey: [...KEY, 'home'],
    queryFn: ({ signal }) => api.get<EducatorHome>('/education/home', undefined, signal),
  });
}

export function useLibrary(filters: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...KEY, 'library', filters],
    queryFn: ({ signal }) => api.get<Library>('/education/library', filters, signal),
  });
}

export function useEditorContent(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'edit', id],
    queryFn: ({ signal }) => api.get<EditorView>(`/education/contents/${enc(id!)}/edit`, undefined, signal),
    enabled: Boolean(id),
  });
}

export function useAudience(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'audience'],
    queryFn: ({ signal }) => api.get<Audience>('/education/audience', undefined, signal),
    enabled,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return (view?: EditorView) => {
    if (view) client.setQueryData([...KEY, 'edit', view.id], view);
    void client.invalidateQueries({ queryKey: KEY });
    void client.invalidateQueries({ queryKey: ['tasks'] });
  };
}

export function useCreateContent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: NewContent) => api.post<EditorView>('/education/contents', body),
    onSuccess: refresh,
  });
}

export function useEditContent(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ContentEdit) => api.put<EditorView>(`/education/contents/${enc(id)}`, body),
    onSuccess: refresh,
  });
}

export function useContentAction(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (action: 'publish' | 'archive' | 'recall') =>
      api.post<EditorView>(`/education/contents/${enc(id)}/${action}`),
    onSuccess: refresh,
  });
}

export function useAssignContent(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: Static<typeof AssignBody>) =>
      api.post<Static<typeof AssignDto>>(`/education/contents/${enc(id)}/assignments`, body),
    onSuccess: () => refresh(),
  });
}

export function useMyEducation(filters: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...KEY, 'my', filters],
    queryFn: ({ signal }) => api.get<MyEducation>('/education/my', filters, signal),
  });
}

export function useOpenContent(id: string | undefined) {
  return useQuery({
    queryKey: [...KEY, 'open', id],
    queryFn: ({ signal }) => api.get<OpenContent>(`/education/contents/${enc(id!)}`, undefined, signal),
    enabled: Boolean(id),
  });
}

export function useCompleteContent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<OpenContent>(`/education/contents/${enc(id)}/complete`),
    onSuccess: (view) => {
      client.setQueryData([...KEY, 'open', id], view);
      void client.invalidateQueries({ queryKey: [...KEY, 'my'] });
      void client.invalidateQueries({ queryKey: ['tasks'] });
    },
  });
}

export function useStartAttempt(contentId: string) {
  return useMutation({
    mutationFn: () => api.post<OpenAttempt>(`/education/quizzes/${enc(contentId)}/attempts`),
  });
}

export function useAttempt(id: string | undefined) {
  return useQuery({
    queryKey: [...KEY, 'attempt', id],
    queryFn: ({ signal }) => api.get<Attempt>(`/education/attempts/${enc(id!)}`, undefined, signal),
    enabled: Boolean(id),
  });
}

export function useAnswer(attemptId: string) {
  return useMutation({
    mutationFn: (body: { questionId: string; choiceIds: string[] }) =>
      api.put<Static<typeof AnswerDto>>(`/education/attempts/${enc(attemptId)}/answers`, body),
  });
}

export function useSubmitAttempt(attemptId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answers: Record<string, string[]>) =>
      api.post<Attempt>(`/education/attempts/${enc(attemptId)}/submit`, { answers }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: KEY });
      void client.invalidateQueries({ queryKey: ['tasks'] });
    },
  });
}
