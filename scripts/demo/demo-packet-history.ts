import type { Transaction } from 'kysely';
import type { PacketWorkflowDefinition } from '../../domain/packet-workflow';
import type { Database } from '../../migrations/database';

/**
 * A year of past sends of the demo packet, so the Sent and Reports screens have something to show on a fresh
 * `npm start`. Every submission is in a final state (approved, rejected, voided) or expired, so none of them needs a
 * running workflow. Also a few draft packets built over the year and an archived folder with one archived packet for
 * the Archive screen. Dates are spread deterministically backwards from now.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Days ago of each send, and how its recipients ended up (cycled over the athletes). */
const SENDS: Array<{ daysAgo: number; outcomes: Array<'A' | 'R' | 'V' | 'E'>; turnaroundHours: number }> = [
  { daysAgo: 2, outcomes: ['A', 'A', 'E'], turnaroundHours: 20 },
  { daysAgo: 6, outcomes: ['A', 'A', 'A', 'R'], turnaroundHours: 30 },
  { daysAgo: 12, outcomes: ['A', 'A', 'V', 'A', 'A'], turnaroundHours: 44 },
  { daysAgo: 19, outcomes: ['A', 'R', 'A'], turnaroundHours: 52 },
  { daysAgo: 26, outcomes: ['A', 'A', 'A', 'A'], turnaroundHours: 26 },
  { daysAgo: 40, outcomes: ['A', 'E', 'A'], turnaroundHours: 70 },
  { daysAgo: 58, outcomes: ['A', 'A', 'A', 'V', 'V'], turnaroundHours: 36 },
  { daysAgo: 75, outcomes: ['A', 'A'], turnaroundHours: 90 },
  { daysAgo: 110, outcomes: ['A', 'R', 'A', 'A'], turnaroundHours: 60 },
  { daysAgo: 150, outcomes: ['A', 'A', 'A'], turnaroundHours: 48 },
  { daysAgo: 200, outcomes: ['A', 'A', 'E', 'A', 'A', 'A'], turnaroundHours: 96 },
  { daysAgo: 250, outcomes: ['A', 'A', 'A'], turnaroundHours: 30 },
  { daysAgo: 300, outcomes: ['A', 'V', 'A', 'A'], turnaroundHours: 120 },
  { daysAgo: 345, outcomes: ['A', 'A', 'A', 'A'], turnaroundHours: 72 },
];

const DRAFTS = [
  { name: 'Travel consent', daysAgo: 5 },
  { name: 'Media policy acknowledgement', daysAgo: 17 },
  { name: 'Summer housing', daysAgo: 95 },
  { name: 'Equipment checkout', daysAgo: 220 },
];

