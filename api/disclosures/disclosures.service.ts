import type { Client } from '@temporalio/client';
import type { Kysely } from 'kysely';
import {
  CONFLICT_TYPE_LABELS,
  DEAL_TYPE_LABELS,
  DISCLOSURE_LIMITS,
  DISCLOSURE_STATUS_LABELS,
  DISCLOSURE_TYPE_LABELS,
  reportingDeadline,
  toCents,
  wordCount,
  type DealType,
  type DisclosureStatus,
  type DisclosureType,
} from '../../domain/disclosures';
import { AppError, ERRORS, type ErrorDetail } from '../../domain/errors';
import { workflowIds } from '../../domain/workflows';
import type { Database, SchoolSettings } from '../../migrations/database';
import {
  disclosureWorkflow,
  submitDisclosureUpdate,
  type DisclosureActor,
  type DisclosureWorkflowState,
} from '../../workflows/disclosures/disclosure.workflow';
import { todayIn } from '../forms/school-today';
import { taskQueueOf, updateErrorMapper } from '../shared/workflow-client';
import type { AuthContext, ServerDeps } from '../types';
import type { ConflictFlagRow } from './conflict-flags.repository';
import { findSchoolAthletes } from './disclosures.repository';
import type {
  DisclosureCommentRow,
  DisclosureEventRow,
  DisclosureFields,
  DisclosureRecord,
} from './disclosures.repository';
import type {
  ConflictFlagDto,
  DisclosureDetailDto,
  DisclosureFieldsBody,
  DisclosureRowDto,
} from './disclosures.schemas';
import { csvLine } from '../../domain/csv';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const dollars = (cents: number | null): number | null => (cents === null ? null : cents / 100);

export function toRowDto(d: DisclosureRecord): DisclosureRowDto {
  return {
    id: d.id,
    type: d.type,
    title: d.title,
    status: d.status,
    dealType: d.deal_type,
    submittedAt: d.submitted_at ? d.submitted_at.toISOString() : null,
    startDate: d.start_date,
    endDate: d.end_date,
    student: { id: d.athlete_user_id, name: `${d.athleteFirstName} ${d.athleteLastName}`, email: d.athleteEmail },
    team: d.sport_team_id && d.teamName ? { id: d.sport_team_id, name: d.teamName, sport: d.teamSport ?? '' } : null,
    amount: dollars(d.amount_cents ?? d.total_payment_cents ?? d.estimated_amount_cents),
    companyName: d.company_name,
    conflictTypes: d.conflict_types as DisclosureRowDto['conflictTypes'],
    notify: d.reporting_required,
    reportingDeadline: d.reporting_required
      ? reportingDeadline(
          Math.max(d.amount_cents ?? 0, d.payor_year_total_cents ?? 0),
          d.signed_on ?? d.submitted_at?.toISOString().slice(0, 10) ?? null,
        )
      : null,
    archived: d.archived_at !== null,
    assignedReviewer:
      d.assigned_reviewer_id && d.reviewerName ? { id: d.assigned_reviewer_id, name: d.reviewerName } : null,
    createdAt: d.created_at.toISOString(),
    updatedAt: d.updated_at.toISOString(),
  };
}

