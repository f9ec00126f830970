import type { Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import { checkQuestionnaireInput, questionnairePath } from '../../domain/questionnaires';
import type { Database } from '../../migrations/database';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { teamExists } from '../teams/teams.repository';
import {
  customUrlTaken,
  findQuestionnaire,
  findSchoolSlug,
  insertQuestionnaire,
  publishedVersion,
  updateQuestionnaire,
  type QuestionnaireRecord,
} from './questionnaires.repository';
import type { QuestionnaireBody, QuestionnaireDto, QuestionnairePatchBody } from './questionnaires.schemas';

type Db = Kysely<Database>;

/** A questionnaire with the public address prospects open it at. */
export function withPath(q: QuestionnaireRecord, schoolSlug: string): QuestionnaireDto {
  return { ...q, publicPath: questionnairePath(schoolSlug, q.customUrl) };
}

/** The school's questionnaire by id; NOT_FOUND for another school's or an unknown one. */
export async function visibleQuestionnaire(db: Db, schoolId: string, id: string): Promise<QuestionnaireRecord> {
  const q = await findQuestionnaire(db, schoolId, id);
  if (!q) throw new AppError('NOT_FOUND');
  return q;
}

async function answerOf(db: Db, schoolId: string, id: string): Promise<QuestionnaireDto> {
  return withPath(await visibleQuestionnaire(db, schoolId, id), await findSchoolSlug(db, schoolId));
}

/** The input's problems in the spec's wording; the first problem's code is the error's. */
async function checkBody(
  db: Db,
  schoolId: string,
  body: QuestionnairePatchBody,
  exceptId: string | null,
): Promise<void> {
  const problems = checkQuestionnaireInput(body);
  if (problems.length) {
    throw new AppError(
      problems[0]!.code,
      problems.map(({ field, message }) => ({ field, message })),
    );
  }
  if (body.customUrl !== undefined && (await customUrlTaken(db, schoolId, body.customUrl.trim(), exceptId))) {
    throw new AppError('QUESTIONNAIRE_URL_TAKEN', [
      { field: 'customUrl', message: 'This custom URL is already used by another questionnaire.' },
    ]);
  }
  if (body.sportTeamId && !(await teamExists(db, schoolId, body.sportTeamId))) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'sportTeamId', message: 'Unknown sport team.' }]);
  }
  if (body.formId && !(await publishedVersion(db, schoolId, body.formId))) {
    throw new AppError('QUESTIONNAIRE_FORM_NOT_PUBLISHED', [
      { field: 'formId', message: 'Choose a published form of your school.' },
    ]);
  }
}

/** Creates a questionnaire of the actor's school on a published form, and records it. */
export async function createQuestionnaire(
  deps: CoreDeps,
  actor: Actor,
  body: QuestionnaireBody,
): Promise<QuestionnaireDto> {
  const { db } = deps;
  await checkBody(db, actor.schoolId, body, null);
  const id = await db.transaction().execute(async (trx) => {
    const created = await insertQuestionnaire(trx, actor.schoolId, {
      form_id: body.formId,
      name: body.name.trim(),
      custom_url: body.customUrl.trim(),
      confirmation_message: body.confirmationMessage.trim(),
      status: body.active ? 'ACTIVE' : 'INACTIVE',
      sport_team_id: body.sportTeamId ?? null,
      created_by: actor.userId,
    });
    await auditBy(trx, actor, {
      action: 'questionnaire.created',
      targetType: 'questionnaire',
      targetId: created,
      details: { customUrl: body.customUrl.trim(), active: Boolean(body.active) },
    });
    return created;
  });
  return answerOf(db, actor.schoolId, id);
}

/** Changes the fields the body names, checked as on create, and records which. */
export async function editQuestionnaire(
  deps: CoreDeps,
  actor: Actor,
  id: string,
  body: QuestionnairePatchBody,
): Promise<QuestionnaireDto> {
  const { db } = deps;
  const q = await visibleQuestionnaire(db, actor.schoolId, id);
  await checkBody(db, actor.schoolId, body, q.id);
  const set = {
    ...(body.name !== undefined ? { name: body.name.trim() } : {}),
    ...(body.customUrl !== undefined ? { custom_url: body.customUrl.trim() } : {}),
    ...(body.formId !== undefined ? { form_id: body.formId } : {}),
    ...(body.confirmationMessage !== undefined ? { confirmation_message: body.confirmationMessage.trim() } : {}),
    ...(body.sportTeamId !== undefined ? { sport_team_id: body.sportTeamId } : {}),
    ...(body.active !== undefined ? { status: body.active ? ('ACTIVE' as const) : ('INACTIVE' as const) } : {}),
  };
  await db.transaction().execute(async (trx) => {
    await updateQuestionnaire(trx, actor.schoolId, q.id, set);
    await auditBy(trx, actor, {
      action: 'questionnaire.updated',
      targetType: 'questionnaire',
      targetId: q.id,
      details: { fields: Object.keys(body) },
    });
  });
  return answerOf(db, actor.schoolId, q.id);
}

/**
 * Activates or deactivates a questionnaire (activating needs its form published:
 * QUESTIONNAIRE_FORM_NOT_PUBLISHED); a questionnaire already so is answered unchanged and nothing is recorded.
 */
export async function setQuestionnaireActive(
  deps: CoreDeps,
  actor: Actor,
  id: string,
  active: boolean,
): Promise<QuestionnaireDto> {
  const { db } = deps;
  const q = await visibleQuestionnaire(db, actor.schoolId, id);
  const status = active ? ('ACTIVE' as const) : ('INACTIVE' as const);
  if (active && !(await publishedVersion(db, actor.schoolId, q.formId))) {
    throw new AppError('QUESTIONNAIRE_FORM_NOT_PUBLISHED');
  }
  if (q.status !== status) {
    await db.transaction().execute(async (trx) => {
      await updateQuestionnaire(trx, actor.schoolId, q.id, { status });
      await auditBy(trx, actor, {
        action: active ? 'questionnaire.activated' : 'questionnaire.deactivated',
        targetType: 'questionnaire',
        targetId: q.id,
      });
    });
  }
  return answerOf(db, actor.schoolId, q.id);
}
