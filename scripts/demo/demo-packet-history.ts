import type { Transaction } from 'kysely';
import type { PacketWorkflowDefinition } from '../../domain/packet-workflow';
import type { Database } from '../../migrations/database';

/**
 * A year of past sends of the demo packet, so the Sent and Reports screens have something to show on a fresh
 * `npm start`. The sends are made by the real workflows (demo-processes.ts) and then moved back in time
 * (demo-backdate.ts). Also a few draft packets built over the year and an archived folder with one archived packet
 * for the Archive screen. Dates are spread deterministically backwards from now.
 */
const DAY = 86_400_000;

/**
 * How each recipient of a send ends up: Approved, Rejected, Voided by the sender, Submitted and waiting for
 * compliance, or still Pending with the athlete. Only the latest send has open submissions: a workflow's expiry timer
 * counts from when it really started, so an open submission is only honest where its send is recent.
 */
export type DemoOutcome = 'A' | 'R' | 'V' | 'S' | 'P';

/** Days ago of each send, and how its recipients ended up (cycled over the athletes). */
export const DEMO_SEND_HISTORY: ReadonlyArray<{
  daysAgo: number;
  outcomes: readonly DemoOutcome[];
  turnaroundHours: number;
}> = [
  { daysAgo: 2, outcomes: ['A', 'S', 'P'], turnaroundHours: 20 },
  { daysAgo: 6, outcomes: ['A', 'A', 'A', 'R'], turnaroundHours: 30 },
  { daysAgo: 12, outcomes: ['A', 'A', 'V', 'A', 'A'], turnaroundHours: 44 },
  { daysAgo: 19, outcomes: ['A', 'R', 'A'], turnaroundHours: 52 },
  { daysAgo: 26, outcomes: ['A', 'A', 'A', 'A'], turnaroundHours: 26 },
  { daysAgo: 40, outcomes: ['A', 'V', 'A'], turnaroundHours: 70 },
  { daysAgo: 58, outcomes: ['A', 'A', 'A', 'V', 'V'], turnaroundHours: 36 },
  { daysAgo: 75, outcomes: ['A', 'A'], turnaroundHours: 90 },
  { daysAgo: 110, outcomes: ['A', 'R', 'A', 'A'], turnaroundHours: 60 },
  { daysAgo: 150, outcomes: ['A', 'A', 'A'], turnaroundHours: 48 },
  { daysAgo: 200, outcomes: ['A', 'A', 'V', 'A', 'A', 'A'], turnaroundHours: 96 },
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

export async function insertDemoPacketDrafts(
  trx: Transaction<Database>,
  input: { schoolId: string; adminId: string; formIds: string[]; workflow: PacketWorkflowDefinition },
): Promise<void> {
  const { schoolId, adminId } = input;
  const now = Date.now();
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
