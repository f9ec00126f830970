import type { Kysely, Transaction } from 'kysely';
import type { Database, TermName } from '../../migrations/database';
import type { TermInput } from './academic-years.schemas';

type Db = Kysely<Database> | Transaction<Database>;

export interface AcademicTermRow {
  id: string;
  term: TermName;
  startDate: string;
  finalsStartDate: string | null;
  endDate: string;
  vacations: Array<{ name: string; startDate: string; endDate: string }>;
}

export interface AcademicYearRow {
  id: string;
  startYear: number;
  endYear: number;
  isCurrent: boolean;
  createdAt: Date;
  terms: AcademicTermRow[];
}

const TERM_ORDER: Record<TermName, number> = { SUMMER: 0, FALL: 1, WINTER: 2, SPRING: 3 };

async function loadYears(db: Db, schoolId: string, yearId?: string): Promise<AcademicYearRow[]> {
  let q = db.selectFrom('academic_years').selectAll().where('school_id', '=', schoolId);
  if (yearId) q = q.where('id', '=', yearId);
  const years = await q.orderBy('start_year', 'desc').execute();
  if (years.length === 0) return [];
  const terms = await db
    .selectFrom('academic_terms')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where(
      'academic_year_id',
      'in',
      years.map((y) => y.id),
    )
    .execute();
  return years.map((y) => ({
    id: y.id,
    startYear: y.start_year,
    endYear: y.end_year,
    isCurrent: y.is_current,
    createdAt: y.created_at,
    terms: terms
      .filter((t) => t.academic_year_id === y.id)
      .sort((a, b) => a.start_date.localeCompare(b.start_date) || TERM_ORDER[a.term] - TERM_ORDER[b.term])
      .map((t) => ({
        id: t.id,
        term: t.term,
        startDate: t.start_date,
        finalsStartDate: t.finals_start_date,
        endDate: t.end_date,
        vacations: t.vacations,
      })),
  }));
}

export async function listAcademicYears(db: Db, schoolId: string): Promise<AcademicYearRow[]> {
  return loadYears(db, schoolId);
}

export async function findAcademicYear(db: Db, schoolId: string, yearId: string): Promise<AcademicYearRow | null> {
  return (await loadYears(db, schoolId, yearId))[0] ?? null;
}

export async function insertAcademicYear(
  db: Db,
  schoolId: string,
  year: { startYear: number; endYear: number },
): Promise<string> {
  const row = await db
    .insertInto('academic_years')
    .values({ school_id: schoolId, start_year: year.startYear, end_year: year.endYear })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function replaceAcademicTerms(
  db: Db,
  schoolId: string,
  yearId: string,
  terms: readonly TermInput[],
): Promise<void> {
  await db
    .deleteFrom('academic_terms')
    .where('school_id', '=', schoolId)
    .where('academic_year_id', '=', yearId)
    .execute();
  if (terms.length === 0) return;
  await db
    .insertInto('academic_terms')
    .values(
      terms.map((t) => ({
        school_id: schoolId,
        academic_year_id: yearId,
        term: t.term,
        start_date: t.startDate,
        finals_start_date: t.finalsStartDate ?? null,
        end_date: t.endDate,
        vacations: JSON.stringify(t.vacations ?? []),
      })),
    )
    .execute();
}

/** Exactly one current year per school: setting one clears the others in the same transaction. */
export async function markCurrentAcademicYear(
  db: Db,
  schoolId: string,
  yearId: string,
  current: boolean,
): Promise<void> {
  if (current) {
    await db
      .updateTable('academic_years')
      .set({ is_current: false })
      .where('school_id', '=', schoolId)
      .where('id', '!=', yearId)
      .execute();
  }
  await db
    .updateTable('academic_years')
    .set({ is_current: current })
    .where('school_id', '=', schoolId)
    .where('id', '=', yearId)
    .execute();
}
