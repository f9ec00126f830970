import type { Client } from '@temporalio/client';
import type { Kysely } from 'kysely';
import {
  checkMapping,
  findDuplicateEmails,
  matchHeaders,
  normaliseHeader,
  rowToBody,
  UPLOAD_COLUMN_BY_FIELD,
  UPLOAD_LIMITS,
  type UploadRow,
  type UploadRowError,
} from '../../domain/athlete-upload';
import { athleteInputProblems } from '../../domain/athlete-validation';
import { AppError, ERRORS } from '../../domain/errors';
import type { Database } from '../../migrations/database';
import { recordAudits } from '../audit/audit.repository';
import { describeValidationErrors } from '../plugins/describe-validation-errors';
import { createAjv } from '../plugins/install-validator-compiler';
import { todayIn } from '../forms/school-today';
import type { Actor, CoreDeps } from '../shared/use-case';
import { requireTemporal } from '../shared/workflow-client';
import type { UsersDeps } from '../users/user-scope';
import { startInvitationBatch, writeInvitations } from '../users/invitations.service';
import { insertRoleGrants } from '../users/role-grants.repository';
import { findTakenEmails, insertUsers } from '../users/users.repository';
import { splitAthleteFields } from './athlete-fields';
import {
  claimUpload,
  lockClaimedUpload,
  findUpload,
  findUploadTeams,
  finishUpload,
  insertUpload,
  saveCheck,
  setUploadProgress,
  type UploadProgress,
  type AthleteUploadRecord,
} from './athlete-uploads.repository';
import type { AthleteUploadDto } from './athlete-uploads.schemas';
import { insertAthleteProfiles } from './athletes.repository';
import { CreateAthleteBody } from './athletes.schemas';
import { readSpreadsheet } from '../shared/spreadsheets/read-spreadsheet';
import { detectSheetKind } from './athlete-upload-file';

/** The very checks of POST /athletes (same schema, same Ajv options, same wording), applied to each row. */
const validateCreateBody = createAjv(false).compile(CreateAthleteBody);

/** Who uploads: a school admin may name any team; a coach (no athletes:write) only their own, 200 rows at most. */
interface Uploader {
  schoolId: string;
  userId: string;
  coach: boolean;
  /** The school's today (YYYY-MM-DD), for the date rules of domain/athlete-validation. */
  today: string;
}

export function uploaderOf(actor: Actor, now: Date): Uploader {
  return {
    schoolId: actor.schoolId,
    userId: actor.userId,
    coach: !actor.permissions.has('athletes:write'),
    today: todayIn(actor.timeZone, now),
  };
}

const STORE_CHUNK = 250;

/**
 * How far this process's store of an upload has come. The store is one transaction, so its progress cannot be
 * written to the upload's row as it goes without a second connection (which the embedded database does not have):
 * the row says "store" from its start, and this process's readers see the chunks counted.
 */
const storing = new Map<string, UploadProgress>();

export function toUploadDto(u: AthleteUploadRecord): AthleteUploadDto {
  const rows = u.rows;
  const live = u.status === 'IMPORTING' ? storing.get(u.id) : undefined;
  const progress = (live ?? u.progress) as Partial<NonNullable<AthleteUploadDto['progress']>>;
  return {
    id: u.id,
    fileName: u.file_name,
    status: u.status,
    headers: u.headers,
    mapping: u.mapping,
    samples: rows.slice(0, 3).map((r) => r.cells),
    rowCount: u.row_count,
    errors: u.errors,
    errorRowCount: new Set(u.errors.map((e) => e.row)).size,
    invite: u.invite,
    progress: progress.stage ? { stage: progress.stage, done: progress.done ?? 0, total: progress.total ?? 0 } : null,
    createdCount: u.created_count,
    invitationsStarted: u.invitations_started,
    createdAt: u.created_at.toISOString(),
  };
}

interface CheckedRow {
  row: number;
  body: Record<string, unknown>;
}

/**
 * Every row checked before anything is stored: the cells parsed per column, the create-athlete schema, the rules of
 * the single-athlete form (domain/athlete-validation: positions, date of birth), the uploader's teams, e-mails repeated in the file and e-mails already registered. Errors are sorted by row.
 */
