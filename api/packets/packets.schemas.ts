import { Type, type Static } from 'typebox';
import { PACKET_STEP_KINDS } from '../../domain/packet-workflow';
import {
  EXPIRY_OPTIONS,
  PACKET_LIMITS,
  PACKET_STATUSES,
  RECIPIENT_GROUPS,
  REMINDER_OPTIONS,
  SEND_VISIBILITY,
  SENDER_GROUPS,
  STEP_ACTIONS,
  SUBMISSION_STATUSES,
} from '../../domain/packets';
import { REPORT_PERIODS } from '../../domain/packet-reports';
import { FORM_LIMITS, type ConditionGroup } from '../../form-engine';
import { ConditionGroupSchema, FormDefinitionSchema } from '../forms/form-definition.schemas';
import { Nullable, Page, PageQuery, SingleLine, Timestamp, Uuid } from '../shared/schemas';

/**
 * The packets API contract (issue 4): folders, packets (build, publish, recall, clone, archive), sending, submissions
 * and their steps, the action-required list, "my paperwork" and the external signer's token routes. Word limits are
 * checked by the services so the answer carries the catalogue wording; the length caps here only stop abuse.
 */

/** Bodies that carry answers with drawn signatures (PNG data URLs) need more than the global 1 MB. */
export const PACKET_BODY_LIMIT = 5 * 1024 * 1024;

const Text = (max: number) => Type.String({ maxLength: max });
const FreeText = Text(5000);
const Line = (max: number) => SingleLine({ maxLength: max });

/** Answers sent by an actor: per form id (at most the packet's forms), then per element id (at most a form's elements). */
const AnswersBody = Type.Record(
  Type.String(),
  Type.Record(Type.String(), Type.Unknown(), { maxProperties: FORM_LIMITS.maxElements }),
  { maxProperties: PACKET_LIMITS.maxForms },
);

// ---- the workflow definition (domain/packet-workflow.ts) ----

export const StepActorSchema = Type.Union([
  Type.Object({ kind: Type.Literal('RECIPIENT') }),
  Type.Object({ kind: Type.Literal('USER'), userId: Uuid, name: Type.Optional(Line(200)) }),
  Type.Object({ kind: Type.Literal('ROLE'), role: Text(50) }),
  Type.Object({
    kind: Type.Literal('EXTERNAL'),
    email: Text(254),
    firstName: Text(100),
    lastName: Text(100),
  }),
]);

export const PacketStepSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  kind: Type.Enum(PACKET_STEP_KINDS),
  name: Text(500),
  actors: Type.Array(StepActorSchema, { maxItems: 50 }),
  questionIds: Type.Array(Text(300), { maxItems: 5000 }),
  condition: Type.Optional(ConditionGroupSchema),
  position: Type.Optional(Type.Object({ x: Type.Number(), y: Type.Number() })),
});

const PacketEdgesSchema = Type.Array(
  Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }), from: Text(100), to: Text(100) }),
  { maxItems: 100 },
);

export const PacketWorkflowSchema = Type.Object({
  steps: Type.Array(PacketStepSchema, { maxItems: 30 }),
  edges: PacketEdgesSchema,
});

/**
 * A step condition as a builder sends it: its shape, depth and size are checked by the form engine so the answer
 * carries CONDITION_INVALID, CONDITION_TOO_DEEP or CONDITION_TOO_LARGE (answers show it closed: ConditionGroupSchema).
 */
const StepConditionInput = Type.Unsafe<ConditionGroup>({
  type: 'object',
  description:
    'A form-engine condition group ({ combinator, conditions }); comparisons name qualified question refs ' +
    '`${formId}:${elementId}`. Checked by the form engine: CONDITION_INVALID, CONDITION_TOO_DEEP, CONDITION_TOO_LARGE.',
});
const PacketStepInput = Type.Object({ ...PacketStepSchema.properties, condition: Type.Optional(StepConditionInput) });

