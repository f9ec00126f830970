import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { AppError } from '../../domain/errors';
import { normaliseHeader, type UploadRowError } from '../../domain/athlete-upload';
import { checkPsaInput, commitmentFromText, PSA_UPLOAD_HEADERS, RECRUITING_LIMITS } from '../../domain/recruiting';
import type { Database } from '../../migrations/database';
import { recordAudits } from '../audit/audit.repository';
import { readRecruitingSheet, type UploadCheck } from './recruiting-uploads';

export interface CheckedPsaRow {
  row: number;
  values: Record<string, unknown>;
}

/**
 * Reads a prospects spreadsheet (XLSX, XLS or CSV; at most 1,000 rows) and checks every row as a create would,
 * plus duplicate e-mails within the file and against the school's prospects. Nothing is stored here.
 */
export async function checkPsaUpload(
  db: Kysely<Database>,
  schoolId: string,
  fileName: string,
  bytes: Buffer,
): Promise<UploadCheck<CheckedPsaRow>> {
  const sheet = await readRecruitingSheet(fileName, bytes, {
    maxRows: RECRUITING_LIMITS.uploadMaxRows,
    noun: 'prospects',
  });
  const fields = sheet.headers.map((h) => PSA_UPLOAD_HEADERS[normaliseHeader(h)] ?? null);
  if (!fields.includes('firstName') || !fields.includes('lastName')) {
    throw new AppError('UPLOAD_FAILED', [
      { field: 'file', message: 'The first row must name the columns, with at least "First name" and "Last name".' },
    ]);
  }
  const errors: UploadRowError[] = [];
  const rows: CheckedPsaRow[] = [];
  const seen = new Map<string, number>();
  for (const r of sheet.rows) {
    const input: Record<string, unknown> = {};
    let commitment: string | null = null;
    fields.forEach((f, i) => {
      const cell = (r.cells[i] ?? '').trim();
      if (!f || cell === '') return;
      if (f === 'commitmentStatus') commitment = cell;
      else input[f] = cell;
    });
    const { values, errors: rowErrors } = checkPsaInput(input, { creating: true });
    for (const e of rowErrors) errors.push({ row: r.row, column: e.field, message: e.message });
    if (commitment) {
      const status = commitmentFromText(commitment);
      if (!status) errors.push({ row: r.row, column: 'commitmentStatus', message: 'Choose a commitment status.' });
      else values.commitment_status = status;
    }
    const email = values.email as string | undefined;
    if (email) {
      const first = seen.get(email);
      if (first) errors.push({ row: r.row, column: 'email', message: `Email exists (also on row ${first}).` });
      else seen.set(email, r.row);
    }
    rows.push({ row: r.row, values });
  }
  if (seen.size) {
    const taken = await db
      .selectFrom('psas')
      .select(sql<string>`lower(email)`.as('email'))
      .where('school_id', '=', schoolId)
      .where('merged_into_id', 'is', null)
      .where(sql<boolean>`lower(email) = any(${[...seen.keys()]}::text[])`)
      .execute();
    for (const t of taken) errors.push({ row: seen.get(t.email)!, column: 'email', message: 'Email exists.' });
  }
  errors.sort((a, b) => a.row - b.row);
  return { headers: sheet.headers, rows, errors };
}

/** Stores checked rows in one transaction (all or none), each with its creation event and audit event. */
export async function importPsaRows(
  db: Kysely<Database>,
  schoolId: string,
  actorUserId: string,
  rows: readonly CheckedPsaRow[],
  meta: { ip: string | null; userAgent: string | null },
): Promise<number> {
  if (rows.length === 0) return 0;
  const base = Date.now() / 1000;
  return db.transaction().execute(async (trx) => {
    const inserted: string[] = [];
    for (let i = 0; i < rows.length; i += 250) {
      const chunk = rows.slice(i, i + 250);
      const names = [...new Set(chunk.flatMap((r) => Object.keys(r.values)))];
      const ids = await trx
        .insertInto('psas')
        .values(
          chunk.map((r, j) => ({
            ...(Object.fromEntries(
              names.map((n) => [n, r.values[n] ?? (n === 'commitment_status' ? 'NOT_COMMITTED' : null)]),
            ) as Record<string, never>),
            school_id: schoolId,
            first_name: r.values.first_name as string,
            last_name: r.values.last_name as string,
            created_by: actorUserId,
            board_rank: base + i + j,
          })),
        )
        .returning('id')
        .execute();
      inserted.push(...ids.map((x) => x.id));
    }
    await trx
      .insertInto('psa_events')
      .values(
        inserted.map((id) => ({
          school_id: schoolId,
          psa_id: id,
          actor_user_id: actorUserId,
          action: 'uploaded',
          details: '{}',
        })),
      )
      .execute();
    await recordAudits(
      trx,
      inserted.map((id) => ({
        schoolId,
        actorUserId,
        action: 'psa.uploaded',
        targetType: 'psa',
        targetId: id,
        ip: meta.ip,
        userAgent: meta.userAgent,
      })),
    );
    return inserted.length;
  });
}
