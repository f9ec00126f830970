/**
 * Comp ticket configuration (spec part 1 §3 and part 2 §3): tickets per user, the information asked about each
 * guest (full name, email, mobile phone, relationship, each mandatory or not), an optional reminder in hours before
 * the game, and which roles receive comp tickets. Rules (part 2 §5): "Comp tickets under 100 per user; the reminder
 * time must be valid" — wording "tickets under 100", "set a valid time" (part 2 §8).
 */

/** "under 100" (part 2 §9 Tickets). Zero means the school gives no comp tickets. */
export const COMP_TICKETS_MAX_PER_USER = 99;

/**
 * The spec does not bound the reminder; a whole number of hours from 1 to 168 (one week before the game) is what
 * "valid" means here: a reminder at or after kick-off, or more than a week ahead, is not a reminder.
 */
export const COMP_TICKET_REMINDER_MIN_HOURS = 1;
export const COMP_TICKET_REMINDER_MAX_HOURS = 168;

export const COMP_TICKET_INFO_FIELDS = ['fullName', 'email', 'mobilePhone', 'relationship'] as const;
export type CompTicketInfoField = (typeof COMP_TICKET_INFO_FIELDS)[number];

export const COMP_TICKET_INFO_LABELS: Record<CompTicketInfoField, string> = {
  fullName: 'Full name',
  email: 'Email',
  mobilePhone: 'Mobile phone',
  relationship: 'Relationship',
};

/** Per piece of information: not asked, asked but optional, or mandatory. */
export const COMP_TICKET_REQUIREMENTS = ['NOT_ASKED', 'OPTIONAL', 'MANDATORY'] as const;
export type CompTicketRequirement = (typeof COMP_TICKET_REQUIREMENTS)[number];

export const COMP_TICKET_REQUIREMENT_LABELS: Record<CompTicketRequirement, string> = {
  NOT_ASKED: 'Not asked',
  OPTIONAL: 'Optional',
  MANDATORY: 'Mandatory',
};

/** Roles whose users can receive comp tickets (the school's own people). */
export const COMP_TICKET_RECIPIENT_ROLES = ['STUDENT_ATHLETE', 'COACH', 'SCHOOL_ADMIN'] as const;
export type CompTicketRecipientRole = (typeof COMP_TICKET_RECIPIENT_ROLES)[number];

export interface CompTicketSettings {
  ticketsPerUser: number;
  info: Record<CompTicketInfoField, CompTicketRequirement>;
  /** null: no reminder. */
  reminderHours: number | null;
  recipientRoles: CompTicketRecipientRole[];
}

/** What a school that never saved its configuration sees (NCAA: up to 4 complimentary admissions per athlete). */
export const DEFAULT_COMP_TICKET_SETTINGS: CompTicketSettings = {
  ticketsPerUser: 4,
  info: { fullName: 'MANDATORY', email: 'OPTIONAL', mobilePhone: 'OPTIONAL', relationship: 'MANDATORY' },
  reminderHours: null,
  recipientRoles: ['STUDENT_ATHLETE'],
};

export function isValidTicketsPerUser(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= COMP_TICKETS_MAX_PER_USER;
}

export function isValidReminderHours(value: unknown): value is number | null {
  if (value === null) return true;
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= COMP_TICKET_REMINDER_MIN_HOURS &&
    value <= COMP_TICKET_REMINDER_MAX_HOURS
  );
}