export const PacketWorkflowInput = Type.Object({
  steps: Type.Array(PacketStepInput, { maxItems: 30 }),
  edges: PacketEdgesSchema,
});

export const WorkflowProblemSchema = Type.Object({
  code: Type.String(),
  message: Type.String(),
  stepId: Type.Optional(Type.String()),
  edgeId: Type.Optional(Type.String()),
  elementIds: Type.Optional(Type.Array(Type.String())),
  /** The named people (user ids) or groups (roles) a step names who could never act. */
  userIds: Type.Optional(Type.Array(Type.String())),
  roles: Type.Optional(Type.Array(Type.String())),
});

export const PublishProblemSchema = Type.Object({
  code: Type.String(),
  message: Type.String(),
  /** The settings tab where it is fixed (`basic`, `sender`, `workflow`), or `form` for a problem inside a form. */
  place: Type.Union([Type.Literal('basic'), Type.Literal('sender'), Type.Literal('workflow'), Type.Literal('form')]),
  formId: Type.Optional(Type.String()),
  stepId: Type.Optional(Type.String()),
});

export const STEP_RUN_STATUSES = ['PENDING', 'ACTIVE', 'DONE', 'SKIPPED', 'FAILED', 'VOIDED'] as const;

export const StepRunStateSchema = Type.Object({
  stepId: Type.String(),
  status: Type.Enum(STEP_RUN_STATUSES),
  since: Type.Optional(Timestamp),
  waitingOn: Type.Optional(Type.Array(Type.String())),
  doneBy: Type.Optional(Type.String()),
  doneAt: Type.Optional(Timestamp),
  decision: Type.Optional(Type.String()),
});

// ---- folders ----

export const FolderIdParams = Type.Object({ id: Uuid });
export const FolderListQuery = Type.Object({ archived: Type.Optional(Type.Boolean()), ...PageQuery });
export const Folder = Type.Object({
  id: Type.String(),
  name: Type.String(),
  ownerId: Nullable(Type.String()),
  ownerName: Type.String(),
  packetCount: Type.Integer(),
  /** Staff the folder is shared with (editors of its packets, those filed later included). */
  editorIds: Type.Array(Type.String()),
  createdAt: Timestamp,
  archivedAt: Nullable(Timestamp),
});
export type Folder = Static<typeof Folder>;
export const FolderPage = Page(Folder);
/** Folder name: mandatory, at most 100 characters (FOLDER_NAME_INVALID). */
export const CreateFolderBody = Type.Object({ name: Line(1000) });
export const RenameFolderBody = Type.Object({ name: Line(1000) });
export const TransferOwnershipBody = Type.Object({ userId: Uuid });
export const ShareFolderBody = Type.Object({ userIds: Type.Array(Uuid, { maxItems: 200 }) });
export const ShareFolderResult = Type.Object({
  folderId: Type.String(),
  userIds: Type.Array(Type.String()),
  packetCount: Type.Integer(),
});
export const FolderArchiveResult = Type.Object({
  ...Folder.properties,
  /** The bulk-void workflow voiding the folder's running submissions; null when nothing was running. */
  workflowId: Nullable(Type.String()),
  total: Type.Integer(),
});

// ---- packets ----

export const PacketIdParams = Type.Object({ id: Uuid });
export const PACKET_SORTS = ['name', 'created', 'lastActivity'] as const;
export const PacketListQuery = Type.Object({
  q: Type.Optional(Text(200)),
  folderId: Type.Optional(Uuid),
  status: Type.Optional(Type.Enum(PACKET_STATUSES)),
  archived: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Enum(PACKET_SORTS)),
  ...PageQuery,
});

export const PacketSenders = Type.Object({
  userIds: Type.Array(Uuid, { maxItems: 500 }),
  groups: Type.Array(Type.Enum(SENDER_GROUPS), { maxItems: 3 }),
});

