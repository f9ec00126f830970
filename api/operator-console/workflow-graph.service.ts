import type { Kysely } from 'kysely';
import type { PacketWorkflowDefinition, StepRunState } from '../../domain/packet-workflow';
import type { Database } from '../../migrations/database';
import type { ListedExecution } from './execution-facts';

/**
 * What the console's detail page draws for a process: a packet submission's own workflow with each step's state (the
 * same `steps` the submission's live view reads, written by the workflow's activities), or a fixed process' state
 * (a disclosure review, an invitation) that the page places on that process' map. Read from PostgreSQL in the
 * process's school, so it never depends on the worker answering a query.
 */
export type WorkflowGraph =
  | {
      kind: 'packet-submission';
      status: string;
      definition: PacketWorkflowDefinition;
      steps: StepRunState[];
      activeStepName: string | null;
      updatedAt: string;
    }
  | {
      kind: 'disclosure';
      status: string;
      archived: boolean;
      reviewer: string | null;
      athlete: string | null;
      updatedAt: string;
    }
  | { kind: 'invitation'; status: string; updatedAt: string }
  | ReviewCycleGraph;

/**
 * A roster rollover, a CARA log or a prospect's transfer: a submit → review cycle whose state the page places on the
 * process' map. Read from the record and its own history rows (roster_events, cara_log_events, psa_transfers):
 * who submitted and decided last, who is awaited now, how often the work was sent back, and the step after the
 * decision (newcomers or the athlete invited, the athletes' survey of a CARA log).
 */
export interface ReviewCycleGraph {
  kind: 'roster-rollover' | 'cara-log' | 'psa-transfer';
  status: string;
  updatedAt: string;
  submittedBy: string | null;
  submittedAt: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  /** The last review decision: APPROVED, SENT_BACK (roster), REJECTED, REOPENED (CARA log). */
  decision: string | null;
  /** Names (or a role value) of whoever the current step waits on. */
  waitingOn: string[];
  /** How many times the process went back along its loop (sent back, rejected, reopened). */
  loopsTaken: number;
  /** The step after the decision: done (invitations went), skipped (nobody to invite) or not reached. */
  followUp: 'DONE' | 'SKIPPED' | 'PENDING';
  followUpCount: number;
  /** CARA logs: the athletes' survey beside the log (null: the team runs no survey). */
  survey: { open: boolean; athletes: number; answered: number; disputed: number } | null;
}