export async function insertDemoPacketHistory(
  trx: Transaction<Database>,
  input: {
    schoolId: string;
    adminId: string;
    packetId: string;
    packetVersionId: string;
    formIds: string[];
    workflow: PacketWorkflowDefinition;
  },
): Promise<void> {
  const { schoolId, adminId } = input;
  const now = Date.now();
  const athletes = await trx
    .selectFrom('users as u')
    .innerJoin('user_roles as r', (j) => j.onRef('r.user_id', '=', 'u.id').onRef('r.school_id', '=', 'u.school_id'))
    .select('u.id')
    .where('u.school_id', '=', schoolId)
    .where('r.role', '=', 'STUDENT_ATHLETE')
    .orderBy('u.email')
    .execute();
  if (athletes.length === 0) return;
  await trx
    .updateTable('packets')
    .set({ created_at: new Date(now - 360 * DAY), has_submissions: true, last_activity_at: new Date(now - 2 * DAY) })
    .where('id', '=', input.packetId)
    .execute();

  let offset = 0;
  for (const send of SENDS) {
    const sentAt = new Date(now - send.daysAgo * DAY);
    const expiresAt = new Date(sentAt.getTime() + 30 * DAY);
    const sp = await trx
      .insertInto('sent_packets')
      .values({
        school_id: schoolId,
        packet_id: input.packetId,
        packet_version_id: input.packetVersionId,
        sent_by: adminId,
        sent_at: sentAt,
        message: 'Please complete before the first practice.',
        reminder: '48H',
        expiry: 'MONTH',
        expires_at: expiresAt,
        visibility: 'SCHOOL_ADMINS',
        recipient_count: send.outcomes.length,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, outcome] of send.outcomes.entries()) {
      const recipient = athletes[(offset + i) % athletes.length]!;
      // Spread turnarounds around the send's typical one: 60% to 140%.
      const turnaround = send.turnaroundHours * (0.6 + ((i * 37) % 9) / 10);
      const doneAt = new Date(Math.min(sentAt.getTime() + turnaround * HOUR, now - HOUR));
      const expiredAt = new Date(Math.min(expiresAt.getTime(), now - HOUR));
      const status =
        outcome === 'A' ? 'APPROVED' : outcome === 'R' ? 'REJECTED' : outcome === 'V' ? 'VOIDED' : 'PENDING';
      const sub = await trx
        .insertInto('packet_submissions')
        .values({
          school_id: schoolId,
          sent_packet_id: sp.id,
          recipient_user_id: recipient.id,
          workflow_id: `packet-submission:${sp.id}:${recipient.id}`,
          status,
          created_at: sentAt,
          updated_at: outcome === 'E' ? expiredAt : doneAt,
          completed_at: outcome === 'A' || outcome === 'R' ? doneAt : null,
          expired_at: outcome === 'E' ? expiredAt : null,
          voided_at: outcome === 'V' ? doneAt : null,
          void_reason: outcome === 'V' ? 'Sent to the wrong athlete.' : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const events: Array<{ kind: string; at: Date }> = [{ kind: 'SENT', at: sentAt }];
      if (outcome === 'A')
        events.push({ kind: 'SUBMITTED', at: new Date(doneAt.getTime() - HOUR) }, { kind: 'COMPLETED', at: doneAt });
      if (outcome === 'R')
        events.push({ kind: 'SUBMITTED', at: new Date(doneAt.getTime() - HOUR) }, { kind: 'REJECTED', at: doneAt });
      if (outcome === 'V') events.push({ kind: 'VOIDED', at: doneAt });
      for (const e of events) {
        await trx
          .insertInto('packet_submission_events')
          .values({
            school_id: schoolId,
            submission_id: sub.id,
            kind: e.kind,
            actor_user_id: e.kind === 'SUBMITTED' ? recipient.id : adminId,
            idempotency_key: `demo:${sub.id}:${e.kind}`,
            created_at: e.at,
          })
          .execute();
      }
    }
    offset += send.outcomes.length;
  }

  for (const draft of DRAFTS) {
    await trx
      .insertInto('packets')
      .values({
        school_id: schoolId,
        name: draft.name,
        description: `${draft.name} for every athlete.`,
        owner_id: adminId,
        form_ids: JSON.stringify(input.formIds),
        workflow: JSON.stringify(input.workflow),
        senders: JSON.stringify({ userIds: [], groups: ['SCHOOL_ADMINS'] }),
        created_at: new Date(now - draft.daysAgo * DAY),
        last_activity_at: new Date(now - draft.daysAgo * DAY),
      })
      .execute();
  }

  const archivedAt = new Date(now - 200 * DAY);
  const oldFolder = await trx
    .insertInto('packet_folders')
    .values({ school_id: schoolId, name: '2025 season', owner_id: adminId, archived_at: archivedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('packets')
    .values({
      school_id: schoolId,
      name: 'Travel waiver 2025',
      description: 'Last season’s travel waiver.',
      owner_id: adminId,
      folder_id: oldFolder.id,
      form_ids: JSON.stringify(input.formIds),
      workflow: JSON.stringify(input.workflow),
      senders: JSON.stringify({ userIds: [], groups: ['SCHOOL_ADMINS'] }),
      created_at: new Date(now - 400 * DAY),
      archived_at: archivedAt,
    })
    .execute();
}
