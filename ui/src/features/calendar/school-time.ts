import { floatingToInstant, gmtLabel, instantToFloating } from '../../../../domain/calendar-events';

/**
 * FullCalendar without a named-zone plugin knows only the browser's zone and UTC. The calendar runs in UTC and is
 * given each instant as the school's wall clock written as UTC ("floating"), so a 3:30 PM Central practice is drawn
 * at 3:30 PM in any browser; what FullCalendar hands back (a drag, the visible range, now) is turned back the same way.
 */

/** An instant (ISO) as the school's wall clock, in the UTC form the calendar draws. */
export function toCalendarClock(iso: string, zone: string): string {
  return instantToFloating(new Date(iso), zone).toISOString();
}

/** A date the calendar hands back (the school's wall clock as UTC) as the instant it means. */
export function fromCalendarClock(floating: Date, zone: string): Date {
  return floatingToInstant(floating, zone);
}

/** "Times in America/Chicago (GMT -06:00)": how the calendar says which zone its times are in. */
export function schoolTimeNote(zone: string, at: Date = new Date()): string {
  return `Times in ${zone.replace(/_/g, ' ')} (${gmtLabel(zone, at)})`;
}
