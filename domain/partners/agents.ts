/**
 * The school's agent registry (issue 39; spec part 1 §1 "agents (brand manager, lawyer, social media manager, talent
 * manager)", part 2 §5 "Agent number required and must exist", §8 "invalid agent number"). Pure: the API, the
 * `agent:<id>` workflow, its activities and the UI share these rules.
 */
import { countWords } from '../text';

export const AGENT_TYPES = {
  BRAND_MANAGER: 'Brand manager',
  LAWYER: 'Lawyer',
  SOCIAL_MEDIA_MANAGER: 'Social media manager',
  TALENT_MANAGER: 'Talent manager',
} as const;
export type AgentType = keyof typeof AGENT_TYPES;

/**
 * INVITED: an athlete invited them, the link is out. PENDING_CONFIRMATION: they filled in their details and
 * compliance has to confirm. ACTIVE: in the registry. REJECTED: compliance refused them. EXPIRED: the state
 * registration ran out (the day after its expiry date).
 */
export const AGENT_STATUSES = {
  INVITED: 'Invited',
  PENDING_CONFIRMATION: 'Waiting for confirmation',
  ACTIVE: 'Active',
  REJECTED: 'Rejected',
  EXPIRED: 'Registration expired',
} as const;
export type AgentStatus = keyof typeof AGENT_STATUSES;

export const AGENT_LIMITS = {
  nameMaxLength: 100,
  agencyMaxLength: 200,
  registrationNumberMaxLength: 60,
  /** Same as every other reject reason in the spec (part 2 §5). */
  rejectReasonMaxWords: 50,
  /** Same rules as invitations (domain/workflows.ts INVITATION_DEFAULTS): a week to answer, a reminder after 48 h. */
  linkExpiryHours: 24 * 7,
  reminderAfterHours: 48,
  /** Compliance is reminded this many days before a registration expires. */
  expiryWarningDays: 30,
} as const;

export const agentWorkflowId = (agentId: string) => `agent:${agentId}`;

/** The id a signed agent-info link carries: the agent and the link's generation (a fresh link bumps it). */
export const agentLinkId = (agentId: string, generation: number) => `${agentId}~${generation}`;
export function parseAgentLinkId(id: string): { agentId: string; generation: number } | null {
  const m = /^([0-9a-f-]{36})~(\d{1,6})$/i.exec(id);
  return m ? { agentId: m[1]!.toLowerCase(), generation: Number(m[2]) } : null;
}

/** US state codes for the registration state (two letters). */
const STATE = /^[A-Z]{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9]{10}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface AgentInput {
  type?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  agency?: string | null;
  registrationState?: string | null;
  registrationNumber?: string | null;
  registrationExpiresOn?: string | null;
}
export interface AgentValue {
  type: AgentType;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  agency: string | null;
  registrationState: string | null;
  registrationNumber: string | null;
  registrationExpiresOn: string | null;
}
export type AgentProblemCode =
  'MANDATORY_FIELD' | 'INVALID_EMAIL' | 'INVALID_PHONE' | 'VALIDATION_FAILED' | 'AGENT_REGISTRATION_EXPIRED';
export interface AgentProblem {
  field: string;
  code: AgentProblemCode;
  message?: string;
}

const trimmed = (v: string | null | undefined) => (v ?? '').trim();

/**
 * Checks an agent's details. `complete` (compliance adding one, or the agent filling in their link) also needs the
 * state registration: state, number and an expiry date that is not before `today`. An athlete's invitation needs
 * only the type, the name and the e-mail address the link goes to.
 */