export async function checkUploadRows(
  db: Kysely<Database>,
  uploader: Uploader,
  headers: readonly string[],
  rows: readonly UploadRow[],
  mapping: readonly (string | null)[],
): Promise<{ errors: UploadRowError[]; checked: CheckedRow[] }> {
  const mappingErrors = checkMapping(mapping).map((message) => ({ row: 1, column: 'Column mapping', message }));
  if (mappingErrors.length) return { errors: mappingErrors, checked: [] };
  const teams = await findUploadTeams(db, uploader.schoolId, uploader.coach ? uploader.userId : null);
  const ctx = { teamIdByName: new Map(teams.map((t) => [normaliseHeader(t.name), t.id])) };
  const onlyTeam = uploader.coach && teams.length === 1 ? teams[0]!.id : null;
  const errors: UploadRowError[] = [];
  const all: (CheckedRow & { valid: boolean })[] = [];
  for (const row of rows) {
    const { body, errors: cellErrors, columnOf } = rowToBody(row, headers, mapping, ctx);
    const columnFor = (field: string) => columnOf.get(field) ?? UPLOAD_COLUMN_BY_FIELD.get(field)?.header ?? field;
    if (uploader.coach && body.sportTeamId === undefined) {
      if (onlyTeam) body.sportTeamId = onlyTeam;
      else if (!cellErrors.some((e) => e.column === columnFor('sportTeamId'))) {
        cellErrors.push({ row: row.row, column: columnFor('sportTeamId'), message: 'Choose one of your teams.' });
      }
    }
    if (!validateCreateBody(body)) {
      for (const detail of describeValidationErrors(validateCreateBody.errors ?? [])) {
        const field = detail.field?.split('.')[0] ?? '';
        cellErrors.push({ row: row.row, column: columnFor(field), message: detail.message });
      }
    }
    // The single-athlete form's own rules (the same function checkProfileInput runs), each on its cell.
    for (const problem of athleteInputProblems(body, uploader.today)) {
      const column = columnFor(problem.field.split('.')[0]!);
      if (!cellErrors.some((e) => e.column === column)) {
        cellErrors.push({ row: row.row, column, message: problem.message });
      }
    }
    errors.push(...cellErrors);
    all.push({ row: row.row, body, valid: cellErrors.length === 0 });
  }
  // E-mails are compared on every row that has one, so a row shows all of its problems at once.
  const emailColumn = [...mapping.entries()].find(([, f]) => f === 'email');
  const emailHeader = (emailColumn && headers[emailColumn[0]]) || 'Email';
  const duplicates = findDuplicateEmails(
    all.map((c) => ({ row: c.row, email: c.body.email })),
    emailHeader,
  );
  const taken = await findTakenEmails(
    db,
    all.flatMap((c) => (typeof c.body.email === 'string' ? [c.body.email] : [])),
  );
  const takenErrors = all
    .filter((c) => typeof c.body.email === 'string' && taken.has(c.body.email.toLowerCase()))
    .map((c) => ({ row: c.row, column: emailHeader, message: ERRORS.EMAIL_EXISTS.message }));
  errors.push(...duplicates, ...takenErrors);
  const bad = new Set([...duplicates, ...takenErrors].map((e) => e.row));
  const checked = all.filter((c) => c.valid && !bad.has(c.row)).map(({ row, body }) => ({ row, body }));
  errors.sort((a, b) => a.row - b.row);
  return { errors, checked };
}

function assertWithinLimit(uploader: Uploader, rowCount: number): void {
  const limit = uploader.coach ? UPLOAD_LIMITS.maxRowsCoach : UPLOAD_LIMITS.maxRows;
  if (rowCount === 0) throw new AppError('UPLOAD_EMPTY', [{ field: 'file', message: ERRORS.UPLOAD_EMPTY.message }]);
  if (rowCount <= limit) return;
  const who = uploader.coach ? 'a coach can upload' : 'you can upload';
  throw new AppError('UPLOAD_LIMIT_EXCEEDED', [
    {
      field: 'file',
      message: `This file has ${rowCount.toLocaleString('en-US')} rows: ${who} at most ${limit.toLocaleString('en-US')} student-athletes at once.`,
    },
  ]);
}

