import type { Transaction } from 'kysely';
import type { Database, TermName } from '../../migrations/database';

/** The 2026-2027 academic calendar of a typical semester school: fall, spring and a summer session. */
const TERMS: Array<{
  term: TermName;
  start: string;
  finals: string;
  end: string;
  vacations: Array<{ name: string; startDate: string; endDate: string }>;
}> = [
  {
    term: 'FALL',
    start: '2026-08-24',
    finals: '2026-12-07',
    end: '2026-12-16',
    vacations: [
      { name: 'Labor Day', startDate: '2026-09-07', endDate: '2026-09-07' },
      { name: 'Thanksgiving break', startDate: '2026-11-25', endDate: '2026-11-27' },
    ],
  },
  {
    term: 'SPRING',
    start: '2027-01-19',
    finals: '2027-05-03',
    end: '2027-05-12',
    vacations: [{ name: 'Spring break', startDate: '2027-03-15', endDate: '2027-03-19' }],
  },
  {
    term: 'SUMMER',
    start: '2027-06-01',
    finals: '2027-07-29',
    end: '2027-08-06',
    vacations: [{ name: 'Independence Day', startDate: '2027-07-05', endDate: '2027-07-05' }],
  },
];

export async function insertAcademicYear(trx: Transaction<Database>, schoolId: string): Promise<void> {
  const { id } = await trx
    .insertInto('academic_years')
    .values({ school_id: schoolId, start_year: 2026, end_year: 2027, is_current: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('academic_terms')
    .values(
      TERMS.map((t) => ({
        school_id: schoolId,
        academic_year_id: id,
        term: t.term,
        start_date: t.start,
        finals_start_date: t.finals,
        end_date: t.end,
        vacations: JSON.stringify(t.vacations),
      })),
    )
    .execute();
}
