import {
  AID_TYPES,
  ATHLETE_STATUSES,
  ELIGIBILITY_TYPES,
  RESIDENCY_STATUSES,
  ROSTER_STATUSES,
  ACADEMIC_STANDING_LABELS,
} from '../../../../domain/athletes';

import { fromRecord } from './person-form';

/** Badge colour of each account status, on the list and the profile. */
export const ACCOUNT_STATUS_COLOUR: Record<string, string> = {
  ACTIVE: 'green',
  INVITED: 'orange',
  NOT_INVITED: 'gray',
  INACTIVE: 'red',
};

/** How the profile screen draws and edits each field; sections in reading order. Pure, so it is unit-tested. */
export type FieldKind =
  'text' | 'textarea' | 'number' | 'money' | 'percent' | 'flag' | 'select' | 'multi' | 'list' | 'advisor';

export interface ProfileField {
  key: string;
  label: string;
  kind: FieldKind;
  options?: Array<{ value: string; label: string }>;
  max?: number;
}

const eligibility = ELIGIBILITY_TYPES.map((t) => ({ value: t, label: t.charAt(0).toUpperCase() + t.slice(1) }));

export const PROFILE_SECTIONS: Array<{ title: string; fields: ProfileField[] }> = [
  {
    title: 'Contact and background',
    fields: [
      { key: 'phoneNumber', label: 'Phone', kind: 'text' },
      { key: 'dateOfBirth', label: 'Date of birth', kind: 'text' },
      { key: 'studentIdNumber', label: 'Student ID', kind: 'text' },
      { key: 'city', label: 'City', kind: 'text' },
      { key: 'state', label: 'State', kind: 'text' },
      { key: 'residencyStatus', label: 'Residency', kind: 'select', options: fromRecord(RESIDENCY_STATUSES) },
      { key: 'bio', label: 'Bio', kind: 'textarea' },
    ],
  },
  {
    title: 'Athletics',
    fields: [
      { key: 'positions', label: 'Positions', kind: 'list', max: 3 },
      { key: 'rosterStatus', label: 'Roster status', kind: 'select', options: fromRecord(ROSTER_STATUSES) },
      { key: 'athleteStatus', label: 'Athlete status', kind: 'select', options: fromRecord(ATHLETE_STATUSES) },
      { key: 'eligibilityTypes', label: 'Eligibility', kind: 'multi', options: eligibility },
    ],
  },
  {
    title: 'Academics',
    fields: [
      { key: 'class', label: 'Class', kind: 'select', options: fromRecord(ACADEMIC_STANDING_LABELS) },
      { key: 'major', label: 'Major', kind: 'text' },
      { key: 'cumulativeGpa', label: 'Cumulative GPA', kind: 'number', max: 5 },
      { key: 'credits', label: 'Credits', kind: 'number', max: 1000 },
      { key: 'academicAdvisorId', label: 'Academic advisor', kind: 'advisor' },
      { key: 'isAtRisk', label: 'At risk', kind: 'flag' },
      { key: 'isTransferStudent', label: 'Transfer student', kind: 'flag' },
      { key: 'isEnrolledFullTime', label: 'Enrolled full time', kind: 'flag' },
    ],
  },
  {
    title: 'Financial aid',
    fields: [
      { key: 'aidType', label: 'Aid type', kind: 'select', options: fromRecord(AID_TYPES) },
      { key: 'athleticGrantAmount', label: 'Athletic grant', kind: 'money' },
      { key: 'totalAidPercentage', label: 'Total aid %', kind: 'percent' },
      { key: 'totalAidAmount', label: 'Total aid', kind: 'money' },
    ],
  },
  {
    title: 'Social media',
    fields: [
      { key: 'socialMedia.instagram', label: 'Instagram', kind: 'text' },
      { key: 'socialMedia.facebook', label: 'Facebook', kind: 'text' },
      { key: 'socialMedia.twitter', label: 'Twitter', kind: 'text' },
      { key: 'socialMedia.tiktok', label: 'TikTok', kind: 'text' },
    ],
  },
  {
    title: 'Parent or guardian',
    fields: [
      { key: 'parents.0.name', label: 'Name', kind: 'text' },
      { key: 'parents.0.email', label: 'E-mail', kind: 'text' },
      { key: 'parents.0.phone', label: 'Phone', kind: 'text' },
    ],
  },
  { title: 'Staff notes', fields: [{ key: 'notes', label: 'Notes', kind: 'textarea' }] },
];

/** The profile field a key belongs to ('socialMedia.tiktok' → 'socialMedia'). */
export const rootOf = (key: string) => key.split('.')[0]!;

/** Reads a dotted key ('parents.0.name') from the profile. */
export function readField(profile: object, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), profile);
}

/** The edit as the API takes it: changed values only, nested fields sent whole, empty text as null. */
export function buildChanges(current: object, values: Record<string, unknown>): Record<string, unknown> {
  const profile = current as Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  const clean = (v: unknown) => (v === '' || v === undefined ? null : v);
  for (const [key, raw] of Object.entries(values)) {
    const value = clean(raw);
    if (JSON.stringify(clean(readField(profile, key)) ?? null) === JSON.stringify(value)) continue;
    const root = rootOf(key);
    if (key === root) changes[key] = value;
    else if (root === 'socialMedia') {
      changes.socialMedia = { ...((profile.socialMedia as object) ?? {}), ...((changes.socialMedia as object) ?? {}) };
      (changes.socialMedia as Record<string, unknown>)[key.split('.')[1]!] = value;
    } else if (root === 'parents') {
      const parents = (changes.parents as Array<Record<string, unknown>>) ?? [
        ...((profile.parents as Array<Record<string, unknown>>) ?? []),
      ];
      const first = { ...(parents[0] ?? {}) };
      const field = key.split('.')[2]!;
      if (value === null) delete first[field];
      else first[field] = value;
      parents[0] = first;
      changes.parents = parents;
    }
  }
  return changes;
}
