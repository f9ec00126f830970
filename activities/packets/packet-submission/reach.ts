import { insertNotification } from '../../../api/notifications/notifications.repository';
import type { NotificationPayload } from '../../../domain/notifications';
import type { ActorSlot } from '../../../domain/packet-workflow';
import { COMPLIANCE_STAFF } from '../../../domain/permissions';
import { deliverOutboxMail } from '../../mail/mail.activities';
import { renderHtml, renderText, type MailFrame } from '../../mail/templates/layout';
import type { PendingMail, ReachOptions } from './reach-types';
import { reachSigner } from './signer-links';
import {
  appendEvent,
  sideKey,
  type Executor,
  type PacketActivityDeps,
  type SubmissionContext,
  type SubmissionRef,
} from './records';

/** Reaching people: their notifications, their mails through the outbox, and external signers' links. */

/**
 * What a recipient without an account yet must do before the packet's button works (issue 35): the send invited
 * them (api/packets/send-packet.service.ts), and the invitation's "Create your password" comes in its own e-mail.
 */
export function accountSteps(status: string, schoolName: string): string[] {
  if (status === 'ACTIVE') return [];
  return [
    `You do not have an account yet. First open the invitation from ${schoolName} sent to this address ` +
      `("You're invited to ${schoolName}"), choose "Create your password" and set one; then come back to this ` +
      'e-mail and open the packet.',
  ];
}

export function submissionUrl(config: PacketActivityDeps['config'], submissionId: string): string {
  return `${config.publicUrl}/sprySign/actionRequired?submission=${submissionId}`;
}

export async function notify(
  q: Executor,
  ref: SubmissionRef,
  ctx: SubmissionContext,
  note: { userId: string; status: string; title: string; raw: string },
): Promise<void> {
  const payload: NotificationPayload = {
    module: 'paperwork',
    status: note.status,
    title: note.title,
    sentPacketId: ctx.sent_packet_id,
    formId: ctx.packet_id,
    featureData: {},
  };
  await insertNotification(q, {
    schoolId: ref.schoolId,
    userId: note.userId,
    payload,
    dedupeKey: sideKey(ref, 'notification', `${note.raw}:${note.userId}`),
  });
}

/** One mail through the outbox, and its EMAILED event. */
export async function sendMail(deps: PacketActivityDeps, ref: SubmissionRef, m: PendingMail): Promise<void> {
  const { to, frame, subject, raw } = m;
  await deliverOutboxMail(deps.db, deps.mailer, {
    idempotencyKey: sideKey(ref, 'mail', raw),
    schoolId: ref.schoolId,
    message: { to, subject, text: renderText(frame), html: renderHtml(frame) },
  });
  await appendEvent(deps.db, ref, { key: `mail:${raw}`, kind: 'EMAILED', details: { to, subject } });
}

export async function sendMails(deps: PacketActivityDeps, ref: SubmissionRef, mails: PendingMail[]): Promise<void> {
  for (const m of mails) await sendMail(deps, ref, m);
}

/** The active holders of a role, or of the compliance permission for compliance staff (school admins with it). */
export async function usersWithRole(q: Executor, schoolId: string, role: string) {
  let query = q
    .selectFrom('user_roles as ur')
    .innerJoin('users as u', 'u.id', 'ur.user_id')
    .select(['u.id', 'u.email', 'u.first_name', 'u.status'])
    .where('ur.school_id', '=', schoolId)
    .where('u.status', '=', 'ACTIVE');
  query =
    role === COMPLIANCE_STAFF
      ? query.where('ur.role', '=', 'SCHOOL_ADMIN').where('ur.compliance', '=', true)
      : query.where('ur.role', '=', role);
  return query.limit(200).execute();
}

/**
 * Notifies the people behind one actor slot and decides their mails: the rows are written with `q` (the caller's
 * transaction), the mails are returned for the caller to send through the outbox once those rows are committed.
 */
export async function reachSlot(
  deps: PacketActivityDeps,
  q: Executor,
  ref: SubmissionRef,
  ctx: SubmissionContext,
  slot: ActorSlot,
  opts: ReachOptions,
): Promise<PendingMail[]> {
  const subject = `${ctx.packet_name}: ${opts.heading}`;
  if (slot.kind === 'EXTERNAL') return reachSigner(deps, q, ref, ctx, slot, opts);
  const people =
    slot.kind === 'USER'
      ? await q
          .selectFrom('users')
          .select(['id', 'email', 'first_name', 'status'])
          .where('id', '=', slot.userId!)
          .where('school_id', '=', ref.schoolId)
          .execute()
      : await usersWithRole(q, ref.schoolId, slot.role!);
  const mails: PendingMail[] = [];
  for (const person of people) {
    await notify(q, ref, ctx, {
      userId: person.id,
      status: opts.status,
      title: subject,
      raw: `${opts.raw}:${slot.key}`,
    });
    if (!ctx.notify) continue;
    const frame: MailFrame = {
      heading: opts.heading,
      paragraphs: [
        `Hi ${person.first_name},`,
        opts.intro,
        ...(ctx.message ? [ctx.message] : []),
        ...accountSteps(person.status, ctx.school_name),
      ],
      action: { label: 'Open the packet', url: submissionUrl(deps.config, ref.submissionId) },
      footer: [`Sent by ${ctx.school_name}.`],
    };
    mails.push({ to: person.email, frame, subject, raw: `${opts.raw}:${slot.key}:${person.id}` });
  }
  return mails;
}

export type { PendingMail, ReachOptions } from './reach-types';