export function toDetailDto(
  d: DisclosureRecord,
  history: DisclosureEventRow[],
  comments: DisclosureCommentRow[],
  auth: AuthContext,
  participantNames: ReadonlyMap<string, string> = new Map(),
): DisclosureDetailDto {
  const own = d.athlete_user_id === auth.user.id;
  const reviewer = auth.permissions.has('disclosures:review');
  const live = d.archived_at === null;
  return {
    ...toRowDto(d),
    industry: d.industry,
    payorName: d.payor_name,
    signedOn: d.signed_on,
    location: d.location,
    paymentType: d.payment_type,
    estimatedAmount: dollars(d.estimated_amount_cents),
    totalPayment: dollars(d.total_payment_cents),
    pointOfContact: d.point_of_contact,
    agent: d.agent,
    agentNumber: d.agent_number,
    participants: d.participants.map((p) =>
      UUID.test(p) ? { id: p, name: participantNames.get(p) ?? 'Former athlete' } : { id: null, name: p },
    ),
    website: d.website,
    notes: d.notes,
    attachments: d.attachments.map((a) => ({
      fileId: a.fileId ?? null,
      name: a.name,
      size: a.size,
      contentType: a.contentType,
      sha256: a.sha256 ?? null,
      uploadedAt: a.uploadedAt ?? null,
    })),
    conflicts: d.conflicts as DisclosureDetailDto['conflicts'],
    payorYearTotal: dollars(d.payor_year_total_cents),
    decisionReason: d.decision_reason,
    changeReason: d.change_reason,
    revision: d.revision,
    history: history.map((e) => ({
      id: e.id,
      action: e.action,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      reason: e.reason,
      changeReason: typeof e.details.changeReason === 'string' ? e.details.changeReason : null,
      actorName: e.actorName,
      createdAt: e.createdAt.toISOString(),
    })),
    timeZone: auth.school.timeZone,
    comments: comments.map((c) => ({
      id: c.id,
      body: c.body,
      authorName: c.authorName,
      mine: c.authorUserId === auth.user.id,
      createdAt: c.createdAt.toISOString(),
    })),
    can: {
      edit: own && live && (d.status === 'DRAFT' || d.status === 'CHANGE_REQUESTED'),
      submit: own && live && (d.status === 'DRAFT' || d.status === 'CHANGE_REQUESTED'),
      review:
        reviewer &&
        !own &&
        live &&
        d.status === 'PENDING' &&
        (!d.assigned_reviewer_id || d.assigned_reviewer_id === auth.user.id),
      reopen: reviewer && !own && live && (d.status === 'APPROVED' || d.status === 'REJECTED'),
      archive: reviewer && !own && live && d.status !== 'DRAFT',
      comment: live && (own || reviewer),
      download: own || reviewer,
    },
  };
}

export function toFlagDto(f: ConflictFlagRow): ConflictFlagDto {
  return {
    id: f.id,
    name: f.name,
    type: f.type,
    category: f.category,
    description: f.description,
    teamIds: f.team_ids,
    maxPayment: dollars(f.max_payment_cents),
    companies: f.companies,
    boosters: f.boosters,
    createdAt: f.created_at.toISOString(),
  };
}

function amountOrThrow(value: number | null | undefined, field: string, details: ErrorDetail[]): number | null {
  if (value === undefined || value === null) return null;
  const cents = toCents(value);
  if (cents === null) details.push({ field, message: ERRORS.AMOUNT_RANGE.message, code: 'AMOUNT_RANGE' });
  return cents;
}

const blankToNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim();

/** The body's fields as repository fields, with amounts in cents and the notes limit checked (400 with field details). */
export function toFields(body: DisclosureFieldsBody): DisclosureFields {
  const details: ErrorDetail[] = [];
  const out: DisclosureFields = {};
  if (body.type !== undefined) out.type = body.type;
  if (body.dealType !== undefined) out.dealType = body.dealType;
  const text = [
    'title',
    'companyName',
    'industry',
    'payorName',
    'location',
    'notes',
    'website',
    'agentNumber',
  ] as const;
  for (const k of text) {
    const v = blankToNull(body[k]);
    if (v !== undefined) out[k] = v;
  }
  for (const k of ['startDate', 'endDate', 'signedOn'] as const) if (body[k] !== undefined) out[k] = body[k];
  if (body.paymentType !== undefined) out.paymentType = body.paymentType;
  if (body.amount !== undefined) out.amountCents = amountOrThrow(body.amount, 'amount', details);
  if (body.estimatedAmount !== undefined)
    out.estimatedAmountCents = amountOrThrow(body.estimatedAmount, 'estimatedAmount', details);
  if (body.totalPayment !== undefined)
    out.totalPaymentCents = amountOrThrow(body.totalPayment, 'totalPayment', details);
  const person = (p: DisclosureFieldsBody['pointOfContact']) => {
    if (p === undefined) return undefined;
    if (p === null) return null;
    const clean = {
      ...(p.name?.trim() ? { name: p.name.trim() } : {}),
      ...(p.email?.trim() ? { email: p.email.trim().toLowerCase() } : {}),
      ...(p.phone?.trim() ? { phone: p.phone.trim() } : {}),
    };
    return Object.keys(clean).length > 0 ? clean : null;
  };
  const poc = person(body.pointOfContact);
  if (poc !== undefined) out.pointOfContact = poc;
  const agent = person(body.agent);
  if (agent !== undefined) out.agent = agent;
  if (body.participants !== undefined) out.participants = [...new Set(body.participants.map((p) => p.toLowerCase()))];
  if (out.notes && wordCount(out.notes) > DISCLOSURE_LIMITS.notesMaxWords) {
    details.push({ field: 'notes', message: ERRORS.NOTES_TOO_LONG.message, code: 'NOTES_TOO_LONG' });
  }
  if (out.startDate && out.endDate && out.endDate < out.startDate) {
    details.push({ field: 'endDate', message: 'End date cannot be before the start date.' });
  }
  if (details.length > 0) throw new AppError('VALIDATION_FAILED', details);
  return out;
}

