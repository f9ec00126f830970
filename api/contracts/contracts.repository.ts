import { sql, type Kysely } from 'kysely';
import {
  CONTRACT_SIZES,
  CONTRACT_STATUSES,
  CONTRACT_TYPE_LABELS,
  PAYMENT_CYCLES,
  PAYMENT_STATUSES,
  payorYearTotals,
  type ContractStatus,
  type ContractType,
  type CheckedContract,
  type CheckedSchedule,
  type PaymentStatus,
} from '../../domain/contracts';
import type { Database } from '../../migrations/database';
import { fullNameOrNull } from '../shared/people-names';

type Db = Kysely<Database>;

/** Who sees which contracts: a school's admins every contract of the school, an athlete only their own. */
export interface ContractScope {
  schoolId: string;
  /** null for an admin (every contract of the school). */
  athleteUserId: string | null;
}

export interface ContractFilters {
  status?: string;
  athleteUserId?: string;
  disclosureId?: string;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The approved-or-not disclosure a contract would hang on, in the school (another school's is absent). */
export async function findDisclosureForContract(db: Db, schoolId: string, disclosureId: string) {
  return db
    .selectFrom('disclosures')
    .select(['id', 'athlete_user_id', 'status', 'company_name', 'payor_name', 'type', 'title'])
    .where('school_id', '=', schoolId)
    .where('id', '=', disclosureId)
    .executeTakeFirst();
}

export async function insertContract(
  db: Db,
  input: {
    schoolId: string;
    disclosureId: string;
    athleteUserId: string;
    createdBy: string;
    contract: CheckedContract;
  },
  workflowIdOf: (id: string) => string,
): Promise<string> {
  const id = crypto.randomUUID();
  const c = input.contract;
  await db
    .insertInto('contracts')
    .values({
      id,
      school_id: input.schoolId,
      disclosure_id: input.disclosureId,
      athlete_user_id: input.athleteUserId,
      payor_name: c.payorName,
      total_cents: c.totalCents,
      size: c.size,
      type: c.type,
      start_date: c.startDate,
      end_date: c.endDate,
      notes: c.notes,
      created_by: input.createdBy,
      workflow_id: workflowIdOf(id),
    })
    .execute();
  return id;
}

/** Takes back a contract whose review could not start (nothing else refers to it yet). */
export async function deletePendingContract(db: Db, id: string): Promise<void> {
  await db.deleteFrom('contracts').where('id', '=', id).where('status', '=', 'PENDING').execute();
}

function baseQuery(db: Db, scope: ContractScope, f: ContractFilters) {
  let q = db
    .selectFrom('contracts as c')
    .innerJoin('users as a', 'a.id', 'c.athlete_user_id')
    .innerJoin('disclosures as d', 'd.id', 'c.disclosure_id')
    .leftJoin('users as dec', 'dec.id', 'c.decided_by')
    .leftJoin('contract_schedules as s', 's.contract_id', 'c.id')
    .where('c.school_id', '=', scope.schoolId);
  if (scope.athleteUserId) q = q.where('c.athlete_user_id', '=', scope.athleteUserId);
  if (f.status) q = q.where('c.status', '=', f.status as ContractStatus);
  if (f.athleteUserId) q = q.where('c.athlete_user_id', '=', f.athleteUserId);
  if (f.disclosureId) q = q.where('c.disclosure_id', '=', f.disclosureId);
  return q;
}

function rows(db: Db, scope: ContractScope, f: ContractFilters) {
  return baseQuery(db, scope, f)
    .select([
      'c.id',
      'c.disclosure_id',
      'c.athlete_user_id',
      'c.payor_name',
      'c.total_cents',
      'c.size',
      'c.type',
      'c.start_date',
      'c.end_date',
      'c.notes',
      'c.status',
      'c.reject_reason',
      'c.decided_at',
      'c.created_at',
      'c.workflow_id',
      'c.document_filename',
      'c.document_size_bytes',
      'c.document_uploaded_at',
      'd.title as disclosure_title',
      'd.company_name as disclosure_company',
      's.cycle',
      's.amount_cents as schedule_amount_cents',
      's.payment_count',
      's.first_due_date',
      's.status as schedule_status',
      's.end_requested_at',
      fullNameOrNull('a').as('athlete_name'),
      fullNameOrNull('dec').as('decider_name'),
      sql<string>`coalesce((select sum(p.amount_cents) from contract_payments p where p.contract_id = c.id and p.status = 'PAID'), 0)`.as(
        'paid_cents',
      ),
    ])
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id');
}

type Row = Awaited<ReturnType<ReturnType<typeof rows>['execute']>>[number];

function toContractDto(r: Row) {
  return {
    id: r.id,
    disclosureId: r.disclosure_id,
    disclosureTitle: r.disclosure_title ?? r.disclosure_company ?? 'Disclosure',
    athleteUserId: r.athlete_user_id,
    studentName: r.athlete_name ?? 'Athlete',
    companyName: r.payor_name,
    totalAmountCents: r.total_cents,
    paidCents: Number(r.paid_cents),
    size: r.size,
    sizeLabel: CONTRACT_SIZES[r.size],
    type: r.type as ContractType,
    typeLabel: CONTRACT_TYPE_LABELS[r.type as ContractType] ?? r.type,
    startDate: r.start_date,
    endDate: r.end_date,
    notes: r.notes,
    status: r.status,
    statusLabel: CONTRACT_STATUSES[r.status],
    rejectReason: r.reject_reason,
    deciderName: r.decider_name,
    decidedAt: iso(r.decided_at),
    createdAt: iso(r.created_at)!,
    workflowId: r.workflow_id,
    document: r.document_filename
      ? {
          filename: r.document_filename,
          sizeBytes: r.document_size_bytes ?? 0,
          uploadedAt: iso(r.document_uploaded_at)!,
        }
      : null,
    schedule: r.cycle
      ? {
          cycle: r.cycle,
          cycleLabel: PAYMENT_CYCLES[r.cycle],
          amountPerCycleCents: r.schedule_amount_cents!,
          numberOfPayments: r.payment_count!,
          firstDueDate: r.first_due_date!,
          status: r.schedule_status!,
          endRequestedAt: iso(r.end_requested_at),
        }
      : null,
  };
}
export type ContractDto = ReturnType<typeof toContractDto>;

export async function listContracts(
  db: Db,
  scope: ContractScope,
  f: ContractFilters,
  page: { limit: number; offset: number },
) {
  const [items, count] = await Promise.all([
    rows(db, scope, f).limit(page.limit).offset(page.offset).execute(),
    baseQuery(db, scope, f)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: items.map(toContractDto), total: Number(count.n) };
}

export async function findContract(db: Db, scope: ContractScope, id: string): Promise<ContractDto | null> {
  const row = await rows(db, scope, {}).where('c.id', '=', id).executeTakeFirst();
  return row ? toContractDto(row) : null;
}

/** The contract's status under a row lock (null when not this school's). */
export async function lockContract(db: Db, schoolId: string, id: string) {
  return db
    .selectFrom('contracts')
    .select(['id', 'status', 'document_file_id', 'athlete_user_id', 'disclosure_id', 'payor_name', 'end_date'])
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function setContractDocument(
  db: Db,
  id: string,
  file: { id: string; filename: string; sizeBytes: number; sha256: string },
): Promise<void> {
  await db
    .updateTable('contracts')
    .set({
      document_file_id: file.id,
      document_filename: file.filename,
      document_size_bytes: file.sizeBytes,
      document_sha256: file.sha256,
      document_uploaded_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function contractDocumentFileId(db: Db, scope: ContractScope, id: string): Promise<string | null> {
  let q = db
    .selectFrom('contracts')
    .select('document_file_id')
    .where('school_id', '=', scope.schoolId)
    .where('id', '=', id);
  if (scope.athleteUserId) q = q.where('athlete_user_id', '=', scope.athleteUserId);
  return (await q.executeTakeFirst())?.document_file_id ?? null;
}

export async function insertSchedule(
  db: Db,
  input: { schoolId: string; contractId: string; createdBy: string; schedule: CheckedSchedule; workflowId: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('contract_schedules')
    .values({
      contract_id: input.contractId,
      school_id: input.schoolId,
      cycle: input.schedule.cycle,
      amount_cents: input.schedule.amountCents,
      payment_count: input.schedule.count,
      first_due_date: input.schedule.firstDueDate,
      workflow_id: input.workflowId,
      created_by: input.createdBy,
    })
    .onConflict((oc) => oc.column('contract_id').doNothing())
    .returning('contract_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteRunningSchedule(db: Db, contractId: string): Promise<void> {
  await db.deleteFrom('contract_schedules').where('contract_id', '=', contractId).execute();
}

/** Records an admin's early end once; false when it was already recorded or the schedule is not running. */
export async function markScheduleEndRequested(
  db: Db,
  schoolId: string,
  contractId: string,
  userId: string,
  at: Date,
): Promise<boolean> {
  const r = await db
    .updateTable('contract_schedules')
    .set({ end_requested_at: at, end_requested_by: userId })
    .where('school_id', '=', schoolId)
    .where('contract_id', '=', contractId)
    .where('status', '=', 'RUNNING')
    .where('end_requested_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function scheduleOf(db: Db, schoolId: string, contractId: string) {
  return db
    .selectFrom('contract_schedules')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('contract_id', '=', contractId)
    .executeTakeFirst();
}

// ---- payments ----

export interface PaymentFilters {
  contractId?: string;
  athleteUserId?: string;
  status?: string;
}

function paymentRows(db: Db, scope: ContractScope, f: PaymentFilters) {
  let q = db
    .selectFrom('contract_payments as p')
    .innerJoin('contracts as c', 'c.id', 'p.contract_id')
    .innerJoin('users as a', 'a.id', 'c.athlete_user_id')
    .leftJoin('users as by', 'by.id', 'p.confirmed_by')
    .where('p.school_id', '=', scope.schoolId);
  if (scope.athleteUserId) q = q.where('c.athlete_user_id', '=', scope.athleteUserId);
  if (f.contractId) q = q.where('p.contract_id', '=', f.contractId);
  if (f.athleteUserId) q = q.where('c.athlete_user_id', '=', f.athleteUserId);
  if (f.status) q = q.where('p.status', '=', f.status as PaymentStatus);
  return q
    .select([
      'p.id',
      'p.contract_id',
      'p.seq',
      'p.due_date',
      'p.amount_cents',
      'p.status',
      'p.paid_on',
      'p.confirmed_at',
      'c.payor_name',
      'c.athlete_user_id',
      fullNameOrNull('a').as('athlete_name'),
      fullNameOrNull('by').as('confirmed_by_name'),
      sql<number>`(select payment_count from contract_schedules s where s.contract_id = c.id)`.as('of_count'),
    ])
    .orderBy('p.due_date', 'desc')
    .orderBy('p.seq', 'desc');
}

export async function listPayments(db: Db, scope: ContractScope, f: PaymentFilters, limit = 500) {
  const list = await paymentRows(db, scope, f).limit(limit).execute();
  return list.map((p) => ({
    id: p.id,
    contractId: p.contract_id,
    seq: p.seq,
    numberOfPayments: Number(p.of_count ?? p.seq),
    dueDate: p.due_date,
    amountCents: p.amount_cents,
    status: p.status,
    statusLabel: PAYMENT_STATUSES[p.status],
    paidOn: p.paid_on,
    confirmedAt: iso(p.confirmed_at),
    confirmedByName: p.confirmed_by_name,
    payorName: p.payor_name,
    athleteUserId: p.athlete_user_id,
    studentName: p.athlete_name ?? 'Athlete',
  }));
}

/** The paid payments of the scope (optionally one athlete) summed per athlete, payor and calendar year. */
export async function payorYearTotalsFor(db: Db, scope: ContractScope, athleteUserId?: string) {
  let q = db
    .selectFrom('contract_payments as p')
    .innerJoin('contracts as c', 'c.id', 'p.contract_id')
    .innerJoin('users as a', 'a.id', 'c.athlete_user_id')
    .where('p.school_id', '=', scope.schoolId)
    .where('p.status', '=', 'PAID')
    .where('p.paid_on', 'is not', null);
  if (scope.athleteUserId) q = q.where('c.athlete_user_id', '=', scope.athleteUserId);
  if (athleteUserId) q = q.where('c.athlete_user_id', '=', athleteUserId);
  const paid = await q
    .select([
      'c.athlete_user_id',
      'c.payor_name',
      'p.paid_on',
      'p.amount_cents',
      fullNameOrNull('a').as('athlete_name'),
    ])
    .execute();
  const byAthlete = new Map<
    string,
    { name: string; rows: { payorName: string; paidOn: string; amountCents: number }[] }
  >();
  for (const p of paid) {
    const entry = byAthlete.get(p.athlete_user_id) ?? { name: p.athlete_name ?? 'Athlete', rows: [] };
    entry.rows.push({ payorName: p.payor_name, paidOn: p.paid_on!, amountCents: p.amount_cents });
    byAthlete.set(p.athlete_user_id, entry);
  }
  return [...byAthlete.entries()].flatMap(([id, e]) =>
    payorYearTotals(e.rows).map((t) => ({ athleteUserId: id, studentName: e.name, ...t })),
  );
}

export async function taxFlagsFor(db: Db, scope: ContractScope, f: { disclosureId?: string; athleteUserId?: string }) {
  let q = db.selectFrom('contract_tax_flags').selectAll().where('school_id', '=', scope.schoolId);
  if (scope.athleteUserId) q = q.where('athlete_user_id', '=', scope.athleteUserId);
  if (f.disclosureId) q = q.where('disclosure_id', '=', f.disclosureId);
  if (f.athleteUserId) q = q.where('athlete_user_id', '=', f.athleteUserId);
  const list = await q.orderBy('year', 'desc').orderBy('payor_name').execute();
  return list.map((r) => ({
    athleteUserId: r.athlete_user_id,
    payorName: r.payor_name,
    year: r.year,
    contractId: r.contract_id,
    disclosureId: r.disclosure_id,
    totalCents: r.total_cents,
    reachedAt: iso(r.reached_at)!,
  }));
}

// ---- writes of the workflows' activities (each one idempotent) ----

/** Opens payment `seq` as pending; a retry finds the row and leaves it. True when this call opened it. */
export async function openPaymentRow(
  db: Db,
  input: { schoolId: string; contractId: string; seq: number; dueDate: string; amountCents: number },
): Promise<boolean> {
  const row = await db
    .insertInto('contract_payments')
    .values({
      school_id: input.schoolId,
      contract_id: input.contractId,
      seq: input.seq,
      due_date: input.dueDate,
      amount_cents: input.amountCents,
    })
    .onConflict((oc) => oc.columns(['contract_id', 'seq']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function lockPayment(db: Db, schoolId: string, contractId: string, seq: number) {
  return db
    .selectFrom('contract_payments')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('contract_id', '=', contractId)
    .where('seq', '=', seq)
    .forUpdate()
    .executeTakeFirst();
}

/** Total paid by one payor (case and outer spaces ignored) to one athlete in a calendar year. */
export async function paidByPayorInYear(
  db: Db,
  input: { schoolId: string; athleteUserId: string; payorName: string; year: number },
): Promise<number> {
  const row = await db
    .selectFrom('contract_payments as p')
    .innerJoin('contracts as c', 'c.id', 'p.contract_id')
    .where('p.school_id', '=', input.schoolId)
    .where('c.athlete_user_id', '=', input.athleteUserId)
    .where(sql`lower(trim(c.payor_name))`, '=', input.payorName.trim().toLowerCase())
    .where('p.status', '=', 'PAID')
    .where(sql`extract(year from p.paid_on)::int`, '=', input.year)
    .select(sql<string>`coalesce(sum(p.amount_cents), 0)`.as('cents'))
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/** Records that a payor's year total reached the threshold, once per athlete, payor and year; true when new. */
export async function insertTaxFlag(
  db: Db,
  input: {
    schoolId: string;
    athleteUserId: string;
    payorName: string;
    year: number;
    contractId: string;
    disclosureId: string;
    totalCents: number;
  },
): Promise<boolean> {
  const row = await db
    .insertInto('contract_tax_flags')
    .values({
      school_id: input.schoolId,
      athlete_user_id: input.athleteUserId,
      payor_key: input.payorName.trim().toLowerCase(),
      payor_name: input.payorName.trim(),
      year: input.year,
      contract_id: input.contractId,
      disclosure_id: input.disclosureId,
      total_cents: input.totalCents,
    })
    .onConflict((oc) => oc.columns(['school_id', 'athlete_user_id', 'payor_key', 'year']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
