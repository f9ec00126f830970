import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packetWorkflowIds } from '../../domain/packets';
import { publishPacketThroughApi, seedSendingSchool, type SendingSchool } from '../test-support/packets';
import type { SeededUser } from '../test-support/seed-school';
import { waitUntil as waitFor } from '../test-support/wait-until';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import type { Actor } from '../shared/use-case';
import { packetDepsOf } from './packet-deps';
import { sendPacket } from './send-packet.service';
import { recoverPacketSends, startSendWorkflow } from './send-recovery';

/**
 * Issue 36 for sends: the send's rows commit, then its packet-send workflow is started. A process killed in between
 * is simulated by a workflow client whose start dies, so the rows are written and no workflow runs. The reconciler
 * then starts the workflow, the recipients' first steps open, and neither a second pass nor a late start of the same
 * send runs it again.
 */
let t: AppWithWorker;
let school: SendingSchool;
let schoolId: string;
let athletes: SeededUser[];
let cookie: string;

beforeAll(async () => {
  t = await startAppWithWorker('send-recovery');
  school = await seedSendingSchool(t.database.db);
  ({ schoolId, athletes, cookie } = school);
});

afterAll(async () => {
  await t?.close();
});

/** Polls as the worker moves the send along (20 s: the send starts one workflow per recipient). */
const waitUntil = <T>(probe: () => Promise<T | null | undefined | false>, ms = 20_000) => waitFor(probe, ms);

const publishedPacket = (name: string) => publishPacketThroughApi(t.app, school, name);

/** The workflow client of a process that dies right after the send's transaction: every start throws. */
function dyingClient(client: Client): Client {
  const workflow = Object.create(client.workflow, {
    start: {
      value: async () => {
        throw new Error('the process was killed');
      },
    },
  }) as Client['workflow'];
  return Object.create(client, { workflow: { value: workflow } }) as Client;
}

const actor = (): Actor => ({
  userId: school.admin.id,
  firstName: 'Alma',
  lastName: 'Admin',
  schoolId,
  timeZone: 'America/Chicago',
  permissions: new Set(['packets:send']),
  grants: [{ role: 'SCHOOL_ADMIN', compliance: true }],
  ip: null,
  userAgent: null,
});

async function submissionsOf(sentPacketId: string) {
  return t.database.db
    .selectFrom('packet_submissions')
    .select(['id', 'active_step_id', 'status'])
    .where('sent_packet_id', '=', sentPacketId)
    .execute();
}

async function workflowExists(workflowId: string): Promise<boolean> {
  try {
    await t.temporal.workflow.getHandle(workflowId).describe();
    return true;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return false;
    throw err;
  }
}

describe('a send interrupted before its workflow started (issue 36)', () => {
  it('is carried out by the reconciler, once', async () => {
    const packetId = await publishedPacket('Crashed send');
    const deps = packetDepsOf({
      config: t.config,
      database: t.database,
      temporal: dyingClient(t.temporal),
      taskQueue: t.taskQueue,
    });
    await expect(
      sendPacket(deps, actor(), packetId, {
        recipients: { userIds: athletes.map((a) => a.id), teamIds: [], groups: [] },
        message: 'Please complete.',
      }),
    ).rejects.toThrow('the process was killed');

    // What the dead request left: the send and its submissions, no workflow, nothing open.
    const sent = await t.database.db
      .selectFrom('sent_packets')
      .select(['id', 'workflow_started_at'])
      .where('packet_id', '=', packetId)
      .executeTakeFirstOrThrow();
    expect(sent.workflow_started_at).toBeNull();
    expect((await submissionsOf(sent.id)).map((s) => s.active_step_id)).toEqual([null, null]);
    const workflowId = packetWorkflowIds.send(sent.id);
    expect(await workflowExists(workflowId)).toBe(false);
    const audits = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('target_id', '=', packetId)
      .where('action', '=', 'packet.sent')
      .execute();
    expect(audits).toHaveLength(1);

    const recoveryDeps = { db: t.database.db, temporal: t.temporal, taskQueue: t.taskQueue };
    // Within the grace period a send is left to its request.
    expect(await recoverPacketSends(recoveryDeps, undefined, schoolId)).toEqual({ started: 0, failed: 0 });
    expect(await workflowExists(workflowId)).toBe(false);

    // Past it, the reconciler starts the workflow and the recipients' first steps open.
    expect(await recoverPacketSends(recoveryDeps, 0, schoolId)).toEqual({ started: 1, failed: 0 });
    await waitUntil(async () => (await submissionsOf(sent.id)).every((s) => s.active_step_id !== null));
    const first = await t.temporal.workflow.getHandle(workflowId).describe();
    await t.temporal.workflow.getHandle(workflowId).result();
    const marked = await t.database.db
      .selectFrom('sent_packets')
      .select('workflow_started_at')
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(marked.workflow_started_at).not.toBeNull();

    // Once: a second pass finds nothing, and a late start of the same send (the request waking up) is the same run.
    expect(await recoverPacketSends(recoveryDeps, 0, schoolId)).toEqual({ started: 0, failed: 0 });
    const late = await startSendWorkflow(recoveryDeps, t.temporal, {
      schoolId,
      sentPacketId: sent.id,
      total: 2,
    });
    expect((await late.describe()).runId).toBe(first.runId);
    expect(await submissionsOf(sent.id)).toHaveLength(2);
  });

  it('marks a send started by its request, so the reconciler leaves it alone', async () => {
    const packetId = await publishedPacket('Normal send');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/packets/${packetId}/send`,
      headers: { cookie },
      payload: { recipients: { userIds: [athletes[0]!.id], teamIds: [], groups: [] } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.database.db
      .selectFrom('sent_packets')
      .select('workflow_started_at')
      .where('id', '=', res.json().sentPacketId)
      .executeTakeFirstOrThrow();
    expect(row.workflow_started_at).not.toBeNull();
  });
});
