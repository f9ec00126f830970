import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  DealType,
  DisclosureSort,
  DisclosureStatus,
  DisclosureView,
  ConflictType,
  PaymentType,
} from '../../domain/disclosures';
import type { Database, DisclosureAttachment, DisclosurePerson, DisclosuresTable } from '../../migrations/database';
import { fullName, fullNameOrNull } from '../shared/people-names';

/**
 * Tenant-scoped data access for disclosures. Shared with the disclosure activities (the data layer is shared): the
 * workflow's activities write state changes through applyStatusChange, the API only edits drafts and lists.
 */
export type DisclosureRecord = Selectable<DisclosuresTable> & {
  athleteFirstName: string;
  athleteLastName: string;
  athleteEmail: string;
  teamName: string | null;
  teamSport: string | null;
  reviewerName: string | null;
};

export interface DisclosureFields {
  type?: string;
  dealType?: DealType;
  title?: string | null;
  companyName?: string | null;
  industry?: string | null;
  payorName?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  signedOn?: string | null;
  location?: string | null;
  amountCents?: number | null;
  paymentType?: PaymentType | null;
  estimatedAmountCents?: number | null;
  totalPaymentCents?: number | null;
  pointOfContact?: DisclosurePerson | null;
  agent?: DisclosurePerson | null;
  agentNumber?: string | null;
  participants?: string[];
  website?: string | null;
  notes?: string | null;
  attachments?: DisclosureAttachment[];
}

function toColumns(f: DisclosureFields) {
  const out: Record<string, unknown> = {};
  const map: Array<[keyof DisclosureFields, string]> = [
    ['type', 'type'],
    ['dealType', 'deal_type'],
    ['title', 'title'],
    ['companyName', 'company_name'],
    ['industry', 'industry'],
    ['payorName', 'payor_name'],
    ['startDate', 'start_date'],
    ['endDate', 'end_date'],
    ['signedOn', 'signed_on'],
    ['location', 'location'],
    ['amountCents', 'amount_cents'],
    ['paymentType', 'payment_type'],
    ['estimatedAmountCents', 'estimated_amount_cents'],
    ['totalPaymentCents', 'total_payment_cents'],
    ['website', 'website'],
    ['notes', 'notes'],
    ['agentNumber', 'agent_number'],
  ];
  for (const [key, column] of map) if (f[key] !== undefined) out[column] = f[key];
  if (f.pointOfContact !== undefined) out.point_of_contact = f.pointOfContact ? JSON.stringify(f.pointOfContact) : null;
  if (f.agent !== undefined) out.agent = f.agent ? JSON.stringify(f.agent) : null;
  if (f.participants !== undefined) out.participants = JSON.stringify(f.participants);
  if (f.attachments !== undefined) out.attachments = JSON.stringify(f.attachments);
  return out;
}

