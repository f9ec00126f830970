import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { solveChallenge } from 'altcha-lib';
import { ERRORS } from '../../../../domain/errors';
import type { QuestionnaireContactField, QuestionnaireStatus } from '../../../../domain/questionnaires';
import type { FormVersion } from '../../../../form-engine';
import { api, ApiError, buildApiUrl, parseApiError } from '../../shared/api';
import { findPickedFile, readAttachments } from '../../shared/form-renderer/attachment-answer';

export interface Questionnaire {
  id: string;
  name: string;
  customUrl: string;
  confirmationMessage: string;
  status: QuestionnaireStatus;
  formId: string;
  formName: string;
  sportTeamId: string | null;
  sportTeam: string | null;
  responseCount: number;
  lastResponseAt: string | null;
  publicPath: string;
}

export interface QuestionnaireResponse {
  id: string;
  psaId: string;
  psaName: string;
  email: string | null;
  createdPsa: boolean;
  submittedAt: string;
  answers: Record<string, unknown>;
  formVersion: number;
}

export interface QuestionnaireBody {
  name: string;
  customUrl: string;
  formId: string;
  confirmationMessage: string;
  sportTeamId: string | null;
  active?: boolean;
}

const KEY = ['questionnaires'] as const;

export function useQuestionnaires() {
  return useQuery({ queryKey: KEY, queryFn: () => api.get<Questionnaire[]>('/questionnaires') });
}

export function useQuestionnaireMeta() {
  return useQuery({
    queryKey: [...KEY, 'meta'],
    queryFn: () =>
      api.get<{ forms: { id: string; name: string }[]; teams: { id: string; name: string }[] }>('/questionnaires/meta'),
  });
}

export function useQuestionnaire(id: string | null) {
  return useQuery({
    queryKey: [...KEY, id],
    queryFn: () =>
      api.get<{ questionnaire: Questionnaire; form: FormVersion | null; responses: QuestionnaireResponse[] }>(
        `/questionnaires/${encodeURIComponent(id!)}`,
      ),
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

export interface PublicQuestionnaire {
  name: string;
  schoolName: string;
  contactFields: { name: QuestionnaireContactField; label: string; required: boolean; type: string }[];
  form: FormVersion;
  today: string;
}

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
  const c = await api.get<{
    algorithm: string;
    challenge: string;
    salt: string;
    signature: string;
    maxnumber?: number;
  }>(`${publicPath(school, customUrl)}/challenge`);
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
): Promise<{ confirmationMessage: string }> {
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
  return parsed as { confirmationMessage: string };
}
