import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import type { PacketWorkflowDefinition } from '../../domain/packet-workflow';
import {
  EXPIRY_MS,
  PACKET_LIMITS,
  packetWorkflowIds,
  REMINDER_INTERVAL_MS,
  SENDER_GROUP_ROLES,
  type ExpiryOption,
  type ReminderOption,
} from '../../domain/packets';
import { countWords } from '../../form-engine';
import type { Database } from '../../migrations/database';
import {
  packetSubmissionWorkflow,
  type PacketSubmissionInput,
} from '../../workflows/packets/packet-submission.workflow';
import { recordAudit } from '../audit/audit.repository';
import { authOf } from '../plugins/authenticate';
import { requestMeta } from '../shared/request-meta';
import { requireTemporal, taskQueueOf } from '../shared/workflow-client';
import type { ServerDeps } from '../types';
import { findPacket, findPacketVersion, loadFormVersionsById } from './packets.repository';
import type { SendPacketBody } from './packets.schemas';
import { canSendPacket } from './packets.service';

/**
 * Sending a published packet: resolves the recipients (individuals, teams, groups), freezes the settings on a
 * sent-packet row pointing at the packet's current version, creates one submission row per recipient and starts one
 * submission workflow each (id = business key, so a retry never starts a second one).
 */
type Db = Kysely<Database>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function resolveRecipients(db: Db, schoolId: string, body: SendPacketBody['recipients']): Promise<string[]> {
  const ids = new Set<string>();
  if (body.userIds.length > 0) {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('id', 'in', body.userIds)
      .where('status', '!=', 'INACTIVE')
      .execute();
    if (rows.length !== new Set(body.userIds).size) {
      throw new AppError('NOT_FOUND', [{ field: 'recipients.userIds', message: 'Unknown recipient.' }]);
    }
    for (const r of rows) ids.add(r.id);
  }
  if (body.teamIds.length > 0) {
    const teams = await db
      .selectFrom('sport_teams')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('id', 'in', body.teamIds)
      .execute();
    if (teams.length !== new Set(body.teamIds).size) {
      throw new AppError('NOT_FOUND', [{ field: 'recipients.teamIds', message: 'Unknown team.' }]);
    }
    const rows = await db
      .selectFrom('athlete_profiles as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select('u.id')
      .where('a.school_id', '=', schoolId)
      .where('a.sport_team_id', 'in', body.teamIds)
      .where('u.status', '!=', 'INACTIVE')
      .execute();
    for (const r of rows) ids.add(r.id);
  }
  if (body.groups.length > 0) {
    const rows = await db
      .selectFrom('user_roles as ur')
      .innerJoin('users as u', 'u.id', 'ur.user_id')
      .select('u.id')
      .where('ur.school_id', '=', schoolId)
      .where(
        'ur.role',
        'in',
        body.groups.map((g) => SENDER_GROUP_ROLES[g]),
      )
      .where('u.status', '!=', 'INACTIVE')
      .execute();
    for (const r of rows) ids.add(r.id);
  }
  return [...ids];
}

/** External signer steps left open in the designer take the signer named at send time. */
function fillExternalSigners(
  workflow: PacketWorkflowDefinition,
  signers: SendPacketBody['externalSigners'] = {},
): PacketWorkflowDefinition {
  return {
    ...workflow,
    steps: workflow.steps.map((step) => {
      if (step.kind !== 'EXTERNAL_SIGNER') return step;
      const named = signers[step.id];
      if (step.actors.length > 0 && !named) return step;
      if (!named)
        throw new AppError('EXTERNAL_SIGNER_DETAILS', [{ field: step.id, message: 'Fill external signer details.' }]);
      const filled = [named.email, named.firstName, named.lastName].every((v) => v.trim() !== '');
      if (!filled || !EMAIL.test(named.email.trim())) {
        throw new AppError('EXTERNAL_SIGNER_DETAILS', [{ field: step.id, message: 'Fill external signer details.' }]);
      }
      return {
        ...step,
        actors: [
          {
            kind: 'EXTERNAL' as const,
            email: named.email.trim().toLowerCase(),
            firstName: named.firstName.trim(),
            lastName: named.lastName.trim(),
          },
        ],
      };
    }),
  };
}

export interface SendTiming {
  /** Test and benchmark hook: overrides the option's interval / window (milliseconds). */
  reminderEveryMs?: number | null;
  expireAfterMs?: number;
  /** Start-to-close limit of the submission workflow's activities. */
  activityTimeoutMs?: number;
}

export async function sendPacket(
  request: FastifyRequest,
  packetId: string,
  body: SendPacketBody,
  override: SendTiming = {},
): Promise<{ sentPacketId: string; recipientCount: number }> {
  const auth = authOf(request);
  const deps = request.server.deps;
  const timing: SendTiming = { ...deps.packetTiming, ...override };
  const { db } = deps.database;
  const packet = await findPacket(db, auth.school.id, packetId);
  if (!packet) throw new AppError('NOT_FOUND');
  if (!canSendPacket(auth, packet)) throw new AppError('FORBIDDEN');
  if (packet.archived_at) throw new AppError('PACKET_ARCHIVED');
  if (packet.status !== 'PUBLISHED' || packet.current_version === null) throw new AppError('PACKET_NOT_PUBLISHED');
  const message = body.message?.trim() ?? '';
  if (countWords(message) > PACKET_LIMITS.sendMessageMaxWords) throw new AppError('SEND_MESSAGE_TOO_LONG');
  const version = await findPacketVersion(db, auth.school.id, packetId, packet.current_version);
  if (!version) throw new AppError('PACKET_NOT_PUBLISHED');
  const workflow = fillExternalSigners(version.workflow, body.externalSigners);
  const recipients = await resolveRecipients(db, auth.school.id, body.recipients);
  if (recipients.length === 0) throw new AppError('PACKET_NO_RECIPIENTS');
  const temporal = requireTemporal(deps);
  const forms = await loadFormVersionsById(db, auth.school.id, version.forms);

  const reminder: ReminderOption = body.reminder ?? 'OFF';
  const expiry: ExpiryOption = body.expiry ?? 'MONTH';
  const expireAfterMs = timing.expireAfterMs ?? EXPIRY_MS[expiry];
  const reminderEveryMs =
    timing.reminderEveryMs !== undefined ? timing.reminderEveryMs : REMINDER_INTERVAL_MS[reminder];

  const { sentPacketId, submissions } = await db.transaction().execute(async (trx) => {
    const sent = await trx
      .insertInto('sent_packets')
      .values({
        school_id: auth.school.id,
        packet_id: packetId,
        packet_version_id: version.id,
        sent_by: auth.user.id,
        message,
        reminder,
        expiry,
        expires_at: new Date(Date.now() + expireAfterMs),
        visibility: body.visibility ?? 'SENDER_ONLY',
        notify: body.notify ?? true,
        external_signers: JSON.stringify(body.externalSigners ?? {}),
        recipient_count: recipients.length,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows: Array<{ id: string; recipient_user_id: string }> = [];
    for (let i = 0; i < recipients.length; i += 500) {
      const chunk = recipients.slice(i, i + 500);
      rows.push(
        ...(await trx
          .insertInto('packet_submissions')
          .values(
            chunk.map((userId) => ({
              school_id: auth.school.id,
              sent_packet_id: sent.id,
              recipient_user_id: userId,
              workflow_id: packetWorkflowIds.submission(sent.id, userId),
            })),
          )
          .returning(['id', 'recipient_user_id'])
          .execute()),
      );
    }
    await trx
      .updateTable('packets')
      .set({ last_activity_at: new Date() })
      .where('school_id', '=', auth.school.id)
      .where('id', '=', packetId)
      .execute();
    return { sentPacketId: sent.id, submissions: rows };
  });

  const base = {
    schoolId: auth.school.id,
    sentPacketId,
    packetName: version.name,
    hipaa: version.hipaa,
    workflow,
    forms: forms.map((f) => ({ formId: f.formId, formVersionId: f.formVersionId, version: f.definition })),
    reminderEveryMs,
    maxReminders: PACKET_LIMITS.maxAutoReminders,
    expireAfterMs,
    notify: body.notify ?? true,
    ...(timing.activityTimeoutMs ? { activityTimeoutMs: timing.activityTimeoutMs } : {}),
  };
  await startSubmissionWorkflows(
    deps,
    temporal,
    submissions.map((s) => ({ ...base, submissionId: s.id, recipientUserId: s.recipient_user_id })),
  );
  await recordAudit(db, {
    schoolId: auth.school.id,
    actorUserId: auth.user.id,
    action: 'packet.sent',
    targetType: 'packet',
    targetId: packetId,
    details: { sentPacketId, recipients: recipients.length },
    ...requestMeta(request),
  });
  return { sentPacketId, recipientCount: recipients.length };
}

/** Starts the workflows a few dozen at a time; one already started (a retried request) is left as it is. */
export async function startSubmissionWorkflows(
  deps: Pick<ServerDeps, 'taskQueue'>,
  temporal: Client,
  inputs: PacketSubmissionInput[],
): Promise<void> {
  const concurrency = 32;
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const input = inputs[next++]!;
      try {
        await temporal.workflow.start(packetSubmissionWorkflow, {
          workflowId: packetWorkflowIds.submission(input.sentPacketId, input.recipientUserId),
          taskQueue: taskQueueOf(deps),
          args: [input],
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, inputs.length) }, worker));
}