export interface GraphAndLink {
  graph: WorkflowGraph | null;
  /** Where the related record lives in the app (See Submissions' live view, the disclosure's page). */
  recordPath: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

async function loadRecordGraph(
  db: Kysely<Database>,
  execution: Pick<ListedExecution, 'schoolId' | 'entityId' | 'module'>,
): Promise<GraphAndLink> {
  const { schoolId, entityId, module } = execution;
  if (!schoolId || !entityId || !UUID.test(schoolId) || !UUID.test(entityId)) return { graph: null, recordPath: null };
  if (module === 'packet-submission') {
    const row = await db
      .selectFrom('packet_submissions as s')
      .innerJoin('sent_packets as sp', (j) =>
        j.onRef('sp.id', '=', 's.sent_packet_id').onRef('sp.school_id', '=', 's.school_id'),
      )
      .innerJoin('packet_versions as v', 'v.id', 'sp.packet_version_id')
      .select(['s.id', 's.status', 'v.workflow', 's.steps', 's.active_step_name', 's.updated_at', 'sp.packet_id'])
      .where('s.school_id', '=', schoolId)
      .where('s.id', '=', entityId)
      .executeTakeFirst();
    if (!row) return { graph: null, recordPath: null };
    return {
      graph: {
        kind: 'packet-submission',
        status: row.status,
        definition: row.workflow as unknown as PacketWorkflowDefinition,
        steps: (row.steps ?? []) as unknown as StepRunState[],
        activeStepName: row.active_step_name,
        updatedAt: iso(row.updated_at),
      },
      recordPath: `/seeSubmission/${row.packet_id}?submission=${row.id}`,
    };
  }
  if (module === 'disclosure') {
    const row = await db
      .selectFrom('disclosures as d')
      .innerJoin('users as a', 'a.id', 'd.athlete_user_id')
      .leftJoin('users as r', 'r.id', 'd.assigned_reviewer_id')
      .select([
        'd.id',
        'd.status',
        'd.archived_at',
        'd.updated_at',
        'a.first_name as athleteFirst',
        'a.last_name as athleteLast',
        'r.first_name as reviewerFirst',
        'r.last_name as reviewerLast',
      ])
      .where('d.school_id', '=', schoolId)
      .where('d.id', '=', entityId)
      .executeTakeFirst();
    if (!row) return { graph: null, recordPath: null };
    return {
      graph: {
        kind: 'disclosure',
        status: row.status,
        archived: row.archived_at !== null,
        reviewer: row.reviewerFirst ? `${row.reviewerFirst} ${row.reviewerLast ?? ''}`.trim() : null,
        athlete: `${row.athleteFirst} ${row.athleteLast}`.trim(),
        updatedAt: iso(row.updated_at),
      },
      recordPath: `/disclosuredetail?id=${row.id}`,
    };
  }
  if (module === 'invitation') {
    const row = await db
      .selectFrom('invitations')
      .select(['status', 'created_at'])
      .where('school_id', '=', schoolId)
      .where('id', '=', entityId)
      .executeTakeFirst();
    if (!row) return { graph: null, recordPath: null };
    return { graph: { kind: 'invitation', status: row.status, updatedAt: iso(row.created_at) }, recordPath: null };
  }
  if (module === 'roster-rollover') return rosterGraph(db, schoolId, entityId);
  if (module === 'psa-transfer') return psaTransferGraph(db, schoolId, entityId);
  return { graph: null, recordPath: null };
}

/** The console's entry: a CARA log is known by its workflow id (its entity id is `<teamId>:<periodStart>`). */
export async function loadWorkflowGraph(db: Kysely<Database>, execution: ListedExecution): Promise<GraphAndLink> {
  const { schoolId, module } = execution;
  if (module === 'cara-log' && schoolId && UUID.test(schoolId))
    return caraLogGraph(db, schoolId, execution.workflowId, execution.startTime);
  return loadRecordGraph(db, execution);
}

type Db = Kysely<Database>;

async function namesOf(db: Db, schoolId: string, ids: ReadonlyArray<string | null | undefined>) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id && UUID.test(id)))];
  const names = new Map<string, string>();
  if (!wanted.length) return names;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', wanted)
    .where('school_id', '=', schoolId)
    .execute();
  for (const r of rows) names.set(r.id, `${r.first_name} ${r.last_name}`.trim());
  return names;
}

function isoOrNull(value: Date | string | null | undefined): string | null {
  return value ? iso(value) : null;
}

/** At most two names on a step (the node holds two lines), the rest counted. */
function fewNames(names: string[]): string[] {
  return names.length <= 2 ? names : [names[0]!, `${names.length - 1} others`];
}

const NO_CYCLE = { decidedBy: null, decidedAt: null, decision: null, loopsTaken: 0, survey: null } as const;

