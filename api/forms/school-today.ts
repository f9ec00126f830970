import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';

/**
 * The form-filling date: today as YYYY-MM-DD in the school's time zone (spec part 2 §9), so an 18th birthday
 * counts from local midnight at the school, not from UTC.
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
  } catch {
    zone = 'UTC'; // an unknown zone in old data must not break filling in forms
  }
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export async function findSchoolToday(db: Kysely<Database>, schoolId: string, now?: Date): Promise<string> {
  const school = await db.selectFrom('schools').select('time_zone').where('id', '=', schoolId).executeTakeFirst();
  return todayIn(school?.time_zone ?? 'UTC', now);
}
