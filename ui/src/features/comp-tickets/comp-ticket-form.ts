import {
  COMP_TICKET_INFO_FIELDS,
  isValidReminderHours,
  isValidTicketsPerUser,
  type CompTicketInfoField,
  type CompTicketRecipientRole,
  type CompTicketRequirement,
} from '../../../../domain/comp-tickets';
import { ERRORS } from '../../../../domain/errors';
import type { CompTicketSettings, CompTicketSettingsInput } from './comp-tickets.api';

/** The screen's form: number inputs hold '' while empty, and the reminder has its own on/off switch. */
export interface CompTicketFormValues {
  ticketsPerUser: number | string;
  info: Record<CompTicketInfoField, CompTicketRequirement>;
  reminderOn: boolean;
  reminderHours: number | string;
  recipientRoles: CompTicketRecipientRole[];
}

export function toFormValues(settings: CompTicketSettings): CompTicketFormValues {
  return {
    ticketsPerUser: settings.ticketsPerUser,
    info: { ...settings.info },
    reminderOn: settings.reminderHours !== null,
    reminderHours: settings.reminderHours ?? 24,
    recipientRoles: [...settings.recipientRoles],
  };
}

/** '' and text that is not a number stay invalid (NaN) so the rule below reports them. */
function toNumber(value: number | string): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? Number.NaN : Number(value);
}

export function validateTickets(value: number | string): true | string {
  return isValidTicketsPerUser(toNumber(value)) || ERRORS.COMP_TICKETS_LIMIT.message;
}

export function validateReminder(value: number | string, reminderOn: boolean): true | string {
  if (!reminderOn) return true;
  return isValidReminderHours(toNumber(value)) || ERRORS.COMP_TICKET_REMINDER_INVALID.message;
}

export function toSettingsInput(values: CompTicketFormValues): CompTicketSettingsInput {
  return {
    ticketsPerUser: toNumber(values.ticketsPerUser),
    info: Object.fromEntries(
      COMP_TICKET_INFO_FIELDS.map((field) => [field, values.info[field]]),
    ) as CompTicketFormValues['info'],
    reminderHours: values.reminderOn ? toNumber(values.reminderHours) : null,
    recipientRoles: values.recipientRoles,
  };
}
