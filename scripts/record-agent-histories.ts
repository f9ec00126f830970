/**
 * Records the agent workflow's histories into workflows/partners/histories/ for the replay test:
 *   npx tsx scripts/record-agent-histories.ts
 * With short timings: an invitation reminded and left to expire; one filled in and rejected; one filled in,
 * confirmed and then expired; and an agent added by compliance whose registration expires. Its own Temporal dev
 * server and fresh database, both gone at the end.
 */
import { signAgentLinkToken } from '../api/partners/agent-links';
import { createAgent, decideAgent, inviteAgent, provideAgentInfo } from '../api/partners/agents.service';
import type { PartnerDeps } from '../api/partners/partner-deps';
import { actorFor } from '../api/contracts/contracts.fixtures';
import { seedSchool, seedUser } from '../api/test-support/seed-school';
import { waitFor } from '../activities/testing/fixtures';
import { recordHistories } from './test-harness/recorder';
import { daysFromToday } from './test-harness/test-clock';

const TASK_QUEUE = 'record-agent-histories';
const ADMIN = [{ role: 'SCHOOL_ADMIN' as const, compliance: true }];

recordHistories(TASK_QUEUE, async ({ client, database, config, write }) => {
  const db = database.db;
  const school = await seedSchool(db);
  const admin = await seedUser(db, school.id, { roles: ADMIN });
  const athleteUser = await seedUser(db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  const deps: PartnerDeps = {
    db,
    temporal: client,
    now: () => new Date(),
    taskQueue: TASK_QUEUE,
    appSecret: config.appSecret,
  };
  const adminActor = actorFor(admin, school.id, ADMIN);
  const athlete = actorFor(athleteUser, school.id, [{ role: 'STUDENT_ATHLETE' }]);
  const timing = { remindAfterMs: 400, linkTtlMs: 4_000, expiryAfterMs: 800 };
  const details = {
    type: 'TALENT_MANAGER',
    firstName: 'Replay',
    lastName: 'Agent',
    agency: 'Replay Talent',
    registrationState: 'TX',
    registrationNumber: 'TX-REPLAY',
    registrationExpiresOn: daysFromToday(100),
  };
  const invite = async (email: string, ttl = timing) => {
    const mine = await inviteAgent(
      deps,
      athlete,
      { type: 'TALENT_MANAGER', firstName: 'R', lastName: 'A', email },
      ttl,
    );
    return mine.items.find((a) => a.email === email)!.id;
  };
  const issued = (id: string) =>
    waitFor(() =>
      db.selectFrom('agents').select('id').where('id', '=', id).where('link_generation', '>', 0).executeTakeFirst(),
    );
  const task = (id: string) =>
    waitFor(() => db.selectFrom('tasks').select('id').where('workflow_id', '=', `agent:${id}`).executeTakeFirst());
  const finish = async (id: string, name: string) => {
    const handle = client.workflow.getHandle(`agent:${id}`);
    await handle.result();
    await write(handle, 'partners', name);
  };

  const lapsed = await invite('lapsed@replay.example', { ...timing, linkTtlMs: 1_200 });
  await finish(lapsed, 'agent-link-expired');

  const rejected = await invite('rejected@replay.example');
  await issued(rejected);
  await provideAgentInfo(
    deps,
    { ip: null, userAgent: null },
    signAgentLinkToken(config.appSecret, rejected, 1),
    details,
  );
  await task(rejected);
  await decideAgent(deps, adminActor, { agentId: rejected, decision: 'REJECT', reason: 'Registration not found.' });
  await finish(rejected, 'agent-rejected');

  const confirmed = await invite('confirmed@replay.example');
  await issued(confirmed);
  await provideAgentInfo(
    deps,
    { ip: null, userAgent: null },
    signAgentLinkToken(config.appSecret, confirmed, 1),
    details,
  );
  await task(confirmed);
  await decideAgent(deps, adminActor, { agentId: confirmed, decision: 'CONFIRM' });
  await finish(confirmed, 'agent-confirmed-then-expired');

  const added = await createAgent(
    deps,
    adminActor,
    { ...details, email: 'added@replay.example', registrationNumber: 'TX-ADDED' },
    timing,
  );
  await finish(added.id, 'agent-added-then-expired');
});
