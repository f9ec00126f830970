/**
 * Records one history per workflow scenario into workflows/<feature>/histories/*.json for the replay test
 * (workflows/replay.integration.test.ts). Run it after a deliberate, versioned workflow change:
 *   npx tsx scripts/record-histories.ts
 * It starts its own Temporal dev server and a fresh PostgreSQL database (dropped again at the end), runs each
 * scenario with short timings through the real platform worker, and writes `handle.fetchHistory()` as JSON.
 * Existing files are overwritten; commit them with the workflow change that needs them.
 */
import { randomUUID } from 'node:crypto';
import { workflowIds } from '../domain/workflows';
import { recordHistories } from './test-harness/recorder';
import { Client, type WorkflowHandle } from '@temporalio/client';
import { createTestConfig, seedInvitation, seedPasswordReset, waitFor } from '../activities/testing/fixtures';
import { type DatabaseHandle } from '../migrations/connect';
import {
  acceptInvitationUpdate,
  invitationStateQuery,
  invitationWorkflow,
  resendInvitationSignal,
  revokeInvitationSignal,
} from '../workflows/invitations/invitation.workflow';
import { passwordResetWorkflow } from '../workflows/auth/password-reset.workflow';
import { emailChangeWorkflow } from '../workflows/auth/email-change.workflow';
import { insertEmailChange } from '../api/users/email-changes.repository';
import {
  archiveDisclosureUpdate,
  disclosureStateQuery,
  disclosureWorkflow,
  escalateDisclosureUpdate,
  reopenDisclosureUpdate,
  reviewDisclosureUpdate,
  submitDisclosureUpdate,
} from '../workflows/disclosures/disclosure.workflow';
import { seedSchool as seedTestSchool, seedUser } from '../api/test-support/seed-school';
import {
  caraLogStateQuery,
  caraLogWorkflow,
  reopenCaraLogUpdate,
  reviewCaraLogUpdate,
  submitCaraLogUpdate,
} from '../workflows/cara/cara-log.workflow';
import { decidePsaTransferUpdate, psaTransferWorkflow } from '../workflows/recruiting/psa-transfer.workflow';
import { recruitingFormLinkWorkflow } from '../workflows/recruiting/recruiting-form-link.workflow';
import { recruitingFormLinkWorkflowId } from '../domain/recruiting-forms';
import { decideExpenseUpdate, expenseApprovalWorkflow } from '../workflows/expenses/expense-approval.workflow';
import { insertDisclosure } from '../api/disclosures/disclosures.repository';
import { RESEND_STEP_NOTIFICATION_SIGNAL, TASK_REASSIGNED_SIGNAL } from '../domain/workflows';

const TASK_QUEUE = 'record-histories';

interface ScenarioContext {
  client: Client;
  database: DatabaseHandle;
  config: ReturnType<typeof createTestConfig>;
}

type Scenario = { feature: string; name: string; run: (ctx: ScenarioContext) => Promise<WorkflowHandle> };

async function startInvitation(ctx: ScenarioContext, timing: { reminderAfterMs: number; expireAfterMs: number }) {
  const seeded = await seedInvitation(ctx.database.db, ctx.config, { expireAfterMs: timing.expireAfterMs });
  return ctx.client.workflow.start(invitationWorkflow, {
    taskQueue: TASK_QUEUE,
    workflowId: seeded.workflowId,
    args: [{ invitationId: seeded.invitationId, schoolId: seeded.schoolId, userId: seeded.userId, ...timing }],
  });
}

async function untilState(
  handle: WorkflowHandle<typeof invitationWorkflow>,
  test: (s: { mailsSent: number; remindersSent: number }) => boolean,
) {
  await waitFor(async () => test(await handle.query(invitationStateQuery)), 20_000, 100);
}

