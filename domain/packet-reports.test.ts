import { describe, expect, it } from 'vitest';
import { bucketStart, bucketStarts, completionRate, fillBuckets, reportRange } from './packet-reports';

// fixed-date fixture: buckets and ranges are computed from the instants and now they are given.

const at = (iso: string) => new Date(iso);

describe('packet report buckets', () => {
  it('puts a moment in the Monday of its UTC week, or the 1st of its month', () => {
    // 2026-11-23 is a Monday; 2026-11-22 a Sunday.
    expect(bucketStart(at('2026-11-23T00:00:00Z'), 'week').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(bucketStart(at('2026-11-22T23:59:59Z'), 'week').toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(bucketStart(at('2026-11-29T12:00:00Z'), 'week').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(bucketStart(at('2026-02-28T23:00:00Z'), 'month').toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });

  it('covers the last 4 weeks in 5 weekly buckets at most, aligned to Mondays', () => {
    const now = at('2026-11-25T10:00:00Z'); // a Wednesday
    const range = reportRange('4W', now);
    expect(range.unit).toBe('week');
    expect(range.from.toISOString()).toBe('2026-10-26T00:00:00.000Z');
    const starts = bucketStarts(range.from, range.to, range.unit).map((d) => d.toISOString().slice(0, 10));
    expect(starts).toEqual(['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23']);
  });

  it('covers 3 months per week and 12 months per calendar month, across a year end', () => {
    const now = at('2027-01-15T00:00:00Z');
    const three = reportRange('3M', now);
    expect(three.unit).toBe('week');
    expect(bucketStarts(three.from, three.to, 'week')).toHaveLength(14);
    const twelve = reportRange('12M', now);
    const months = bucketStarts(twelve.from, twelve.to, 'month').map((d) => d.toISOString().slice(0, 7));
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2026-02');
    expect(months[11]).toBe('2027-01');
  });

  it('fills sparse counts into a full series with zeros, ignoring rows outside the range', () => {
    const now = at('2026-11-25T10:00:00Z');
    const { from, to, unit } = reportRange('4W', now);
    const series = fillBuckets(from, to, unit, [
      { bucket: '2026-11-16T00:00:00Z', metric: 'sent', n: '3' },
      { bucket: at('2026-11-18T09:00:00Z'), metric: 'sent', n: 2 },
      { bucket: '2026-11-23T00:00:00Z', metric: 'completed', n: 4 },
      { bucket: '2026-10-01T00:00:00Z', metric: 'created', n: 9 },
    ]);
    expect(series).toHaveLength(5);
    expect(series.map((b) => b.sent)).toEqual([0, 0, 0, 5, 0]);
    expect(series.map((b) => b.completed)).toEqual([0, 0, 0, 0, 4]);
    expect(series.every((b) => b.created === 0)).toBe(true);
    expect(series[3]!.label).toBe('Nov 16');
    const monthly = fillBuckets(at('2026-01-01T00:00:00Z'), at('2026-02-10T00:00:00Z'), 'month', []);
    expect(monthly.map((b) => b.label)).toEqual(['Jan 2026', 'Feb 2026']);
  });

  it('computes the completion rate over what could still be completed', () => {
    expect(completionRate(3, 10, 0)).toBe(30);
    expect(completionRate(3, 10, 4)).toBe(50);
    expect(completionRate(1, 3, 0)).toBe(33.3);
    expect(completionRate(0, 2, 2)).toBeNull();
    expect(completionRate(0, 0, 0)).toBeNull();
  });
});