export async function insertDisclosure(
  db: Kysely<Database>,
  schoolId: string,
  athleteUserId: string,
  fields: DisclosureFields & { type: string },
): Promise<string> {
  const team = await db
    .selectFrom('athlete_profiles')
    .select('sport_team_id')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', athleteUserId)
    .executeTakeFirst();
  const row = await db
    .insertInto('disclosures')
    .values({
      school_id: schoolId,
      athlete_user_id: athleteUserId,
      sport_team_id: team?.sport_team_id ?? null,
      ...(toColumns(fields) as { type: string }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Edits the fields of a disclosure its athlete may still change (draft or change requested); false otherwise. */
export async function updateDisclosureFields(
  db: Kysely<Database>,
  schoolId: string,
  disclosureId: string,
  athleteUserId: string,
  fields: DisclosureFields,
): Promise<boolean> {
  const result = await db
    .updateTable('disclosures')
    .set({ ...toColumns(fields), updated_at: new Date() })
    .where('school_id', '=', schoolId)
    .where('id', '=', disclosureId)
    .where('athlete_user_id', '=', athleteUserId)
    .where('status', 'in', ['DRAFT', 'CHANGE_REQUESTED'])
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

function baseQuery(db: Kysely<Database>, schoolId: string) {
  return db
    .selectFrom('disclosures as d')
    .innerJoin('users as u', 'u.id', 'd.athlete_user_id')
    .leftJoin('sport_teams as t', 't.id', 'd.sport_team_id')
    .leftJoin('users as r', 'r.id', 'd.assigned_reviewer_id')
    .where('d.school_id', '=', schoolId)
    .selectAll('d')
    .select([
      'u.first_name as athleteFirstName',
      'u.last_name as athleteLastName',
      'u.email as athleteEmail',
      't.name as teamName',
      't.sport as teamSport',
      fullNameOrNull('r').as('reviewerName'),
    ]);
}

export async function findDisclosure(
  db: Kysely<Database>,
  schoolId: string,
  disclosureId: string,
): Promise<DisclosureRecord | null> {
  const row = await baseQuery(db, schoolId).where('d.id', '=', disclosureId).executeTakeFirst();
  return (row as DisclosureRecord | undefined) ?? null;
}

export interface DisclosureListFilter {
  view?: DisclosureView;
  sort?: DisclosureSort;
  status?: DisclosureStatus;
  type?: string;
  dealType?: DealType;
  conflict?: ConflictType | 'ANY' | 'NONE';
  teamId?: string;
  q?: string;
  from?: string;
  to?: string;
  archived?: boolean;
  athleteUserId?: string;
  /** Drafts are the athlete's own; reviewers never see them. */
  includeDrafts?: boolean;
  limit: number;
  offset: number;
}

function applyFilter(
  query: ReturnType<typeof baseQuery>,
  f: Omit<DisclosureListFilter, 'limit' | 'offset' | 'sort'>,
): ReturnType<typeof baseQuery> {
  let q = query;
  q = f.archived ? q.where('d.archived_at', 'is not', null) : q.where('d.archived_at', 'is', null);
  if (!f.includeDrafts) q = q.where('d.status', '<>', 'DRAFT');
  if (f.athleteUserId) q = q.where('d.athlete_user_id', '=', f.athleteUserId);
  if (f.status) q = q.where('d.status', '=', f.status);
  if (f.type) q = q.where('d.type', '=', f.type);
  if (f.dealType) q = q.where('d.deal_type', '=', f.dealType);
  if (f.teamId) q = q.where('d.sport_team_id', '=', f.teamId);
  if (f.view === 'conflict' || f.conflict === 'ANY') q = q.where(sql<boolean>`cardinality(d.conflict_types) > 0`);
  if (f.conflict === 'NONE') q = q.where(sql<boolean>`cardinality(d.conflict_types) = 0`);
  if (f.conflict === 'STATE_LEGISLATION_CONFLICT' || f.conflict === 'UNIVERSITY') {
    q = q.where(sql<boolean>`${f.conflict} = any(d.conflict_types)`);
  }
  if (f.view === 'notify') q = q.where('d.reporting_required', '=', true);
  if (f.from) q = q.where('d.submitted_at', '>=', new Date(`${f.from}T00:00:00Z`));
  if (f.to) q = q.where('d.submitted_at', '<', sql<Date>`${f.to}::date + 1`);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([eb('d.company_name', 'ilike', like), eb(fullName('u'), 'ilike', like), eb('d.title', 'ilike', like)]),
    );
  }
  return q;
}

function applySort(query: ReturnType<typeof baseQuery>, sort: DisclosureSort | undefined) {
  switch (sort) {
    case 'az':
      return query.orderBy(sql`lower(d.company_name)`, (ob) => ob.asc().nullsLast()).orderBy('d.id');
    case 'earnings':
      return query.orderBy(sql`d.amount_cents`, (ob) => ob.desc().nullsLast()).orderBy('d.id');
    case 'tentative':
      // Upcoming dates first, nearest first; past and missing dates after.
      return query
        .orderBy(sql`(d.start_date is null or d.start_date < current_date)`)
        .orderBy('d.start_date')
        .orderBy('d.id');
    case 'student':
      return query.orderBy('u.last_name').orderBy('u.first_name').orderBy('d.id');
    default:
      return query.orderBy(sql`coalesce(d.submitted_at, d.created_at)`, 'desc').orderBy('d.id');
  }
}

export async function listDisclosures(
  db: Kysely<Database>,
  schoolId: string,
  filter: DisclosureListFilter,
): Promise<{ rows: DisclosureRecord[]; total: number }> {
  const filtered = applyFilter(baseQuery(db, schoolId), filter);
  const rows = await applySort(filtered.select(sql<string>`count(*) over ()`.as('total_count')), filter.sort)
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  let total = rows.length > 0 ? Number((rows[0] as unknown as { total_count: string }).total_count) : 0;
  if (rows.length === 0 && filter.offset > 0) {
    const count = await applyFilter(baseQuery(db, schoolId), filter)
      .clearSelect()
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirst();
    total = Number(count?.n ?? 0);
  }
  return { rows: rows as unknown as DisclosureRecord[], total };
}

export interface DisclosureEventRow {
  id: string;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  reason: string | null;
  details: Record<string, unknown>;
  actorName: string | null;
  createdAt: Date;
}

export async function listDisclosureEvents(
  db: Kysely<Database>,
  schoolId: string,
  disclosureId: string,
): Promise<DisclosureEventRow[]> {
  const rows = await db
    .selectFrom('disclosure_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_user_id')
    .where('e.school_id', '=', schoolId)
    .where('e.disclosure_id', '=', disclosureId)
    .select([
      'e.id',
      'e.action',
      'e.from_status',
      'e.to_status',
      'e.reason',
      'e.details',
      'e.created_at',
      fullNameOrNull('u').as('actor'),
    ])
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    fromStatus: r.from_status,
    toStatus: r.to_status,
    reason: r.reason,
    details: r.details,
    actorName: r.actor,
    createdAt: r.created_at,
  }));
}

