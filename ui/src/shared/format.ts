const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * The zone times are shown in when a screen names none: the signed-in person's school's, set from the session
 * (`rememberSchoolZone`). Before sign-in (public links) it is the viewer's own.
 */
let schoolZone: string | undefined;

/** Sets the zone every unqualified time is shown in; the session calls it with the school's zone. */
export function rememberSchoolZone(timeZone: string | null | undefined): void {
  schoolZone = timeZone ?? undefined;
}

/** The school's zone once signed in, else the viewer's own. */
export function displayZone(): string {
  return schoolZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * A UTC timestamp from the API in a zone, naming it: "Dec 2, 2026, 9:30 AM CST". Without a zone it is the school's
 * (see `rememberSchoolZone`), so every screen shows the school's time, wherever the viewer is.
 */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  timeZone ??= displayZone();
  return new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  })
    .format(date)
    .concat(' ', zoneName(date, timeZone));
}

/** A time zone as people name it, for a screen's "times in …" note: 'America/Chicago' → 'Central Time'. */
export function zoneLabel(timeZone: string): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

function zoneName(date: Date, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** An ISO YYYY-MM-DD date; formatted in UTC so the calendar day never shifts with the viewer's time zone. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : dateOnly.format(date);
}

const clock = new Intl.DateTimeFormat(undefined, { timeStyle: 'short', timeZone: 'UTC' });

/** A wall-clock time ("15:30", or the time part of "2026-11-09T15:30") as the viewer's locale writes it: "3:30 PM". */
export function formatClock(value: string): string {
  const hhmm = value.length > 5 ? value.slice(11, 16) : value;
  const date = new Date(`1970-01-01T${hhmm}:00Z`);
  return Number.isNaN(date.getTime()) ? value : clock.format(date);
}

/** "3 minutes ago" style text for recent events, falling back to the date for older ones. */
export function formatRelative(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (Number.isNaN(seconds)) return value;
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  if (days < 7) return `${days} day${days === 1 ? '' : 's'} ago`;
  return formatDateTime(value);
}

/** Readable label from an enum value: 'HEAD_COACH' → 'Head coach'. */
export function humanize(value: string | null | undefined): string {
  if (!value) return '—';
  const words = value.replace(/[_-]+/g, ' ').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
