import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateAssignmentWorkflowId } from '../../domain/templates';
import { seedSchool, seedUser, sessionCookie, uniqueTag, type SeededUser } from '../test-support/seed-school';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { ASSIGNMENT_JOB_CLAIM_GRACE_MINUTES } from './assignment-job-claims';
import { insertJob } from './templates.repository';

/**
 * Issue 36 for template assignment jobs: the job row (the template's one running job) is written before its
 * workflow starts. A process killed in between is simulated by writing the row through the same repository function
 * and never starting the workflow; the operator's retry must then get a new job that runs, and the dead claim's
 * workflow, should it start late after all, must do nothing.
 */
let t: AppWithWorker;
let operator: SeededUser;
let cookie: string;
let schoolId: string;
const tag = uniqueTag();

beforeAll(async () => {
  t = await startAppWithWorker('template-claims');
  const db = t.database.db;
  const provider = await seedSchool(db, { kind: 'PROVIDER' });
  operator = await seedUser(db, provider.id, { roles: [{ role: 'OPERATOR' }] });
  cookie = await sessionCookie(db, operator);
  schoolId = (await seedSchool(db, { name: `Claims ${tag}` })).id;
});

afterAll(async () => {
  await t?.close();
});

async function seedTemplate(): Promise<string> {
  const row = await t.database.db
    .insertInto('templates')
    .values({
      title: `Claims ${tag} ${randomUUID().slice(0, 8)}`,
      description: '',
      workflow: JSON.stringify({ steps: [], edges: [] }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What a request killed between the job row and the workflow start leaves behind, as old as `ageMinutes`. */
async function deadClaim(templateId: string, ageMinutes: number): Promise<string> {
  const id = randomUUID();
  await insertJob(t.database.db, {
    id,
    templateId,
    action: 'ASSIGN',
    selection: { schoolIds: [schoolId] },
    workflowId: templateAssignmentWorkflowId(id),
    requestedBy: operator.id,
  });
  await t.database.db
    .updateTable('template_assignment_jobs')
    .set({ created_at: sql<Date>`now() - make_interval(mins => ${ageMinutes})` })
    .where('id', '=', id)
    .execute();
  return id;
}

function assign(templateId: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/templates/${templateId}/assignments`,
    headers: { cookie },
    payload: { schoolIds: [schoolId] },
  });
}

async function waitForJob(jobId: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = await t.database.db
      .selectFrom('template_assignment_jobs')
      .select(['status', 'done', 'total'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    if (job.status !== 'RUNNING') return job;
    if (Date.now() > deadline) throw new Error(`Job ${jobId} still running`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('template assignment job claims (issue 36)', () => {
  it('lets a retry take the place of a job whose request died before starting its workflow, and runs it once', async () => {
    const templateId = await seedTemplate();
    const dead = await deadClaim(templateId, ASSIGNMENT_JOB_CLAIM_GRACE_MINUTES + 1);

    const res = await assign(templateId);
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json().id as string;
    expect(jobId).not.toBe(dead);
    expect(await waitForJob(jobId)).toMatchObject({ status: 'COMPLETED', total: 1, done: 1 });

    // The dead claim was closed, not run.
    const closed = await t.database.db
      .selectFrom('template_assignment_jobs')
      .select(['status', 'completed_at'])
      .where('id', '=', dead)
      .executeTakeFirstOrThrow();
    expect(closed.status).toBe('FAILED');
    expect(closed.completed_at).not.toBeNull();

    // Should the dead request's workflow start after all, it does no work: the job it belongs to is closed.
    const late = await t.temporal.workflow.start('templateAssignmentWorkflow', {
      workflowId: templateAssignmentWorkflowId(dead),
      taskQueue: t.taskQueue,
      args: [{ jobId: dead, templateId, action: 'ASSIGN', providerSchoolId: operator.schoolId }],
    });
    await late.result();
    const batches = await t.database.db
      .selectFrom('template_assignment_job_batches')
      .select('job_id')
      .where('job_id', 'in', [dead, jobId])
      .execute();
    expect(batches.map((b) => b.job_id)).toEqual([jobId]);
    const assignments = await t.database.db
      .selectFrom('template_assignments')
      .select(['school_id', 'job_id'])
      .where('template_id', '=', templateId)
      .execute();
    expect(assignments).toEqual([{ school_id: schoolId, job_id: jobId }]);
    expect(
      (
        await t.database.db
          .selectFrom('template_assignment_jobs')
          .select('status')
          .where('id', '=', dead)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('FAILED');
  });

  it('keeps refusing while the running job is younger than the grace period (its request may still start it)', async () => {
    const templateId = await seedTemplate();
    await deadClaim(templateId, 0);
    const res = await assign(templateId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('TEMPLATE_ASSIGNMENT_RUNNING');
  });
});
