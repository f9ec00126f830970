import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packetWorkflowIds } from '../../domain/packets';
import { publishPacketThroughApi, seedSendingSchool, type SendingSchool } from '../test-support/packets';
import type { SeededUser } from '../test-support/seed-school';
import { waitUntil as waitFor } from '../test-support/wait-until';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { archivePacketRow } from './packets.repository';

/**
 * Issue 36: archiving a packet signalled its voids from the request, so a process that died mid-way left submissions
 * of an archived packet running for ever. The voids now go through the packet's bulk-void workflow, as a folder's
 * archive does, and archiving the packet again after a crash starts them (once, with no second audit row).
 */
let t: AppWithWorker;
let school: SendingSchool;
let schoolId: string;
let athletes: SeededUser[];
let cookie: string;

beforeAll(async () => {
  t = await startAppWithWorker('packet-archive-voids');
  school = await seedSendingSchool(t.database.db);
  ({ schoolId, athletes, cookie } = school);
});

afterAll(async () => {
  await t?.close();
});

/** Polls as the worker moves the send along (20 s: the send starts one workflow per recipient). */
const waitUntil = <T>(probe: () => Promise<T | null | undefined | false>, ms = 20_000) => waitFor(probe, ms);

const publishedPacket = (name: string) => publishPacketThroughApi(t.app, school, name);

async function submissionsOf(packetId: string) {
  return t.database.db
    .selectFrom('packet_submissions as s')
    .innerJoin('sent_packets as sp', 'sp.id', 's.sent_packet_id')
    .select(['s.id', 's.active_step_id', 's.status'])
    .where('sp.packet_id', '=', packetId)
    .execute();
}

async function sentTo(packetId: string): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/packets/${packetId}/send`,
    headers: { cookie },
    payload: { recipients: { userIds: athletes.map((a) => a.id), teamIds: [], groups: [] } },
  });
  expect(res.statusCode, res.body).toBe(201);
  await waitUntil(async () => {
    const rows = await submissionsOf(packetId);
    return rows.length === 2 && rows.every((s) => s.active_step_id !== null);
  });
}

const archive = (packetId: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/packets/${packetId}/archive`, headers: { cookie } });

async function archiveAudits(packetId: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom('audit_events')
    .select('id')
    .where('target_id', '=', packetId)
    .where('action', '=', 'packet.archived')
    .execute();
  return rows.length;
}

describe('archiving a packet voids its submissions durably (issue 36)', () => {
  it("voids through the packet's bulk-void workflow", async () => {
    const packetId = await publishedPacket('Archived with sends');
    await sentTo(packetId);
    const res = await archive(packetId);
    expect(res.statusCode, res.body).toBe(204);
    const handle = t.temporal.workflow.getHandle(packetWorkflowIds.packetArchive(packetId));
    expect(await handle.result()).toMatchObject({ total: 2, done: 2, finished: true });
    await waitUntil(async () => (await submissionsOf(packetId)).every((s) => s.status === 'VOIDED'));
    expect(await archiveAudits(packetId)).toBe(1);
  });

  it('archiving again after a crash starts the voids the dead request never started, once', async () => {
    const packetId = await publishedPacket('Crashed archive');
    await sentTo(packetId);
    // The dead request: the archive committed, its voids never started.
    await archivePacketRow(t.database.db, schoolId, packetId, new Date());
    expect((await submissionsOf(packetId)).map((s) => s.status)).toEqual(['PENDING', 'PENDING']);

    const retry = await archive(packetId);
    expect(retry.statusCode, retry.body).toBe(204);
    const handle = t.temporal.workflow.getHandle(packetWorkflowIds.packetArchive(packetId));
    expect(await handle.result()).toMatchObject({ total: 2, done: 2 });
    await waitUntil(async () => (await submissionsOf(packetId)).every((s) => s.status === 'VOIDED'));
    const run = (await handle.describe()).runId;

    // Nothing left to void: a third archive starts nothing and writes nothing.
    expect((await archive(packetId)).statusCode).toBe(204);
    expect((await handle.describe()).runId).toBe(run);
    expect(await archiveAudits(packetId)).toBe(0);
  });
});
