import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { AppError, ERRORS } from '../../domain/errors';
import { checkAttachmentCounts, QUESTIONNAIRE_CONTACT_FIELDS } from '../../domain/questionnaires';
import { checkPsaInput, fieldErrorsToAppError } from '../../domain/recruiting';
import { compileForm, type FileRef, type FormVersion } from '../../form-engine';
import type { Database } from '../../migrations/database';
import { recordAudits } from '../audit/audit.repository';
import { checkAttachment, type UploadedFile } from '../disclosures/disclosure-files.service';
import { markVersionAnswered } from '../forms/forms.repository';
import { notifyEach } from '../notifications/notifications.repository';
import { findSchoolToday } from '../forms/school-today';
import { insertPsaEvent } from '../recruiting/psas.repository';
import { listSchoolAdmins } from '../rosters/rosters.repository';
import { listTeamCoaches } from '../staff/staff-teams.repository';
import { assertFormAnswerLimits } from '../shared/answer-limits';
import { requestMeta, type RequestOrigin } from '../shared/request-meta';
import { insertStoredFile } from '../shared/stored-files.repository';
import { useChallenge } from './questionnaires.repository';

export const QUESTIONNAIRE_FILE_PURPOSE = 'questionnaire-attachment';

export interface PublicSubmission {
  payload: { contact?: unknown; answers?: unknown; altcha?: unknown } | null;
  /** Uploaded files by the attachment question (element id) they answer. */
  files: Map<string, UploadedFile[]>;
}

interface Target {
  id: string;
  schoolId: string;
  name: string;
  sportTeamId: string | null;
  version: { id: string; definition: FormVersion };
}

function contactOf(raw: unknown): Record<string, unknown> {
  const input = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  return Object.fromEntries(
    QUESTIONNAIRE_CONTACT_FIELDS.map((f) => [f.name, typeof input[f.name] === 'string' ? input[f.name] : '']),
  );
}

/** Checks the contact fields with the prospect rules; e-mail is required since prospects are matched on it. */
function checkContact(raw: unknown) {
  const contact = contactOf(raw);
  const { values, errors } = checkPsaInput(contact, { creating: true, questionnaire: true });
  if (!values.email && !errors.some((e) => e.field === 'email')) {
    errors.push({ field: 'email', code: 'MANDATORY_FIELD', message: ERRORS.MANDATORY_FIELD.message });
  }
  if (errors.length) throw fieldErrorsToAppError(errors);
  return values;
}

/** Every uploaded file checked (type by extension, declared type and first bytes; at most 20 MB) and counted. */
function checkFiles(definition: FormVersion, files: Map<string, UploadedFile[]>) {
  const attachmentIds = new Set(definition.elements.filter((e) => e.type === 'attachment').map((e) => e.id));
  for (const elementId of files.keys()) {
    if (!attachmentIds.has(elementId)) {
      throw new AppError('VALIDATION_FAILED', [{ field: elementId, message: 'This question takes no files.' }]);
    }
  }
  const problem = checkAttachmentCounts(Object.fromEntries([...files].map(([id, list]) => [id, list.length])));
  if (problem) throw new AppError(problem);
  const refs = new Map<string, Array<FileRef & { file: UploadedFile; contentType: string }>>();
  for (const [elementId, list] of files) {
    refs.set(
      elementId,
      list.map((file) => {
        const { contentType } = checkAttachment(file);
        return { fileId: randomUUID(), name: file.filename, size: file.bytes.byteLength, contentType, file };
      }),
    );
  }
  return refs;
}

/**
 * Stores a public questionnaire response after every check: the contact fields (prospect rules), the files, the
 * answers against the form version's compiled engine (attachment answers are the stored files, whatever the
 * browser claimed), then the bot check's one use. In one transaction: the prospect matched by e-mail is updated
 * (or created), the files and the response are stored, the prospect's history and the audit log get their events,
 * and the school's admins (with the team's coaches) are notified.
 */
