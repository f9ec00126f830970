import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import ical, { ICalCalendarMethod } from 'ical-generator';
import {
  CARA_CATEGORY_LABELS,
  EVENT_CATEGORY_LABELS,
  floatingToInstant,
  instantToLocal,
  type CaraCategory,
  type EventCategory,
} from '../../domain/calendar-events';
import type { EventRow } from './events.repository';
import type { OccurrenceDto } from './events.schemas';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * A TEXT value as RFC 5545 §3.3.11 writes it: backslash, semicolon and comma escaped, every line break as `\n`,
 * other control characters dropped. ical-generator does this for an event's SUMMARY, DESCRIPTION and LOCATION but
 * writes the calendar's NAME and X-WR-CALNAME raw, so a CR/LF in a name added properties of its own (issue 36).
 */
export function escapeIcsText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
  );
}

/**
 * iCalendar (RFC 5545) text for occurrences: one VEVENT each, in UTC, with a UID stable per occurrence (the series
 * id and the occurrence's original start), so a calendar that imports it again updates instead of duplicating.
 */
export function toICalendar(name: string, occurrences: readonly OccurrenceDto[], publicUrl: string): string {
  const calendar = ical({
    name: escapeIcsText(name),
    prodId: { company: 'Athletics Compliance', product: 'Calendar', language: 'EN' },
  });
  calendar.method(ICalCalendarMethod.PUBLISH);
  for (const o of occurrences) {
    const kind = [
      EVENT_CATEGORY_LABELS[o.category as EventCategory] ?? o.category,
      o.caraCategory ? CARA_CATEGORY_LABELS[o.caraCategory as CaraCategory] : null,
    ]
      .filter(Boolean)
      .join(', ');
    calendar.createEvent({
      id: `${o.id}-${o.occurrenceStart.replace(/[^0-9TZ]/g, '')}@athletics-compliance`,
      start: new Date(o.start),
      end: new Date(o.end),
      summary: o.name,
      description: `${o.sportTeamName} · ${kind}`,
      location: o.location ?? undefined,
      url: `${publicUrl}/adminCalendar`,
    });
  }
  return calendar.toString();
}

/** A local wall-clock time in a zone as iCalendar's `YYYYMMDDTHHMMSS`. */
function localStamp(at: Date, zone: string): string {
  const { date, time } = instantToLocal(at, zone);
  return `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;
}

/** The RRULE of a stored (floating-UNTIL) rule with UNTIL made UTC, as RFC 5545 asks once DTSTART has a TZID. */
function utcRRule(rrule: string, zone: string): string {
  // FREQ first: the standard allows any order, but some calendar apps read only rules that start with it.
  const parts = rrule.split(';');
  const ordered = [...parts.filter((p) => p.startsWith('FREQ=')), ...parts.filter((p) => !p.startsWith('FREQ='))];
  return ordered.join(';').replace(/UNTIL=(\d{8}T\d{6})Z?/, (_m, floating: string) => {
    const iso = `${floating.slice(0, 4)}-${floating.slice(4, 6)}-${floating.slice(6, 8)}T${floating.slice(9, 11)}:${floating.slice(11, 13)}:${floating.slice(13, 15)}Z`;
    const instant = floatingToInstant(new Date(iso), zone);
    return `UNTIL=${instant
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '')}`;
  });
}

const feedUid = (id: string) => `${id}@athletics-compliance`;

/**
 * A person's feed: each series once, in its own time zone, with its RRULE (so 4 pm stays 4 pm across daylight
 * saving), EXDATE for occurrences cut out, and each occurrence edited on its own as an override carrying the
 * series' UID and RECURRENCE-ID (its original start), which is how calendar apps expect a moved occurrence.
 */
export function feedICalendar(name: string, rows: readonly EventRow[], publicUrl: string): string {
  const calendar = ical({
    name: escapeIcsText(name),
    prodId: { company: 'Athletics Compliance', product: 'Calendar feed', language: 'EN' },
    ttl: 60 * 60,
  });
  calendar.method(ICalCalendarMethod.PUBLISH);
  const ids = new Set(rows.map((r) => r.id));
  const overrides = new Map<string, Set<number>>();
  for (const r of rows)
    if (r.series_id && r.recurrence_start && !r.rrule && ids.has(r.series_id)) {
      const set = overrides.get(r.series_id) ?? new Set<number>();
      set.add(r.recurrence_start.getTime());
      overrides.set(r.series_id, set);
    }
  for (const row of rows) {
    const zone = row.time_zone;
    const isOverride = !!(row.series_id && row.recurrence_start && !row.rrule && ids.has(row.series_id));
    const kind = [
      EVENT_CATEGORY_LABELS[row.category as EventCategory] ?? row.category,
      row.cara_category ? CARA_CATEGORY_LABELS[row.cara_category as CaraCategory] : null,
    ]
      .filter(Boolean)
      .join(', ');
    let repeating: string | null = null;
    if (row.rrule) {
      const overridden = overrides.get(row.id) ?? new Set<number>();
      const exdates = row.exdates.filter((iso) => !overridden.has(Date.parse(iso)));
      repeating = [
        `RRULE:${utcRRule(row.rrule, zone)}`,
        ...(exdates.length
          ? [`EXDATE;TZID=${zone}:${exdates.map((iso) => localStamp(new Date(iso), zone)).join(',')}`]
          : []),
      ].join('\n');
    }
    calendar.createEvent({
      id: feedUid(isOverride ? row.series_id! : row.id),
      start: dayjs(row.starts_at).tz(zone),
      end: dayjs(row.ends_at).tz(zone),
      timezone: zone,
      ...(isOverride ? { recurrenceId: dayjs(row.recurrence_start!).tz(zone) } : {}),
      ...(repeating ? { repeating } : {}),
      sequence: Math.floor(row.updated_at.getTime() / 1000) - Math.floor(row.created_at.getTime() / 1000),
      lastModified: row.updated_at,
      summary: row.name,
      description: [`${row.team_name} · ${kind}`, row.notes ?? ''].filter(Boolean).join('\n\n'),
      location: row.location ?? undefined,
      url: `${publicUrl}/adminCalendar`,
    });
  }
  return calendar.toString();
}
