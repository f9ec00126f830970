import { Type, type Static } from 'typebox';
import {
  ACADEMIC_STANDINGS,
  AID_TYPES,
  ATHLETE_STATUSES,
  ENROLLMENT_TERMS,
  RESIDENCY_STATUSES,
  ROSTER_STATUSES,
  ELIGIBILITY_TYPES,
} from '../../domain/athletes';
import { ACCOUNT_STATUS_LABELS, ATHLETE_LIST_COLUMN_KEYS, CUSTOM_FIELD_SCOPES } from '../../domain/athlete-profiles';
import {
  Email,
  IsoDate,
  JsonObject,
  Name,
  Nullable,
  Page,
  PageQuery,
  Phone,
  SingleLine,
  Timestamp,
  Uuid,
} from '../shared/schemas';

const Text = (max = 200) => Type.Optional(Nullable(Type.String({ maxLength: max })));
const Year = Type.Optional(Nullable(Type.Integer({ minimum: 1950, maximum: 2100 })));
const Money = Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 999_999 })));
const Flag = Type.Optional(Nullable(Type.Boolean()));
const keysOf = <T extends Record<string, string>>(o: T) =>
  Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];
const Zip = Type.Optional(
  Nullable(Type.String({ pattern: '^[0-9]{4,5}(-[0-9]{4})?$', 'x-error-code': 'INVALID_ZIP' })),
);
const Url = Type.String({
  maxLength: 500,
  pattern: '^https?://[^\\s]+$',
  'x-error-message': 'Link must start with http:// or https://.',
});

const Parent = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  email: Type.Optional(Nullable(Email)),
  phone: Type.Optional(Nullable(Phone)),
});

/**
 * The spec's person form keys that apply to a student-athlete plus the student-athlete profile. Keys with a column
 * in athlete_profiles are stored there, the rest in its `data` document. Agent/vendor-only keys (company,
 * contactName, taxPayerId, agentEvaluationCode, membershipDuration, role, name) belong to those people, not here.
 */
export const AthleteProfileFields = {
  middleName: Text(100),
  phoneNumber: Type.Optional(Nullable(Phone)),
  dateOfBirth: Type.Optional(Nullable(IsoDate)),
  studentIdNumber: Text(50),
  sportTeamId: Type.Optional(Nullable(Uuid)),
  sport: Text(100),
  gender: Text(40),
  state: Text(100),
  city: Text(100),
  cityId: Text(50),
  countryId: Text(50),
  class: Type.Optional(Nullable(Type.Enum(ACADEMIC_STANDINGS))),
  major: Text(200),
  aidType: Type.Optional(Nullable(Type.Enum(keysOf(AID_TYPES)))),
  /** Older name of `aidType`. */
  aidStatus: Type.Optional(Nullable(Type.Enum(keysOf(AID_TYPES)))),
  residencyStatus: Type.Optional(Nullable(Type.Enum(keysOf(RESIDENCY_STATUSES)))),
  enrollmentTerm: Type.Optional(Nullable(Type.Enum(ENROLLMENT_TERMS))),
  enrollmentYear: Year,
  graduationYear: Year,
  enrollmentYearForThisInstitution: Year,
  enrollmentTermForThisInstitution: Type.Optional(Nullable(Type.Enum(ENROLLMENT_TERMS))),
  address: Text(300),
  addressLine1: Text(300),
  address1: Text(300),
  address2: Text(300),
  zipCode: Zip,
  zipcode: Zip,
  imageUrl: Type.Optional(Nullable(Url)),
  /** Older single-text form of `positions` (comma separated). */
  position: Text(300),
  /** At most 3 (checked with the spec's wording). */
  positions: Type.Optional(Nullable(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 20 }))),
  rosterStatus: Type.Optional(Nullable(Type.Enum(keysOf(ROSTER_STATUSES)))),
  athleteStatus: Type.Optional(Nullable(Type.Enum(keysOf(ATHLETE_STATUSES)))),
  bio: Text(5000),
  /** Older free-text advisor name; `academicAdvisorId` names a staff user of the school. */
  academicAdvisor: Text(200),
  academicAdvisorId: Type.Optional(Nullable(Uuid)),
  cumulativeGpa: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 5 }))),
  /** Older name of `cumulativeGpa`. */
  gpa: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 5 }))),
  credits: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1000 }))),
  parents: Type.Optional(Type.Array(Parent, { maxItems: 4 })),
  socialMedia: Type.Optional(
    Type.Object({
      instagram: Type.Optional(Nullable(Url)),
      facebook: Type.Optional(Nullable(Url)),
      twitter: Type.Optional(Nullable(Url)),
      tiktok: Type.Optional(Nullable(Url)),
    }),
  ),
  /** The eligibility types the athlete holds (academic, medical, amateurism, practice, administrative, competition). */
  eligibilityTypes: Type.Optional(Nullable(Type.Array(Type.Enum([...ELIGIBILITY_TYPES]), { uniqueItems: true }))),
  /** Older form of `eligibilityTypes`: a flag per type, true = eligible. */
  eligibility: Type.Optional(
    Type.Object({
      academic: Type.Optional(Type.Boolean()),
      medical: Type.Optional(Type.Boolean()),
      amateurism: Type.Optional(Type.Boolean()),
      practice: Type.Optional(Type.Boolean()),
      administrative: Type.Optional(Type.Boolean()),
      competition: Type.Optional(Type.Boolean()),
    }),
  ),
  /** Tag names for the current academic year (created when new); the spec's limits are checked with its wording. */
  tags: Type.Optional(Type.Array(SingleLine({ minLength: 1, maxLength: 50 }), { maxItems: 100 })),
  notes: Text(5000),
  customFields: Type.Optional(
    Type.Array(
      Type.Object({ name: SingleLine({ minLength: 1, maxLength: 255 }), value: Type.String({ maxLength: 255 }) }),
      { maxItems: 50 },
    ),
  ),
  /** Values of the school's custom fields (definitions under /athlete-custom-fields), by definition id. */
  customFieldValues: Type.Optional(
    Type.Record(Type.String({ format: 'uuid' }), Nullable(Type.String({ maxLength: 255 })), { maxProperties: 100 }),
  ),
  isAtRisk: Flag,
  isTransferStudent: Flag,
  isEnrolledFullTime: Flag,
  athleticGrantAmount: Money,
  totalAidPercentage: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 100 }))),
  totalAidAmount: Money,
};