/** A team's roster for one year (`roster-rollover:<teamId>:<academicYearId>`), by the roster's id. */
export async function rosterGraph(db: Db, schoolId: string, rosterId: string): Promise<GraphAndLink> {
  if (!UUID.test(rosterId)) return { graph: null, recordPath: null };
  const roster = await db
    .selectFrom('rosters')
    .select(['id', 'sport_team_id', 'academic_year_id', 'rollover_status', 'invite_new_athletes', 'updated_at'])
    .where('school_id', '=', schoolId)
    .where('id', '=', rosterId)
    .executeTakeFirst();
  if (!roster) return { graph: null, recordPath: null };
  const [events, coaches, invited] = await Promise.all([
    db
      .selectFrom('roster_events')
      .select(['action', 'actor_user_id', 'created_at'])
      .where('school_id', '=', schoolId)
      .where('roster_id', '=', rosterId)
      .where('action', 'in', ['submit', 'approve', 'requestChanges'])
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    roster.rollover_status === 'NOT_STARTED'
      ? db
          .selectFrom('staff_profiles as s')
          .innerJoin('user_roles as r', (j) => j.onRef('r.user_id', '=', 's.user_id').on('r.role', '=', 'COACH'))
          .innerJoin('users as u', 'u.id', 's.user_id')
          .select(['u.first_name', 'u.last_name'])
          .distinct()
          .where('s.school_id', '=', schoolId)
          .where('s.sport_team_id', '=', roster.sport_team_id)
          .where('u.status', '=', 'ACTIVE')
          .orderBy('u.last_name')
          .orderBy('u.first_name')
          .execute()
      : Promise.resolve([]),
    db
      .selectFrom('roster_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('school_id', '=', schoolId)
      .where('roster_id', '=', rosterId)
      .where('invitation_id', 'is not', null)
      .executeTakeFirst(),
  ]);
  const lastSubmit = events.filter((e) => e.action === 'submit').at(-1);
  const lastDecision = events.filter((e) => e.action !== 'submit').at(-1);
  const names = await namesOf(db, schoolId, [lastSubmit?.actor_user_id, lastDecision?.actor_user_id]);
  const status = roster.rollover_status;
  const coachNames = coaches.map((c) => `${c.first_name} ${c.last_name}`.trim());
  return {
    graph: {
      kind: 'roster-rollover',
      status,
      updatedAt: iso(roster.updated_at),
      submittedBy: names.get(lastSubmit?.actor_user_id ?? '') ?? null,
      submittedAt: isoOrNull(lastSubmit?.created_at),
      decidedBy: names.get(lastDecision?.actor_user_id ?? '') ?? null,
      decidedAt: isoOrNull(lastDecision?.created_at),
      decision: lastDecision ? (lastDecision.action === 'approve' ? 'APPROVED' : 'SENT_BACK') : null,
      waitingOn:
        status === 'NOT_STARTED'
          ? coachNames.length
            ? fewNames(coachNames)
            : ['COACH']
          : status === 'READY_FOR_REVIEW'
            ? ['SCHOOL_ADMIN']
            : [],
      loopsTaken: events.filter((e) => e.action === 'requestChanges').length,
      followUp: status !== 'COMPLETED' ? 'PENDING' : roster.invite_new_athletes ? 'DONE' : 'SKIPPED',
      followUpCount: Number(invited?.n ?? 0),
      survey: null,
    },
    recordPath: `/individualRoster/${roster.sport_team_id}/${roster.academic_year_id}`,
  };
}

/**
 * One team's CARA log for one period, by its workflow id. Before the period ends the process sleeps and no log row
 * exists yet: the graph then shows the log waiting for its period to end.
 */
export async function caraLogGraph(
  db: Db,
  schoolId: string,
  workflowId: string,
  startedAt: Date,
): Promise<GraphAndLink> {
  const log = await db
    .selectFrom('cara_logs')
    .select([
      'id',
      'sport_team_id',
      'status',
      'survey_expires_at',
      'submitted_by',
      'submitted_at',
      'reviewed_by',
      'reviewed_at',
      'updated_at',
    ])
    .where('school_id', '=', schoolId)
    .where('workflow_id', '=', workflowId)
    .executeTakeFirst();
  if (!log) {
    if (!workflowId.startsWith('cara-log:')) return { graph: null, recordPath: null };
    return {
      graph: {
        kind: 'cara-log',
        status: 'NOT_STARTED',
        updatedAt: iso(startedAt),
        submittedBy: null,
        submittedAt: null,
        waitingOn: [],
        followUp: 'PENDING',
        followUpCount: 0,
        ...NO_CYCLE,
      },
      recordPath: null,
    };
  }
  const [events, settings, surveyTasks, answers] = await Promise.all([
    db
      .selectFrom('cara_log_events')
      .select(['action', 'actor_id', 'created_at'])
      .where('school_id', '=', schoolId)
      .where('cara_log_id', '=', log.id)
      .where('action', 'in', ['approve', 'reject', 'reopen', 'closeSurvey'])
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('cara_settings')
      .select(['submitter_ids', 'reviewer_ids'])
      .where('school_id', '=', schoolId)
      .where('sport_team_id', '=', log.sport_team_id)
      .executeTakeFirst(),
    db
      .selectFrom('tasks')
      .select(['status'])
      .where('school_id', '=', schoolId)
      .where('workflow_id', '=', workflowId)
      .where('step_id', '=', 'survey')
      .execute(),
    db
      .selectFrom('cara_survey_answers')
      .select(['athlete_id', 'answer'])
      .where('school_id', '=', schoolId)
      .where('cara_log_id', '=', log.id)
      .execute(),
  ]);
  const decisions = events.filter((e) => e.action !== 'closeSurvey');
  const last = decisions.at(-1);
  const awaitingCoach = ['READY', 'REJECTED'].includes(log.status);
  const inReview = ['SUBMITTED', 'RESUBMITTED'].includes(log.status);
  const submitters = settings?.submitter_ids ?? [];
  const reviewers = settings?.reviewer_ids ?? [];
  const names = await namesOf(db, schoolId, [
    log.submitted_by,
    last?.actor_id,
    ...(awaitingCoach ? submitters : []),
    ...(inReview ? reviewers : []),
  ]);
  const named = (ids: string[]) => ids.map((id) => names.get(id)).filter((n): n is string => !!n);
  const surveyClosed =
    events.some((e) => e.action === 'closeSurvey') ||
    (log.survey_expires_at !== null && new Date(log.survey_expires_at) <= new Date());
  const openTasks = surveyTasks.filter((t) => t.status === 'OPEN').length;
  const answeredAthletes = new Set(answers.map((a) => a.athlete_id));
  const disputedAthletes = new Set(answers.filter((a) => a.answer === 'DISPUTED').map((a) => a.athlete_id));
  return {
    graph: {
      kind: 'cara-log',
      status: log.status,
      updatedAt: iso(log.updated_at),
      submittedBy: names.get(log.submitted_by ?? '') ?? null,
      submittedAt: isoOrNull(log.submitted_at),
      decidedBy: names.get(last?.actor_id ?? '') ?? null,
      decidedAt: isoOrNull(last?.created_at ?? log.reviewed_at),
      decision: last ? ({ approve: 'APPROVED', reject: 'REJECTED', reopen: 'REOPENED' }[last.action] ?? null) : null,
      waitingOn: awaitingCoach
        ? named(submitters).length
          ? fewNames(named(submitters))
          : ['COACH']
        : inReview
          ? named(reviewers).length
            ? fewNames(named(reviewers))
            : ['SCHOOL_ADMIN']
          : [],
      loopsTaken: decisions.filter((e) => e.action !== 'approve').length,
      followUp: 'PENDING',
      followUpCount: 0,
      survey:
        log.survey_expires_at === null
          ? null
          : {
              open: !surveyClosed && openTasks > 0,
              athletes: surveyTasks.length,
              answered: answeredAthletes.size,
              disputed: disputedAthletes.size,
            },
    },
    recordPath: `/cara/details/${log.id}`,
  };
}

/** A prospect's transfer to a roster (`psa-transfer:<psaId>`), by the prospect's id. */
export async function psaTransferGraph(db: Db, schoolId: string, psaId: string): Promise<GraphAndLink> {
  if (!UUID.test(psaId)) return { graph: null, recordPath: null };
  const t = await db
    .selectFrom('psa_transfers')
    .select(['status', 'requested_by', 'requested_at', 'decided_by', 'decided_at', 'invitation_id'])
    .where('school_id', '=', schoolId)
    .where('psa_id', '=', psaId)
    .executeTakeFirst();
  if (!t) return { graph: null, recordPath: null };
  const [names, rejections] = await Promise.all([
    namesOf(db, schoolId, [t.requested_by, t.decided_by]),
    db
      .selectFrom('psa_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('school_id', '=', schoolId)
      .where('psa_id', '=', psaId)
      .where('action', '=', 'transferRejected')
      .executeTakeFirst(),
  ]);
  const decided = t.status !== 'PENDING';
  return {
    graph: {
      kind: 'psa-transfer',
      status: t.status,
      updatedAt: iso(t.decided_at ?? t.requested_at),
      submittedBy: names.get(t.requested_by ?? '') ?? null,
      submittedAt: iso(t.requested_at),
      decidedBy: decided ? (names.get(t.decided_by ?? '') ?? null) : null,
      decidedAt: decided ? isoOrNull(t.decided_at) : null,
      decision: decided ? t.status : null,
      waitingOn: decided ? [] : ['SCHOOL_ADMIN'],
      loopsTaken: Math.max(0, Number(rejections?.n ?? 0) - (t.status === 'REJECTED' ? 1 : 0)),
      followUp: t.status !== 'APPROVED' ? 'PENDING' : t.invitation_id ? 'DONE' : 'SKIPPED',
      followUpCount: t.invitation_id ? 1 : 0,
      survey: null,
    },
    recordPath: `/psaProfile/${psaId}`,
  };
}
