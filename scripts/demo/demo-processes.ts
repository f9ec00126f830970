import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { findDisclosure, insertDisclosure } from '../../api/disclosures/disclosures.repository';
import { assertSubmittable, recordWorkflowId, submitThroughWorkflow } from '../../api/disclosures/disclosures.service';
import { findSchoolToday } from '../../api/forms/school-today';
import { executeStepAction } from '../../api/packets/submissions.service';
import { findSchoolSettings } from '../../api/school/school.repository';
import { requireTemporal, taskQueueOf } from '../../api/shared/workflow-client';
import type { Database } from '../../migrations/database';
import { backdateDemoHistory, type DemoTimeline } from './demo-backdate';
import { DEMO_DISCLOSURES } from './demo-disclosures';
import { DEMO_SEND_HISTORY, type DemoOutcome } from './demo-packet-history';
import { demoPacketDefinitions, DEMO_PACKET_NAMES } from './demo-packets';
import { DEMO_ATHLETES, DEMO_BOUNCING_ATHLETE, DEMO_LEAVER } from './demo-people';
import { actWhenStepActive, signInDemoPerson, waitForRow, type DemoPerson } from './demo-person';
import { DEFAULT_DEMO_BOUNDS, demoWait, withDemoBounds, type DemoBounds } from './demo-bounds';
import { runCountedSteps } from './demo-progress';
import { loadDemoRosters } from './demo-rosters';
import { loadDemoCalendarProcesses, startDemoCalendarSeries } from './demo-calendar-processes';
import { loadDemoCara } from './demo-cara';
import { loadDemoRecruiting } from './demo-recruiting';
import { loadDemoRecruitingEvents } from './demo-recruiting-events';
import { loadDemoQuestionnaires } from './demo-questionnaires';
import { loadDemoRecruitingForms } from './demo-recruiting-forms';
import { loadDemoExpenses } from './demo-expenses';
import { loadDemoBankAndTax } from './demo-bank-tax';
import { loadDemoContracts } from './demo-contracts';
import { loadDemoEducation } from './demo-education';
import { loadDemoPartners } from './demo-partners';

/**
 * The demo school's processes, made by the real workflows once the worker and the API are up: a year of sends of
 * the pre-participation packet, seven disclosures, and two processes left stuck for the operator. The compliance
 * admin acts through the API's routes (demo-person.ts); the athletes have no account yet (not invited), so they act
 * through the same service calls the routes make for them (the packet step Update, the disclosure submit Update),
 * with themselves as the actor. Each wait is on the database row the workflow writes, never a sleep. Last, the
 * history is moved back in time (demo-backdate.ts).
 */
type Db = Kysely<Database>;

export interface DemoProcessesResult {
  ran: boolean;
  reason: string;
}

export interface DemoProcessesOptions {
  /** Each wait's and the whole load's bound, and the start's shutdown signal; the defaults are 60 s and 5 min. */
  bounds?: DemoBounds;
  /** Hears one line as each process begins: `Demo processes: 9 of 14 (recruiting forms)…`. */
  report?: (line: string) => void;
}

export async function runDemoProcesses(
  app: FastifyInstance,
  options: DemoProcessesOptions = {},
): Promise<DemoProcessesResult> {
  return withDemoBounds(options.bounds ?? DEFAULT_DEMO_BOUNDS, () => runBoundedDemoProcesses(app, options.report));
}

