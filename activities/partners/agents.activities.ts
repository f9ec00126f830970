import { ApplicationFailure } from '@temporalio/activity';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../api/config';
import { recordAudit } from '../../api/audit/audit.repository';
import { todayIn } from '../../api/forms/school-today';
import { notifyEach } from '../../api/notifications/notifications.repository';
import { agentLinkHash, buildAgentLink } from '../../api/partners/agent-links';
import { lockAgent } from '../../api/partners/agents.repository';
import { listSchoolAdmins } from '../../api/rosters/rosters.repository';
import { ensureTasks } from '../../api/tasks/tasks.repository';
import { ERRORS, type ErrorCode } from '../../domain/errors';
import { AGENT_TYPES, agentName, agentWorkflowId, type AgentStatus } from '../../domain/partners/agents';
import type { Database } from '../../migrations/database';
import { deliverOutboxMail } from '../mail/mail.activities';
import type { Mailer } from '../mail/mailer';
import { currentSideEffectKey } from '../shared/idempotency';

const stop = (code: ErrorCode) => ApplicationFailure.nonRetryable(ERRORS[code].message, code);

export interface AgentRef {
  schoolId: string;
  agentId: string;
}

export interface AgentActivityDeps {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'publicUrl' | 'appSecret'>;
  mailer: Mailer;
}

/**
 * The writes of `agent:<id>`. Each reads (and where it writes, locks) the agent's row first, so a retry after a
 * killed worker finds its work done; mails, tasks, notifications and audit events carry keys from the workflow id
 * and the step, never the attempt.
 */