/** Reads a file, maps its headers, checks every row and keeps the result as an upload the person can import. */
export async function createUpload(
  deps: CoreDeps,
  actor: Actor,
  file: { fileName: string; bytes: Buffer },
): Promise<AthleteUploadDto> {
  const { db } = deps;
  const uploader = uploaderOf(actor, deps.now());
  const kind = detectSheetKind(file.fileName, file.bytes);
  const { headers, rows } = await readSpreadsheet(kind, file.bytes);
  assertWithinLimit(uploader, rows.length);
  const mapping = matchHeaders(headers);
  const { errors } = await checkUploadRows(db, uploader, headers, rows, mapping);
  const upload = await insertUpload(db, uploader.schoolId, {
    createdBy: uploader.userId,
    fileName: file.fileName,
    headers,
    rows,
    mapping,
    errors,
  });
  return toUploadDto(upload);
}

export async function visibleUpload(deps: CoreDeps, actor: Actor, id: string): Promise<AthleteUploadRecord> {
  const uploader = uploaderOf(actor, deps.now());
  const { db } = deps;
  const upload = await findUpload(db, uploader.schoolId, id, uploader.coach ? uploader.userId : null);
  if (!upload) throw new AppError('NOT_FOUND');
  return upload;
}

export async function remapUpload(
  deps: CoreDeps,
  actor: Actor,
  id: string,
  mapping: (string | null)[],
): Promise<AthleteUploadDto> {
  const { db } = deps;
  const uploader = uploaderOf(actor, deps.now());
  const upload = await visibleUpload(deps, actor, id);
  if (upload.status !== 'CHECKED') throw new AppError('UPLOAD_ALREADY_IMPORTED');
  if (mapping.length !== upload.headers.length) {
    throw new AppError('VALIDATION_FAILED', [
      { field: 'mapping', message: `Give one choice for each of the file's ${upload.headers.length} columns.` },
    ]);
  }
  const { errors } = await checkUploadRows(db, uploader, upload.headers, upload.rows, mapping);
  return toUploadDto(await saveCheck(db, uploader.schoolId, id, { mapping, errors }));
}

function rowErrorsAppError(errors: UploadRowError[]): AppError {
  return new AppError(
    'UPLOAD_ROW_ERRORS',
    errors.slice(0, 100).map((e) => ({ message: `Row ${e.row}, ${e.column}: ${e.message}` })),
  );
}

/**
 * Imports a checked upload: rows checked again (the database may have changed), then every athlete stored in one
 * transaction (nothing is half-imported). With invitations, the invitation-batch workflow is started inside that
 * transaction, just before it commits: once the request has answered, the invitations are the workflow's (which
 * waits for the commit), so an API process dying at any point loses none. Progress is written as it goes.
 */
export async function importUpload(
  deps: UsersDeps,
  actor: Actor,
  id: string,
  invite: boolean,
): Promise<AthleteUploadDto> {
  const { db } = deps;
  const uploader = uploaderOf(actor, deps.now());
  const upload = await visibleUpload(deps, actor, id);
  if (upload.status === 'IMPORTED') throw new AppError('UPLOAD_ALREADY_IMPORTED');
  if (upload.errors.length > 0) throw rowErrorsAppError(upload.errors);
  const temporal = invite ? requireTemporal(deps) : null;
  // A live import, or a claim not yet timed out, keeps the upload; a dead one's stale claim is taken again.
  const claimId = await claimUpload(db, uploader.schoolId, id, invite);
  if (!claimId) throw new AppError('UPLOAD_ALREADY_IMPORTED');

  try {
    const { errors, checked } = await checkUploadRows(db, uploader, upload.headers, upload.rows, upload.mapping);
    if (errors.length > 0) {
      await finishUpload(db, uploader.schoolId, id, { status: 'CHECKED', errors });
      throw rowErrorsAppError(errors);
    }
    await setUploadProgress(db, uploader.schoolId, id, { stage: 'store', done: 0, total: checked.length });
    await storeAthletes(deps, actor, { uploadId: id, claimId, uploader }, checked, temporal);
  } catch (err) {
    const current = await findUpload(db, uploader.schoolId, id, null);
    if (current?.status === 'IMPORTING' && current.claim_id === claimId) {
      await finishUpload(db, uploader.schoolId, id, { status: 'CHECKED', errors: current.errors });
    }
    if ((err as { code?: unknown }).code === '23505') {
      throw new AppError('EMAIL_EXISTS', [{ field: 'email', message: ERRORS.EMAIL_EXISTS.message }]);
    }
    throw err;
  }
  return toUploadDto((await findUpload(db, uploader.schoolId, id, null))!);
}