export async function insertDisclosureEvent(
  db: Kysely<Database>,
  schoolId: string,
  event: {
    disclosureId: string;
    actorUserId: string | null;
    action: string;
    fromStatus?: string | null;
    toStatus?: string | null;
    reason?: string | null;
    details?: Record<string, unknown>;
    idempotencyKey?: string;
  },
): Promise<boolean> {
  const row = await db
    .insertInto('disclosure_events')
    .values({
      school_id: schoolId,
      disclosure_id: event.disclosureId,
      actor_user_id: event.actorUserId,
      action: event.action,
      from_status: event.fromStatus ?? null,
      to_status: event.toStatus ?? null,
      reason: event.reason ?? null,
      details: JSON.stringify(event.details ?? {}),
      idempotency_key: event.idempotencyKey ?? null,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export interface DisclosureCommentRow {
  id: string;
  body: string;
  authorUserId: string | null;
  authorName: string | null;
  createdAt: Date;
}

export async function listDisclosureComments(
  db: Kysely<Database>,
  schoolId: string,
  disclosureId: string,
): Promise<DisclosureCommentRow[]> {
  const rows = await db
    .selectFrom('disclosure_comments as c')
    .leftJoin('users as u', 'u.id', 'c.author_user_id')
    .where('c.school_id', '=', schoolId)
    .where('c.disclosure_id', '=', disclosureId)
    .select(['c.id', 'c.body', 'c.author_user_id', 'c.created_at', fullNameOrNull('u').as('author')])
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    authorUserId: r.author_user_id,
    authorName: r.author,
    createdAt: r.created_at,
  }));
}