async function runBoundedDemoProcesses(
  app: FastifyInstance,
  report: (line: string) => void = () => undefined,
): Promise<DemoProcessesResult> {
  const { db } = app.deps.database;
  if (!app.deps.config.loadDemoData) return { ran: false, reason: 'DEMO_DATA is off' };
  // The maintenance instance answers 503 on the API and shares the database with the live one.
  if (app.deps.config.maintenance) return { ran: false, reason: 'maintenance mode' };
  const school = await db.selectFrom('schools').select('id').where('slug', '=', 'demo-state').executeTakeFirst();
  if (!school) return { ran: false, reason: 'no demo school' };
  const started = await db
    .selectFrom('sent_packets')
    .select('id')
    .where('school_id', '=', school.id)
    .limit(1)
    .executeTakeFirst();
  if (started) return { ran: false, reason: 'already ran' };
  const admin = await signInDemoPerson(app, db, 'admin@demo.edu');
  const temporal = { db, temporal: requireTemporal(app.deps), taskQueue: app.deps.taskQueue };
  try {
    const demo = new DemoRun(app, db, school.id, admin);
    const timeline: DemoTimeline = { sends: [], disclosures: [], leaver: null };
    await runCountedSteps(
      [
        { name: 'a year of packet sends', run: async () => (timeline.sends = await demo.sendHistory()) },
        { name: 'disclosures', run: async () => (timeline.disclosures = await demo.discloseDeals()) },
        {
          name: 'a step waiting on a person who left',
          run: async () => (timeline.leaver = await demo.leaveStepWithPersonWhoLeft()),
        },
        { name: 'a mail that bounces', run: () => demo.leaveMailThatBounces() },
        {
          name: 'the history moved back in time',
          run: () => demoWait('the backdating of the history', backdateDemoHistory(db, school.id, timeline)),
        },
        // A roster rollover in progress (issue 15), by the real workflow: it waits on the coach to submit.
        { name: 'roster rollover', run: () => demoWait('the roster rollover', loadDemoRosters(temporal)) },
        // A coach's weekly film sessions waiting for an admin's approval (issue 16), by the calendar series process.
        { name: 'film sessions', run: () => loadDemoCalendarProcesses(app, db) },
        // CARA logs (issue 17), by the real workflow: a week over the 20-hour limit whose log waits for review.
        { name: 'CARA logs', run: () => loadDemoCara(temporal) },
        // The recruiting board (issue 18): 30 prospects, two approved transfers and one waiting for the admin.
        { name: 'recruiting board', run: () => loadDemoRecruiting(app) },
        // Recruiting events: approved, rejected with a reason, and one waiting for the admin's approval.
        { name: 'recruiting events', run: () => loadDemoRecruitingEvents(app) },
        // An open public questionnaire with three answers, each creating a prospect (issue 18).
        { name: 'questionnaires', run: () => loadDemoQuestionnaires(app) },
        // A recruiting form sent to three prospects by signed links, one of them submitted.
        { name: 'recruiting forms', run: () => loadDemoRecruitingForms(app) },
        // Recruiting expenses (two waiting in My Tasks, two approved, one rejected) and shared materials.
        { name: 'expenses', run: () => loadDemoExpenses(app) },
        // The athlete's bank account (shown masked) and this year's tax disclaimer acknowledgement (issue 38).
        { name: 'bank account', run: () => loadDemoBankAndTax(app) },
        // Two contracts: one approved with a monthly schedule part paid, one waiting for review (issue 38).
        { name: 'contracts', run: () => loadDemoContracts(app) },
        // Education: a required course assigned to Football by the real workflow, some athletes done (issue 40).
        { name: 'education', run: () => loadDemoEducation(app) },
        // Three agents: two in the registry, one invited by the athlete and waiting for confirmation (issue 39).
        { name: 'partners', run: () => loadDemoPartners(app) },
        // The fall schedule and the CARA practices were inserted with the data: their series processes start now.
        {
          name: 'calendar series',
          run: () =>
            demoWait(
              'the start of the calendar series processes',
              startDemoCalendarSeries({ ...temporal, taskQueue: taskQueueOf(app.deps) }, school.id),
            ),
        },
      ],
      report,
    );
  } finally {
    await admin.signOut();
  }
  return { ran: true, reason: 'first start' };
}

const SENDS_AT_ONCE = 2;

interface Athlete {
  id: string;
  firstName: string;
  lastName: string;
}

