import { Type, type Static } from 'typebox';
import {
  ACADEMIC_STANDINGS,
  AID_TYPES,
  ATHLETE_STATUSES,
  ENROLLMENT_TERMS,
  RESIDENCY_STATUSES,
  ROSTER_STATUSES,
} from '../../domain/athletes';
import { Email, IsoDate, Name, Nullable, Page, PageQuery, Phone, Timestamp, Uuid } from '../shared/schemas';

const Text = (max = 200) => Type.Optional(Nullable(Type.String({ maxLength: max })));
const Year = Type.Optional(Nullable(Type.Integer({ minimum: 1950, maximum: 2100 })));
const Money = Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 999_999 })));
const Flag = Type.Optional(Nullable(Type.Boolean()));
const keysOf = (o: Record<string, string>) => Object.keys(o) as [string, ...string[]];
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
  position: Text(100),
  rosterStatus: Type.Optional(Nullable(Type.Enum(keysOf(ROSTER_STATUSES)))),
  athleteStatus: Type.Optional(Nullable(Type.Enum(keysOf(ATHLETE_STATUSES)))),
  bio: Text(5000),
  academicAdvisor: Text(200),
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
  /** Eligibility per type (academic, medical, amateurism, practice, administrative, competition): true = eligible. */
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
  tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 10 })),
  notes: Text(5000),
  customFields: Type.Optional(
    Type.Array(
      Type.Object({ name: Type.String({ minLength: 1, maxLength: 255 }), value: Type.String({ maxLength: 255 }) }),
      { maxItems: 50 },
    ),
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
  profile: Type.Object({}, { additionalProperties: true, description: 'Every AthleteProfileFields key' }),
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
  eligibility: Nullable(Type.Object({}, { additionalProperties: true })),
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

export const ListAthletesQuery = Type.Object({
  ...PageQuery,
  teamId: Type.Optional(Uuid),
  q: Type.Optional(Type.String({ maxLength: 100 })),
});

export const AthletePage = Page(AthleteListRow);
export const CreatedAthlete = Type.Object({ athlete: AthleteDto, invitationId: Nullable(Type.String()) });