export const PacketListItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  status: Type.Enum(PACKET_STATUSES),
  folderId: Nullable(Type.String()),
  ownerId: Nullable(Type.String()),
  ownerName: Type.String(),
  formCount: Type.Integer(),
  hipaa: Type.Boolean(),
  sentCount: Type.Integer(),
  createdAt: Timestamp,
  lastActivityAt: Timestamp,
  archivedAt: Nullable(Timestamp),
  /** In lists: whether the caller may send it (published, live, and they are the owner, an admin or a sender). */
  canSend: Type.Optional(Type.Boolean()),
});
export type PacketListItem = Static<typeof PacketListItem>;
export const PacketPage = Page(PacketListItem);

export const PacketFormInfo = Type.Object({
  formId: Type.String(),
  formVersionId: Type.String(),
  name: Type.String(),
  version: Type.Integer(),
  /** The form engine's FormVersion used by the designer (question assignment, conditions). */
  // The closed definition schema; typed as a record while the packet services still hand definitions on as one.
  definition: Type.Unsafe<Record<string, unknown>>(FormDefinitionSchema),
});
export type PacketFormInfo = Static<typeof PacketFormInfo>;

export const PacketDetail = Type.Object({
  ...PacketListItem.properties,
  forms: Type.Array(PacketFormInfo),
  workflow: PacketWorkflowSchema,
  /** checkPacketWorkflow on the current forms; publishing needs an empty list. */
  problems: Type.Array(WorkflowProblemSchema),
  /** Everything that stops publishing (basic info, forms, workflow, send access), each with where it is fixed. */
  publishProblems: Type.Array(PublishProblemSchema),
  senders: PacketSenders,
  editorIds: Type.Array(Type.String()),
  externalLinkEnabled: Type.Boolean(),
  currentVersion: Nullable(Type.Integer()),
  /** Published, or sent at least once: only minor edits (name, description, step names, HIPAA stays) are accepted. */
  frozen: Type.Boolean(),
  canEdit: Type.Boolean(),
  canPublish: Type.Boolean(),
  canSend: Type.Boolean(),
});
export type PacketDetail = Static<typeof PacketDetail>;

export const CreatePacketBody = Type.Object({
  name: Line(2000),
  description: Text(5000),
  folderId: Type.Optional(Nullable(Uuid)),
  /** 1 to 5 form templates (PACKET_FORMS_RANGE); each one's latest published version is used. */
  formIds: Type.Array(Uuid, { maxItems: 50 }),
  workflow: Type.Optional(PacketWorkflowInput),
  senders: Type.Optional(PacketSenders),
  editorIds: Type.Optional(Type.Array(Uuid, { maxItems: 100 })),
  hipaa: Type.Optional(Type.Boolean()),
});
export const UpdatePacketBody = Type.Partial(Type.Omit(CreatePacketBody, ['folderId']));
export const MovePacketBody = Type.Object({ folderId: Nullable(Uuid) });
export const ExternalLinkResult = Type.Object({
  enabled: Type.Boolean(),
  /** Shown once, when the link is (re)generated; only its hash is stored. */
  url: Nullable(Type.String()),
});
export const ExternalLinkBody = Type.Object({ enabled: Type.Boolean() });

// ---- sending ----

export const SendPacketBody = Type.Object({
  recipients: Type.Object({
    userIds: Type.Array(Uuid, { maxItems: 10_000 }),
    teamIds: Type.Array(Uuid, { maxItems: 200 }),
    groups: Type.Array(Type.Enum(RECIPIENT_GROUPS), { maxItems: 3 }),
  }),
  /** Signers of EXTERNAL_SIGNER steps named at send time, by step id (e-mail, first and last name required). */
  externalSigners: Type.Optional(
    Type.Record(Type.String(), Type.Object({ email: Text(254), firstName: Line(100), lastName: Line(100) })),
  ),
  message: Type.Optional(FreeText),
  reminder: Type.Optional(Type.Enum(REMINDER_OPTIONS)),
  expiry: Type.Optional(Type.Enum(EXPIRY_OPTIONS)),
  visibility: Type.Optional(Type.Enum(SEND_VISIBILITY)),
  notify: Type.Optional(Type.Boolean()),
});
export type SendPacketBody = Static<typeof SendPacketBody>;

