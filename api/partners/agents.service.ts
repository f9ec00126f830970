import { recordAudit } from '../audit/audit.repository';
import { AppError, ERRORS } from '../../domain/errors';
import {
  AGENT_STATUSES,
  AGENT_TYPES,
  agentMayBeNamed,
  agentName,
  agentWorkflowId,
  checkAgent,
  checkAgentDecision,
  normalizeAgentNumber,
  parseAgentLinkId,
  type AgentInput,
  type AgentProblem,
  type AgentType,
} from '../../domain/partners/agents';
import { hashToken, verifyLinkToken } from '../../domain/signed-links';
import {
  agentInfoProvidedSignal,
  agentWorkflow,
  decideAgentUpdate,
  type AgentTiming,
} from '../../workflows/partners/agent.workflow';
import { todayIn } from '../forms/school-today';
import type { RequestMeta } from '../shared/request-meta';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { requireTemporal, taskQueueOf, updateErrorMapper } from '../shared/workflow-client';
import {
  agentLinkContext,
  agentsOfAthlete,
  athletesOfAgent,
  deleteFreshAgent,
  emailTaken,
  findAgent,
  findAgentByNumber,
  insertAgent,
  linkAthlete,
  listAgents,
  lockAgent,
  recordAgentInfo,
  schoolOfAgent,
  unlinkAthlete,
  type AgentFilters,
  type AgentRecord,
} from './agents.repository';
import type { PartnerDeps } from './partner-deps';

/** Who keeps the registry (adds, confirms, rejects agents): the school's compliance admins. */
const REVIEW = 'disclosures:review';

function refuse(problems: AgentProblem[]): never {
  const details = problems.map((p) => ({ field: p.field, code: p.code, message: p.message ?? ERRORS[p.code].message }));
  throw new AppError(problems[0]!.code, details, problems[0]!.message);
}

const listOf = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));

export function toAgentDto(a: AgentRecord, today: string) {
  const expired = a.status === 'EXPIRED' || (a.registrationExpiresOn !== null && a.registrationExpiresOn < today);
  return {
    id: a.id,
    agentNumber: a.agentNumber,
    type: a.type,
    typeLabel: AGENT_TYPES[a.type],
    name: agentName(a),
    firstName: a.firstName,
    lastName: a.lastName,
    email: a.email,
    phone: a.phone,
    agency: a.agency,
    registrationState: a.registrationState,
    registrationNumber: a.registrationNumber,
    registrationExpiresOn: a.registrationExpiresOn,
    registrationExpired: expired,
    status: a.status,
    statusLabel: AGENT_STATUSES[a.status],
    rejectReason: a.rejectReason,
    mayBeNamed: agentMayBeNamed(a, today),
    athleteCount: a.athleteCount,
    createdAt: a.createdAt.toISOString(),
  };
}
export type AgentDto = ReturnType<typeof toAgentDto>;

/** The compliance admins see the whole registry; an athlete only active agents and the ones they named. */
export async function listAgentsFor(
  deps: CoreDeps,
  actor: Actor,
  input: AgentFilters & { limit?: number; offset?: number },
) {
  const { limit = 50, offset = 0, ...filters } = input;
  const reviewer = actor.permissions.has(REVIEW);
  const page = await listAgents(deps.db, actor.schoolId, reviewer ? filters : { ...filters, status: 'ACTIVE' }, {
    limit,
    offset,
  });
  const today = todayIn(actor.timeZone, deps.now());
  return {
    items: page.items.map((a) => toAgentDto(a, today)),
    total: page.total,
    limit,
    offset,
    canManage: reviewer,
    typeList: listOf(AGENT_TYPES),
    statusList: listOf(AGENT_STATUSES),
  };
}

async function visibleAgent(deps: CoreDeps, actor: Actor, id: string): Promise<AgentRecord> {
  const agent = await findAgent(deps.db, actor.schoolId, id);
  if (!agent) throw new AppError('NOT_FOUND');
  if (actor.permissions.has(REVIEW) || agent.status === 'ACTIVE') return agent;
  const mine = await agentsOfAthlete(deps.db, actor.schoolId, actor.userId);
  if (!mine.some((m) => m.id === id)) throw new AppError('NOT_FOUND');
  return agent;
}