export function createAgentActivities(deps: AgentActivityDeps) {
  const { db, config } = deps;

  const schoolOf = (schoolId: string) =>
    db.selectFrom('schools').where('id', '=', schoolId).select(['name', 'time_zone']).executeTakeFirstOrThrow();

  const inviterOf = (userId: string | null) =>
    userId
      ? db.selectFrom('users').where('id', '=', userId).select(['first_name', 'last_name']).executeTakeFirst()
      : Promise.resolve(undefined);

  return {
    async agentStatus(ref: AgentRef): Promise<AgentStatus | null> {
      const row = await db
        .selectFrom('agents')
        .where('school_id', '=', ref.schoolId)
        .where('id', '=', ref.agentId)
        .select('status')
        .executeTakeFirst();
      return row?.status ?? null;
    },

    /** Issues the invitation's link once: generation 1, its hash and expiry (a retry returns the same link). */
    async issueAgentLink(ref: AgentRef & { ttlMs: number }): Promise<{ generation: number }> {
      return db.transaction().execute(async (trx) => {
        const a = await lockAgent(trx, ref.schoolId, ref.agentId);
        if (!a) throw stop('NOT_FOUND');
        if (a.link_generation > 0) return { generation: a.link_generation };
        await trx
          .updateTable('agents')
          .set({
            link_generation: 1,
            link_token_hash: agentLinkHash(config.appSecret, a.id, 1),
            link_expires_at: new Date(Date.now() + ref.ttlMs),
            updated_at: new Date(),
          })
          .where('id', '=', a.id)
          .execute();
        return { generation: 1 };
      });
    },

    /** Mails the link (the invitation, or its one reminder); a used or dead link is not mailed. */
    async mailAgentLink(
      ref: AgentRef & { generation: number; reminder: boolean },
    ): Promise<'SENT' | 'USED' | 'EXPIRED'> {
      const a = await db
        .selectFrom('agents')
        .where('school_id', '=', ref.schoolId)
        .where('id', '=', ref.agentId)
        .selectAll()
        .executeTakeFirst();
      if (!a) throw stop('NOT_FOUND');
      if (a.link_used_at || a.status !== 'INVITED') return 'USED';
      if (!a.link_expires_at || a.link_expires_at.getTime() <= Date.now()) return 'EXPIRED';
      const school = await schoolOf(ref.schoolId);
      const inviter = await inviterOf(a.invited_by);
      const who = inviter ? `${inviter.first_name} ${inviter.last_name}`.trim() : 'A student-athlete';
      const link = buildAgentLink(config, a.id, ref.generation);
      const until = a.link_expires_at.toLocaleString('en-US', {
        timeZone: school.time_zone,
        dateStyle: 'long',
        timeStyle: 'short',
      });
      await deliverOutboxMail(db, deps.mailer, {
        idempotencyKey: currentSideEffectKey('mail', ref.reminder ? 'agent-link-reminder' : 'agent-link'),
        schoolId: ref.schoolId,
        message: {
          to: a.email,
          subject: `${ref.reminder ? 'Reminder: ' : ''}${who} named you as their agent at ${school.name}`,
          text:
            `Hello ${a.first_name},\n\n${who} named you as their ${AGENT_TYPES[a.type].toLowerCase()} at ` +
            `${school.name}. The school keeps a registry of agents; please give your agency and state registration ` +
            `through this link (it works once, until ${until}):\n\n${link}\n\nIf you do not represent this ` +
            `athlete, you can ignore this message.`,
        },
      });
      return 'SENT';
    },

    /** At the link's end: EXPIRED if the details never came (the athlete is told), else PROVIDED. */
    async closeAgentInvitation(ref: AgentRef & { generation: number }): Promise<'EXPIRED' | 'PROVIDED'> {
      const a = await db.transaction().execute(async (trx) => {
        const row = await lockAgent(trx, ref.schoolId, ref.agentId);
        if (!row) throw stop('NOT_FOUND');
        if (row.link_used_at || row.status !== 'INVITED') return { row, expired: false };
        await trx
          .updateTable('agents')
          .set({ link_expires_at: new Date(Math.min(Date.now(), row.link_expires_at?.getTime() ?? Date.now())) })
          .where('id', '=', row.id)
          .execute();
        await recordAudit(trx, {
          schoolId: ref.schoolId,
          actorUserId: null,
          action: 'agent.link_expired',
          targetType: 'agent',
          targetId: row.id,
          details: { generation: ref.generation },
          idempotencyKey: currentSideEffectKey('audit', 'link-expired'),
        });
        return { row, expired: true };
      });
      if (!a.expired) return 'PROVIDED';
      if (a.row.invited_by) {
        await notifyEach(db, {
          schoolId: ref.schoolId,
          userIds: [a.row.invited_by],
          payload: {
            module: 'partners',
            status: 'expired',
            title: 'Agent invitation expired',
            body: `${agentName({ firstName: a.row.first_name, lastName: a.row.last_name })} did not fill in their details in time. You can invite them again.`,
          },
          keyOf: (userId) => currentSideEffectKey('notification', `link-expired:${userId}`),
        });
      }
      return 'EXPIRED';
    },

    /** Puts "Confirm agent" in the compliance admins' My Tasks and tells each of them (once). */
    async openAgentTask(ref: AgentRef & { stepId: string }): Promise<void> {
      const a = await db
        .selectFrom('agents')
        .where('school_id', '=', ref.schoolId)
        .where('id', '=', ref.agentId)
        .selectAll()
        .executeTakeFirst();
      if (!a || a.status !== 'PENDING_CONFIRMATION') return;
      const name = agentName({ firstName: a.first_name, lastName: a.last_name });
      await ensureTasks(db, ref.schoolId, [
        {
          workflowId: agentWorkflowId(a.id),
          module: 'agent',
          entityId: a.id,
          stepId: ref.stepId,
          stepName: 'Confirm agent',
          assigneeRole: 'SCHOOL_ADMIN',
          title: `Confirm ${name} (${AGENT_TYPES[a.type].toLowerCase()}) for the agent registry`,
          url: `/confirmAgentInfo?agent=${a.id}`,
        },
      ]);
      await notifyEach(db, {
        schoolId: ref.schoolId,
        userIds: await listSchoolAdmins(db, ref.schoolId),
        payload: {
          module: 'partners',
          status: 'new',
          title: 'Agent to confirm',
          body: `${name} filled in their details for the agent registry.`,
        },
        keyOf: (userId) => currentSideEffectKey('notification', `confirm:${userId}`),
      });
    },

    async decideAgent(
      input: AgentRef & { actorUserId: string; decision: 'CONFIRM' | 'REJECT'; reason: string | null },
    ): Promise<void> {
      const target = input.decision === 'CONFIRM' ? 'ACTIVE' : 'REJECTED';
      await db.transaction().execute(async (trx) => {
        const a = await lockAgent(trx, input.schoolId, input.agentId);
        if (!a) throw stop('NOT_FOUND');
        if (a.status === target) return;
        if (a.status !== 'PENDING_CONFIRMATION') throw stop('AGENT_NOT_PENDING');
        await trx
          .updateTable('agents')
          .set({
            status: target,
            confirmed_by: input.actorUserId,
            confirmed_at: new Date(),
            reject_reason: input.reason,
            updated_at: new Date(),
          })
          .where('id', '=', a.id)
          .execute();
        await trx
          .updateTable('tasks')
          .set({ status: 'DONE', completed_at: new Date(), completed_by: input.actorUserId })
          .where('school_id', '=', input.schoolId)
          .where('workflow_id', '=', agentWorkflowId(a.id))
          .where('status', '=', 'OPEN')
          .execute();
        await recordAudit(trx, {
          schoolId: input.schoolId,
          actorUserId: input.actorUserId,
          action: target === 'ACTIVE' ? 'agent.confirmed' : 'agent.rejected',
          targetType: 'agent',
          targetId: a.id,
          details: input.reason ? { reason: input.reason } : {},
          idempotencyKey: currentSideEffectKey('audit', 'decide'),
        });
      });
    },

    /** The registration's status and when it ends (the start of the day after its expiry date, in the school's zone as UTC midnight). */
    async registrationExpiry(
      ref: AgentRef,
    ): Promise<{ status: AgentStatus | 'GONE'; expiresOn: string | null; endsAtMs: number | null }> {
      const a = await db
        .selectFrom('agents')
        .where('school_id', '=', ref.schoolId)
        .where('id', '=', ref.agentId)
        .select(['status', 'registration_expires_on'])
        .executeTakeFirst();
      if (!a) return { status: 'GONE', expiresOn: null, endsAtMs: null };
      const on = a.registration_expires_on;
      return { status: a.status, expiresOn: on, endsAtMs: on ? Date.parse(`${on}T00:00:00Z`) + 86_400_000 : null };
    },

    async warnRegistrationExpiry(ref: AgentRef & { expiresOn: string | null }): Promise<void> {
      const a = await db
        .selectFrom('agents')
        .where('school_id', '=', ref.schoolId)
        .where('id', '=', ref.agentId)
        .select(['first_name', 'last_name', 'status'])
        .executeTakeFirst();
      if (!a || a.status !== 'ACTIVE') return;
      await notifyEach(db, {
        schoolId: ref.schoolId,
        userIds: await listSchoolAdmins(db, ref.schoolId),
        payload: {
          module: 'partners',
          status: 'reminder',
          title: 'Agent registration expires soon',
          body: `${agentName({ firstName: a.first_name, lastName: a.last_name })}'s state registration expires on ${ref.expiresOn}.`,
        },
        keyOf: (userId) => currentSideEffectKey('notification', `expiry-warning:${ref.expiresOn}:${userId}`),
      });
    },

    /**
     * Marks the registration EXPIRED once its expiry date has passed in the school's zone (`force` for compressed
     * timing in tests and demo data). A date moved later in the meantime answers STILL_VALID.
     */
    async expireAgentRegistration(ref: AgentRef & { force: boolean }): Promise<'EXPIRED' | 'STILL_VALID'> {
      const school = await schoolOf(ref.schoolId);
      const today = todayIn(school.time_zone, new Date());
      const done = await db.transaction().execute(async (trx) => {
        const a = await lockAgent(trx, ref.schoolId, ref.agentId);
        if (!a) throw stop('NOT_FOUND');
        if (a.status === 'EXPIRED') return true;
        if (a.status !== 'ACTIVE') return false;
        const passed = a.registration_expires_on !== null && a.registration_expires_on < today;
        if (!passed && !ref.force) return false;
        await trx
          .updateTable('agents')
          .set({ status: 'EXPIRED', expired_at: new Date(), updated_at: new Date() })
          .where('id', '=', a.id)
          .execute();
        await recordAudit(trx, {
          schoolId: ref.schoolId,
          actorUserId: null,
          action: 'agent.registration_expired',
          targetType: 'agent',
          targetId: a.id,
          details: { expiresOn: a.registration_expires_on },
          idempotencyKey: currentSideEffectKey('audit', 'registration-expired'),
        });
        return true;
      });
      return done ? 'EXPIRED' : 'STILL_VALID';
    },
  };
}

export type AgentActivities = ReturnType<typeof createAgentActivities>;
