import { EVENT_STATUS_LABELS } from '../../../../domain/calendar-events';
import { RECRUITING_EVENT_KINDS } from '../../../../domain/recruiting-events';
import { formatDate } from '../../shared/format';

export { EVENT_STATUS_LABELS, RECRUITING_EVENT_KINDS };

/** Dark enough for white text at WCAG AA. */
export const EVENT_STATUS_COLOURS = { PENDING: '#7a5000', APPROVED: '#237032', REJECTED: '#b02525' } as const;

export const kindLabel = (kind: string) => (RECRUITING_EVENT_KINDS as Record<string, string>)[kind] ?? 'Other';

/** "4 Dec 2026, 09:00–17:00" or "4 Dec 2026 09:00 – 5 Dec 2026 17:00" in the event's own time zone. */
export function eventWhen(e: { startDate: string; startTime: string; endDate: string; endTime: string }): string {
  if (e.startDate === e.endDate) return `${formatDate(e.startDate)}, ${e.startTime}–${e.endTime}`;
  return `${formatDate(e.startDate)} ${e.startTime} – ${formatDate(e.endDate)} ${e.endTime}`;
}
