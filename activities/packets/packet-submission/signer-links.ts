import { randomBytes, randomUUID } from 'node:crypto';
import type { ActorSlot } from '../../../domain/packet-workflow';
import { hashToken } from '../../../domain/signed-links';
import type { MailFrame } from '../../mail/templates/layout';
import type { PendingMail, ReachOptions } from './reach-types';
import {
  signerToken,
  type Executor,
  type PacketActivityDeps,
  type SubmissionContext,
  type SubmissionRef,
} from './records';

/** External signers: one personal link per signer and turn, and the mail that carries it. */

/** The signer link of one external actor for one turn: created once (a retry finds it), token rebuilt from id + nonce. */
async function ensureSignerLink(
  config: PacketActivityDeps['config'],
  q: Executor,
  ref: SubmissionRef,
  turn: { stepId: string; round: number; slot: ActorSlot; expiresAt: string },
) {
  const { stepId, round, slot, expiresAt } = turn;
  const id = randomUUID();
  const nonce = randomBytes(16).toString('base64url');
  await q
    .insertInto('packet_signer_links')
    .values({
      id,
      school_id: ref.schoolId,
      submission_id: ref.submissionId,
      step_id: stepId,
      round,
      email: slot.email!,
      first_name: slot.firstName ?? '',
      last_name: slot.lastName ?? '',
      nonce,
      token_hash: hashToken(signerToken(config.appSecret, { nonce })),
      expires_at: expiresAt,
    })
    .onConflict((oc) => oc.columns(['submission_id', 'step_id', 'round', 'email']).doNothing())
    .execute();
  const link = await q
    .selectFrom('packet_signer_links')
    .select(['id', 'nonce', 'revoked_at'])
    .where('submission_id', '=', ref.submissionId)
    .where('step_id', '=', stepId)
    .where('round', '=', round)
    .where('email', '=', slot.email!)
    .executeTakeFirstOrThrow();
  return {
    ...link,
    url: `${config.publicUrl}/spry-sign/submit/${encodeURIComponent(signerToken(config.appSecret, link))}`,
  };
}

/** An external signer: their link for this turn (none once revoked) and its mail. */
export async function reachSigner(
  deps: PacketActivityDeps,
  q: Executor,
  ref: SubmissionRef,
  ctx: SubmissionContext,
  slot: ActorSlot,
  opts: ReachOptions,
): Promise<PendingMail[]> {
  const link = await ensureSignerLink(deps.config, q, ref, {
    stepId: opts.stepId,
    round: opts.round,
    slot,
    expiresAt: opts.expiresAt ?? new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  if (link.revoked_at) return [];
  const frame: MailFrame = {
    heading: opts.heading,
    paragraphs: [
      `Hi ${slot.firstName ?? ''},`.trim(),
      opts.intro,
      `${ctx.school_name} asks you to review and sign "${ctx.packet_name}".`,
    ],
    action: { label: 'Open and sign', url: link.url },
    footer: [
      'This link is personal: do not forward it. It stops working once you have signed, or when the packet is voided or expires.',
    ],
  };
  return [{ to: slot.email!, frame, subject: `${ctx.packet_name}: ${opts.heading}`, raw: `${opts.raw}:${slot.key}` }];
}