export async function storeResponse(
  db: Kysely<Database>,
  origin: RequestOrigin,
  target: Target,
  submission: PublicSubmission,
  challenge: { signature: string; expiresAt: Date },
) {
  const contact = checkContact(submission.payload?.contact);
  const email = contact.email as string;
  const refs = checkFiles(target.version.definition, submission.files);
  const given = submission.payload?.answers;
  const answers: Record<string, unknown> =
    given && typeof given === 'object' && !Array.isArray(given) ? { ...(given as Record<string, unknown>) } : {};
  const elements = new Map(target.version.definition.elements.map((e) => [e.id, e]));
  for (const [id, element] of elements) {
    if (element.type !== 'attachment') continue;
    const list = (refs.get(id) ?? []).map(({ fileId, name, size, contentType }) => ({
      fileId,
      name,
      size,
      contentType,
    }));
    if (list.length === 0) delete answers[id];
    else answers[id] = element.multiple ? list : list[0];
  }
  assertFormAnswerLimits(answers);
  const today = await findSchoolToday(db, target.schoolId);
  const result = compileForm(target.version.definition).validate(answers, { today });
  if (!result.valid) {
    throw new AppError(
      result.errors[0]?.code === 'MANDATORY_FIELD' ? 'MANDATORY_FIELD' : 'VALIDATION_FAILED',
      result.errors.map((e) => ({ field: e.elementId ?? '', message: e.message, code: e.code })),
    );
  }
  const meta = requestMeta(origin);
  return db.transaction().execute(async (trx) => {
    if (!(await useChallenge(trx, challenge.signature, challenge.expiresAt))) {
      throw new AppError('BOT_CHECK_FAILED', [{ field: 'altcha', message: 'This check was already used.' }]);
    }
    const existing = await trx
      .selectFrom('psas')
      .select(['id', 'commitment_status'])
      .where('school_id', '=', target.schoolId)
      .where('merged_into_id', 'is', null)
      .where(sql<boolean>`lower(email) = ${email}`)
      .orderBy(sql`state_status = 'ARCHIVED'`)
      .orderBy('created_at')
      .forUpdate()
      .executeTakeFirst();
    if (existing?.commitment_status === 'ADDED_TO_ROSTER') {
      throw new AppError('PSA_EMAIL_EXISTS', [{ field: 'email', message: 'Email exists.' }]);
    }
    let psaId: string;
    // Only what the prospect typed replaces what staff have: a blank answer never erases a stored value.
    const given = Object.fromEntries(Object.entries(contact).filter(([, v]) => v !== null && v !== undefined));
    if (existing) {
      psaId = existing.id;
      await trx
        .updateTable('psas')
        .set({ ...(given as Record<string, never>), updated_at: new Date() })
        .where('id', '=', psaId)
        .where('school_id', '=', target.schoolId)
        .execute();
    } else {
      const row = await trx
        .insertInto('psas')
        .values({
          ...(given as Record<string, never>),
          school_id: target.schoolId,
          first_name: contact.first_name as string,
          last_name: contact.last_name as string,
          sport_team_id: target.sportTeamId,
          board_rank: Date.now() / 1000,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      psaId = row.id;
      await insertPsaEvent(trx, {
        schoolId: target.schoolId,
        psaId,
        actorUserId: null,
        action: 'created',
        details: { via: 'questionnaire', questionnaire: target.name },
      });
    }
    for (const list of refs.values()) {
      for (const ref of list) {
        await insertStoredFile(trx, target.schoolId, {
          id: ref.fileId,
          uploadedBy: null,
          purpose: QUESTIONNAIRE_FILE_PURPOSE,
          filename: ref.name,
          contentType: ref.contentType,
          bytes: ref.file.bytes,
        });
      }
    }
    const response = await trx
      .insertInto('questionnaire_responses')
      .values({
        school_id: target.schoolId,
        questionnaire_id: target.id,
        psa_id: psaId,
        form_version_id: target.version.id,
        contact: JSON.stringify(contact),
        answers: JSON.stringify(result.answers),
        created_psa: !existing,
        ip: meta.ip,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await markVersionAnswered(trx, target.schoolId, target.version.id);
    await insertPsaEvent(trx, {
      schoolId: target.schoolId,
      psaId,
      actorUserId: null,
      action: 'questionnaire_submitted',
      details: { questionnaireId: target.id, questionnaire: target.name, responseId: response.id },
    });
    const base = { schoolId: target.schoolId, actorUserId: null, ip: meta.ip, userAgent: meta.userAgent };
    await recordAudits(trx, [
      {
        ...base,
        action: existing ? 'psa.updated' : 'psa.created',
        targetType: 'psa',
        targetId: psaId,
        details: { via: 'questionnaire', questionnaireId: target.id },
      },
      {
        ...base,
        action: 'questionnaire.response_submitted',
        targetType: 'questionnaire',
        targetId: target.id,
        details: { responseId: response.id, psaId, files: [...refs.values()].flat().length },
      },
    ]);
    // The school's admins and the questionnaire's team coaches (admins only without a team) hear of it once.
    await notifyEach(trx, {
      schoolId: target.schoolId,
      userIds: [
        ...(await listSchoolAdmins(trx, target.schoolId)),
        ...(target.sportTeamId ? await listTeamCoaches(trx, target.schoolId, target.sportTeamId) : []),
      ],
      payload: {
        module: 'recruiting',
        status: 'submitted',
        title: 'Questionnaire answered',
        body: `${contact.first_name as string} ${contact.last_name as string} answered "${target.name}".`,
        featureData: { psaId, isRecruitment: true },
      },
      keyOf: (userId) => `questionnaire-answered:${response.id}:${userId}`,
    });
    return { responseId: response.id, psaId, createdPsa: !existing };
  });
}