/** The batch key of an upload's invitations (and so of its invitation-batch workflow). */
export const uploadBatchId = (uploadId: string) => `upload:${uploadId}`;

/** One transaction for the whole file, written in chunks of multi-row inserts so progress can be reported. */
async function storeAthletes(
  deps: UsersDeps,
  actor: Actor,
  { uploadId, claimId, uploader }: { uploadId: string; claimId: string; uploader: Uploader },
  checked: CheckedRow[],
  temporal: Client | null,
): Promise<void> {
  const invite = temporal !== null;
  const { db } = deps;
  const meta = { ip: actor.ip, userAgent: actor.userAgent };
  storing.set(uploadId, { stage: 'store', done: 0, total: checked.length });
  try {
    await db.transaction().execute(async (trx) => {
      // Held to the commit: a live import's claim cannot be taken again, and one whose claim was taken stops here.
      if (!(await lockClaimedUpload(trx, uploader.schoolId, uploadId, claimId))) {
        throw new AppError('UPLOAD_ALREADY_IMPORTED');
      }
      for (let start = 0; start < checked.length; start += STORE_CHUNK) {
        const chunk = checked.slice(start, start + STORE_CHUNK).map((c) => c.body as CreateAthleteBody);
        const ids = await insertUsers(
          trx,
          uploader.schoolId,
          chunk.map((b) => ({
            email: b.email,
            firstName: b.firstName,
            lastName: b.lastName,
            middleName: b.middleName ?? null,
            phoneNumber: b.phoneNumber ?? null,
            status: invite ? 'INVITED' : 'NOT_INVITED',
          })),
        );
        await insertRoleGrants(
          trx,
          uploader.schoolId,
          ids.map((userId) => ({ userId, grant: { role: 'STUDENT_ATHLETE' as const } })),
        );
        await insertAthleteProfiles(
          trx,
          uploader.schoolId,
          chunk.map((b, i) => {
            const { columns, data } = splitAthleteFields(b as Record<string, unknown>);
            return { userId: ids[i]!, columns, data };
          }),
        );
        const invited = invite
          ? await writeInvitations(
              trx,
              deps.appSecret,
              uploader.schoolId,
              uploader.userId,
              chunk.map((b, i) => ({ userId: ids[i]!, email: b.email })),
              uploadBatchId(uploadId),
            )
          : [];
        await recordAudits(trx, [
          ...chunk.map((b, i) => ({
            schoolId: uploader.schoolId,
            actorUserId: uploader.userId,
            action: 'athlete.created',
            targetType: 'user',
            targetId: ids[i]!,
            ...meta,
            details: { email: b.email.toLowerCase(), uploadId },
          })),
          ...invited.map((inv, i) => ({
            schoolId: uploader.schoolId,
            actorUserId: uploader.userId,
            action: 'user.invited',
            targetType: 'user',
            targetId: inv.userId,
            ...meta,
            details: {
              email: chunk[i]!.email.toLowerCase(),
              roles: [{ role: 'STUDENT_ATHLETE' }],
              invitationId: inv.invitationId,
              uploadId,
            },
          })),
        ]);
        const done = Math.min(start + STORE_CHUNK, checked.length);
        storing.set(uploadId, { stage: 'store', done, total: checked.length });
      }
      await recordAudits(trx, [
        {
          schoolId: uploader.schoolId,
          actorUserId: uploader.userId,
          action: 'athletes.uploaded',
          targetType: 'athlete_upload',
          targetId: uploadId,
          ...meta,
          details: { count: checked.length, invite },
        },
      ]);
      const total = checked.length;
      if (!temporal) {
        await finishUpload(trx, uploader.schoolId, uploadId, { status: 'IMPORTED', createdCount: total });
        return;
      }
      await finishUpload(trx, uploader.schoolId, uploadId, { status: 'IMPORTED', createdCount: total, inviting: true });
      // Last, so a failed start rolls the import back; the workflow waits for this transaction to commit.
      await startInvitationBatch(deps, temporal, {
        schoolId: uploader.schoolId,
        batchId: uploadBatchId(uploadId),
        uploadId,
      });
    });
  } finally {
    storing.delete(uploadId);
  }
}
