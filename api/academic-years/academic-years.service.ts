import type { Static } from 'typebox';
import type { Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import type { Database } from '../../migrations/database';
import {
  findAcademicYear,
  insertAcademicYear,
  markCurrentAcademicYear,
  replaceAcademicTerms,
  type AcademicYearRow,
} from './academic-years.repository';
import type { AcademicYearDto, CreateAcademicYearBody, UpdateAcademicYearBody } from './academic-years.schemas';
import { validateTerms } from './validate-terms';

export function toAcademicYearDto(row: AcademicYearRow): AcademicYearDto {
  return {
    id: row.id,
    startYear: row.startYear,
    endYear: row.endYear,
    label: `${row.startYear}-${row.endYear}`,
    isCurrent: row.isCurrent,
    terms: row.terms,
    createdAt: row.createdAt.toISOString(),
  };
}

function duplicateYear(err: unknown): AppError | null {
  if ((err as { code?: unknown } | null)?.code !== '23505') return null;
  return new AppError('ALREADY_EXISTS', [{ field: 'startYear', message: 'This academic year already exists.' }]);
}

export async function createAcademicYear(
  db: Kysely<Database>,
  schoolId: string,
  body: Static<typeof CreateAcademicYearBody>,
): Promise<AcademicYearRow> {
  const endYear = body.endYear ?? body.startYear + 1;
  if (endYear !== body.startYear + 1) {
    throw new AppError('VALIDATION_FAILED', [
      { field: 'endYear', message: 'An academic year ends the year after it starts.' },
    ]);
  }
  const terms = body.terms ?? [];
  const problems = validateTerms(body.startYear, terms);
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', problems);
  const id = await db
    .transaction()
    .execute(async (trx) => {
      const yearId = await insertAcademicYear(trx, schoolId, { startYear: body.startYear, endYear });
      await replaceAcademicTerms(trx, schoolId, yearId, terms);
      if (body.isCurrent) await markCurrentAcademicYear(trx, schoolId, yearId, true);
      return yearId;
    })
    .catch((err: unknown) => {
      throw duplicateYear(err) ?? err;
    });
  return (await findAcademicYear(db, schoolId, id))!;
}

export async function updateAcademicYear(
  db: Kysely<Database>,
  schoolId: string,
  yearId: string,
  body: Static<typeof UpdateAcademicYearBody>,
): Promise<AcademicYearRow> {
  const existing = await findAcademicYear(db, schoolId, yearId);
  if (!existing) throw new AppError('NOT_FOUND');
  if (body.terms) {
    const problems = validateTerms(existing.startYear, body.terms);
    if (problems.length > 0) throw new AppError('VALIDATION_FAILED', problems);
  }
  await db.transaction().execute(async (trx) => {
    if (body.terms) await replaceAcademicTerms(trx, schoolId, yearId, body.terms);
    if (body.isCurrent !== undefined) await markCurrentAcademicYear(trx, schoolId, yearId, body.isCurrent);
  });
  return (await findAcademicYear(db, schoolId, yearId))!;
}
