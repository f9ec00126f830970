import { COMP_TICKET_RECIPIENT_ROLES, DEFAULT_COMP_TICKET_SETTINGS } from '../../domain/comp-tickets';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { findCompTicketSettings, saveCompTicketSettings } from './comp-tickets.repository';
import type { CompTicketSettingsBody, CompTicketSettingsDto } from './comp-tickets.schemas';

/** Comp ticket configuration of the actor's school: one per school, the defaults until one is saved. */
type Deps = Pick<CoreDeps, 'db'>;

export async function getCompTicketSettings(deps: Deps, actor: Actor): Promise<CompTicketSettingsDto> {
  const saved = await findCompTicketSettings(deps.db, actor.schoolId);
  if (!saved) return { ...DEFAULT_COMP_TICKET_SETTINGS, updatedAt: null };
  return { ...saved, updatedAt: saved.updatedAt.toISOString() };
}

export async function configureCompTickets(
  deps: Deps,
  actor: Actor,
  body: CompTicketSettingsBody,
): Promise<CompTicketSettingsDto> {
  const schoolId = actor.schoolId;
  // Stored in the catalogue's order, so the same choice always reads back the same.
  const settings = {
    ...body,
    recipientRoles: COMP_TICKET_RECIPIENT_ROLES.filter((role) => body.recipientRoles.includes(role)),
  };
  await deps.db.transaction().execute(async (trx) => {
    await saveCompTicketSettings(trx, schoolId, settings, actor.userId);
    await auditBy(trx, actor, {
      action: 'comp_tickets.configured',
      targetType: 'school',
      targetId: schoolId,
      details: settings,
    });
  });
  const saved = (await findCompTicketSettings(deps.db, schoolId))!;
  return { ...saved, updatedAt: saved.updatedAt.toISOString() };
}
