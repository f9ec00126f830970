import type { Kysely, Selectable } from 'kysely';
import type { ConflictFlagRule, ConflictType } from '../../domain/disclosures';
import type { ConflictFlagsTable, Database } from '../../migrations/database';

/** A school's conflict-of-interest flags (spec part 1 §3), tenant-scoped. Shared with the disclosure activities. */
export type ConflictFlagRow = Selectable<ConflictFlagsTable>;

export interface ConflictFlagInput {
  name: string;
  type: ConflictType;
  category: string;
  description: string | null;
  teamIds: string[];
  maxPaymentCents: number | null;
  companies: string[];
  boosters: string[];
}

export async function listConflictFlags(db: Kysely<Database>, schoolId: string): Promise<ConflictFlagRow[]> {
  return db
    .selectFrom('conflict_flags')
    .selectAll()
    .where('school_id', '=', schoolId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function findConflictFlag(
  db: Kysely<Database>,
  schoolId: string,
  id: string,
): Promise<ConflictFlagRow | null> {
  const row = await db
    .selectFrom('conflict_flags')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

function toValues(input: ConflictFlagInput) {
  return {
    name: input.name,
    type: input.type,
    category: input.category,
    description: input.description,
    team_ids: JSON.stringify(input.teamIds),
    max_payment_cents: input.maxPaymentCents,
    companies: JSON.stringify(input.companies),
    boosters: JSON.stringify(input.boosters),
  };
}

export async function insertConflictFlag(
  db: Kysely<Database>,
  schoolId: string,
  input: ConflictFlagInput,
  createdBy: string | null,
): Promise<string> {
  const row = await db
    .insertInto('conflict_flags')
    .values({ school_id: schoolId, created_by: createdBy, ...toValues(input) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateConflictFlag(
  db: Kysely<Database>,
  schoolId: string,
  id: string,
  input: ConflictFlagInput,
): Promise<boolean> {
  const result = await db
    .updateTable('conflict_flags')
    .set({ ...toValues(input), updated_at: new Date() })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteConflictFlag(db: Kysely<Database>, schoolId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('conflict_flags')
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function toConflictRule(row: ConflictFlagRow): ConflictFlagRule {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    category: row.category,
    teamIds: row.team_ids,
    maxPaymentCents: row.max_payment_cents,
    companies: row.companies,
    boosters: row.boosters,
  };
}