export function checkAgent(
  input: AgentInput,
  options: { complete: boolean; today: string },
): { ok: true; value: AgentValue } | { ok: false; problems: AgentProblem[] } {
  const problems: AgentProblem[] = [];
  const type = trimmed(input.type);
  if (!type) problems.push({ field: 'type', code: 'MANDATORY_FIELD' });
  else if (!(type in AGENT_TYPES)) problems.push({ field: 'type', code: 'VALIDATION_FAILED' });
  const firstName = trimmed(input.firstName);
  const lastName = trimmed(input.lastName);
  if (!firstName) problems.push({ field: 'firstName', code: 'MANDATORY_FIELD' });
  if (!lastName) problems.push({ field: 'lastName', code: 'MANDATORY_FIELD' });
  for (const [field, v] of [
    ['firstName', firstName],
    ['lastName', lastName],
  ] as const) {
    if (v.length > AGENT_LIMITS.nameMaxLength || /[\r\n]/.test(v)) {
      problems.push({ field, code: 'VALIDATION_FAILED', message: `At most ${AGENT_LIMITS.nameMaxLength} characters.` });
    }
  }
  const email = trimmed(input.email).toLowerCase();
  if (!email) problems.push({ field: 'email', code: 'MANDATORY_FIELD' });
  else if (!EMAIL.test(email) || email.length > 254) problems.push({ field: 'email', code: 'INVALID_EMAIL' });
  const phone = trimmed(input.phone);
  if (phone && !PHONE.test(phone)) problems.push({ field: 'phone', code: 'INVALID_PHONE' });
  const agency = trimmed(input.agency);
  if (agency.length > AGENT_LIMITS.agencyMaxLength) {
    problems.push({
      field: 'agency',
      code: 'VALIDATION_FAILED',
      message: `At most ${AGENT_LIMITS.agencyMaxLength} characters.`,
    });
  }
  const state = trimmed(input.registrationState).toUpperCase();
  const number = trimmed(input.registrationNumber);
  const expires = trimmed(input.registrationExpiresOn);
  if (options.complete) {
    if (!state) problems.push({ field: 'registrationState', code: 'MANDATORY_FIELD' });
    if (!number) problems.push({ field: 'registrationNumber', code: 'MANDATORY_FIELD' });
    if (!expires) problems.push({ field: 'registrationExpiresOn', code: 'MANDATORY_FIELD' });
  }
  if (state && !STATE.test(state)) {
    problems.push({ field: 'registrationState', code: 'VALIDATION_FAILED', message: 'Use the two-letter state code.' });
  }
  if (number.length > AGENT_LIMITS.registrationNumberMaxLength) {
    problems.push({
      field: 'registrationNumber',
      code: 'VALIDATION_FAILED',
      message: `At most ${AGENT_LIMITS.registrationNumberMaxLength} characters.`,
    });
  }
  if (expires && !ISO_DATE.test(expires)) problems.push({ field: 'registrationExpiresOn', code: 'VALIDATION_FAILED' });
  else if (expires && expires < options.today) {
    problems.push({ field: 'registrationExpiresOn', code: 'AGENT_REGISTRATION_EXPIRED' });
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      type: type as AgentType,
      firstName,
      lastName,
      email,
      phone: phone || null,
      agency: agency || null,
      registrationState: state || null,
      registrationNumber: number || null,
      registrationExpiresOn: expires || null,
    },
  };
}

/** Compliance's confirm or reject: a rejection needs a reason of at most 50 words. */
export function checkAgentDecision(
  decision: 'CONFIRM' | 'REJECT',
  reason: string | null | undefined,
): 'AGENT_REJECT_REASON_REQUIRED' | 'AGENT_REJECT_REASON_TOO_LONG' | null {
  if (decision !== 'REJECT') return null;
  const text = (reason ?? '').trim();
  if (!text) return 'AGENT_REJECT_REASON_REQUIRED';
  return countWords(text) > AGENT_LIMITS.rejectReasonMaxWords ? 'AGENT_REJECT_REASON_TOO_LONG' : null;
}

/**
 * Whether a disclosure may name this agent (part 2 §5 "Agent number required and must exist"): the agent is in
 * the registry (ACTIVE) and the registration has not expired by `today` (the expiry date itself still counts).
 */
export function agentMayBeNamed(
  agent: { status: AgentStatus; registrationExpiresOn: string | null } | null,
  today: string,
): boolean {
  if (!agent || agent.status !== 'ACTIVE') return false;
  return agent.registrationExpiresOn === null || agent.registrationExpiresOn >= today;
}

/** An agent number as people type it: `ag-10001`, ` AG-10001 ` → `AG-10001`. */
export const normalizeAgentNumber = (text: string) => text.trim().toUpperCase();

export const agentName = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`.trim();
