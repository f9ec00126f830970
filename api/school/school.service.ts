import type { Static } from 'typebox';
import { isValidTimeZone } from '../../domain/calendar-events';
import { AppError } from '../../domain/errors';
import { INVITATION_DEFAULTS } from '../../domain/workflows';
import type { School, SchoolSettings } from '../../migrations/database';
import type { Actor, CoreDeps } from '../shared/use-case';
import { lockSchool, updateSchool } from './school.repository';
import type { SchoolDto, UpdateSchoolBody } from './school.schemas';

/** A school's invitation timing: its own settings, else the platform defaults. */
export function invitationTiming(settings: SchoolSettings): { reminderAfterHours: number; expiryHours: number } {
  return {
    reminderAfterHours: settings.invitationReminderHours ?? INVITATION_DEFAULTS.reminderAfterHours,
    expiryHours: settings.invitationExpiryHours ?? INVITATION_DEFAULTS.expiryHours,
  };
}

export function toSchoolDto(school: School): Static<typeof SchoolDto> {
  const timing = invitationTiming(school.settings);
  return {
    id: school.id,
    name: school.name,
    slug: school.slug,
    kind: school.kind,
    plan: school.plan,
    division: school.division,
    state: school.state,
    timeZone: school.time_zone,
    settings: { invitationReminderHours: timing.reminderAfterHours, invitationExpiryHours: timing.expiryHours },
    createdAt: school.created_at.toISOString(),
  };
}

/** One time-zone check for the whole project (domain/calendar-events.ts); re-exported for the school callers. */
export { isValidTimeZone };

/** Validates a school edit beyond its schema: a real time zone, and a reminder that comes before expiry. */
export function mergeSchoolSettings(
  current: SchoolSettings,
  body: Static<typeof UpdateSchoolBody>,
): SchoolSettings | undefined {
  if (body.timeZone !== undefined && !isValidTimeZone(body.timeZone)) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'timeZone', message: 'Unknown time zone.' }]);
  }
  if (!body.settings) return undefined;
  const merged: SchoolSettings = { ...current, ...body.settings };
  const timing = invitationTiming(merged);
  if (timing.reminderAfterHours >= timing.expiryHours) {
    throw new AppError('VALIDATION_FAILED', [
      { field: 'settings.invitationReminderHours', message: 'The reminder must come before the invitation expires.' },
    ]);
  }
  return merged;
}

/**
 * Edits the actor's own school (profile, time zone, invitation timing). The row is read under its lock: a settings
 * key saved meanwhile (say the disclosure reminder) is merged, not overwritten with what was read before, and the
 * reminder-before-expiry check sees the stored values.
 */
export async function updateOwnSchool(
  deps: Pick<CoreDeps, 'db'>,
  actor: Actor,
  body: Static<typeof UpdateSchoolBody>,
): Promise<Static<typeof SchoolDto>> {
  const updated = await deps.db.transaction().execute(async (trx) => {
    const current = await lockSchool(trx, actor.schoolId);
    if (!current) throw new AppError('NOT_FOUND');
    const settings = mergeSchoolSettings(current.settings, body);
    const { name, division, state, timeZone } = body;
    return updateSchool(trx, actor.schoolId, {
      ...(name !== undefined ? { name } : {}),
      ...(division !== undefined ? { division } : {}),
      ...(state !== undefined ? { state } : {}),
      ...(timeZone !== undefined ? { timeZone } : {}),
      ...(settings ? { settings } : {}),
    });
  });
  if (!updated) throw new AppError('NOT_FOUND');
  return toSchoolDto(updated);
}
