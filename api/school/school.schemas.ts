import { Type } from 'typebox';
import { PLANS } from '../../domain/plans';
import { Nullable, SingleLine, Timestamp } from '../shared/schemas';

/** The spec's divisions are 1, 2, 3, NAIA, JUCO/CC and CCCAA; stored as free text ('Division 1' and '1' both occur). */
const Hours = Type.Integer({ minimum: 1, maximum: 24 * 90 });

export const SchoolSettingsDto = Type.Object({
  /** Hours before an unaccepted invitation gets one reminder. */
  invitationReminderHours: Type.Integer(),
  /** Hours an invitation link stays valid. */
  invitationExpiryHours: Type.Integer(),
});

export const SchoolDto = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  kind: Type.Enum(['SCHOOL', 'PROVIDER']),
  plan: Type.Enum(PLANS),
  division: Nullable(Type.String()),
  state: Nullable(Type.String()),
  timeZone: Type.String(),
  settings: SchoolSettingsDto,
  createdAt: Timestamp,
});

export const UpdateSchoolBody = Type.Object({
  name: Type.Optional(SingleLine({ minLength: 1, maxLength: 200 })),
  division: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  state: Type.Optional(Nullable(Type.String({ pattern: '^[A-Z]{2}$', description: 'Two-letter state code' }))),
  timeZone: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. America/Chicago' }),
  ),
  settings: Type.Optional(
    Type.Object({
      invitationReminderHours: Type.Optional(Hours),
      invitationExpiryHours: Type.Optional(Hours),
    }),
  ),
});
