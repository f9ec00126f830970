import { findSchoolSettings } from '../school/school.repository';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { setDisclosureReminderHours } from './disclosures.repository';
import { reviewReminderMs } from './disclosures.service';

/** The school's disclosure settings as the reviewers' screen shows them. */
export async function getDisclosureSettings(deps: CoreDeps, actor: Actor): Promise<{ reviewReminderHours: number }> {
  return { reviewReminderHours: reviewReminderMs(await findSchoolSettings(deps.db, actor.schoolId)) / 3_600_000 };
}

/**
 * Sets how long a disclosure waits before its reviewers are reminded, audited in the same transaction. Applies to
 * disclosures that enter review from now on; a running review keeps the interval it started with.
 */
export async function updateDisclosureSettings(
  deps: CoreDeps,
  actor: Actor,
  input: { reviewReminderHours: number },
): Promise<{ reviewReminderHours: number }> {
  const hours = input.reviewReminderHours;
  await deps.db.transaction().execute(async (trx) => {
    await setDisclosureReminderHours(trx, actor.schoolId, hours);
    await auditBy(trx, actor, {
      action: 'disclosure.settings_updated',
      targetType: 'school',
      targetId: actor.schoolId,
      details: { reviewReminderHours: hours },
    });
  });
  return { reviewReminderHours: hours };
}