export async function getAgent(deps: CoreDeps, actor: Actor, id: string) {
  const agent = await visibleAgent(deps, actor, id);
  const reviewer = actor.permissions.has(REVIEW);
  const athletes = reviewer ? await athletesOfAgent(deps.db, actor.schoolId, id) : [];
  return {
    ...toAgentDto(agent, todayIn(actor.timeZone, deps.now())),
    athletes: athletes.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`.trim() })),
    canDecide: reviewer && agent.status === 'PENDING_CONFIRMATION',
    timeZone: actor.timeZone,
  };
}
export type AgentView = Awaited<ReturnType<typeof getAgent>>;

async function startAgentProcess(deps: CoreDeps, input: { schoolId: string; agentId: string }, timing?: AgentTiming) {
  const temporal = requireTemporal(deps);
  try {
    await temporal.workflow.start(agentWorkflow, {
      workflowId: agentWorkflowId(input.agentId),
      taskQueue: taskQueueOf(deps),
      workflowIdConflictPolicy: 'USE_EXISTING',
      args: [{ ...input, ...(timing ? { timing } : {}) }],
    });
  } catch (err) {
    deps.log?.error({ err }, 'agent workflow could not start');
    await deleteFreshAgent(deps.db, input.schoolId, input.agentId);
    throw new AppError('WORKFLOW_UNAVAILABLE');
  }
}

/** Compliance adds an agent with their full registration: ACTIVE at once; `agent:<id>` watches the expiry. */
export async function createAgent(
  deps: CoreDeps,
  actor: Actor,
  input: AgentInput,
  timing?: AgentTiming,
): Promise<AgentView> {
  if (!actor.permissions.has(REVIEW)) throw new AppError('FORBIDDEN');
  const checked = checkAgent(input, { complete: true, today: todayIn(actor.timeZone, deps.now()) });
  if (!checked.ok) refuse(checked.problems);
  requireTemporal(deps);
  const id = await deps.db.transaction().execute(async (trx) => {
    if (await emailTaken(trx, actor.schoolId, checked.value.email)) {
      throw new AppError('AGENT_EMAIL_EXISTS', [{ field: 'email', message: ERRORS.AGENT_EMAIL_EXISTS.message }]);
    }
    const agentId = await insertAgent(
      trx,
      {
        schoolId: actor.schoolId,
        agent: checked.value,
        status: 'ACTIVE',
        createdBy: actor.userId,
        invitedBy: null,
        confirmedBy: actor.userId,
      },
      agentWorkflowId,
    );
    await auditBy(trx, actor, {
      action: 'agent.created',
      targetType: 'agent',
      targetId: agentId,
      details: { type: checked.value.type, registrationExpiresOn: checked.value.registrationExpiresOn },
    });
    return agentId;
  });
  await startAgentProcess(deps, { schoolId: actor.schoolId, agentId: id }, timing);
  return getAgent(deps, actor, id);
}

/** The athlete's own agents and whether each may be named on a disclosure today. */
export async function myAgents(deps: CoreDeps, actor: Actor) {
  const today = todayIn(actor.timeZone, deps.now());
  const items = await agentsOfAthlete(deps.db, actor.schoolId, actor.userId);
  return { items: items.map((a) => toAgentDto(a, today)), typeList: listOf(AGENT_TYPES) };
}

/** An athlete names an agent of the registry as theirs (only an active one; naming twice changes nothing). */
export async function nameAgent(deps: CoreDeps, actor: Actor, agentId: string) {
  const agent = await findAgent(deps.db, actor.schoolId, agentId);
  if (!agent || agent.status !== 'ACTIVE') throw new AppError('NOT_FOUND');
  const added = await linkAthlete(deps.db, actor.schoolId, actor.userId, agentId);
  if (added) {
    await auditBy(deps.db, actor, { action: 'agent.named', targetType: 'agent', targetId: agentId });
  }
  return myAgents(deps, actor);
}

export async function unnameAgent(deps: CoreDeps, actor: Actor, agentId: string) {
  const removed = await unlinkAthlete(deps.db, actor.schoolId, actor.userId, agentId);
  if (!removed) throw new AppError('NOT_FOUND');
  await auditBy(deps.db, actor, { action: 'agent.unnamed', targetType: 'agent', targetId: agentId });
  return myAgents(deps, actor);
}

/**
 * An athlete invites an agent who is not in the registry yet: type, name and e-mail address. `agent:<id>` mails them
 * a signed link to fill in the rest; the athlete is linked to them at once.
 */
export async function inviteAgent(deps: CoreDeps, actor: Actor, input: AgentInput, timing?: AgentTiming) {
  const checked = checkAgent(input, { complete: false, today: todayIn(actor.timeZone, deps.now()) });
  if (!checked.ok) refuse(checked.problems);
  requireTemporal(deps);
  const id = await deps.db.transaction().execute(async (trx) => {
    if (await emailTaken(trx, actor.schoolId, checked.value.email)) {
      throw new AppError('AGENT_EMAIL_EXISTS', [{ field: 'email', message: ERRORS.AGENT_EMAIL_EXISTS.message }]);
    }
    const agentId = await insertAgent(
      trx,
      {
        schoolId: actor.schoolId,
        agent: { ...checked.value, registrationExpiresOn: null, registrationNumber: null, registrationState: null },
        status: 'INVITED',
        createdBy: actor.userId,
        invitedBy: actor.userId,
        confirmedBy: null,
      },
      agentWorkflowId,
    );
    await linkAthlete(trx, actor.schoolId, actor.userId, agentId);
    await auditBy(trx, actor, {
      action: 'agent.invited',
      targetType: 'agent',
      targetId: agentId,
      details: { type: checked.value.type },
    });
    return agentId;
  });
  await startAgentProcess(deps, { schoolId: actor.schoolId, agentId: id }, timing);
  return myAgents(deps, actor);
}

const toDecisionError = updateErrorMapper(
  new Set([
    'FORBIDDEN',
    'AGENT_NOT_PENDING',
    'VALIDATION_FAILED',
    'NOT_FOUND',
    'AGENT_REJECT_REASON_REQUIRED',
    'AGENT_REJECT_REASON_TOO_LONG',
  ]),
  'AGENT_NOT_PENDING',
);

/** Compliance confirms an agent's details (ACTIVE) or rejects them with a reason: an Update on `agent:<id>`. */
export async function decideAgent(
  deps: CoreDeps,
  actor: Actor,
  input: { agentId: string; decision: 'CONFIRM' | 'REJECT'; reason?: string | null },
): Promise<AgentView> {
  const agent = await visibleAgent(deps, actor, input.agentId);
  if (!actor.permissions.has(REVIEW)) throw new AppError('FORBIDDEN');
  if (agent.status !== 'PENDING_CONFIRMATION') throw new AppError('AGENT_NOT_PENDING');
  const problem = checkAgentDecision(input.decision, input.reason);
  if (problem) throw new AppError(problem, [{ field: 'reason', message: ERRORS[problem].message }]);
  const temporal = requireTemporal(deps);
  try {
    await temporal.workflow.getHandle(agent.workflowId).executeUpdate(decideAgentUpdate, {
      args: [
        { actor: { userId: actor.userId, role: 'ADMIN' }, decision: input.decision, reason: input.reason ?? null },
      ],
    });
  } catch (err) {
    const mapped = toDecisionError(err);
    if (mapped.code === 'WORKFLOW_UNAVAILABLE') deps.log?.error({ err }, 'agent decision failed');
    throw mapped;
  }
  return getAgent(deps, actor, agent.id);
}

// ---- the invited agent's link (public) ----

/** The agent a token names when its MAC is ours; anything else is "invalid or expired" (no hint what was wrong). */
function readToken(deps: PartnerDeps, token: string) {
  const text = verifyLinkToken(deps.appSecret, 'agent-info', token);
  const link = text ? parseAgentLinkId(text) : null;
  if (!link) throw new AppError('AGENT_LINK_INVALID');
  return link;
}

async function liveLink(deps: PartnerDeps, db: CoreDeps['db'], token: string) {
  const link = readToken(deps, token);
  const schoolId = await schoolOfAgent(db, link.agentId);
  const row = schoolId ? await lockAgent(db, schoolId, link.agentId) : undefined;
  if (!row || row.link_generation !== link.generation || row.link_token_hash !== hashToken(token)) {
    throw new AppError('AGENT_LINK_INVALID');
  }
  if (row.link_used_at || row.status !== 'INVITED') throw new AppError('AGENT_LINK_USED');
  if (!row.link_expires_at || row.link_expires_at.getTime() <= deps.now().getTime()) {
    throw new AppError('AGENT_LINK_INVALID');
  }
  return row;
}

/** What the agent's page shows: who they are said to be and for which school. */
export async function openAgentLink(deps: PartnerDeps, token: string) {
  const row = await liveLink(deps, deps.db, token);
  const context = await agentLinkContext(deps.db, row.school_id, row.invited_by);
  return {
    schoolName: context.schoolName,
    invitedBy: context.inviterName,
    type: row.type as AgentType,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    agency: row.agency,
    expiresAt: row.link_expires_at!.toISOString(),
    typeList: listOf(AGENT_TYPES),
  };
}

/**
 * The agent's details from their link (once): agency, contact and state registration. The link is used up in the
 * same transaction; then `agent:<id>` hears of it and asks compliance to confirm.
 */
export async function provideAgentInfo(deps: PartnerDeps, origin: RequestMeta, token: string, input: AgentInput) {
  const result = await deps.db.transaction().execute(async (trx) => {
    const row = await liveLink(deps, trx, token);
    const context = await agentLinkContext(trx, row.school_id, null);
    const checked = checkAgent(
      { ...input, email: row.email },
      { complete: true, today: todayIn(context.timeZone, deps.now()) },
    );
    if (!checked.ok) refuse(checked.problems);
    const v = checked.value;
    await recordAgentInfo(trx, row.school_id, row.id, v, deps.now());
    await recordAudit(trx, {
      schoolId: row.school_id,
      actorUserId: null,
      action: 'agent.info_provided',
      targetType: 'agent',
      targetId: row.id,
      ...origin,
      details: { registrationState: v.registrationState, registrationExpiresOn: v.registrationExpiresOn },
    });
    return { agentId: row.id, workflowId: row.workflow_id };
  });
  try {
    await requireTemporal(deps).workflow.getHandle(result.workflowId).signal(agentInfoProvidedSignal);
  } catch (err) {
    // The row is written; the process finds it at its next step (the reminder or the link's end).
    deps.log?.warn?.({ err }, 'agent info signal failed');
  }
  return { ok: true as const };
}

// ---- the disclosure's agent (part 2 §5 "Agent number required and must exist") ----

/**
 * Refuses an agent number that is not an active, unexpired agent of the school with the catalogue's "Invalid agent
 * number." (field `agentNumber`); answers the number as stored.
 */
export async function checkDisclosureAgentNumber(
  deps: Pick<CoreDeps, 'db' | 'now'>,
  school: { id: string; timeZone: string },
  agentNumber: string,
): Promise<string> {
  const number = normalizeAgentNumber(agentNumber);
  const agent = number ? await findAgentByNumber(deps.db, school.id, number) : null;
  if (!agentMayBeNamed(agent, todayIn(school.timeZone, deps.now()))) {
    throw new AppError('INVALID_AGENT_NUMBER', [
      { field: 'agentNumber', code: 'INVALID_AGENT_NUMBER', message: ERRORS.INVALID_AGENT_NUMBER.message },
    ]);
  }
  return number;
}