/** What a submission must have (spec: mandatory fields cannot be empty); field details name every missing one. */
export function assertSubmittable(d: DisclosureRecord): void {
  const missing: string[] = [];
  if (!d.company_name) missing.push('companyName');
  if (!d.start_date) missing.push('startDate');
  if (!d.end_date) missing.push('endDate');
  if (!d.location) missing.push('location');
  if (!d.payment_type) missing.push('paymentType');
  if (d.payment_type === 'MONETARY' && d.amount_cents === null) missing.push('amount');
  if (d.payment_type === 'IN_KIND' && d.estimated_amount_cents === null) missing.push('estimatedAmount');
  if (!d.point_of_contact?.name) missing.push('pointOfContact.name');
  const others = d.participants.filter((p) => p !== d.athlete_user_id);
  if ((d.deal_type === 'GROUP' || d.deal_type === 'TEAM') && others.length === 0) missing.push('participants');
  if (missing.length > 0) {
    throw new AppError(
      'MANDATORY_FIELD',
      missing.map((field) => ({ field, message: ERRORS.MANDATORY_FIELD.message, code: 'MANDATORY_FIELD' })),
    );
  }
}

/**
 * A group or team deal's participants must be student-athletes of the submitter's school (the submitter is always
 * one of them, so naming oneself is dropped rather than refused). Each id that is not names its position.
 */
export async function checkParticipants(
  db: Kysely<Database>,
  schoolId: string,
  submitterId: string,
  participants: readonly string[],
): Promise<string[]> {
  const others = participants.filter((p) => p !== submitterId);
  const legacy = others.filter((p) => !UUID.test(p));
  const found = new Set(
    (
      await findSchoolAthletes(
        db,
        schoolId,
        others.filter((p) => UUID.test(p)),
      )
    ).map((a) => a.id),
  );
  const bad = others.filter((p) => legacy.includes(p) || !found.has(p));
  if (bad.length > 0) {
    throw new AppError(
      'DISCLOSURE_PARTICIPANTS_INVALID',
      bad.map((p) => ({
        field: `participants.${participants.indexOf(p)}`,
        message: ERRORS.DISCLOSURE_PARTICIPANTS_INVALID.message,
        code: 'DISCLOSURE_PARTICIPANTS_INVALID',
      })),
    );
  }
  return others;
}

/** Names of the uuid participants of a disclosure (legacy free-text entries are shown as they are). */
export async function participantNamesOf(
  db: Kysely<Database>,
  schoolId: string,
  participants: readonly string[],
): Promise<Map<string, string>> {
  const ids = participants.filter((p) => UUID.test(p));
  return new Map((await findSchoolAthletes(db, schoolId, ids)).map((a) => [a.id, a.name]));
}

export function reviewReminderMs(settings: SchoolSettings): number {
  const hours = Number(settings.disclosureReminderHours ?? DISCLOSURE_LIMITS.defaultReviewReminderHours);
  return Math.max(
    1,
    (Number.isFinite(hours) && hours > 0 ? hours : DISCLOSURE_LIMITS.defaultReviewReminderHours) * 3_600_000,
  );
}