class DemoRun {
  private readonly athletes = new Map<string, Athlete>();
  private readonly temporal;

  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Db,
    private readonly schoolId: string,
    private readonly admin: DemoPerson,
  ) {
    this.temporal = requireTemporal(app.deps);
  }

  private async athlete(email: string): Promise<Athlete> {
    let found = this.athletes.get(email);
    if (!found) {
      const row = await this.db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name'])
        .where('school_id', '=', this.schoolId)
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      found = { id: row.id, firstName: row.first_name, lastName: row.last_name };
      this.athletes.set(email, found);
    }
    return found;
  }

  private async packetId(name: string): Promise<string> {
    const row = await this.db
      .selectFrom('packets')
      .select('id')
      .where('school_id', '=', this.schoolId)
      .where('name', '=', name)
      .where('status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The admin sends a packet through the API; resolves when every submission's first step is open. */
  private async send(packetName: string, recipientIds: string[], options: { notify: boolean; waitFor: string }) {
    const packetId = await this.packetId(packetName);
    const { sentPacketId } = await this.admin.call<{ sentPacketId: string }>(
      'POST',
      `/api/v1/packets/${packetId}/send`,
      {
        recipients: { userIds: recipientIds, teamIds: [], groups: [] },
        externalSigners: {},
        message: 'Please complete before the first practice.',
        reminder: '48H',
        expiry: 'MONTH',
        visibility: 'SCHOOL_ADMINS',
        notify: options.notify,
      },
    );
    const rows = await waitForRow(
      `the submissions of ${packetName} to open`,
      () =>
        this.db
          .selectFrom('packet_submissions')
          .select(['id', 'workflow_id', 'recipient_user_id', 'active_step_id'])
          .where('school_id', '=', this.schoolId)
          .where('sent_packet_id', '=', sentPacketId)
          .execute(),
      (rows) => rows.length === recipientIds.length && rows.every((r) => r.active_step_id === options.waitFor),
    );
    return { sentPacketId, submissions: rows };
  }

  private waitForSubmission(
    submissionId: string,
    done: (row: { status: string; active_step_id: string | null }) => boolean,
  ) {
    return waitForRow(
      `submission ${submissionId}`,
      () =>
        this.db
          .selectFrom('packet_submissions')
          .select(['status', 'active_step_id'])
          .where('id', '=', submissionId)
          .executeTakeFirstOrThrow(),
      done,
    );
  }

  /** The athlete fills in their step (the Update the submissions route runs, with the athlete as the actor). */
  private async athleteSubmits(workflowId: string, athlete: Athlete, answers: Record<string, unknown>) {
    const today = await findSchoolToday(this.db, this.schoolId);
    await actWhenStepActive(
      `the athlete's step of ${workflowId}`,
      () =>
        executeStepAction(this.temporal, workflowId, {
          stepId: 'athlete',
          action: 'SUBMIT',
          actor: {
            userId: athlete.id,
            roles: ['STUDENT_ATHLETE'],
            name: `${athlete.firstName} ${athlete.lastName}`,
            ip: null,
            userAgent: 'demo data loader',
          },
          today,
          answers: answers as never,
        }),
      () => this.movedPast(workflowId, 'athlete'),
    );
  }

  /** Whether the submission has left a step (the workflow wrote the next one, or its end). */
  private async movedPast(workflowId: string, stepId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('packet_submissions')
      .select(['status', 'active_step_id'])
      .where('school_id', '=', this.schoolId)
      .where('workflow_id', '=', workflowId)
      .executeTakeFirstOrThrow();
    return row.active_step_id !== stepId && (row.active_step_id !== null || row.status !== 'PENDING');
  }

  private contactAnswers(athlete: Athlete) {
    const { ids } = demoPacketDefinitions();
    return {
      [ids.contact]: { contact: `Pat ${athlete.lastName}`, phone: '2145550199', relation: 'Parent' },
    };
  }

  private medicalAnswers(athlete: Athlete, index: number) {
    const { ids } = demoPacketDefinitions();
    const profile = DEMO_ATHLETES.find((a) => a.firstName === athlete.firstName && a.lastName === athlete.lastName);
    return {
      [ids.medical]: {
        name: { first: athlete.firstName, last: athlete.lastName },
        dob: profile?.dateOfBirth ?? '2006-01-01',
        allergies: index % 3 === 0 ? 'Penicillin' : 'None known',
        concussion: index % 4 === 0 ? 'yes' : 'no',
        sign: { kind: 'typed', text: `${athlete.firstName} ${athlete.lastName}` },
      },
      ...this.contactAnswers(athlete),
    };
  }

  /** One recipient's way through the pre-participation packet, ending as the outcome says. */
  private async playOutcome(
    submission: { id: string; workflow_id: string },
    athlete: Athlete,
    outcome: DemoOutcome,
    index: number,
  ) {
    if (outcome === 'P') return;
    const url = `/api/v1/packet-submissions/${submission.id}`;
    if (outcome === 'V') {
      await this.admin.call('POST', `${url}/void`, { reason: 'No longer on the team roster.' });
      await this.waitForSubmission(submission.id, (r) => r.status === 'VOIDED');
      return;
    }
    await this.athleteSubmits(submission.workflow_id, athlete, this.medicalAnswers(athlete, index));
    await this.waitForSubmission(submission.id, (r) => r.active_step_id === 'compliance');
    if (outcome === 'S') return;
    const signature = `${this.admin.firstName} ${this.admin.lastName}`;
    if (outcome === 'A') {
      await actWhenStepActive(
        `the approval of submission ${submission.id}`,
        () => this.admin.call('POST', `${url}/actions`, { stepId: 'compliance', action: 'APPROVE', signature }),
        () => this.movedPast(submission.workflow_id, 'compliance'),
      );
      await this.waitForSubmission(submission.id, (r) => r.status === 'APPROVED');
    } else {
      await actWhenStepActive(
        `the rejection of submission ${submission.id}`,
        () =>
          this.admin.call('POST', `${url}/actions`, {
            stepId: 'compliance',
            action: 'REJECT',
            reason: 'The medical history is missing the physician clearance.',
          }),
        () => this.movedPast(submission.workflow_id, 'compliance'),
      );
      await this.waitForSubmission(submission.id, (r) => r.status === 'REJECTED');
    }
  }

  /** One send of the pre-participation packet, each recipient ending as the plan says. */
  private async playSend(
    send: (typeof DEMO_SEND_HISTORY)[number],
    squad: Athlete[],
    first: number,
  ): Promise<DemoTimeline['sends'][number]> {
    const recipients = send.outcomes.map((_, i) => squad[(first + i) % squad.length]!);
    const sent = await this.send(
      DEMO_PACKET_NAMES.preParticipation,
      recipients.map((r) => r.id),
      { notify: false, waitFor: 'athlete' },
    );
    const byRecipient = new Map(sent.submissions.map((s) => [s.recipient_user_id, s]));
    await Promise.all(
      send.outcomes.map((outcome, i) =>
        this.playOutcome(byRecipient.get(recipients[i]!.id)!, recipients[i]!, outcome, first + i),
      ),
    );
    return {
      sentPacketId: sent.sentPacketId,
      daysAgo: send.daysAgo,
      submissions: send.outcomes.map((outcome, i) => ({
        submissionId: byRecipient.get(recipients[i]!.id)!.id,
        workflowId: byRecipient.get(recipients[i]!.id)!.workflow_id,
        outcome,
        // Spread turnarounds around the send's typical one: 60% to 140%.
        turnaroundHours: send.turnaroundHours * (0.6 + ((i * 37) % 9) / 10),
      })),
    };
  }

  /** A year of sends of the pre-participation packet, recipients cycled over the squad. */
  async sendHistory(): Promise<DemoTimeline['sends']> {
    const squad = await Promise.all(DEMO_ATHLETES.map((a) => this.athlete(a.email)));
    const plan = [...DEMO_SEND_HISTORY].reverse();
    const offsets = new Map<(typeof plan)[number], number>();
    let offset = 0;
    for (const send of DEMO_SEND_HISTORY) {
      offsets.set(send, offset);
      offset += send.outcomes.length;
    }
    // A few sends at a time: each waits mostly on workflow round trips, so they overlap well.
    const timeline: DemoTimeline['sends'] = [];
    for (let i = 0; i < plan.length; i += SENDS_AT_ONCE) {
      const batch = plan.slice(i, i + SENDS_AT_ONCE);
      timeline.push(...(await Promise.all(batch.map((send) => this.playSend(send, squad, offsets.get(send)!)))));
    }
    return timeline;
  }

  private waitForDisclosure(id: string, status: string) {
    return waitForRow(
      `disclosure ${id} to be ${status}`,
      () => this.db.selectFrom('disclosures').select('status').where('id', '=', id).executeTakeFirstOrThrow(),
      (row) => row.status === status,
    );
  }

  /** Each demo athlete drafts and submits their deals; the compliance admin decides through the review route. */
  async discloseDeals(): Promise<DemoTimeline['disclosures']> {
    const settings = await findSchoolSettings(this.db, this.schoolId);
    return Promise.all(DEMO_DISCLOSURES.map((demo) => this.playDisclosure(demo, settings)));
  }

  private async playDisclosure(
    demo: (typeof DEMO_DISCLOSURES)[number],
    settings: Awaited<ReturnType<typeof findSchoolSettings>>,
  ): Promise<DemoTimeline['disclosures'][number]> {
    const athlete = await this.athlete(DEMO_ATHLETES[demo.athlete]!.email);
    const id = await insertDisclosure(this.db, this.schoolId, athlete.id, demo.fields);
    const entry = { disclosureId: id, submittedDaysAgo: demo.submittedDaysAgo, decided: false };
    if (demo.status === 'DRAFT') return entry;
    const draft = (await findDisclosure(this.db, this.schoolId, id))!;
    assertSubmittable(draft);
    await demoWait(
      `the submission of disclosure ${id}`,
      submitThroughWorkflow(this.app.deps, this.temporal, draft, settings, {
        actor: { userId: athlete.id, role: 'ATHLETE' },
      }),
    );
    await recordWorkflowId(this.db, this.schoolId, id);
    await this.waitForDisclosure(id, 'PENDING');
    if (demo.status === 'PENDING') return entry;
    const decision = demo.status === 'APPROVED' ? 'APPROVE' : demo.status === 'REJECTED' ? 'REJECT' : 'REQUEST_CHANGE';
    await this.admin.call('POST', `/api/v1/disclosures/${id}/review`, {
      decision,
      ...(demo.reason ? { reason: demo.reason } : {}),
    });
    await this.waitForDisclosure(id, demo.status);
    return { ...entry, decided: true };
  }

  /**
   * Stuck process 1: an away trip waiting on Lena Ortiz, who approved trips until she left. The athlete has filled
   * it in; then the admin deactivates her account, so her step waits on someone who can never act.
   */
  async leaveStepWithPersonWhoLeft(): Promise<DemoTimeline['leaver']> {
    const athlete = await this.athlete(DEMO_ATHLETES[2]!.email);
    const sent = await this.send(DEMO_PACKET_NAMES.awayTrip, [athlete.id], { notify: true, waitFor: 'athlete' });
    const submission = sent.submissions[0]!;
    await this.athleteSubmits(submission.workflow_id, athlete, this.contactAnswers(athlete));
    await this.waitForSubmission(submission.id, (r) => r.active_step_id === 'approval');
    const leaver = await this.athlete(DEMO_LEAVER.email);
    await this.admin.call('POST', `/api/v1/users/${leaver.id}/deactivate`);
    return { sentPacketId: sent.sentPacketId, submissionId: submission.id, workflowId: submission.workflow_id };
  }

  /**
   * Stuck process 2: the conditioning waiver opens with a welcome letter to the athlete, whose address on file
   * bounces; the mail step fails and Temporal retries it until someone corrects the address and retries.
   */
  async leaveMailThatBounces(): Promise<void> {
    const athlete = await this.athlete(DEMO_BOUNCING_ATHLETE.email);
    const packetId = await this.packetId(DEMO_PACKET_NAMES.conditioning);
    await this.admin.call('POST', `/api/v1/packets/${packetId}/send`, {
      recipients: { userIds: [athlete.id], teamIds: [], groups: [] },
      externalSigners: {},
      message: 'Welcome to summer conditioning.',
      expiry: 'MONTH',
      visibility: 'SCHOOL_ADMINS',
      notify: true,
    });
    await waitForRow(
      'the welcome letter to bounce',
      () =>
        this.db
          .selectFrom('outbox')
          .select(['status', 'attempts'])
          .where('school_id', '=', this.schoolId)
          .where('to_address', '=', DEMO_BOUNCING_ATHLETE.email)
          .executeTakeFirst(),
      (row) => row?.status === 'FAILED',
    );
  }
}
