import { Type, type Static } from 'typebox';
import { TERM_NAMES } from '../../domain/academic-years';
import { IsoDate, Nullable, SingleLine, Timestamp } from '../shared/schemas';

const Vacation = Type.Object({
  name: SingleLine({ minLength: 1, maxLength: 100 }),
  startDate: IsoDate,
  endDate: IsoDate,
});

export const TermInput = Type.Object({
  term: Type.Enum(TERM_NAMES),
  startDate: IsoDate,
  finalsStartDate: Type.Optional(Nullable(IsoDate)),
  endDate: IsoDate,
  vacations: Type.Optional(Type.Array(Vacation, { maxItems: 20 })),
});
export type TermInput = Static<typeof TermInput>;

export const TermDto = Type.Object({
  id: Type.String(),
  term: Type.Enum(TERM_NAMES),
  startDate: Type.String(),
  finalsStartDate: Nullable(Type.String()),
  endDate: Type.String(),
  vacations: Type.Array(Vacation),
});

export const AcademicYearDto = Type.Object({
  id: Type.String(),
  startYear: Type.Integer(),
  endYear: Type.Integer(),
  /** The year range as shown, e.g. "2026-2027". */
  label: Type.String(),
  isCurrent: Type.Boolean(),
  terms: Type.Array(TermDto),
  createdAt: Timestamp,
});
export type AcademicYearDto = Static<typeof AcademicYearDto>;

const Year = Type.Integer({ minimum: 2000, maximum: 2100 });
const Terms = Type.Array(TermInput, { maxItems: 4 });

export const CreateAcademicYearBody = Type.Object({
  startYear: Year,
  endYear: Type.Optional(Year),
  isCurrent: Type.Optional(Type.Boolean()),
  terms: Type.Optional(Terms),
});

export const UpdateAcademicYearBody = Type.Object({
  isCurrent: Type.Optional(Type.Boolean()),
  /** Replaces every term of the year. */
  terms: Type.Optional(Terms),
});

export const AcademicYearList = Type.Object({ items: Type.Array(AcademicYearDto) });
