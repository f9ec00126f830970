import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import { hashToken, signLinkToken, verifyLinkToken } from '../../domain/signed-links';
import { EMAIL_CHANGE_TTL_HOURS, workflowIds } from '../../domain/workflows';
import type { Database } from '../../migrations/database';
import { emailChangeWorkflow } from '../../workflows/auth/email-change.workflow';
import { recordAudit } from '../audit/audit.repository';
import { taskQueueOf } from '../shared/workflow-client';
import type { ServerDeps } from '../types';
import { findAthlete } from '../athletes/athletes.repository';
import { isEmailTaken } from './users.repository';
import {
  deleteEmailChange,
  expireOtherEmailChanges,
  insertEmailChange,
  lockEmailChange,
  markEmailChangeConfirmed,
  readdressUser,
} from './email-changes.repository';

/** What the e-mail change use cases run on (plain dependencies: routes, scripts and tests call them alike). */
export interface EmailChangeDeps {
  db: Kysely<Database>;
  temporal: Client | null;
  now: () => Date;
  appSecret: string;
  taskQueue: string;
}

/** Who asks: a school admin of the athlete's school, or a provider operator acting on it (audited as such). */
export interface EmailChangeActor {
  userId: string;
  operator: boolean;
  ip?: string | null;
  userAgent?: string | null;
}

const emailExists = () => new AppError('EMAIL_EXISTS', [{ field: 'email', message: 'Email exists.' }]);

/**
 * Asks to move a student-athlete's login e-mail to a new address (issue 35: the fix for a bounced welcome letter).
 * Nothing changes yet: a signed link valid for EMAIL_CHANGE_TTL_HOURS is mailed to the new address by the
 * email-change workflow, and only its confirmation moves the login. A newer request makes the earlier links dead.
 */
export async function requestEmailChange(
  deps: EmailChangeDeps,
  actor: EmailChangeActor,
  input: { schoolId: string; athleteId: string; email: string },
): Promise<{ changeId: string; pendingEmail: string; expiresAt: string }> {
  const { db } = deps;
  const athlete = await findAthlete(db, input.schoolId, input.athleteId);
  if (!athlete) throw new AppError('NOT_FOUND');
  const email = input.email.trim().toLowerCase();
  if (email === athlete.email.toLowerCase()) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'email', message: 'This is already the login e-mail.' }]);
  }
  if (await isEmailTaken(db, email)) throw emailExists();
  if (!deps.temporal) throw new AppError('WORKFLOW_UNAVAILABLE');
  const now = deps.now();
  const changeId = randomUUID();
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000);
  await insertEmailChange(db, input.schoolId, {
    id: changeId,
    userId: athlete.id,
    oldEmail: athlete.email,
    newEmail: email,
    tokenHash: hashToken(signLinkToken(deps.appSecret, 'email-change', changeId)),
    requestedBy: actor.userId,
    expiresAt,
  });
  try {
    await deps.temporal.workflow.start(emailChangeWorkflow, {
      workflowId: workflowIds.emailChange(changeId),
      taskQueue: deps.taskQueue,
      args: [{ changeId, schoolId: input.schoolId, userId: athlete.id }],
    });
  } catch {
    await deleteEmailChange(db, input.schoolId, changeId);
    throw new AppError('WORKFLOW_UNAVAILABLE');
  }
  await expireOtherEmailChanges(db, input.schoolId, athlete.id, changeId, now);
  await recordAudit(db, {
    schoolId: input.schoolId,
    actorUserId: actor.userId,
    action: 'user.email_change_requested',
    targetType: 'user',
    targetId: athlete.id,
    ip: actor.ip ?? null,
    userAgent: actor.userAgent ?? null,
    details: { changeId, from: athlete.email, to: email, ...(actor.operator ? { byOperator: true } : {}) },
  });
  return { changeId, pendingEmail: email, expiresAt: expiresAt.toISOString() };
}

/**
 * Confirms a change from its mailed link: valid signature, unexpired, not used, the address still free. The login,
 * the pending invitations and their undelivered mail move to the new address in one transaction, so "Retry now" on a
 * bounced welcome letter then delivers it there.
 */
export async function confirmEmailChange(
  deps: Pick<EmailChangeDeps, 'db' | 'now' | 'appSecret'>,
  token: string,
  origin: { ip?: string | null; userAgent?: string | null } = {},
): Promise<{ email: string }> {
  const changeId = verifyLinkToken(deps.appSecret, 'email-change', token);
  if (!changeId) throw new AppError('EMAIL_CHANGE_LINK_INVALID');
  const now = deps.now();
  return deps.db
    .transaction()
    .execute(async (trx) => {
      const change = await lockEmailChange(trx, changeId, hashToken(token));
      if (!change || change.confirmed_at || change.expires_at.getTime() <= now.getTime()) {
        throw new AppError('EMAIL_CHANGE_LINK_INVALID');
      }
      if (await isEmailTaken(trx, change.new_email)) throw emailExists();
      const readdressed = await readdressUser(trx, change.school_id, change.user_id, {
        from: change.old_email,
        to: change.new_email,
      });
      await markEmailChangeConfirmed(trx, change.school_id, change.id, now);
      await recordAudit(trx, {
        schoolId: change.school_id,
        actorUserId: change.user_id,
        action: 'user.email_changed',
        targetType: 'user',
        targetId: change.user_id,
        ip: origin.ip ?? null,
        userAgent: origin.userAgent ?? null,
        details: {
          changeId,
          from: change.old_email,
          to: change.new_email,
          requestedBy: change.requested_by,
          readdressed,
        },
      });
      return { email: change.new_email };
    })
    .catch((err: unknown) => {
      if ((err as { code?: unknown }).code === '23505') throw emailExists();
      throw err;
    });
}

/** The use cases' dependencies from the server's. */
export function emailChangeDeps(deps: ServerDeps): EmailChangeDeps {
  return {
    db: deps.database.db,
    temporal: deps.temporal,
    now: () => new Date(),
    appSecret: deps.config.appSecret,
    taskQueue: taskQueueOf(deps),
  };
}