/** The answer to a send: the sent packet, how many recipients, and whether every workflow started at once. */
export const SendResult = Type.Object({
  sentPacketId: Type.String(),
  recipientCount: Type.Integer(),
  /** False when the send goes on in the background (its progress: GET /sent-packets/{id}/send-progress). */
  startedAll: Type.Boolean(),
});

export const SentPacketIdParams = Type.Object({ id: Uuid });
export const SentPacket = Type.Object({
  id: Type.String(),
  packetId: Type.String(),
  packetName: Type.String(),
  packetVersion: Type.Integer(),
  /** The categories of the packet's forms, comma separated ('' when none is set). */
  category: Type.String(),
  totalForms: Type.Integer(),
  sentById: Nullable(Type.String()),
  sentByName: Type.String(),
  sentAt: Timestamp,
  /** Latest change of any submission's state; lastActivityAt also counts opens, reminders and e-mails. */
  updatedAt: Timestamp,
  lastActivityAt: Timestamp,
  message: Type.String(),
  reminder: Type.Enum(REMINDER_OPTIONS),
  expiry: Type.Enum(EXPIRY_OPTIONS),
  expiresAt: Timestamp,
  visibility: Type.Enum(SEND_VISIBILITY),
  recipientCount: Type.Integer(),
  completedCount: Type.Integer(),
  openCount: Type.Integer(),
  voidedCount: Type.Integer(),
  voidedAt: Nullable(Timestamp),
});
export type SentPacket = Static<typeof SentPacket>;
export const SentPacketPage = Page(SentPacket);
export const SENT_PACKET_SORTS = ['sentAt', 'name', 'lastActivity', 'progress'] as const;
export const SENT_PACKET_STATES = ['ACTIVE', 'COMPLETED', 'VOIDED'] as const;
export const SentPacketListQuery = Type.Object({
  packetId: Type.Optional(Uuid),
  q: Type.Optional(Text(200)),
  /** School admins: only what I sent. Others always see only their own sends and their packets' sends. */
  mine: Type.Optional(Type.Boolean()),
  state: Type.Optional(Type.Enum(SENT_PACKET_STATES)),
  sort: Type.Optional(Type.Enum(SENT_PACKET_SORTS)),
  dir: Type.Optional(Type.Enum(['asc', 'desc'] as const)),
  ...PageQuery,
});

// ---- submissions ----

export const SubmissionIdParams = Type.Object({ id: Uuid });
export const SubmissionListQuery = Type.Object({
  status: Type.Optional(Type.Enum(SUBMISSION_STATUSES)),
  q: Type.Optional(Text(200)),
  ...PageQuery,
});
export const SubmissionListItem = Type.Object({
  id: Type.String(),
  sentPacketId: Type.String(),
  packetId: Type.String(),
  packetName: Type.String(),
  recipientId: Type.String(),
  recipientName: Type.String(),
  /** Which profile the recipient's name links to. */
  recipientKind: Type.Enum(['athlete', 'staff']),
  status: Type.Enum(SUBMISSION_STATUSES),
  activeStepId: Nullable(Type.String()),
  activeStepName: Nullable(Type.String()),
  sentAt: Timestamp,
  updatedAt: Timestamp,
  completedAt: Nullable(Timestamp),
  expiresAt: Timestamp,
});
export type SubmissionListItem = Static<typeof SubmissionListItem>;
export const SubmissionPage = Page(SubmissionListItem);

