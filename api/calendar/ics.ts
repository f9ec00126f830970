import ical, { ICalCalendarMethod } from 'ical-generator';
import {
  CARA_CATEGORY_LABELS,
  EVENT_CATEGORY_LABELS,
  type CaraCategory,
  type EventCategory,
} from '../../domain/calendar-events';
import type { OccurrenceDto } from './events.schemas';

/**
 * iCalendar (RFC 5545) text for occurrences: one VEVENT each, in UTC, with a UID stable per occurrence (the series
 * id and the occurrence's original start), so a calendar that imports it again updates instead of duplicating.
 */
export function toICalendar(name: string, occurrences: readonly OccurrenceDto[], publicUrl: string): string {
  const calendar = ical({ name, prodId: { company: 'Athletics Compliance', product: 'Calendar', language: 'EN' } });
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
