/**
 * Records the roster-rollover workflow's history into workflows/rosters/histories/ for the replay test:
 *   npx tsx scripts/record-roster-histories.ts
 * One scenario covers every Update: rollover, a coach edit, submit, request changes, resubmit, approve with
 * invitations (a child invitation process), a change request and its decision, and an approved addition of an
 * athlete never invited (the invitation-batch process it starts is recorded too). Its own Temporal dev server and
 * fresh database, both gone at the end.
 */
import { recordHistories } from './test-harness/recorder';
import { waitFor } from '../activities/testing/fixtures';
import { seedSchool, seedUser } from '../api/test-support/seed-school';
import { rosterWorkflowId, type RosterActor } from '../domain/rosters';
import { workflowIds } from '../domain/workflows';
import {
  decideRosterChangesUpdate,
  editRosterUpdate,
  requestRosterChangeUpdate,
  reviewRosterUpdate,
  rosterRolloverWorkflow,
  submitRosterUpdate,
} from '../workflows/rosters/roster-rollover.workflow';

const TASK_QUEUE = 'record-roster-histories';

recordHistories(TASK_QUEUE, async ({ client, database, write }) => {
  const db = database.db;
  const school = await seedSchool(db);
  const team = await db
    .insertInto('sport_teams')
    .values({ school_id: school.id, name: 'Golf', sport: 'Golf' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const year = await db
    .insertInto('academic_years')
    .values({ school_id: school.id, start_year: 2027, end_year: 2028 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const admin = await seedUser(db, school.id);
  const coachUser = await seedUser(db, school.id, { roles: [{ role: 'COACH' }], sportTeamId: team.id });
  const athlete = await seedUser(db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }], status: 'NOT_INVITED' });
  const latecomer = await seedUser(db, school.id, {
    roles: [{ role: 'STUDENT_ATHLETE' }],
    status: 'NOT_INVITED',
    password: null,
  });
  const roster = await db
    .insertInto('rosters')
    .values({ school_id: school.id, sport_team_id: team.id, academic_year_id: year.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const coach: RosterActor = { userId: coachUser.id, role: 'COACH' };
  const adminActor: RosterActor = { userId: admin.id, role: 'ADMIN' };
  const handle = await client.workflow.start(rosterRolloverWorkflow, {
    taskQueue: TASK_QUEUE,
    workflowId: rosterWorkflowId(team.id, year.id),
    args: [
      {
        rosterId: roster.id,
        schoolId: school.id,
        teamId: team.id,
        academicYearId: year.id,
        reminderMs: 60_000,
        status: 'NOT_STARTED',
      },
    ],
  });
  await handle.executeUpdate(editRosterUpdate, {
    args: [{ actor: coach, edit: { op: 'add', athleteUserIds: [athlete.id] } }],
  });
  await handle.executeUpdate(submitRosterUpdate, { args: [{ actor: coach }] });
  await handle.executeUpdate(reviewRosterUpdate, {
    args: [{ actor: adminActor, decision: 'REQUEST_CHANGES', comment: 'Mark as unofficial.' }],
  });
  await handle.executeUpdate(editRosterUpdate, {
    args: [{ actor: coach, edit: { op: 'setStatus', athleteUserIds: [athlete.id], rosterStatus: 'UNOFFICIAL' } }],
  });
  await handle.executeUpdate(submitRosterUpdate, { args: [{ actor: coach }] });
  await handle.executeUpdate(reviewRosterUpdate, {
    args: [{ actor: adminActor, decision: 'APPROVE', inviteNewAthletes: true }],
  });
  await waitFor(async () => {
    const s = (await handle.query('rosterState')) as { invitationsStarted: number };
    return s.invitationsStarted > 0;
  }, 20_000);
  const requested = await handle.executeUpdate(requestRosterChangeUpdate, {
    args: [{ actor: coach, change: { kind: 'STATUS_CHANGE', athleteUserId: athlete.id, athleteStatus: 'REDSHIRT' } }],
  });
  await handle.executeUpdate(decideRosterChangesUpdate, {
    args: [{ actor: adminActor, requestIds: [requested.requestId!], decision: 'APPROVE' }],
  });
  // An approved addition of an athlete never invited: the invitation-batch process invites them.
  const added = await handle.executeUpdate(requestRosterChangeUpdate, {
    args: [{ actor: coach, change: { kind: 'ADD', athleteUserId: latecomer.id } }],
  });
  await handle.executeUpdate(decideRosterChangesUpdate, {
    args: [{ actor: adminActor, requestIds: [added.requestId!], decision: 'APPROVE' }],
  });
  const invitation = await waitFor(
    () =>
      db
        .selectFrom('invitations')
        .select('batch_id')
        .where('user_id', '=', latecomer.id)
        .executeTakeFirst()
        .then((r) => r?.batch_id ?? undefined),
    20_000,
  );
  const batch = client.workflow.getHandle(workflowIds.invitationBatch(invitation!));
  await batch.result();
  await handle.terminate('recorded');
  // Named apart from the earlier recording, which is kept: both must replay.
  await write(handle, 'rosters', 'roster-rollover-reviewed-approved-changed-added-invited');
  await write(batch, 'invitations', 'invitation-batch-roster-addition');
});