export const SubmissionEvent = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  stepId: Nullable(Type.String()),
  actorName: Type.String(),
  actorEmail: Nullable(Type.String()),
  at: Timestamp,
  ip: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  details: Type.Record(Type.String(), Type.Unknown()),
  answersSha256: Nullable(Type.String()),
});

export const SubmissionDetail = Type.Object({
  ...SubmissionListItem.properties,
  hipaa: Type.Boolean(),
  message: Type.String(),
  forms: Type.Array(PacketFormInfo),
  workflow: PacketWorkflowSchema,
  steps: Type.Array(StepRunStateSchema),
  /** Answers per form id, keyed by element id. */
  answers: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
  events: Type.Array(SubmissionEvent),
  /** What the signed-in user may do now: the active step they are an actor of, or null. */
  myStep: Nullable(
    Type.Object({
      stepId: Type.String(),
      kind: Type.Enum(PACKET_STEP_KINDS),
      /** SUBMITTER: the qualified refs of the questions this step answers. */
      questionIds: Type.Array(Type.String()),
    }),
  ),
  canVoid: Type.Boolean(),
  /** Comment left by the last change request, shown to the submitter. */
  changeRequest: Nullable(Type.Object({ comment: Type.String(), questionIds: Type.Array(Type.String()) })),
});
export type SubmissionDetail = Static<typeof SubmissionDetail>;

/**
 * What a step action answers: the submission as its workflow left it, from the Update's own result (its rows are
 * written by then). The full detail is its own call (`GET /packet-submissions/:id`), which the UI makes anyway.
 */
export const SubmissionActed = Type.Object({
  id: Type.String(),
  status: Type.Enum(SUBMISSION_STATUSES),
  activeStepId: Nullable(Type.String()),
  steps: Type.Array(StepRunStateSchema),
  ended: Type.Boolean(),
});
export type SubmissionActed = Static<typeof SubmissionActed>;

/**
 * Acting on the active step. SUBMIT carries answers (per form id) checked against the frozen compiled schema;
 * APPROVE on an APPROVER_WITH_SIGNATURE step needs `signature`; REJECT needs `reason` (≤ 50 words); REQUEST_CHANGE
 * needs `comment` (≤ 200 words) and may name the questions to change; ACKNOWLEDGE is the e-mail receiver's "seen".
 */
export const StepActionBody = Type.Object({
  stepId: Type.String({ maxLength: 100 }),
  action: Type.Enum(STEP_ACTIONS),
  answers: Type.Optional(AnswersBody),
  /** A drawn signature (PNG data URL) or a typed name. */
  signature: Type.Optional(Type.String({ maxLength: 2_000_000 })),
  reason: Type.Optional(FreeText),
  comment: Type.Optional(FreeText),
  questionIds: Type.Optional(Type.Array(Text(300), { maxItems: 5000 })),
});
export type StepActionBody = Static<typeof StepActionBody>;

export const SubmissionPdf = Type.Unsafe<Uint8Array>({
  description: 'The submission as a PDF: forms, answers and the signing certificate.',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
});

export const VoidBody = Type.Object({ reason: FreeText });
export const BulkVoidResult = Type.Object({ workflowId: Type.String(), total: Type.Integer() });
export const BulkVoidProgress = Type.Object({
  workflowId: Type.String(),
  total: Type.Integer(),
  done: Type.Integer(),
  finished: Type.Boolean(),
});

// ---- action required and my paperwork ----

export const ACTION_REQUIRED_SORTS = ['oldest', 'newest', 'due', 'packet'] as const;
export const ActionRequiredQuery = Type.Object({
  q: Type.Optional(Text(200)),
  kind: Type.Optional(Type.Enum(PACKET_STEP_KINDS)),
  sort: Type.Optional(Type.Enum(ACTION_REQUIRED_SORTS)),
  ...PageQuery,
});
export const ActionRequiredItem = Type.Object({
  taskId: Type.String(),
  submissionId: Type.String(),
  packetName: Type.String(),
  recipientName: Type.String(),
  stepId: Type.String(),
  stepName: Type.String(),
  stepKind: Type.String(),
  status: Type.Enum(SUBMISSION_STATUSES),
  createdAt: Timestamp,
  dueAt: Nullable(Timestamp),
});
export type ActionRequiredItem = Static<typeof ActionRequiredItem>;
export const ActionRequiredPage = Page(ActionRequiredItem);