export async function insertDisclosureComment(
  db: Kysely<Database>,
  schoolId: string,
  comment: { disclosureId: string; authorUserId: string; body: string },
): Promise<string> {
  const row = await db
    .insertInto('disclosure_comments')
    .values({
      school_id: schoolId,
      disclosure_id: comment.disclosureId,
      author_user_id: comment.authorUserId,
      body: comment.body,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Active compliance admins of the school: the people who review disclosures and get its notifications. */
export async function listReviewers(
  db: Kysely<Database>,
  schoolId: string,
): Promise<Array<{ id: string; name: string; email: string }>> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', (j) => j.onRef('ur.user_id', '=', 'u.id').on('ur.role', '=', 'SCHOOL_ADMIN'))
    .where('u.school_id', '=', schoolId)
    .where('ur.school_id', '=', schoolId)
    .where('ur.compliance', '=', true)
    .where('u.status', '=', 'ACTIVE')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email'])
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`, email: r.email }));
}

/**
 * What one payor paid one athlete in a calendar year across their live disclosures (not drafts, rejected or archived),
 * counting the deal itself. The year is the deal's start date year, else the year it was submitted.
 */
export async function payorYearTotalCents(
  db: Kysely<Database>,
  schoolId: string,
  d: { id: string; athleteUserId: string; payor: string; year: number },
): Promise<number> {
  const row = await db
    .selectFrom('disclosures')
    .where('school_id', '=', schoolId)
    .where('athlete_user_id', '=', d.athleteUserId)
    .where(sql<boolean>`lower(trim(coalesce(payor_name, company_name))) = ${d.payor.trim().toLowerCase()}`)
    .where('archived_at', 'is', null)
    .where((eb) => eb.or([eb('status', 'in', ['PENDING', 'APPROVED', 'CHANGE_REQUESTED']), eb('id', '=', d.id)]))
    .where(sql<boolean>`extract(year from coalesce(start_date, submitted_at::date, created_at::date)) = ${d.year}`)
    .select(
      sql<string>`coalesce(sum(coalesce(amount_cents, total_payment_cents, estimated_amount_cents, 0)), 0)`.as('n'),
    )
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface ReportRow {
  key: string;
  count: number;
  amountCents: number;
}

/** Totals for the reporting page; archived disclosures and drafts leave every metric. */
export async function reportTotals(
  db: Kysely<Database>,
  schoolId: string,
  by: 'sport' | 'type' | 'status' | 'month',
  range: { from?: string; to?: string } = {},
): Promise<ReportRow[]> {
  const key =
    by === 'sport'
      ? sql<string>`coalesce(t.sport, 'No team')`
      : by === 'type'
        ? sql<string>`d.type`
        : by === 'status'
          ? sql<string>`d.status`
          : sql<string>`to_char(date_trunc('month', d.submitted_at), 'YYYY-MM')`;
  let q = db
    .selectFrom('disclosures as d')
    .leftJoin('sport_teams as t', 't.id', 'd.sport_team_id')
    .where('d.school_id', '=', schoolId)
    .where('d.archived_at', 'is', null)
    .where('d.status', '<>', 'DRAFT');
  if (range.from) q = q.where('d.submitted_at', '>=', new Date(`${range.from}T00:00:00Z`));
  if (range.to) q = q.where('d.submitted_at', '<', sql<Date>`${range.to}::date + 1`);
  const rows = await q
    .select([
      key.as('key'),
      sql<string>`count(*)`.as('n'),
      // The same amount the deal lists show: earnings, else the total payment, else the in-kind estimate.
      sql<string>`coalesce(sum(coalesce(d.amount_cents, d.total_payment_cents, d.estimated_amount_cents)), 0)`.as(
        'amount',
      ),
    ])
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  return rows.map((r) => ({ key: r.key, count: Number(r.n), amountCents: Number(r.amount) }));
}

/** Priority tasks: pending, not archived, whose tentative (start) date falls within the next 24 hours. */
export async function listPriorityDisclosures(
  db: Kysely<Database>,
  schoolId: string,
  today: string,
): Promise<DisclosureRecord[]> {
  const rows = await baseQuery(db, schoolId)
    .where('d.status', '=', 'PENDING')
    .where('d.archived_at', 'is', null)
    .where('d.start_date', '>=', today)
    .where(sql<boolean>`d.start_date <= ${today}::date + 1`)
    .orderBy('d.start_date')
    .orderBy('d.submitted_at')
    .limit(50)
    .execute();
  return rows as DisclosureRecord[];
}

/**
 * Adds a stored file to a disclosure its athlete may still edit, while it has fewer than the maximum attachments;
 * one statement, so two uploads at once cannot pass the cap. 'full' or 'not-editable' when it cannot.
 */
export async function appendDisclosureAttachment(
  db: Kysely<Database>,
  schoolId: string,
  disclosureId: string,
  athleteUserId: string,
  attachment: DisclosureAttachment,
  maxAttachments: number,
): Promise<'ok' | 'full' | 'not-editable'> {
  const result = await db
    .updateTable('disclosures')
    .set({
      attachments: sql`attachments || jsonb_build_array(${JSON.stringify(attachment)}::jsonb)`,
      updated_at: new Date(),
    })
    .where('school_id', '=', schoolId)
    .where('id', '=', disclosureId)
    .where('athlete_user_id', '=', athleteUserId)
    .where('status', 'in', ['DRAFT', 'CHANGE_REQUESTED'])
    .where('archived_at', 'is', null)
    .where(sql<boolean>`jsonb_array_length(attachments) < ${maxAttachments}`)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return 'ok';
  const row = await db
    .selectFrom('disclosures')
    .select(sql<number>`jsonb_array_length(attachments)`.as('n'))
    .where('school_id', '=', schoolId)
    .where('id', '=', disclosureId)
    .where('athlete_user_id', '=', athleteUserId)
    .where('status', 'in', ['DRAFT', 'CHANGE_REQUESTED'])
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return row ? 'full' : 'not-editable';
}

/** Removes one attachment (by its file id) from a disclosure its athlete may still edit; false when nothing changed. */
export async function removeDisclosureAttachment(
  db: Kysely<Database>,
  schoolId: string,
  disclosureId: string,
  athleteUserId: string,
  fileId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('disclosures')
    .set({
      attachments: sql`coalesce((select jsonb_agg(a) from jsonb_array_elements(attachments) a where a->>'fileId' is distinct from ${fileId}), '[]'::jsonb)`,
      updated_at: new Date(),
    })
    .where('school_id', '=', schoolId)
    .where('id', '=', disclosureId)
    .where('athlete_user_id', '=', athleteUserId)
    .where('status', 'in', ['DRAFT', 'CHANGE_REQUESTED'])
    .where('archived_at', 'is', null)
    .where(sql<boolean>`attachments @> jsonb_build_array(jsonb_build_object('fileId', ${fileId}::text))`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Active student-athletes of the school among the given ids (for a group or team deal's participants). */
export async function findSchoolAthletes(
  db: Kysely<Database>,
  schoolId: string,
  userIds: readonly string[],
): Promise<Array<{ id: string; name: string }>> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', (j) =>
      j.onRef('ur.user_id', '=', 'u.id').on('ur.role', '=', 'STUDENT_ATHLETE').on('ur.school_id', '=', schoolId),
    )
    .where('u.school_id', '=', schoolId)
    .where('u.status', 'in', ['ACTIVE', 'INVITED', 'NOT_INVITED'])
    .where('u.id', 'in', [...userIds])
    .select(['u.id', 'u.first_name', 'u.last_name'])
    .distinct()
    .execute();
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}` }));
}

