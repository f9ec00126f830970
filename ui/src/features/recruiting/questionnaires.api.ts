import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { solveChallenge } from 'altcha-lib';
import { ERRORS } from '../../../../domain/errors';
import type { Static } from 'typebox';
import type {
  BotChallenge,
  PublicQuestionnaireDto,
  QuestionnaireBody as QuestionnaireBodyDto,
  QuestionnaireDetail,
  QuestionnaireDto,
  QuestionnaireList,
  QuestionnaireMeta,
  QuestionnaireResponseDto,
  SubmittedResponse,
} from '../../../../api/questionnaires/questionnaires.schemas';
import type { FormVersion } from '../../../../form-engine';
import { api, ApiError, buildApiUrl, parseApiError } from '../../shared/api';
import { findPickedFile, readAttachments } from '../../shared/form-renderer/attachment-answer';

/**
 * The questionnaire endpoints as react-query hooks. Types come from the API's TypeBox contract
 * (api/questionnaires/questionnaires.schemas.ts), so a property the server answers is one the screens can read.
 */
export type Questionnaire = QuestionnaireDto;
export type QuestionnaireResponse = QuestionnaireResponseDto;
export type QuestionnaireBody = QuestionnaireBodyDto;

const KEY = ['questionnaires'] as const;

export function useQuestionnaires() {
  return useQuery({ queryKey: KEY, queryFn: () => api.get<Static<typeof QuestionnaireList>>('/questionnaires') });
}

export function useQuestionnaireMeta() {
  return useQuery({
    queryKey: [...KEY, 'meta'],
    queryFn: () => api.get<QuestionnaireMeta>('/questionnaires/meta'),
  });
}

export function useQuestionnaire(id: string | null) {
  return useQuery({
    queryKey: [...KEY, id],
    queryFn: () => api.get<QuestionnaireDetail>(`/questionnaires/${encodeURIComponent(id!)}`),
    enabled: Boolean(id),
  });
}

/** A file a prospect attached to a response: downloaded as stored, with its original name. */
export const questionnaireAttachmentUrl = (questionnaireId: string, fileId: string) =>
  buildApiUrl(`/questionnaires/${encodeURIComponent(questionnaireId)}/attachments/${encodeURIComponent(fileId)}`);

export function useSaveQuestionnaire(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: QuestionnaireBody) =>
      id
        ? api.patch<Questionnaire>(`/questionnaires/${encodeURIComponent(id)}`, body)
        : api.post<Questionnaire>('/questionnaires', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useSetQuestionnaireActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api.post<Questionnaire>(`/questionnaires/${encodeURIComponent(id)}/${active ? 'activate' : 'deactivate'}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}

// The public page (no session).

export type PublicQuestionnaire = PublicQuestionnaireDto;

const publicPath = (school: string, customUrl: string) =>
  `/public/questionnaires/${encodeURIComponent(school)}/${encodeURIComponent(customUrl)}`;

export function usePublicQuestionnaire(school: string, customUrl: string) {
  return useQuery({
    queryKey: ['public-questionnaire', school, customUrl],
    queryFn: () => api.get<PublicQuestionnaire>(publicPath(school, customUrl)),
    retry: false,
  });
}

/** Fetches a fresh proof-of-work challenge and solves it in the browser (ALTCHA): the payload the API verifies. */
export async function solveBotCheck(school: string, customUrl: string): Promise<string> {
  const c = await api.get<BotChallenge>(`${publicPath(school, customUrl)}/challenge`);
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new ApiError(400, 'BOT_CHECK_FAILED', ERRORS.BOT_CHECK_FAILED.message);
  const payload = {
    algorithm: c.algorithm,
    challenge: c.challenge,
    number: solution.number,
    salt: c.salt,
    signature: c.signature,
  };
  return btoa(JSON.stringify(payload));
}

/** Sends the answers and the picked files (each part named by its question) with the solved check. */
export async function submitPublicQuestionnaire(
  school: string,
  customUrl: string,
  form: FormVersion,
  body: { contact: Record<string, string>; answers: Record<string, unknown>; altcha: string },
): Promise<SubmittedResponse> {
  const data = new FormData();
  data.append('payload', JSON.stringify(body));
  for (const element of form.elements) {
    if (element.type !== 'attachment') continue;
    for (const ref of readAttachments(body.answers[element.id])) {
      const file = findPickedFile(ref.fileId);
      if (file) data.append(element.id, file, file.name);
    }
  }
  let response: Response;
  try {
    response = await fetch(buildApiUrl(`${publicPath(school, customUrl)}/responses`), {
      method: 'POST',
      body: data,
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'SERVICE_UNAVAILABLE', ERRORS.SERVICE_UNAVAILABLE.message);
  }
  const parsed: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw parseApiError(response.status, parsed);
  return parsed as SubmittedResponse;
}