export const MyPaperworkQuery = Type.Object({ status: Type.Optional(Type.Enum(SUBMISSION_STATUSES)), ...PageQuery });
export const MyPaperworkPage = Page(SubmissionListItem);

// ---- external signer (public, by token) ----

/** The signer's token travels in the body (never in a URL the server logs). */
const SignerToken = Type.String({ minLength: 16, maxLength: 200 });
export const SignerTokenBody = Type.Object({ token: SignerToken });
export const SignerView = Type.Object({
  packetName: Type.String(),
  signerName: Type.String(),
  stepName: Type.String(),
  stepKind: Type.Enum(PACKET_STEP_KINDS),
  consent: Type.Object({ version: Type.String(), text: Type.String(), acceptedAt: Nullable(Timestamp) }),
  /** The document the signer reads first: every form of the packet and the answers so far. */
  forms: Type.Array(PacketFormInfo),
  answers: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
  questionIds: Type.Array(Type.String()),
  expiresAt: Timestamp,
  /** The submission's status now (VOIDED when the sender voided it after the signer signed). */
  status: Type.Enum(SUBMISSION_STATUSES),
  /** When this signer signed; null while it is still their turn. */
  signedAt: Nullable(Timestamp),
  /** Until when the link gives the signer their signed PDF (null before signing). */
  copyUntil: Nullable(Timestamp),
});
export const SignerConsentBody = Type.Object({
  token: SignerToken,
  consentVersion: Text(50),
  email: Text(254),
  firstName: Text(100),
  lastName: Text(100),
});
export const SignerSubmitBody = Type.Object({
  token: SignerToken,
  answers: Type.Optional(AnswersBody),
  signature: Type.String({ minLength: 1, maxLength: 2_000_000 }),
});
export const SignerDone = Type.Object({ status: Type.Enum(SUBMISSION_STATUSES) });
export const SignerPdf = Type.Unsafe<Uint8Array>({
  type: 'string',
  format: 'binary',
  description: 'The submission as a PDF (application/pdf), for the external signer before and after signing.',
});

// ---- reports (Big Picture) ----

export const PacketReportQuery = Type.Object({ period: Type.Optional(Type.Enum(REPORT_PERIODS)) });
export const PacketReport = Type.Object({
  period: Type.Enum(REPORT_PERIODS),
  unit: Type.Enum(['week', 'month'] as const),
  from: Timestamp,
  to: Timestamp,
  totals: Type.Object({
    /** Packets built in the period. */
    created: Type.Integer(),
    /** Sends (one send reaches one or more recipients). */
    sends: Type.Integer(),
    /** Submissions sent: one per recipient. */
    sent: Type.Integer(),
    /** Submissions completed (approved or auto-approved) in the period. */
    completed: Type.Integer(),
    averageTurnaroundHours: Nullable(Type.Number()),
    /** Percentage of the period's sent submissions (voided ones left out) that are completed. */
    completionRate: Nullable(Type.Number()),
  }),
  /** What became of the period's sent submissions; EXPIRED: still open when the send expired. */
  byStatus: Type.Array(
    Type.Object({ status: Type.Enum([...SUBMISSION_STATUSES, 'EXPIRED'] as const), count: Type.Integer() }),
  ),
  series: Type.Array(
    Type.Object({
      start: Type.String(),
      label: Type.String(),
      created: Type.Integer(),
      sent: Type.Integer(),
      completed: Type.Integer(),
    }),
  ),
});
export type PacketReport = Static<typeof PacketReport>;
