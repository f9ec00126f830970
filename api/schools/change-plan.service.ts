import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { planChange, type Plan } from '../../domain/plans';
import { auditRequest } from '../audit/audit-request';
import { authOf } from '../plugins/authenticate';
import { findSchool } from '../school/school.repository';
import { loadSchoolProfile } from './school-profile.service';
import { upgradeSchoolPlan } from './schools.repository';
import type { SchoolProfile } from './schools.schemas';

/**
 * Moves a school to another plan. Upgrades only: the spec makes an upgrade irreversible, so a downgrade answers
 * 409 PLAN_DOWNGRADE_REFUSED, and asking for the current plan again changes nothing (a retried click is harmless).
 */
export async function changeSchoolPlan(request: FastifyRequest, schoolId: string, plan: Plan): Promise<SchoolProfile> {
  const { db } = request.server.deps.database;
  const auth = authOf(request);
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
      await auditRequest(
        request,
        {
          schoolId,
          action: 'school.plan_upgraded',
          targetType: 'school',
          targetId: schoolId,
          details: { from: school.plan, to: plan, operatorSchoolId: auth.school.id },
        },
        trx,
      );
    });
  }
  return loadSchoolProfile(db, schoolId);
}