const SCENARIOS: Scenario[] = [
  {
    feature: 'invitations',
    name: 'invitation-reminded-then-expired',
    async run(ctx) {
      const handle = await startInvitation(ctx, { reminderAfterMs: 1000, expireAfterMs: 2500 });
      await handle.result();
      return handle;
    },
  },
  {
    feature: 'invitations',
    name: 'invitation-accepted',
    async run(ctx) {
      const handle = await startInvitation(ctx, { reminderAfterMs: 30_000, expireAfterMs: 60_000 });
      await untilState(handle, (s) => s.mailsSent === 1);
      await handle.executeUpdate(acceptInvitationUpdate);
      await handle.result();
      return handle;
    },
  },
  {
    feature: 'invitations',
    name: 'invitation-resent-reminded-revoked',
    async run(ctx) {
      const handle = await startInvitation(ctx, { reminderAfterMs: 1000, expireAfterMs: 60_000 });
      await untilState(handle, (s) => s.mailsSent === 1);
      await handle.signal(resendInvitationSignal);
      await untilState(handle, (s) => s.remindersSent === 1);
      await handle.signal(revokeInvitationSignal);
      await handle.result();
      return handle;
    },
  },
  {
    feature: 'auth',
    name: 'password-reset-sent',
    async run(ctx) {
      const seeded = await seedPasswordReset(ctx.database.db, ctx.config);
      const handle = await ctx.client.workflow.start(passwordResetWorkflow, {
        taskQueue: TASK_QUEUE,
        workflowId: seeded.workflowId,
        args: [{ resetId: seeded.resetId, schoolId: seeded.schoolId, userId: seeded.userId }],
      });
      await handle.result();
      return handle;
    },
  },
  {
    feature: 'auth',
    name: 'email-change-sent',
    async run(ctx) {
      const school = await seedTestSchool(ctx.database.db);
      const user = await seedUser(ctx.database.db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }] });
      const changeId = randomUUID();
      await insertEmailChange(ctx.database.db, school.id, {
        id: changeId,
        userId: user.id,
        oldEmail: user.email,
        newEmail: `new-${changeId}@test.example`,
        tokenHash: 'not-a-real-token-hash',
        requestedBy: user.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      const handle = await ctx.client.workflow.start(emailChangeWorkflow, {
        taskQueue: TASK_QUEUE,
        workflowId: workflowIds.emailChange(changeId),
        args: [{ changeId, schoolId: school.id, userId: user.id }],
      });
      await handle.result();
      return handle;
    },
  },
  {
    feature: 'auth',
    name: 'password-reset-skipped-used-link',
    async run(ctx) {
      const seeded = await seedPasswordReset(ctx.database.db, ctx.config, { used: true });
      const handle = await ctx.client.workflow.start(passwordResetWorkflow, {
        taskQueue: TASK_QUEUE,
        workflowId: seeded.workflowId,
        args: [{ resetId: seeded.resetId, schoolId: seeded.schoolId, userId: seeded.userId }],
      });
      await handle.result();
      return handle;
    },
  },
  {
    feature: 'disclosures',
    name: 'disclosure-reviewed-reopened-archived',
    async run(ctx) {
      const db = ctx.database.db;
      const school = await seedTestSchool(db);
      const athlete = await seedUser(db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }] });
      const admin = await seedUser(db, school.id);
      const admin2 = await seedUser(db, school.id);
      const id = await insertDisclosure(db, school.id, athlete.id, {
        type: 'SPONSORSHIP',
        companyName: 'Local Coffee Co',
        amountCents: 70_000,
        startDate: '2027-03-01',
      });
      const handle = await ctx.client.workflow.start(disclosureWorkflow, {
        taskQueue: TASK_QUEUE,
        workflowId: `disclosure:${id}`,
        args: [
          { disclosureId: id, schoolId: school.id, athleteUserId: athlete.id, reviewReminderMs: 1000, status: 'DRAFT' },
        ],
      });
      const asAthlete = { userId: athlete.id, role: 'ATHLETE' as const };
      const asAdmin = { userId: admin.id, role: 'REVIEWER' as const };
      await handle.executeUpdate(submitDisclosureUpdate, { args: [{ actor: asAthlete }] });
      await waitFor(async () => (await handle.query(disclosureStateQuery)).remindersSent >= 1, 20_000, 100);
      await handle.executeUpdate(reviewDisclosureUpdate, {
        args: [{ actor: asAdmin, decision: 'REQUEST_CHANGE', reason: 'Add the contract.' }],
      });
      await handle.executeUpdate(submitDisclosureUpdate, { args: [{ actor: asAthlete, changeReason: 'OTHER' }] });
      await handle.executeUpdate(escalateDisclosureUpdate, { args: [{ actor: asAdmin, reviewerUserId: admin2.id }] });
      const asAdmin2 = { userId: admin2.id, role: 'REVIEWER' as const };
      await handle.executeUpdate(reviewDisclosureUpdate, { args: [{ actor: asAdmin2, decision: 'APPROVE' }] });
      await handle.executeUpdate(reopenDisclosureUpdate, { args: [{ actor: asAdmin2, reason: 'New facts.' }] });
      await handle.executeUpdate(reviewDisclosureUpdate, {
        args: [{ actor: asAdmin2, decision: 'REJECT', reason: 'Conflicts with policy.' }],
      });
      await handle.executeUpdate(archiveDisclosureUpdate, { args: [{ actor: asAdmin }] });
      await handle.result();
      return handle;
    },
  },
  {
    // The operator console's signals (patched 'operator-console-signals'): the review is handed to another
    // reviewer, the reviewers are reminded again, the new reviewer approves.
    feature: 'disclosures',
    name: 'disclosure-operator-reassigned-resent',
    async run(ctx) {
      const db = ctx.database.db;
      const school = await seedTestSchool(db);
      const athlete = await seedUser(db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }] });
      const operator = await seedUser(db, school.id);
      const deputy = await seedUser(db, school.id);
      const id = await insertDisclosure(db, school.id, athlete.id, {
        type: 'SPONSORSHIP',
        companyName: 'Local Coffee Co',
        amountCents: 70_000,
        startDate: '2027-03-01',
      });
      const handle = await ctx.client.workflow.start(disclosureWorkflow, {
        taskQueue: TASK_QUEUE,
        workflowId: `disclosure:${id}`,
        args: [
          {
            disclosureId: id,
            schoolId: school.id,
            athleteUserId: athlete.id,
            reviewReminderMs: 3_600_000,
            status: 'DRAFT',
          },
        ],
      });
      await handle.executeUpdate(submitDisclosureUpdate, {
        args: [{ actor: { userId: athlete.id, role: 'ATHLETE' } }],
      });
      await handle.signal(TASK_REASSIGNED_SIGNAL, {
        taskId: '00000000-0000-4000-8000-000000000000',
        stepId: 'review',
        fromUserId: null,
        toUserId: deputy.id,
        byUserId: operator.id,
      });
      await waitFor(
        async () => (await handle.query(disclosureStateQuery)).assignedReviewerId === deputy.id,
        20_000,
        100,
      );
      await handle.signal(RESEND_STEP_NOTIFICATION_SIGNAL, { stepName: 'escalated-review' });
      await handle.executeUpdate(reviewDisclosureUpdate, {
        args: [{ actor: { userId: deputy.id, role: 'REVIEWER' }, decision: 'APPROVE' }],
      });
      await handle.executeUpdate(archiveDisclosureUpdate, {
        args: [{ actor: { userId: deputy.id, role: 'REVIEWER' } }],
      });
      await handle.result();
      return handle;
    },
  },
  {
    feature: 'cara',
    // Renamed when the next period's start was added; the earlier recording stays and must replay too.
    name: 'cara-log-next-started-submitted-rejected-resubmitted-approved-reopened',
    async run(ctx) {
      const db = ctx.database.db;
      const school = await seedTestSchool(db);
      const team = await db
        .insertInto('sport_teams')
        .values({ school_id: school.id, name: 'Soccer', sport: 'Soccer' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const coach = await seedUser(db, school.id, { roles: [{ role: 'COACH' }], sportTeamId: team.id });
      const admin = await seedUser(db, school.id);
      await db
        .insertInto('cara_settings')
        .values({
          school_id: school.id,
          sport_team_id: team.id,
          logging_enabled: true,
          submitter_ids: [coach.id],
          reviewer_ids: [admin.id],
        })
        .execute();
      const at = (ms: number) => new Date(Date.now() + ms).toISOString();
      const handle = await ctx.client.workflow.start(caraLogWorkflow, {
        workflowId: `cara-log:${team.id}:2026-11-16`,
        taskQueue: TASK_QUEUE,
        args: [
          {
            schoolId: school.id,
            teamId: team.id,
            periodStart: '2026-11-16',
            periodEnd: '2026-11-22',
            generateAt: at(300),
            remindAt: at(600),
            dueAt: at(3_600_000),
            surveyExpiresAt: at(900),
          },
        ],
      });
      await waitFor(async () => (await handle.query(caraLogStateQuery)).surveyClosed || undefined);
      const coachActor = { userId: coach.id, role: 'SUBMITTER' as const };
      const adminActor = { userId: admin.id, role: 'REVIEWER' as const };
      await handle.executeUpdate(submitCaraLogUpdate, { args: [{ actor: coachActor, notes: 'Week as planned.' }] });
      await handle.executeUpdate(reviewCaraLogUpdate, {
        args: [{ actor: adminActor, decision: 'REJECT', notes: 'Friday ran long.' }],
      });
      await handle.executeUpdate(submitCaraLogUpdate, { args: [{ actor: coachActor, notes: 'Corrected.' }] });
      await handle.executeUpdate(reviewCaraLogUpdate, { args: [{ actor: adminActor, decision: 'APPROVE' }] });
      await handle.executeUpdate(reopenCaraLogUpdate, {
        args: [{ actor: { userId: admin.id, role: 'ADMIN' }, notes: 'Attendance correction.' }],
      });
      await handle.terminate('recorded');
      return handle;
    },
  },
  {
    feature: 'recruiting',
    name: 'psa-transfer-approved',
    async run(ctx) {
      const db = ctx.database.db;
      const school = await seedTestSchool(db);
      const admin = await seedUser(db, school.id);
      const coach = await seedUser(db, school.id, { roles: [{ role: 'COACH' }] });
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
      const psa = await db
        .insertInto('psas')
        .values({ school_id: school.id, first_name: 'Rae', last_name: 'Cole', email: `rae-${school.tag}@example.com` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const transfer = await db
        .insertInto('psa_transfers')
        .values({
          school_id: school.id,
          psa_id: psa.id,
          sport_team_id: team.id,
          academic_year_id: year.id,
          requested_by: coach.id,
          workflow_id: `psa-transfer:${psa.id}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const handle = await ctx.client.workflow.start(psaTransferWorkflow, {
        taskQueue: TASK_QUEUE,
        workflowId: `psa-transfer:${psa.id}`,
        args: [{ schoolId: school.id, psaId: psa.id, transferId: transfer.id }],
      });
      await handle.executeUpdate(decidePsaTransferUpdate, {
        args: [{ actor: { userId: admin.id, role: 'ADMIN' }, decision: 'APPROVE' }],
      });
      await handle.result();
      return handle;
    },
  },
  {
    feature: 'recruiting',
    name: 'recruiting-form-link-sent',
    async run(ctx) {
      const { db } = ctx.database;
      const school = await seedTestSchool(db);
      const form = await db
        .insertInto('forms')
        .values({ school_id: school.id, name: 'Recruit questionnaire', kind: 'LONG', purpose: 'RECRUITING' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const version = await db
        .insertInto('form_versions')
        .values({
          school_id: school.id,
          form_id: form.id,
          version: 1,
          definition: JSON.stringify({ name: 'Recruit questionnaire', elements: [] }),
          status: 'PUBLISHED',
          published_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const psa = await db
        .insertInto('psas')
        .values({ school_id: school.id, first_name: 'Riley', last_name: 'Recruit', email: 'riley@example.com' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const send = await db
        .insertInto('recruiting_form_sends')
        .values({
          school_id: school.id,
          form_id: form.id,
          form_version_id: version.id,
          psa_id: psa.id,
          email: 'riley@example.com',
          token_hash: 'recorded',
          expires_at: new Date(Date.now() + 86_400_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const handle = await ctx.client.workflow.start(recruitingFormLinkWorkflow, {
        taskQueue: TASK_QUEUE,
        workflowId: recruitingFormLinkWorkflowId(send.id, 1),
        args: [{ schoolId: school.id, sendId: send.id, generation: 1 }],
      });
      await handle.result();
      return handle;
    },
  },
  {
    feature: 'expenses',
    name: 'expense-rejected',
    async run(ctx) {
      const db = ctx.database.db;
      const school = await seedTestSchool(db);
      const admin = await seedUser(db, school.id);
      const coach = await seedUser(db, school.id, { roles: [{ role: 'COACH' }] });
      const expense = await db
        .insertInto('expenses')
        .values({
          school_id: school.id,
          submitted_by: coach.id,
          name: 'Recruit dinner',
          category: 'MEAL',
          amount_cents: 6400,
          transaction_date: '2026-11-20',
          signature: 'data:image/png;base64,iVBORw0KGgo=',
          workflow_id: 'recorded',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const handle = await ctx.client.workflow.start(expenseApprovalWorkflow, {
        taskQueue: TASK_QUEUE,
        workflowId: `expense-approval:${expense.id}`,
        args: [{ schoolId: school.id, expenseId: expense.id }],
      });
      await handle.executeUpdate(decideExpenseUpdate, {
        args: [{ actor: { userId: admin.id, role: 'ADMIN' }, decision: 'REJECT', reason: 'No itemised receipt.' }],
      });
      await handle.result();
      return handle;
    },
  },
];

// `npx tsx scripts/record-histories.ts <feature | scenario-name>` records only those scenarios.
recordHistories(TASK_QUEUE, async ({ client, database, config, write }) => {
  const only = process.argv[2];
  for (const scenario of SCENARIOS.filter((sc) => !only || sc.feature === only || sc.name === only)) {
    await write(await scenario.run({ client, database, config }), scenario.feature, scenario.name);
  }
});
