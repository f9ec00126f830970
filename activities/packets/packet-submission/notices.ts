import type { ActorSlot } from '../../../domain/packet-workflow';
import type { MailFrame } from '../../mail/templates/layout';
import { reachSlot, sendMail, sendMails, usersWithRole } from './reach';
import { appendEvent, loadContext, type PacketActivityDeps, type SubmissionRef } from './records';

/** Reminders to the actors still waited on, and the mails of a notification step to its receivers. */
export function createNoticeActivities(deps: PacketActivityDeps) {
  const { db, config } = deps;
  return {
    async remindPhase(
      input: SubmissionRef & {
        phaseKey: string;
        slots: ActorSlot[];
        packetName: string;
        eventKey: string;
        manual: boolean;
      },
    ): Promise<void> {
      const ctx = await loadContext(db, input);
      const [stepId, round] = input.phaseKey.split('#');
      for (const slot of input.slots) {
        const mails = await reachSlot(deps, db, input, ctx, slot, {
          phaseKey: input.phaseKey,
          stepId: stepId!,
          stepName: '',
          round: Number(round),
          expiresAt: null,
          status: 'reminder',
          raw: input.eventKey,
          heading: 'Reminder: waiting for you',
          intro: `"${input.packetName}" is still waiting for you.`,
        });
        await sendMails(deps, input, mails);
      }
      await appendEvent(db, input, {
        key: `remind:${input.eventKey}`,
        kind: 'REMINDER_SENT',
        stepId: stepId ?? null,
        details: { manual: input.manual, to: input.slots.map((s) => s.label) },
      });
    },

    async notifyReceivers(
      input: SubmissionRef & { phaseKey: string; stepName: string; slots: ActorSlot[]; packetName: string },
    ): Promise<void> {
      const ctx = await loadContext(db, input);
      for (const slot of input.slots) {
        const people =
          slot.kind === 'EXTERNAL'
            ? [{ email: slot.email!, first_name: slot.firstName ?? '' }]
            : slot.kind === 'USER'
              ? await db
                  .selectFrom('users')
                  .select(['email', 'first_name'])
                  .where('id', '=', slot.userId!)
                  .where('school_id', '=', input.schoolId)
                  .execute()
              : await usersWithRole(db, input.schoolId, slot.role!);
        for (const person of people) {
          const frame: MailFrame = {
            heading: `${input.packetName}: ${input.stepName}`,
            paragraphs: [
              `Hi ${person.first_name},`,
              `"${input.packetName}" for ${ctx.recipient_first} ${ctx.recipient_last} has reached "${input.stepName}".`,
            ],
            action: { label: 'Open the platform', url: config.publicUrl },
            footer: ["You receive this e-mail because you are named in the packet's workflow."],
          };
          await sendMail(deps, input, {
            to: person.email,
            frame,
            subject: `${input.packetName}: ${input.stepName}`,
            raw: `receiver:${input.phaseKey}:${person.email}`,
          });
        }
      }
    },
  };
}
