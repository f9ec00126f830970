import type { Kysely } from 'kysely';
import type { PersonData } from '../../form-engine/prepopulate';
import type { Database } from '../../migrations/database';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * What the platform knows about a person for "pre-populate with system data": name from the account, sport from
 * their team (athlete or staff profile), student id, date of birth and academic standing from the athlete profile.
 * Absent values stay absent, so prepopulate() leaves those fields for the person to fill in.
 */
export async function findPersonData(db: Kysely<Database>, schoolId: string, userId: string): Promise<PersonData> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('athlete_profiles as a', (j) => j.onRef('a.user_id', '=', 'u.id').on('a.school_id', '=', schoolId))
    .leftJoin('staff_profiles as s', (j) => j.onRef('s.user_id', '=', 'u.id').on('s.school_id', '=', schoolId))
    .leftJoin('sport_teams as at', (j) => j.onRef('at.id', '=', 'a.sport_team_id').on('at.school_id', '=', schoolId))
    .leftJoin('sport_teams as st', (j) => j.onRef('st.id', '=', 's.sport_team_id').on('st.school_id', '=', schoolId))
    .select([
      'u.first_name',
      'u.middle_name',
      'u.last_name',
      'a.student_id_number',
      'a.date_of_birth',
      'a.class_year',
      'a.data',
      'at.sport as athlete_sport',
      'st.sport as staff_sport',
    ])
    .where('u.school_id', '=', schoolId)
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return {};
  const sports = [...new Set([row.athlete_sport, row.staff_sport].map(text).filter((s) => s !== undefined))];
  const person: PersonData = {};
  const set = <K extends keyof PersonData>(key: K, value: PersonData[K] | undefined) => {
    if (value !== undefined) person[key] = value;
  };
  set('prefix', text(row.data?.prefix));
  set('firstName', text(row.first_name));
  set('middleName', text(row.middle_name));
  set('lastName', text(row.last_name));
  if (sports.length > 0) person.sports = sports;
  set('studentId', text(row.student_id_number));
  set('dateOfBirth', text(row.date_of_birth));
  set('academicStanding', text(row.class_year));
  return person;
}
