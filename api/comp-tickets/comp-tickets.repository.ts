import type { Kysely } from 'kysely';
import type { CompTicketRecipientRole, CompTicketSettings } from '../../domain/comp-tickets';
import type { Database } from '../../migrations/database';

export interface CompTicketSettingsRow extends CompTicketSettings {
  updatedAt: Date;
}

/** The school's saved configuration, or null when it never saved one. */
export async function findCompTicketSettings(
  db: Kysely<Database>,
  schoolId: string,
): Promise<CompTicketSettingsRow | null> {
  const row = await db
    .selectFrom('comp_ticket_settings')
    .where('school_id', '=', schoolId)
    .selectAll()
    .executeTakeFirst();
  if (!row) return null;
  return {
    ticketsPerUser: row.tickets_per_user,
    info: {
      fullName: row.full_name,
      email: row.email,
      mobilePhone: row.mobile_phone,
      relationship: row.relationship,
    },
    reminderHours: row.reminder_hours,
    recipientRoles: row.recipient_roles as CompTicketRecipientRole[],
    updatedAt: row.updated_at,
  };
}

/** Creates or replaces the school's one configuration. */
export async function saveCompTicketSettings(
  db: Kysely<Database>,
  schoolId: string,
  settings: CompTicketSettings,
  userId: string,
): Promise<void> {
  const values = {
    tickets_per_user: settings.ticketsPerUser,
    full_name: settings.info.fullName,
    email: settings.info.email,
    mobile_phone: settings.info.mobilePhone,
    relationship: settings.info.relationship,
    reminder_hours: settings.reminderHours,
    recipient_roles: settings.recipientRoles,
    updated_by: userId,
    updated_at: new Date(),
  };
  await db
    .insertInto('comp_ticket_settings')
    .values({ school_id: schoolId, ...values })
    .onConflict((oc) => oc.column('school_id').doUpdateSet(values))
    .execute();
}
