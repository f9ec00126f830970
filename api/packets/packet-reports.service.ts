import { sql, type RawBuilder } from 'kysely';
import {
  COMPLETED_STATUSES,
  completionRate,
  fillBuckets,
  reportRange,
  type BucketCounts,
  type ReportPeriod,
} from '../../domain/packet-reports';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '../../domain/packets';
import type { Actor, CoreDeps } from '../shared/use-case';
import type { PacketReport } from './packets.schemas';
import { isSchoolAdmin } from './packets.service';

/**
 * Reports, "Big Picture" (spec part 1): per period, packets created, packets sent to recipients, submissions
 * completed, the status breakdown, average turnaround (sent → completed) and completion rate, with the counts per
 * week or month for the charts. A handful of aggregate queries, each tenant-scoped and bounded by the period, so the
 * answer does not depend on how many rows a school keeps. School admins see the school; other staff see the packets
 * they own or edit and what they sent (the same scope as the Sent screen).
 */
const COMPLETED = sql.join(COMPLETED_STATUSES.map((s) => sql.lit(s)));
const OPEN = sql.join(['PENDING', 'SUBMITTED', 'RESUBMITTED', 'CHANGE_REQUESTED'].map((s) => sql.lit(s)));

/** The visibility clause over `sp` (sent packet, may be null-safe) and `p` (packet) aliases. */
function scope(actor: Actor, withSender: boolean): RawBuilder<boolean> {
  if (isSchoolAdmin(actor)) return sql<boolean>`true`;
  const me = actor.userId;
  return withSender
    ? sql<boolean>`(sp.sent_by = ${me} or p.owner_id = ${me} or p.editor_ids ? ${me})`
    : sql<boolean>`(p.owner_id = ${me} or p.editor_ids ? ${me})`;
}

/** The report of the period ending now, as the actor may see it. */
export async function loadPacketReport(deps: CoreDeps, actor: Actor, period: ReportPeriod) {
  const { db } = deps;
  const { from, to, unit } = reportRange(period, deps.now());
  const schoolId = actor.schoolId;
  const unitSql = sql.lit(unit);
  const bucket = (column: RawBuilder<unknown>) =>
    sql<string>`to_char(date_trunc(${unitSql}, ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;

  // Three passes: packets built; the submissions of the period's sends (per bucket and status); the submissions
  // completed in the period (per bucket, with their summed turnaround).
  const [created, sentSide, completedSide, sends] = await Promise.all([
    sql<{ bucket: string; n: string }>`
      select ${bucket(sql`p.created_at`)} as bucket, count(*) as n
      from packets p
      where p.school_id = ${schoolId} and p.created_at >= ${from} and p.created_at <= ${to} and ${scope(actor, false)}
      group by 1`.execute(db),
    sql<{ bucket: string; status: SubmissionStatus | 'EXPIRED'; n: string; completed: string }>`
      select ${bucket(sql`sp.sent_at`)} as bucket,
        case when s.expired_at is not null and s.status in (${OPEN}) then 'EXPIRED' else s.status end as status,
        count(*) as n,
        count(*) filter (where s.status in (${COMPLETED})) as completed
      from sent_packets sp
      join packets p on p.id = sp.packet_id and p.school_id = sp.school_id
      join packet_submissions s on s.sent_packet_id = sp.id and s.school_id = sp.school_id
      where sp.school_id = ${schoolId} and sp.sent_at >= ${from} and sp.sent_at <= ${to} and ${scope(actor, true)}
      group by 1, 2`.execute(db),
    sql<{ bucket: string; n: string; hours: string }>`
      select ${bucket(sql`s.completed_at`)} as bucket, count(*) as n,
        sum(extract(epoch from (s.completed_at - sp.sent_at)) / 3600) as hours
      from packet_submissions s
      join sent_packets sp on sp.id = s.sent_packet_id and sp.school_id = s.school_id
      join packets p on p.id = sp.packet_id and p.school_id = sp.school_id
      where s.school_id = ${schoolId} and s.status in (${COMPLETED})
        and s.completed_at >= ${from} and s.completed_at <= ${to} and ${scope(actor, true)}
      group by 1`.execute(db),
    sql<{ n: string }>`
      select count(*) as n from sent_packets sp join packets p on p.id = sp.packet_id and p.school_id = sp.school_id
      where sp.school_id = ${schoolId} and sp.sent_at >= ${from} and sp.sent_at <= ${to} and ${scope(actor, true)}`.execute(
      db,
    ),
  ]);

  const rows: Array<{ bucket: string; metric: keyof BucketCounts; n: string }> = [
    ...created.rows.map((r) => ({ ...r, metric: 'created' as const })),
    ...sentSide.rows.map((r) => ({ bucket: r.bucket, n: r.n, metric: 'sent' as const })),
    ...completedSide.rows.map((r) => ({ bucket: r.bucket, n: r.n, metric: 'completed' as const })),
  ];
  const counts = new Map<string, number>();
  for (const r of sentSide.rows) counts.set(r.status, (counts.get(r.status) ?? 0) + Number(r.n));
  const completedOfSent = sentSide.rows.reduce((n, r) => n + Number(r.completed), 0);
  const completedCount = completedSide.rows.reduce((n, r) => n + Number(r.n), 0);
  const completedHours = completedSide.rows.reduce((n, r) => n + Number(r.hours), 0);
  const series = fillBuckets(from, to, unit, rows);
  const byStatus = [...SUBMISSION_STATUSES, 'EXPIRED' as const]
    .map((status) => ({ status, count: counts.get(status) ?? 0 }))
    .filter((b) => b.count > 0);
  const sentTotal = series.reduce((n, b) => n + b.sent, 0);
  const avgHours = completedCount === 0 ? null : Math.round((completedHours / completedCount) * 10) / 10;
  return {
    period,
    unit,
    from: from.toISOString(),
    to: to.toISOString(),
    totals: {
      created: series.reduce((n, b) => n + b.created, 0),
      sends: Number(sends.rows[0]!.n),
      sent: sentTotal,
      completed: series.reduce((n, b) => n + b.completed, 0),
      averageTurnaroundHours: avgHours,
      completionRate: completionRate(completedOfSent, sentTotal, counts.get('VOIDED') ?? 0),
    },
    byStatus,
    series,
  } satisfies PacketReport;
}
