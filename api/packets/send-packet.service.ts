import { WorkflowNotFoundError } from '@temporalio/client';
import type { Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import {
  EXPIRY_MS,
  PACKET_LIMITS,
  packetWorkflowIds,
  SENDER_GROUP_ROLES,
  type ExpiryOption,
  type ReminderOption,
} from '../../domain/packets';
import { countWords } from '../../form-engine';
import type { Database } from '../../migrations/database';
import { PACKET_SEND_BATCH, packetSendProgressQuery } from '../../workflows/packets/packet-send.workflow';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { requireTemporal, resultWithin } from '../shared/workflow-client';
import { startInvitationBatch } from '../users/invitations.service';
import { writeInvitations } from '../users/write-invitation';
import { claimUninvitedRecipients, findPacket, findPacketVersion } from './packets.repository';
import type { PacketDeps } from './packet-deps';
import type { SendPacketBody } from './packets.schemas';
import { assertWorkflowAccounts, canSendPacket } from './packets.service';
import { fillExternalSigners, type SendTiming } from './send-plan';
import { invitationBatchOf, sendWorkflowTiming, startSendWorkflow } from './send-recovery';

/**
 * Sending a published packet: resolves the recipients (individuals, teams, groups), freezes the settings on a
 * sent-packet row pointing at the packet's current version, creates one submission row per recipient and starts one
 * submission workflow each (id = business key, so a retry never starts a second one). The rows and the send's audit
 * commit together; a process that dies before the packet-send workflow starts is recovered by the send reconciler
 * (send-recovery.ts), which starts it once.
 */
type Db = Kysely<Database>;

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

export async function sendPacket(
  deps: PacketDeps,
  actor: Actor,
  packetId: string,
  body: SendPacketBody,
  override: SendTiming = {},
): Promise<{ sentPacketId: string; recipientCount: number; startedAll: boolean }> {
  const timing: SendTiming = { ...deps.packetTiming, ...override };
  const { db } = deps;
  const packet = await findPacket(db, actor.schoolId, packetId);
  if (!packet) throw new AppError('NOT_FOUND');
  if (!canSendPacket(actor, packet)) throw new AppError('FORBIDDEN');
  if (packet.archived_at) throw new AppError('PACKET_ARCHIVED');
  if (packet.status !== 'PUBLISHED' || packet.current_version === null) throw new AppError('PACKET_NOT_PUBLISHED');
  const message = body.message?.trim() ?? '';
  if (countWords(message) > PACKET_LIMITS.sendMessageMaxWords) throw new AppError('SEND_MESSAGE_TOO_LONG');
  const version = await findPacketVersion(db, actor.schoolId, packetId, packet.current_version);
  if (!version) throw new AppError('PACKET_NOT_PUBLISHED');
  // Someone named since publishing may have left or been deactivated: their step would wait forever.
  await assertWorkflowAccounts(db, actor.schoolId, version.workflow);
  // Checked here; the packet-send workflow fills the signers in again from the stored sent packet.
  fillExternalSigners(version.workflow, body.externalSigners);
  const recipients = await resolveRecipients(db, actor.schoolId, body.recipients);
  if (recipients.length === 0) throw new AppError('PACKET_NO_RECIPIENTS');
  const temporal = requireTemporal(deps);

  const reminder: ReminderOption = body.reminder ?? 'OFF';
  const expiry: ExpiryOption = body.expiry ?? 'MONTH';
  const expireAfterMs = timing.expireAfterMs ?? EXPIRY_MS[expiry];

  const { sentPacketId, submissions, invited } = await db.transaction().execute(async (trx) => {
    const sent = await trx
      .insertInto('sent_packets')
      .values({
        school_id: actor.schoolId,
        packet_id: packetId,
        packet_version_id: version.id,
        sent_by: actor.userId,
        message,
        reminder,
        expiry,
        expires_at: new Date(deps.now().getTime() + expireAfterMs),
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
              school_id: actor.schoolId,
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
      .set({ last_activity_at: deps.now() })
      .where('school_id', '=', actor.schoolId)
      .where('id', '=', packetId)
      .execute();
    // Recipients without an account yet (never invited) are invited with the send, so that the packet's mail can
    // tell them to set their password from the invitation first (issue 35).
    const uninvited = await claimUninvitedRecipients(trx, actor.schoolId, recipients);
    if (uninvited.length > 0) {
      await writeInvitations(trx, deps.appSecret, actor.schoolId, actor.userId, uninvited, invitationBatchOf(sent.id));
    }
    await auditBy(trx, actor, {
      action: 'packet.sent',
      targetType: 'packet',
      targetId: packetId,
      details: { sentPacketId: sent.id, recipients: recipients.length, invited: uninvited.length },
    });
    return { sentPacketId: sent.id, submissions: rows, invited: uninvited.length };
  });
  if (invited > 0) {
    await startInvitationBatch(deps, temporal, { schoolId: actor.schoolId, batchId: invitationBatchOf(sentPacketId) });
  }

  const send = await startSendWorkflow(deps, temporal, {
    schoolId: actor.schoolId,
    sentPacketId,
    total: submissions.length,
    timing: sendWorkflowTiming(timing),
  });
  // A small send (one batch) is usually done within the request, so the sender lands on a complete list; a larger one
  // cannot be, so it answers at once, goes on in the background and the client follows its progress.
  // A send that ended otherwise (an operator stopped it) is followed on the progress endpoint like a long one.
  const outcome =
    recipients.length <= SEND_WAIT_MAX_RECIPIENTS
      ? await resultWithin(
          send.result().then(
            () => true,
            () => false,
          ),
          SEND_WAIT_MS,
        )
      : 'pending';
  const startedAll = outcome === true;
  return { sentPacketId, recipientCount: recipients.length, startedAll };
}

/** How long the send request waits for the packet-send workflow before it answers (it goes on either way). */
const SEND_WAIT_MS = 2_000;
/** Larger sends answer without waiting: their workflows take longer to start than the wait. */
const SEND_WAIT_MAX_RECIPIENTS = PACKET_SEND_BATCH;

/** The progress of a send's packet-send workflow: how many submission workflows have started. */
export async function loadSendProgress(
  deps: CoreDeps,
  actor: Actor,
  sentPacketId: string,
): Promise<{ total: number; started: number; finished: boolean }> {
  const sent = await deps.db
    .selectFrom('sent_packets')
    .select(['id', 'recipient_count'])
    .where('school_id', '=', actor.schoolId)
    .where('id', '=', sentPacketId)
    .executeTakeFirst();
  if (!sent) throw new AppError('NOT_FOUND');
  const handle = requireTemporal(deps).workflow.getHandle(packetWorkflowIds.send(sentPacketId));
  try {
    return await handle.query(packetSendProgressQuery);
  } catch (err) {
    // Sends from before the packet-send workflow, and sends past the server's retention, are long complete.
    if (err instanceof WorkflowNotFoundError) {
      return { total: sent.recipient_count, started: sent.recipient_count, finished: true };
    }
    throw err;
  }
}