/** The school's student-athletes a group or team deal may name (active, invited or not yet invited). */
export async function listParticipantOptions(
  db: Kysely<Database>,
  schoolId: string,
): Promise<Array<{ id: string; name: string; team: string | null }>> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', (j) =>
      j.onRef('ur.user_id', '=', 'u.id').on('ur.role', '=', 'STUDENT_ATHLETE').on('ur.school_id', '=', schoolId),
    )
    .leftJoin('athlete_profiles as p', (j) => j.onRef('p.user_id', '=', 'u.id').on('p.school_id', '=', schoolId))
    .leftJoin('sport_teams as t', 't.id', 'p.sport_team_id')
    .where('u.school_id', '=', schoolId)
    .where('u.status', 'in', ['ACTIVE', 'INVITED', 'NOT_INVITED'])
    .select(['u.id', 'u.first_name', 'u.last_name', 't.name as team'])
    .distinct()
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .limit(5000)
    .execute();
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`, team: r.team }));
}

/** The school's review reminder interval for disclosures that enter review from now on (`settings` jsonb). */
export async function setDisclosureReminderHours(db: Kysely<Database>, schoolId: string, hours: number): Promise<void> {
  await db
    .updateTable('schools')
    .set({ settings: sql`settings || jsonb_build_object('disclosureReminderHours', ${hours}::int)` })
    .where('id', '=', schoolId)
    .execute();
}