export const CreateAthleteBody = Type.Object({
  email: Email,
  firstName: Name,
  lastName: Name,
  ...AthleteProfileFields,
  /** Also send the invitation e-mail now. */
  invite: Type.Optional(Type.Boolean()),
});
export type CreateAthleteBody = Static<typeof CreateAthleteBody>;

export const UpdateAthleteBody = Type.Object({
  email: Type.Optional(Email),
  firstName: Type.Optional(Name),
  lastName: Type.Optional(Name),
  ...AthleteProfileFields,
});
export type UpdateAthleteBody = Static<typeof UpdateAthleteBody>;

/** One athlete with every profile field (absent fields are null). */
export const AthleteDto = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  status: Type.String(),
  sportTeamName: Nullable(Type.String()),
  updatedAt: Timestamp,
  profile: JsonObject('Every AthleteProfileFields key (absent fields are null), with email, names, phone and tags'),
});
export type AthleteDto = Static<typeof AthleteDto>;

/** A row of the spec's student-athlete list, named after its columns (only columns we hold data for). */
export const AthleteListRow = Type.Object({
  id: Type.String(),
  athletName: Type.String(),
  studentEmail: Type.String(),
  dob: Nullable(Type.String()),
  residencyStatus: Nullable(Type.String()),
  studentRollNumber: Nullable(Type.String()),
  position: Nullable(Type.String()),
  sportTeamId: Nullable(Type.String()),
  sportTeamName: Nullable(Type.String()),
  userStatus: Type.String(),
  /** The eligibility types held. */
  eligibility: Type.Array(Type.String()),
  tags: Type.Array(Type.String()),
  phoneNumber: Nullable(Type.String()),
  classYear: Nullable(Type.String()),
  cumulativeGPA: Nullable(Type.Number()),
  isAtRisk: Nullable(Type.Boolean()),
  isTransferStudent: Nullable(Type.Boolean()),
  enrollmentAtThisInstitution: Nullable(Type.String()),
  enrollmentAtAnyInstitution: Nullable(Type.String()),
  isEnrolledFullTime: Nullable(Type.Boolean()),
  rosterStatus: Nullable(Type.String()),
  aidType: Nullable(Type.String()),
  athleticGrantAmount: Nullable(Type.Number()),
  totalAidPercentage: Nullable(Type.Number()),
  totalAidAmount: Nullable(Type.Number()),
});
export type AthleteListRow = Static<typeof AthleteListRow>;

const ListFilters = {
  teamId: Type.Optional(Uuid),
  q: Type.Optional(Type.String({ maxLength: 100 })),
  rosterStatus: Type.Optional(Type.Enum(keysOf(ROSTER_STATUSES))),
  athleteStatus: Type.Optional(Type.Enum(keysOf(ATHLETE_STATUSES))),
  accountStatus: Type.Optional(Type.Enum(keysOf(ACCOUNT_STATUS_LABELS))),
  residencyStatus: Type.Optional(Type.Enum(keysOf(RESIDENCY_STATUSES))),
  classYear: Type.Optional(Type.Enum(ACADEMIC_STANDINGS)),
  aidType: Type.Optional(Type.Enum(keysOf(AID_TYPES))),
  eligibilityType: Type.Optional(Type.Enum([...ELIGIBILITY_TYPES])),
  tagId: Type.Optional(Uuid),
  isAtRisk: Type.Optional(Type.Boolean()),
  isTransferStudent: Type.Optional(Type.Boolean()),
  sortBy: Type.Optional(Type.Enum(ATHLETE_LIST_COLUMN_KEYS)),
  sortDir: Type.Optional(Type.Enum(['asc', 'desc'])),
};

