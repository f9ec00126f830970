import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { AppError } from '../../domain/errors';
import { RECRUITING_LIMITS, RECRUITING_STAFF_ROLES } from '../../domain/recruiting';
import {
  checkPhoneCallRows,
  mapPhoneCallHeaders,
  MISSING_PHONE_CALL_COLUMNS,
  PHONE_CALL_TEMPLATE_EXAMPLE,
  PHONE_CALL_UPLOAD_COLUMNS,
  phoneCallCells,
  phoneCallKey,
  type CheckedPhoneCall,
  type ProspectRef,
} from '../../domain/recruiting-phone-calls';
import type { Database } from '../../migrations/database';
import { buildSheetFile } from '../shared/spreadsheets/write-spreadsheet';
import { recordAudits } from '../audit/audit.repository';
import { readRecruitingSheet, type UploadCheck } from './recruiting-uploads';

/** The upload template: every column's header and one example row. */
export function buildPhoneCallTemplate(kind: 'xlsx' | 'csv'): Buffer {
  return buildSheetFile(kind, 'Phone calls', [
    PHONE_CALL_UPLOAD_COLUMNS.map((c) => c.header),
    PHONE_CALL_UPLOAD_COLUMNS.map((c) => PHONE_CALL_TEMPLATE_EXAMPLE[c.field]),
  ]);
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The school's prospects the file names (by e-mail or id) and its recruiting staff the file names by e-mail. */
async function lookUpNames(
  db: Kysely<Database>,
  schoolId: string,
  names: { emails: string[]; ids: string[]; coachEmails: string[] },
) {
  const [prospects, staff, school] = await Promise.all([
    names.emails.length || names.ids.length
      ? db
          .selectFrom('psas')
          .select(['id', sql<string | null>`lower(email)`.as('email'), 'state_status'])
          .where('school_id', '=', schoolId)
          .where('merged_into_id', 'is', null)
          .where((eb) =>
            eb.or([
              eb(sql<string>`lower(email)`, '=', sql<string>`any(${names.emails}::text[])`),
              eb('id', '=', sql<string>`any(${names.ids}::uuid[])`),
            ]),
          )
          .execute()
      : Promise.resolve([]),
    names.coachEmails.length
      ? db
          .selectFrom('user_roles as r')
          .innerJoin('users as u', 'u.id', 'r.user_id')
          .where('r.school_id', '=', schoolId)
          .where('r.role', 'in', RECRUITING_STAFF_ROLES)
          .where(sql<boolean>`lower(u.email) = any(${names.coachEmails}::text[])`)
          .select(['u.id', sql<string>`lower(u.email)`.as('email')])
          .execute()
      : Promise.resolve([]),
    db.selectFrom('schools').select('time_zone').where('id', '=', schoolId).executeTakeFirstOrThrow(),
  ]);
  const prospectsByEmail = new Map<string, ProspectRef>();
  const prospectsById = new Map<string, ProspectRef>();
  for (const p of prospects) {
    const ref = { id: p.id, archived: p.state_status === 'ARCHIVED' };
    prospectsById.set(p.id, ref);
    if (p.email) prospectsByEmail.set(p.email, ref);
  }
  return { prospectsByEmail, prospectsById, staffByEmail: new Map(staff.map((s) => [s.email, s.id])), school };
}

/**
 * Reads a phone-calls spreadsheet (XLSX, XLS or CSV; at most 1,000 rows) and checks every row against the school's
 * prospects and staff, plus calls already logged for the same prospect at the same minute. Nothing is stored here.
 */
export async function checkPhoneCallUpload(
  db: Kysely<Database>,
  schoolId: string,
  uploaderId: string,
  fileName: string,
  bytes: Buffer,
): Promise<UploadCheck<CheckedPhoneCall>> {
  const sheet = await readRecruitingSheet(fileName, bytes, {
    maxRows: RECRUITING_LIMITS.phoneCallUploadMaxRows,
    noun: 'phone calls',
  });
  const fields = mapPhoneCallHeaders(sheet.headers);
  if (!fields) throw new AppError('UPLOAD_FAILED', [{ field: 'file', message: MISSING_PHONE_CALL_COLUMNS }]);
  const emails = new Set<string>();
  const ids = new Set<string>();
  const coachEmails = new Set<string>();
  for (const r of sheet.rows) {
    const cell = phoneCallCells(fields, r);
    if (cell.prospectEmail) emails.add(cell.prospectEmail.toLowerCase());
    if (UUID_RE.test(cell.prospectId)) ids.add(cell.prospectId.toLowerCase());
    if (cell.coachEmail) coachEmails.add(cell.coachEmail.toLowerCase());
  }
  const names = await lookUpNames(db, schoolId, { emails: [...emails], ids: [...ids], coachEmails: [...coachEmails] });
  const { calls, errors } = checkPhoneCallRows(sheet.headers, fields, sheet.rows, {
    ...names,
    uploaderId,
    timeZone: names.school.time_zone,
    now: new Date(),
  });
  if (calls.length) {
    const logged = await db
      .selectFrom('psa_activities')
      .select(['psa_id', 'occurred_at'])
      .where('school_id', '=', schoolId)
      .where('kind', '=', 'PHONE_CALL')
      .where('psa_id', '=', sql<string>`any(${[...new Set(calls.map((c) => c.psaId))]}::uuid[])`)
      .where('occurred_at', '=', sql<Date>`any(${calls.map((c) => c.occurredAt.toISOString())}::timestamptz[])`)
      .execute();
    const known = new Set(logged.map((l) => phoneCallKey(l.psa_id, new Date(l.occurred_at))));
    const timeColumn = sheet.headers[fields.indexOf('time')] || 'Time';
    for (const c of calls) {
      if (known.has(phoneCallKey(c.psaId, c.occurredAt))) {
        errors.push({ row: c.row, column: timeColumn, message: 'This phone call is already logged.' });
      }
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return { headers: sheet.headers, rows: calls, errors };
}

/**
 * Stores checked calls in one transaction (all or none) as PHONE_CALL activity, moves each prospect's last contact
 * forward, and writes one audit event per prospect naming the calls logged for them.
 */
export async function importPhoneCalls(
  db: Kysely<Database>,
  schoolId: string,
  actorUserId: string,
  calls: readonly CheckedPhoneCall[],
  meta: { ip: string | null; userAgent: string | null },
): Promise<number> {
  if (calls.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const inserted: { id: string; psa_id: string; occurred_at: Date }[] = [];
    for (let i = 0; i < calls.length; i += 500) {
      const rows = await trx
        .insertInto('psa_activities')
        .values(
          calls.slice(i, i + 500).map((c) => ({
            school_id: schoolId,
            psa_id: c.psaId,
            kind: 'PHONE_CALL',
            occurred_at: c.occurredAt,
            duration_minutes: c.durationMinutes,
            coach_user_id: c.coachUserId,
            summary: c.notes,
            logged_by: actorUserId,
          })),
        )
        .returning(['id', 'psa_id', 'occurred_at'])
        .execute();
      inserted.push(...rows);
    }
    const byPsa = new Map<string, { ids: string[]; last: Date }>();
    for (const a of inserted) {
      const at = new Date(a.occurred_at);
      const entry = byPsa.get(a.psa_id) ?? { ids: [], last: at };
      entry.ids.push(a.id);
      if (at > entry.last) entry.last = at;
      byPsa.set(a.psa_id, entry);
    }
    const lastContacts = [...byPsa].map(([psaId, e]) => sql`(${psaId}::uuid, ${e.last.toISOString()}::timestamptz)`);
    await sql`
      update psas p set last_contact_at = greatest(coalesce(p.last_contact_at, v.at), v.at)
      from (values ${sql.join(lastContacts)}) as v(id, at)
      where p.id = v.id and p.school_id = ${schoolId}`.execute(trx);
    await recordAudits(
      trx,
      [...byPsa].map(([psaId, e]) => ({
        schoolId,
        actorUserId,
        action: 'psa.phoneCallsUploaded',
        targetType: 'psa',
        targetId: psaId,
        details: { kind: 'PHONE_CALL', activityIds: e.ids, batchCalls: inserted.length },
        ip: meta.ip,
        userAgent: meta.userAgent,
      })),
    );
    return inserted.length;
  });
}
