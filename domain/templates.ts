/**
 * The template library (spec part 1 §4, part 2 §4): a template is a platform-level packet blueprint — its forms'
 * definitions and its workflow — that the provider assigns to institutions. Pure rules shared by the API, the
 * assignment workflow and the UI.
 */
import type { ConditionGroup, ConditionNode } from '../form-engine/form-definition';
import type { PacketWorkflowDefinition, StepActor } from './packet-workflow';
import { splitQuestionRef } from './packet-workflow';
import { PACKET_LIMITS } from './packets';
import type { Plan } from './plans';

/** Schools per assignment activity: one multi-row insert each, several activities in flight at once. */
export const TEMPLATE_ASSIGNMENT_BATCH_SIZE = 100;
/** Batches the assignment workflow runs at the same time. */
export const TEMPLATE_ASSIGNMENT_PARALLEL_BATCHES = 4;
/** Spec part 2 §4: "assignment may take up to 30 minutes". */
export const TEMPLATE_ASSIGNMENT_MAX_MINUTES = 30;

export const TEMPLATE_ASSIGNMENT_ACTIONS = ['ASSIGN', 'UNASSIGN'] as const;
export type TemplateAssignmentAction = (typeof TEMPLATE_ASSIGNMENT_ACTIONS)[number];

export const TEMPLATE_JOB_STATUSES = ['RUNNING', 'COMPLETED', 'FAILED'] as const;
export type TemplateJobStatus = (typeof TEMPLATE_JOB_STATUSES)[number];

/** "Assign by filter": every school matching all the given criteria; an empty filter means every school. */
export interface InstitutionFilter {
  q?: string;
  states?: string[];
  divisions?: string[];
  plans?: Plan[];
}

/** The duplication workflow is keyed by the copy's id, chosen by the request. */
export function templateDuplicationWorkflowId(copyId: string): string {
  return `template-duplication:${copyId}`;
}

export function templateAssignmentWorkflowId(jobId: string): string {
  return `template-assignment:${jobId}`;
}

/** Trims, drops blanks and duplicates, upper-cases states: the filter as stored on the job and run by SQL. */
export function normalizeInstitutionFilter(filter: InstitutionFilter): InstitutionFilter {
  const clean = (values: readonly string[] | undefined, upper = false) =>
    [...new Set((values ?? []).map((v) => (upper ? v.trim().toUpperCase() : v.trim())).filter(Boolean))].sort();
  const out: InstitutionFilter = {};
  const q = filter.q?.trim();
  if (q) out.q = q;
  const states = clean(filter.states, true);
  if (states.length > 0) out.states = states;
  const divisions = clean(filter.divisions);
  if (divisions.length > 0) out.divisions = divisions;
  const plans = clean(filter.plans) as Plan[];
  if (plans.length > 0) out.plans = plans;
  return out;
}

/** Human wording of a filter for the job list and the audit log. */
export function describeInstitutionFilter(filter: InstitutionFilter): string {
  const parts: string[] = [];
  if (filter.q) parts.push(`name contains "${filter.q}"`);
  if (filter.states?.length) parts.push(`state ${filter.states.join(', ')}`);
  if (filter.divisions?.length) parts.push(`division ${filter.divisions.join(', ')}`);
  if (filter.plans?.length) parts.push(`plan ${filter.plans.map((p) => p[0] + p.slice(1).toLowerCase()).join(', ')}`);
  return parts.length === 0 ? 'All institutions' : parts.join('; ');
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new Error('Chunk size must be at least 1');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Whole-number percentage of a job's progress, 100 once finished even when nothing was to do. */
export function jobPercent(job: { total: number; done: number; failed: number; finished: boolean }): number {
  if (job.total === 0) return job.finished ? 100 : 0;
  return Math.min(100, Math.floor(((job.done + job.failed) / job.total) * 100));
}

/** "<title> (copy)", kept within the packet name's word limit. */
export function templateCopyTitle(title: string): string {
  const words = title.trim().split(/\s+/).filter(Boolean);
  return [...words.slice(0, PACKET_LIMITS.nameMaxWords - 1), '(copy)'].join(' ');
}

function remapRef(ref: string, formIds: ReadonlyMap<string, string>): string {
  const parts = splitQuestionRef(ref);
  if (!parts) return ref;
  const to = formIds.get(parts.formId);
  return to ? `${to}:${parts.elementId}` : ref;
}

function remapCondition(node: ConditionNode, formIds: ReadonlyMap<string, string>): ConditionNode {
  if ('combinator' in node) return { ...node, conditions: node.conditions.map((c) => remapCondition(c, formIds)) };
  return { ...node, element: remapRef(node.element, formIds) };
}

/**
 * The workflow with every question ref (`<formId>:<elementId>`) pointing at other form ids: a template's forms get
 * their own ids, and a packet made from a template gets new forms again. Refs to unknown forms stay as they are
 * (the packet's own check reports them).
 */
export function remapWorkflowForms(
  workflow: PacketWorkflowDefinition,
  formIds: ReadonlyMap<string, string>,
): PacketWorkflowDefinition {
  return {
    steps: workflow.steps.map((step) => ({
      ...step,
      questionIds: step.questionIds.map((ref) => remapRef(ref, formIds)),
      ...(step.condition ? { condition: remapCondition(step.condition, formIds) as ConditionGroup } : {}),
    })),
    edges: workflow.edges.map((edge) => ({ ...edge })),
  };
}

/**
 * A blueprint travels between schools, so a step names no person of the school it came from: named users are
 * dropped (roles, the recipient and external signers stay). A step left without anyone is reported by the packet's
 * own check ("add who acts") in the school that uses the template.
 */
export function stripSchoolPeople(workflow: PacketWorkflowDefinition): PacketWorkflowDefinition {
  const keep = (actor: StepActor) => actor.kind !== 'USER';
  return {
    steps: workflow.steps.map((step) => ({ ...step, actors: step.actors.filter(keep) })),
    edges: workflow.edges.map((edge) => ({ ...edge })),
  };
}

/** How many named people a workflow would lose on the way into a template, for the confirmation text. */
export function countSchoolPeople(workflow: PacketWorkflowDefinition): number {
  return workflow.steps.reduce((n, step) => n + step.actors.filter((a) => a.kind === 'USER').length, 0);
}

// ---- the template workflows' contracts (workflows/templates and activities/templates share them) ----

/** Assigning or un-assigning a template to institutions (workflow `template-assignment:<jobId>`). */
export interface TemplateAssignmentInput {
  jobId: string;
  templateId: string;
  action: TemplateAssignmentAction;
  /** The provider organisation the operator acts for: the process's SchoolId. */
  providerSchoolId: string;
}

export interface TemplateAssignmentProgress {
  total: number;
  done: number;
  failed: number;
  finished: boolean;
}

/** One batch of schools the assignment workflow hands to its activity. */
export interface TemplateAssignmentBatchInput {
  jobId: string;
  batch: number;
  schoolIds: string[];
}

export interface TemplateAssignmentBatchResult {
  done: number;
  failed: number;
}

/** Duplicating a template (workflow `template-duplication:<copyId>`). */
export interface TemplateDuplicationInput {
  sourceTemplateId: string;
  copyId: string;
  requestedBy: string | null;
  /** The provider organisation the operator acts for: the process's SchoolId. */
  providerSchoolId: string;
}