export const ListAthletesQuery = Type.Object({ ...PageQuery, ...ListFilters });
export type ListAthletesQuery = Static<typeof ListAthletesQuery>;

/** Export of what the list shows: the same filters and sort, the visible columns in order, every page. */
export const ExportAthletesQuery = Type.Object({
  ...ListFilters,
  format: Type.Enum(['csv', 'xlsx']),
  columns: Type.Optional(Type.String({ maxLength: 2000, description: 'Comma-separated list column keys, in order' })),
});

export const ListColumnsDto = Type.Object({
  columns: Type.Array(Type.Enum(ATHLETE_LIST_COLUMN_KEYS), { minItems: 1, maxItems: 23, uniqueItems: true }),
});

export const AccountAction = Type.Enum(['activate', 'deactivate', 'reactivate']);
export const AccountsBody = Type.Object({
  action: AccountAction,
  athleteIds: Type.Array(Uuid, { minItems: 1, maxItems: 1000, uniqueItems: true }),
});
export type AccountsBody = Static<typeof AccountsBody>;
export const AccountsResult = Type.Object({
  results: Type.Array(
    Type.Object({
      id: Type.String(),
      ok: Type.Boolean(),
      status: Nullable(Type.String()),
      error: Nullable(Type.String()),
    }),
  ),
});

export const TagDto = Type.Object({ id: Type.String(), name: Type.String(), athletes: Type.Integer() });
export const TagBody = Type.Object({ name: SingleLine({ minLength: 1, maxLength: 50, pattern: '\\S' }) });
export const TagList = Type.Object({ items: Type.Array(TagDto) });
export const AthleteTagsBody = Type.Object({
  tagIds: Type.Array(Uuid, { maxItems: 100, uniqueItems: true }),
  academicYearId: Type.Optional(Uuid),
});

export const CustomFieldDto = Type.Object({
  id: Type.String(),
  name: Type.String(),
  scope: Type.Enum(keysOf(CUSTOM_FIELD_SCOPES)),
  sportTeamId: Nullable(Type.String()),
  athleteUserId: Nullable(Type.String()),
});
export const CustomFieldBody = Type.Object({
  name: SingleLine({ minLength: 1, maxLength: 255 }),
  scope: Type.Enum(keysOf(CUSTOM_FIELD_SCOPES)),
  sportTeamId: Type.Optional(Nullable(Uuid)),
  athleteUserId: Type.Optional(Nullable(Uuid)),
});
export type CustomFieldBody = Static<typeof CustomFieldBody>;
export const CustomFieldList = Type.Object({ items: Type.Array(CustomFieldDto) });

export const AthleteFileDto = Type.Object({
  id: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
  uploadedAt: Timestamp,
  uploadedBy: Nullable(Type.String()),
});

/** One profile as the viewer may see it: only visible fields, and which of them they may edit. */
export const AthleteProfileView = Type.Object({
  id: Type.String(),
  viewer: Type.Enum(['admin', 'coach', 'athlete']),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  status: Type.String(),
  sportTeamName: Nullable(Type.String()),
  academicAdvisorName: Nullable(Type.String()),
  updatedAt: Timestamp,
  profile: JsonObject('The AthleteProfileFields keys this viewer may see'),
  editable: Type.Array(Type.String()),
  tags: Type.Optional(Type.Array(Type.Object({ id: Type.String(), name: Type.String(), byCoach: Type.Boolean() }))),
  files: Type.Optional(Type.Array(AthleteFileDto)),
  customFields: Type.Optional(
    Type.Array(Type.Object({ ...CustomFieldDto.properties, value: Nullable(Type.String()) })),
  ),
});
export type AthleteProfileView = Static<typeof AthleteProfileView>;

/** The provider operator's read-only view of one athlete: the admin's view, nothing editable, the school named. */
export const OperatorAthleteProfile = Type.Object({
  ...AthleteProfileView.properties,
  school: Type.Object({ id: Uuid, name: Type.String(), timeZone: Type.String() }),
});
export type OperatorAthleteProfile = Static<typeof OperatorAthleteProfile>;

export const AthletePage = Page(AthleteListRow);
export const CreatedAthlete = Type.Object({ athlete: AthleteDto, invitationId: Nullable(Type.String()) });
