import { AppError } from '../../domain/errors';
import { planChange, type Plan } from '../../domain/plans';
import { findSchool } from '../school/school.repository';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { loadSchoolProfile } from './school-profile.service';
import { upgradeSchoolPlan } from './schools.repository';
import type { SchoolProfile } from './schools.schemas';

/**
 * Moves a school to another plan, as a provider operator (`operator`: their school is the provider; the event goes
 * to the addressed school's log). Upgrades only: the spec makes an upgrade irreversible, so a downgrade answers
 * 409 PLAN_DOWNGRADE_REFUSED, and asking for the current plan again changes nothing (a retried click is harmless).
 */
export async function changeSchoolPlan(
  deps: Pick<CoreDeps, 'db'>,
  operator: Actor,
  input: { schoolId: string; plan: Plan },
): Promise<SchoolProfile> {
  const { db } = deps;
  const { schoolId, plan } = input;
  const school = await findSchool(db, schoolId);
  if (!school) throw new AppError('NOT_FOUND');
  const change = planChange(school.plan, plan);
  if (change === 'downgrade') {
    throw new AppError('PLAN_DOWNGRADE_REFUSED', [
      { field: 'plan', message: `${school.name} is on ${school.plan}; upgrades cannot be undone.` },
    ]);
  }
  if (change === 'upgrade') {
    await db.transaction().execute(async (trx) => {
      // Conditional on the plan just read: of two simultaneous upgrades one changes the row and audits, the other no-ops.
      if (!(await upgradeSchoolPlan(trx, schoolId, school.plan, plan))) return;
      await auditBy(trx, operator, {
        schoolId,
        action: 'school.plan_upgraded',
        targetType: 'school',
        targetId: schoolId,
        details: { from: school.plan, to: plan, operatorSchoolId: operator.schoolId },
      });
    });
  }
  return loadSchoolProfile(db, schoolId);
}
