import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';

/**
 * The form-filling date: today as YYYY-MM-DD in the school's time zone (spec part 2 §9), so an 18th birthday
 * counts from local midnight at the school, not from UTC.
 */
/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      // An unknown zone in old data must not break filling in forms.
      formatter = formatterFor('UTC');
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = formatterFor(timeZone).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export async function findSchoolToday(db: Kysely<Database>, schoolId: string, now?: Date): Promise<string> {
  const school = await db.selectFrom('schools').select('time_zone').where('id', '=', schoolId).executeTakeFirst();
  return todayIn(school?.time_zone ?? 'UTC', now);
}

/** Today at the signed-in user's school: its time zone came with the session, so no query. */
export function schoolTodayOf(auth: { school: { timeZone: string } }, now?: Date): string {
  return todayIn(auth.school.timeZone, now);
}
