/**
 * Packet reports ("Big Picture", spec part 1: created, completed, sent, breakdown, turnaround, completion rate) as
 * pure functions: the periods, their time buckets, and filling SQL's sparse per-bucket counts into a full series.
 * Buckets are in UTC; weeks start on Monday (PostgreSQL's `date_trunc('week', …)`), months on the 1st.
 */

export const REPORT_PERIODS = ['4W', '3M', '12M'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export type BucketUnit = 'week' | 'month';

export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  '4W': 'Last 4 weeks',
  '3M': 'Last 3 months',
  '12M': 'Last 12 months',
};

/** 4 weeks and 3 months are shown per week; 12 months per month. */
export const REPORT_BUCKET_UNIT: Record<ReportPeriod, BucketUnit> = { '4W': 'week', '3M': 'week', '12M': 'month' };

/** Statuses that count as a completed submission (the packet went through its whole workflow). */
export const COMPLETED_STATUSES = ['APPROVED', 'AUTO_APPROVED'] as const;

const DAY = 86_400_000;

/** Start of the UTC day. */
function utcDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/** The bucket a moment falls in: Monday 00:00 UTC of its week, or the 1st of its month. */
export function bucketStart(at: Date, unit: BucketUnit): Date {
  if (unit === 'month') return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const day = utcDay(at);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY);
}

/**
 * The period's range, aligned to whole buckets so the first bar is not a partial one: from the start of the bucket
 * holding (now − period) to now. 4 weeks → 28 days back; 3 months and 12 months → calendar months back.
 */
export function reportRange(period: ReportPeriod, now: Date): { from: Date; to: Date; unit: BucketUnit } {
  const unit = REPORT_BUCKET_UNIT[period];
  let back: Date;
  if (period === '4W') back = new Date(utcDay(now).getTime() - 27 * DAY);
  else {
    const months = period === '3M' ? 3 : 11;
    back = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, now.getUTCDate()));
  }
  return { from: bucketStart(back, unit), to: now, unit };
}

/** Every bucket start from `from` up to and including the bucket holding `to`. */
export function bucketStarts(from: Date, to: Date, unit: BucketUnit): Date[] {
  const out: Date[] = [];
  let cur = bucketStart(from, unit);
  const last = bucketStart(to, unit).getTime();
  while (cur.getTime() <= last) {
    out.push(cur);
    cur =
      unit === 'week'
        ? new Date(cur.getTime() + 7 * DAY)
        : new Date(Date.UTC(cur.getUTCFullYear(), cur.getUTCMonth() + 1, 1));
  }
  return out;
}

/** The bucket's key: its start date, `YYYY-MM-DD`. */
export function bucketKey(start: Date): string {
  return start.toISOString().slice(0, 10);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A short axis label: "Nov 16" for a week, "Nov 2026" for a month. */
export function bucketLabel(start: Date, unit: BucketUnit): string {
  const month = MONTHS[start.getUTCMonth()]!;
  return unit === 'week' ? `${month} ${start.getUTCDate()}` : `${month} ${start.getUTCFullYear()}`;
}

export interface BucketCounts {
  created: number;
  sent: number;
  completed: number;
}
export interface ReportBucket extends BucketCounts {
  start: string;
  label: string;
}

/**
 * A full series over the range: one entry per bucket in order, zero where SQL returned nothing. `rows` carry the
 * bucket start (as SQL's date_trunc gave it) and one count; rows outside the range are ignored.
 */
export function fillBuckets(
  from: Date,
  to: Date,
  unit: BucketUnit,
  rows: ReadonlyArray<{ bucket: Date | string; metric: keyof BucketCounts; n: number | string }>,
): ReportBucket[] {
  const series = bucketStarts(from, to, unit).map<ReportBucket>((start) => ({
    start: bucketKey(start),
    label: bucketLabel(start, unit),
    created: 0,
    sent: 0,
    completed: 0,
  }));
  const byKey = new Map(series.map((b) => [b.start, b]));
  for (const row of rows) {
    const at = typeof row.bucket === 'string' ? new Date(row.bucket) : row.bucket;
    const bucket = byKey.get(bucketKey(bucketStart(at, unit)));
    if (bucket) bucket[row.metric] += Number(row.n);
  }
  return series;
}

/** Completed out of sent (voided ones left out, since nobody could complete them), as a whole percentage. */
export function completionRate(completed: number, sent: number, voided: number): number | null {
  const denominator = sent - voided;
  if (denominator <= 0) return null;
  return Math.round((Math.min(completed, denominator) / denominator) * 1000) / 10;
}
