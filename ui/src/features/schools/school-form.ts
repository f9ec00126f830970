import type { Static } from 'typebox';
import type { CreateSchoolBody } from '../../../../api/schools/schools.schemas';
import { ERRORS } from '../../../../domain/errors';
import type { Plan } from '../../../../domain/plans';
import type { Division } from '../../../../domain/schools';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../../../../domain/schools';

/** The onboarding form: the school, then its first school admin (flat so every input registers by name). */
export interface SchoolFormValues {
  name: string;
  slug: string;
  plan: Plan;
  division: Division | '';
  state: string;
  timeZone: string;
  adminFirstName: string;
  adminLastName: string;
  adminEmail: string;
  adminCompliance: boolean;
}

export const EMPTY_SCHOOL_FORM: SchoolFormValues = {
  name: '',
  slug: '',
  plan: 'COMPLIANCE',
  division: '',
  state: '',
  timeZone: '',
  adminFirstName: '',
  adminLastName: '',
  adminEmail: '',
  // The first admin usually runs compliance for the school; the operator can switch it off.
  adminCompliance: true,
};

export type CreateSchoolInput = Static<typeof CreateSchoolBody>;

/** The request body; a blank slug is left out so the API derives it from the name. */
export function toCreateSchoolBody(values: SchoolFormValues): CreateSchoolInput {
  const slug = values.slug.trim();
  return {
    name: values.name.trim(),
    ...(slug ? { slug } : {}),
    plan: values.plan,
    division: values.division as Division,
    state: values.state,
    timeZone: values.timeZone,
    firstAdmin: {
      email: values.adminEmail.trim(),
      firstName: values.adminFirstName.trim(),
      lastName: values.adminLastName.trim(),
      compliance: values.adminCompliance,
    },
  };
}

const SLUG = new RegExp(SLUG_PATTERN);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function requiredText(value: string): string | true {
  return value.trim() !== '' || ERRORS.MANDATORY_FIELD.message;
}

export function validateSlug(value: string): string | true {
  const slug = value.trim();
  if (slug === '') return true;
  if (slug.length < 2 || slug.length > SLUG_MAX_LENGTH) return `Between 2 and ${SLUG_MAX_LENGTH} characters.`;
  return SLUG.test(slug) || 'Lowercase letters, digits and single dashes only, e.g. state-university.';
}

export function validateEmail(value: string): string | true {
  const email = value.trim();
  if (email === '') return ERRORS.MANDATORY_FIELD.message;
  return EMAIL.test(email) || ERRORS.INVALID_EMAIL.message;
}

/** API field names (as fieldErrors() gives them) → the form input that shows the message. */
const API_FIELDS: Record<string, keyof SchoolFormValues> = {
  name: 'name',
  slug: 'slug',
  plan: 'plan',
  division: 'division',
  state: 'state',
  timeZone: 'timeZone',
  'firstAdmin.email': 'adminEmail',
  'firstAdmin.firstName': 'adminFirstName',
  'firstAdmin.lastName': 'adminLastName',
};

export function formFieldOf(apiField: string): keyof SchoolFormValues | null {
  return API_FIELDS[apiField] ?? null;
}

/** "GMT -06:00" for a zone at a moment (the label the spec uses for time zones); '' for an unknown zone. */
export function gmtOffsetLabel(timeZone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (!part) return '';
    if (part === 'GMT') return 'GMT +00:00';
    return part.replace(/^GMT([+-])/, 'GMT $1');
  } catch {
    return '';
  }
}

/** Options for the time zone select: "America/Chicago (GMT -06:00)". */
export function timeZoneOptions(zones: readonly string[], at: Date = new Date()) {
  return zones.map((zone) => {
    const offset = gmtOffsetLabel(zone, at);
    return { value: zone, label: `${zone.replace(/_/g, ' ')}${offset ? ` (${offset})` : ''}` };
  });
}
