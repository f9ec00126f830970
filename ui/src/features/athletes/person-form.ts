import { ACADEMIC_STANDING_LABELS, AID_TYPES, ENROLLMENT_TERMS, RESIDENCY_STATUSES } from '../../../../domain/athletes';
import { athleteInputProblems } from '../../../../domain/athlete-validation';
import { ERRORS } from '../../../../domain/errors';
import { humanize } from '../../shared/format';

/** The spec's person form keys (part 1 §3) that apply to a student-athlete, grouped as the form shows them. */
export type PersonFieldKind = 'text' | 'email' | 'tel' | 'date' | 'year' | 'select' | 'team';

export interface PersonField {
  key: string;
  label: string;
  kind: PersonFieldKind;
  required?: boolean;
  options?: Array<{ value: string; label: string }>;
  placeholder?: string;
}

export interface PersonSection {
  title: string;
  fields: PersonField[];
}

const opts = (...pairs: Array<[string, string]>) => pairs.map(([value, label]) => ({ value, label }));
/** A label record as select options. */
export const fromRecord = (record: Record<string, string>) =>
  Object.entries(record).map(([value, label]) => ({ value, label }));
const TERMS = ENROLLMENT_TERMS.map((t) => ({ value: t, label: humanize(t) }));

export const ATHLETE_FORM: PersonSection[] = [
  {
    title: 'Personal details',
    fields: [
      { key: 'firstName', label: 'First name', kind: 'text', required: true },
      { key: 'middleName', label: 'Middle name', kind: 'text' },
      { key: 'lastName', label: 'Last name', kind: 'text', required: true },
      { key: 'email', label: 'Email', kind: 'email', required: true },
      { key: 'phoneNumber', label: 'Phone number', kind: 'tel', placeholder: '10 digits' },
      { key: 'dateOfBirth', label: 'Date of birth', kind: 'date' },
      {
        key: 'gender',
        label: 'Gender',
        kind: 'select',
        options: opts(['MALE', 'Male'], ['FEMALE', 'Female'], ['OTHER', 'Other']),
      },
    ],
  },
  {
    title: 'Athletics',
    fields: [
      { key: 'sportTeamId', label: 'Sport team', kind: 'team' },
      { key: 'sport', label: 'Sport', kind: 'text' },
      { key: 'position', label: 'Position', kind: 'text' },
    ],
  },
  {
    title: 'Academics',
    fields: [
      { key: 'studentIdNumber', label: 'Student ID number', kind: 'text' },
      {
        key: 'class',
        label: 'Class (academic standing)',
        kind: 'select',
        options: fromRecord(ACADEMIC_STANDING_LABELS),
      },
      { key: 'major', label: 'Major', kind: 'text' },
      { key: 'residencyStatus', label: 'Residency status', kind: 'select', options: fromRecord(RESIDENCY_STATUSES) },
      { key: 'aidStatus', label: 'Aid status', kind: 'select', options: fromRecord(AID_TYPES) },
      { key: 'enrollmentTerm', label: 'Enrollment term', kind: 'select', options: TERMS },
      { key: 'enrollmentYear', label: 'Enrollment year', kind: 'year' },
      { key: 'graduationYear', label: 'Graduation year', kind: 'year' },
      {
        key: 'enrollmentTermForThisInstitution',
        label: 'Enrollment term at this institution',
        kind: 'select',
        options: TERMS,
      },
      { key: 'enrollmentYearForThisInstitution', label: 'Enrollment year at this institution', kind: 'year' },
    ],
  },
  {
    title: 'Address',
    fields: [
      { key: 'address1', label: 'Address line 1', kind: 'text' },
      { key: 'address2', label: 'Address line 2', kind: 'text' },
      { key: 'city', label: 'City', kind: 'text' },
      { key: 'state', label: 'State', kind: 'text', placeholder: 'TX' },
      { key: 'zipCode', label: 'Zip code', kind: 'text' },
      {
        key: 'countryId',
        label: 'Country',
        kind: 'select',
        options: opts(['US', 'United States'], ['CA', 'Canada'], ['MX', 'Mexico']),
      },
    ],
  },
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client-side check of one field, worded as the error catalogue; the API re-checks everything. */
export function validatePersonField(field: PersonField, raw: string, today = localToday()): string | true {
  const value = raw.trim();
  if (!value) return field.required ? ERRORS.MANDATORY_FIELD.message : true;
  if (field.kind === 'email' && !EMAIL.test(value)) return ERRORS.INVALID_EMAIL.message;
  if (field.kind === 'tel' && value.replace(/\D/g, '').length !== 10) return ERRORS.INVALID_PHONE.message;
  if (field.key === 'zipCode' && !/^\d{4,5}(-\d{4})?$/.test(value)) return ERRORS.INVALID_ZIP.message;
  if (field.kind === 'year' && !/^(19|20)\d{2}$/.test(value)) return 'Enter a four-digit year.';
  // The API's own rules (date of birth, positions), from the one shared validator the bulk upload runs too.
  const problem = athleteInputProblems({ [field.key]: value }, today)[0];
  return problem ? problem.message : true;
}

/** Today on this device as YYYY-MM-DD (the API checks again against the school's today). */
function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Form strings → request body: empty fields are dropped, years become numbers, phone numbers become digits. */
export function toAthleteBody(values: Record<string, string>): Record<string, string | number> {
  const body: Record<string, string | number> = {};
  for (const section of ATHLETE_FORM) {
    for (const field of section.fields) {
      const value = (values[field.key] ?? '').trim();
      if (!value) continue;
      if (field.kind === 'year') body[field.key] = Number(value);
      else if (field.kind === 'tel') body[field.key] = value.replace(/\D/g, '');
      else body[field.key] = value;
    }
  }
  return body;
}