export function checkReasonText(reason: string | undefined, required: boolean): string | null {
  const text = (reason ?? '').trim();
  if (required && text === '')
    throw new AppError('REASON_REQUIRED', [{ field: 'reason', message: ERRORS.REASON_REQUIRED.message }]);
  if (wordCount(text) > DISCLOSURE_LIMITS.reasonMaxWords) {
    throw new AppError('REASON_TOO_LONG', [{ field: 'reason', message: ERRORS.REASON_TOO_LONG.message }]);
  }
  return text === '' ? null : text;
}

const WORKFLOW_CODES = new Set<string>([
  'ALREADY_DECIDED',
  'DISCLOSURE_INVALID_STATE',
  'DISCLOSURE_OTHER_REVIEWER',
  'DISCLOSURE_ARCHIVED',
  'FORBIDDEN',
  'REASON_REQUIRED',
  'REASON_TOO_LONG',
  'CHANGE_REASON_REQUIRED',
]);

/** The Update validator names its reason as the failure type; it becomes the catalogue error of the same code. */
export const toDisclosureError = updateErrorMapper(WORKFLOW_CODES, 'DISCLOSURE_INVALID_STATE');

/**
 * Makes sure the disclosure's review process runs: starts it from the row's state (id = business key, USE_EXISTING
 * so a retry or a racing request joins the running one; REJECT_DUPLICATE so an archived one never restarts). Rows
 * written without a process (imports, demo data) are adopted this way on their first action.
 */
export async function ensureDisclosureWorkflow(
  deps: Pick<ServerDeps, 'taskQueue'>,
  temporal: Client,
  d: DisclosureRecord,
  settings: SchoolSettings,
) {
  return temporal.workflow.start(disclosureWorkflow, {
    workflowId: workflowIds.disclosure(d.id),
    taskQueue: taskQueueOf(deps),
    workflowIdConflictPolicy: 'USE_EXISTING',
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
    args: [
      {
        disclosureId: d.id,
        schoolId: d.school_id,
        athleteUserId: d.athlete_user_id,
        reviewReminderMs: reviewReminderMs(settings),
        status: d.status,
        assignedReviewerId: d.assigned_reviewer_id,
      },
    ],
  });
}

/** Submits (or resubmits) through the disclosure's workflow, started on the first submission. */
export async function submitThroughWorkflow(
  deps: Pick<ServerDeps, 'taskQueue'>,
  temporal: Client,
  d: DisclosureRecord,
  settings: SchoolSettings,
  args: { actor: DisclosureActor; changeReason?: string | null; note?: string | null },
): Promise<DisclosureWorkflowState> {
  try {
    const handle = await ensureDisclosureWorkflow(deps, temporal, d, settings);
    return await handle.executeUpdate(submitDisclosureUpdate, { args: [args] });
  } catch (err) {
    throw toDisclosureError(err);
  }
}

export async function recordWorkflowId(db: Kysely<Database>, schoolId: string, id: string): Promise<void> {
  await db
    .updateTable('disclosures')
    .set({ workflow_id: workflowIds.disclosure(id) })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .where('workflow_id', 'is', null)
    .execute();
}

export const CSV_HEADER = [
  'Date submitted',
  'Tentative start date',
  'Student',
  'Email',
  'Team',
  'Type',
  'Deal type',
  'Company',
  'Amount (USD)',
  'Status',
  'Conflict',
  'Notify (NIL Go)',
  'Reporting deadline',
];

/** One disclosure as a CSV row: labels, not codes, and the submission's day in the school's time zone. */
export function toCsvLine(r: DisclosureRowDto, timeZone: string): string {
  return csvLine([
    r.submittedAt ? todayIn(timeZone, new Date(r.submittedAt)) : '',
    r.startDate ?? '',
    r.student.name,
    r.student.email,
    r.team?.name ?? '',
    DISCLOSURE_TYPE_LABELS[r.type as DisclosureType] ?? r.type,
    DEAL_TYPE_LABELS[r.dealType as DealType] ?? r.dealType,
    r.companyName ?? '',
    r.amount ?? '',
    DISCLOSURE_STATUS_LABELS[r.status as DisclosureStatus],
    r.conflictTypes.map((c) => CONFLICT_TYPE_LABELS[c] ?? c).join('; '),
    r.notify ? 'yes' : 'no',
    r.reportingDeadline ?? '',
  ]);
}
