import { Context } from '@temporalio/activity';
import type { Transaction } from 'kysely';
import { forEachConcurrently } from '../../../domain/concurrency';
import type { Database } from '../../../migrations/database';
import type { MailFrame } from '../../mail/templates/layout';
import { accountSteps, sendMails, submissionUrl, usersWithRole, type PendingMail } from './reach';
import { insertNotifications, writeFirstRows, type NewNotification } from './first-step-rows';
import { contextQuery, sideKey, type OpenPhaseInput, type PacketActivityDeps, type SubmissionContext } from './records';
import { writePhase } from './steps';

/**
 * The first steps of a send's new submissions, opened in one batch (the packet-send workflow, before it starts
 * their workflows). The rows and keys are exactly those each workflow's own openPhase would write (steps.ts), so a
 * retry, or a workflow opening its step itself, finds them and adds nothing.
 */

/** Mails sent at once after a send's batch has opened its first steps. */
const MAILS_IN_FLIGHT = 8;

type Person = { id: string; email: string; first_name: string; status: string };
type Opened = Array<{ phase: OpenPhaseInput; mails: PendingMail[] }>;

export function createFirstStepActivities(deps: PacketActivityDeps) {
  const { db } = deps;
  return {
    /**
     * Opens the first step of many new submissions of one send at once: one context query and one transaction for
     * the whole batch, then the mails.
     */
    async openFirstPhases(input: { schoolId: string; phases: OpenPhaseInput[] }): Promise<void> {
      if (input.phases.length === 0) return;
      const rows = await contextQuery(db, input.schoolId)
        .where(
          's.id',
          'in',
          input.phases.map((p) => p.submissionId),
        )
        .execute();
      const contexts = new Map(rows.map((r) => [r.id, r]));
      // Only a submission nobody has acted on yet: not opened, or opened by an earlier attempt of this batch (whose
      // mails may still be owed). One whose workflow has moved on or ended is left to its workflow.
      const phases = input.phases.filter((p) => {
        const row = contexts.get(p.submissionId);
        return (
          p.schoolId === input.schoolId &&
          !!row &&
          row.status === 'PENDING' &&
          row.round === 0 &&
          row.expired_at === null &&
          (row.active_step_id === null || row.active_step_id === p.stepId)
        );
      });
      // Steps whose actors are all platform users are written together; a signer link is written one by one.
      const together = phases.filter((p) => p.slots.every((slot) => slot.kind !== 'EXTERNAL'));
      const alone = phases.filter((p) => !together.includes(p));
      const mails = await db.transaction().execute(async (trx) => {
        const all = await writeFirstPhases(deps, trx, input.schoolId, together, contexts);
        for (const phase of alone) {
          const ctx = contexts.get(phase.submissionId)!;
          all.push({ phase, mails: await writePhase(deps, trx, phase, ctx, { onlyIfUnopened: true }) });
        }
        return all;
      });
      // The tasks are listed; the mails go out a few at a time (each is keyed in the outbox, so a retry sends none twice).
      const context = Context.current();
      await forEachConcurrently(mails, MAILS_IN_FLIGHT, async ({ phase, mails: pending }) => {
        await sendMails(deps, phase, pending);
        context.heartbeat();
      });
    },
  };
}

/**
 * The first steps of many new submissions of one school in a few statements instead of several per submission:
 * one insert of the SENT events, one update of the submission rows, one insert of the tasks and of the
 * notifications (with their realtime pings). Only phases whose actors are platform users come here (a signer link is
 * written per link). Returns each phase's mails for after the commit.
 */
async function writeFirstPhases(
  deps: PacketActivityDeps,
  trx: Transaction<Database>,
  schoolId: string,
  phases: OpenPhaseInput[],
  contexts: Map<string, SubmissionContext>,
): Promise<Opened> {
  if (phases.length === 0) return [];
  await writeFirstRows(trx, schoolId, phases);
  const people = await peopleOf(trx, schoolId, phases);
  const notifications: NewNotification[] = [];
  const out: Opened = [];
  for (const p of phases) {
    const mails = reachFirstStep(deps, p, contexts.get(p.submissionId)!, people, notifications);
    out.push({ phase: p, mails });
  }
  await insertNotifications(trx, schoolId, notifications);
  return out;
}

/** The people behind the slots: named users in one query, each role's holders once. */
async function peopleOf(trx: Transaction<Database>, schoolId: string, phases: OpenPhaseInput[]) {
  const userIds = [...new Set(phases.flatMap((p) => p.slots.filter((s) => s.kind === 'USER').map((s) => s.userId!)))];
  const users = new Map<string, Person>();
  if (userIds.length > 0) {
    const rows = await trx
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'status'])
      .where('school_id', '=', schoolId)
      .where('id', 'in', userIds)
      .execute();
    for (const r of rows) users.set(r.id, r);
  }
  const roleHolders = new Map<string, Person[]>();
  for (const role of new Set(phases.flatMap((p) => p.slots.filter((s) => s.kind === 'ROLE').map((s) => s.role!)))) {
    roleHolders.set(role, await usersWithRole(trx, schoolId, role));
  }
  return { users, roleHolders };
}

/** One first step's notifications (added to `notifications`) and mails (returned), as writePhase decides them. */
function reachFirstStep(
  deps: PacketActivityDeps,
  p: OpenPhaseInput,
  ctx: SubmissionContext,
  { users, roleHolders }: Awaited<ReturnType<typeof peopleOf>>,
  notifications: NewNotification[],
): PendingMail[] {
  const status = p.stepKind === 'SUBMITTER' ? 'init' : 'assigned';
  const heading = p.stepKind === 'SUBMITTER' ? 'Please fill in and submit' : 'Please review';
  const mails: PendingMail[] = [];
  for (const slot of p.slots) {
    const people =
      slot.kind === 'USER' ? [users.get(slot.userId!)].filter((u) => !!u) : (roleHolders.get(slot.role!) ?? []);
    const raw = `open:${p.phaseKey}:${slot.key}`;
    for (const person of people) {
      notifications.push({
        userId: person.id,
        payload: {
          module: 'paperwork',
          status,
          title: `${ctx.packet_name}: ${heading}`,
          sentPacketId: ctx.sent_packet_id,
          formId: ctx.packet_id,
          featureData: {},
        },
        dedupeKey: sideKey(p, 'notification', `${raw}:${person.id}`),
      });
      if (!ctx.notify) continue;
      const frame: MailFrame = {
        heading,
        paragraphs: [
          `Hi ${person.first_name},`,
          `It is your turn at "${p.stepName}".`,
          ...(ctx.message ? [ctx.message] : []),
          ...accountSteps(person.status, ctx.school_name),
        ],
        action: { label: 'Open the packet', url: submissionUrl(deps.config, p.submissionId) },
        footer: [`Sent by ${ctx.school_name}.`],
      };
      mails.push({ to: person.email, frame, subject: `${ctx.packet_name}: ${heading}`, raw: `${raw}:${person.id}` });
    }
  }
  return mails;
}
