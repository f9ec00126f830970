import { Type, type Static } from 'typebox';
import {
  COMP_TICKET_RECIPIENT_ROLES,
  COMP_TICKET_REMINDER_MAX_HOURS,
  COMP_TICKET_REMINDER_MIN_HOURS,
  COMP_TICKET_REQUIREMENTS,
  COMP_TICKETS_MAX_PER_USER,
} from '../../domain/comp-tickets';
import { Nullable, Timestamp } from '../shared/schemas';

const Requirement = Type.Enum(COMP_TICKET_REQUIREMENTS);

export const CompTicketInfo = Type.Object(
  { fullName: Requirement, email: Requirement, mobilePhone: Requirement, relationship: Requirement },
  { additionalProperties: false },
);

/** The configuration a school admin saves; the spec's rules carry the catalogue's wording (x-error-code). */
export const CompTicketSettingsBody = Type.Object(
  {
    ticketsPerUser: Type.Integer({
      minimum: 0,
      maximum: COMP_TICKETS_MAX_PER_USER,
      'x-error-code': 'COMP_TICKETS_LIMIT',
      description: 'Comp tickets each user may give, under 100.',
    }),
    info: CompTicketInfo,
    reminderHours: Nullable(
      Type.Integer({
        minimum: COMP_TICKET_REMINDER_MIN_HOURS,
        maximum: COMP_TICKET_REMINDER_MAX_HOURS,
        'x-error-code': 'COMP_TICKET_REMINDER_INVALID',
        description: 'Hours before the game to remind recipients; null for no reminder.',
      }),
    ),
    recipientRoles: Type.Array(Type.Enum(COMP_TICKET_RECIPIENT_ROLES), {
      uniqueItems: true,
      maxItems: COMP_TICKET_RECIPIENT_ROLES.length,
    }),
  },
  { additionalProperties: false },
);
export type CompTicketSettingsBody = Static<typeof CompTicketSettingsBody>;

export const CompTicketSettingsDto = Type.Object({
  ...CompTicketSettingsBody.properties,
  /** null while the school still uses the defaults. */
  updatedAt: Nullable(Timestamp),
});
export type CompTicketSettingsDto = Static<typeof CompTicketSettingsDto>;
