import { sql, type Kysely } from 'kysely';
import type { Database } from '../../migrations/database';

/**
 * The append-only security log. Shared with activities (the data layer is shared): a retried activity passes an
 * idempotencyKey so the event is written once.
 */
export interface AuditEventInput {
  schoolId: string | null;
  actorUserId?: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown>;
  idempotencyKey?: string;
}

export async function recordAudit(db: Kysely<Database>, event: AuditEventInput): Promise<void> {
  await recordAudits(db, [event]);
}

/** Many events in one statement (a bulk upload writes one per athlete). */
export async function recordAudits(db: Kysely<Database>, events: readonly AuditEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('audit_events')
    .values(
      events.map((event) => ({
        school_id: event.schoolId,
        actor_user_id: event.actorUserId ?? null,
        action: event.action,
        target_type: event.targetType ?? null,
        target_id: event.targetId ?? null,
        ip: event.ip ?? null,
        user_agent: event.userAgent ?? null,
        details: JSON.stringify(event.details ?? {}),
        idempotency_key: event.idempotencyKey ?? null,
      })),
    )
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
}

export interface AuditEventRow {
  id: string;
  action: string;
  actorUserId: string | null;
  actorName: string | null;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

/** A school's security log, newest first, with the actor's name where the actor is a user of that school. */
export async function listAuditEvents(
  db: Kysely<Database>,
  schoolId: string,
  page: { limit: number; offset: number; action?: string; targetId?: string },
): Promise<{ rows: AuditEventRow[]; total: number }> {
  let base = db.selectFrom('audit_events as a').where('a.school_id', '=', schoolId);
  if (page.action) base = base.where('a.action', '=', page.action);
  if (page.targetId) base = base.where('a.target_id', '=', page.targetId);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'a.actor_user_id').on('u.school_id', '=', schoolId))
      .select([
        'a.id',
        'a.action',
        'a.actor_user_id',
        'a.target_type',
        'a.target_id',
        'a.ip',
        'a.user_agent',
        'a.details',
        'a.created_at',
        'u.first_name',
        'u.last_name',
      ])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({
      id: String(r.id),
      action: r.action,
      actorUserId: r.actor_user_id,
      actorName: r.first_name ? `${r.first_name} ${r.last_name ?? ''}`.trim() : null,
      targetType: r.target_type,
      targetId: r.target_id,
      ip: r.ip,
      userAgent: r.user_agent,
      details: r.details,
      createdAt: r.created_at,
    })),
  };
}

/** Failed sign-ins for this e-mail from this address since `since`; the login limiter reads it. */
export async function countRecentLoginFailures(
  db: Kysely<Database>,
  email: string,
  ip: string | null,
  since: Date,
): Promise<number> {
  let q = db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('action', '=', 'auth.login_failed')
    .where(sql<string>`details->>'email'`, '=', email)
    .where('created_at', '>=', since);
  q = ip === null ? q.where('ip', 'is', null) : q.where('ip', '=', ip);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}
