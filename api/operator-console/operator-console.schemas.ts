import { Type, type Static } from 'typebox';
import { ACTION_REASON_MAX_LENGTH, BULK_ACTIONS, STUCK_KINDS, WORKFLOW_STATUSES } from '../../domain/operator-console';
import { MAX_PATH_PARAM_LENGTH, Nullable, Timestamp, Uuid } from '../shared/schemas';

/** The operator console's API contract (issue 6). */
const ModuleName = Type.String({
  pattern: '^[a-z][a-z0-9-]{0,39}$',
  description: 'A workflow module, e.g. invitation',
});

export const WorkflowFilterQuery = Type.Object({
  schoolId: Type.Optional(Uuid),
  module: Type.Optional(ModuleName),
  status: Type.Optional(Type.Enum(WORKFLOW_STATUSES)),
  entityId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  olderThanMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 525_600 })),
});
export type WorkflowFilterQuery = Static<typeof WorkflowFilterQuery>;

export const ListWorkflowsQuery = Type.Object({
  ...WorkflowFilterQuery.properties,
  stuckOnly: Type.Optional(Type.Boolean({ default: false })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, default: 0 })),
});

export const StuckReasonDto = Type.Object({
  kind: Type.Enum(STUCK_KINDS),
  reason: Type.String(),
  taskId: Type.Optional(Type.String()),
  activityId: Type.Optional(Type.String()),
  suggestedAssignee: Type.Optional(Type.Object({ id: Type.String(), name: Type.String() })),
});

export const WorkflowListItemDto = Type.Object({
  workflowId: Type.String(),
  runId: Type.String(),
  workflowType: Type.String(),
  status: Type.Enum(WORKFLOW_STATUSES),
  taskQueue: Type.String(),
  module: Nullable(Type.String()),
  schoolId: Nullable(Type.String()),
  schoolName: Nullable(Type.String()),
  entityId: Nullable(Type.String()),
  waitingOn: Nullable(Type.String()),
  stepName: Nullable(Type.String()),
  startTime: Timestamp,
  closeTime: Nullable(Timestamp),
  stuck: Type.Array(StuckReasonDto),
});

export const WorkflowPage = Type.Object({
  items: Type.Array(WorkflowListItemDto),
  /** Null when the list was cut short (a stuck scan reports what it found). */
  total: Nullable(Type.Integer()),
  limit: Type.Integer(),
  offset: Type.Integer(),
});

export const WorkflowCounts = Type.Object({
  total: Type.Integer(),
  ...Object.fromEntries(WORKFLOW_STATUSES.map((s) => [s, Type.Integer()])),
} as Record<string, ReturnType<typeof Type.Integer>>);

export const WorkflowIdParams = Type.Object({
  workflowId: Type.String({ minLength: 1, maxLength: MAX_PATH_PARAM_LENGTH }),
});

export const TaskDto = Type.Object({
  id: Type.String(),
  stepId: Type.String(),
  stepName: Type.String(),
  title: Type.String(),
  url: Nullable(Type.String()),
  status: Type.Enum(['OPEN', 'DONE', 'CANCELLED']),
  assigneeUserId: Nullable(Type.String()),
  assigneeRole: Nullable(Type.String()),
  assigneeEmail: Nullable(Type.String()),
  assigneeLabel: Type.String(),
  createdAt: Timestamp,
  dueAt: Nullable(Timestamp),
  completedAt: Nullable(Timestamp),
});

export const PendingActivityDto = Type.Object({
  activityId: Type.String(),
  activityType: Type.String(),
  state: Type.String(),
  attempt: Type.Integer(),
  maximumAttempts: Type.Integer(),
  lastFailureMessage: Nullable(Type.String()),
  scheduledAt: Nullable(Timestamp),
  nextAttemptAt: Nullable(Timestamp),
  lastStartedAt: Nullable(Timestamp),
});

export const TimelineEntryDto = Type.Object({
  eventId: Type.Integer(),
  at: Nullable(Timestamp),
  tone: Type.Enum(['info', 'success', 'warning', 'error']),
  title: Type.String(),
  detail: Nullable(Type.String()),
});

export const WorkflowGraphDto = Type.Object({
  kind: Type.Enum(['packet-submission', 'disclosure', 'invitation', 'roster-rollover', 'cara-log', 'psa-transfer']),
  status: Type.String(),
  updatedAt: Timestamp,
  /** packet-submission: the frozen workflow definition and each step's run state. */
  definition: Type.Optional(Type.Unknown()),
  steps: Type.Optional(Type.Array(Type.Unknown())),
  activeStepName: Type.Optional(Nullable(Type.String())),
  /** disclosure: archived, who reviews it and whose it is. */
  archived: Type.Optional(Type.Boolean()),
  reviewer: Type.Optional(Nullable(Type.String())),
  athlete: Type.Optional(Nullable(Type.String())),
  /** roster-rollover, cara-log, psa-transfer: the submit → review cycle read from the record and its history. */
  submittedBy: Type.Optional(Nullable(Type.String())),
  submittedAt: Type.Optional(Nullable(Timestamp)),
  decidedBy: Type.Optional(Nullable(Type.String())),
  decidedAt: Type.Optional(Nullable(Timestamp)),
  decision: Type.Optional(Nullable(Type.String())),
  waitingOn: Type.Optional(Type.Array(Type.String())),
  loopsTaken: Type.Optional(Type.Integer({ minimum: 0 })),
  followUp: Type.Optional(Type.Enum(['DONE', 'SKIPPED', 'PENDING'])),
  followUpCount: Type.Optional(Type.Integer({ minimum: 0 })),
  survey: Type.Optional(
    Nullable(
      Type.Object({
        open: Type.Boolean(),
        athletes: Type.Integer(),
        answered: Type.Integer(),
        disputed: Type.Integer(),
      }),
    ),
  ),
});

/** What a record's own page reads for its "Where it stands" section: the graph and the record's link. */
export const ProcessGraphDto = Type.Object({ graph: Nullable(WorkflowGraphDto) });

export const WorkflowDetailDto = Type.Object({
  item: WorkflowListItemDto,
  historyLength: Type.Integer(),
  pendingWorkflowTask: Nullable(
    Type.Object({ state: Type.String(), attempt: Type.Integer(), scheduledAt: Nullable(Timestamp) }),
  ),
  pendingActivities: Type.Array(PendingActivityDto),
  tasks: Type.Array(TaskDto),
  timeline: Type.Array(TimelineEntryDto),
  recordPath: Nullable(Type.String()),
  temporalUiUrl: Type.String(),
  /** What the detail page draws: a submission's workflow with its step states, or a fixed process' state. */
  graph: Nullable(WorkflowGraphDto),
});

const Reason = Type.String({
  minLength: 1,
  maxLength: ACTION_REASON_MAX_LENGTH,
  'x-error-code': 'REASON_REQUIRED',
  description: 'Why (kept in the audit log).',
});

export const ReasonBody = Type.Object({ reason: Reason });
export const ReassignBody = Type.Object({
  /** The inbox task to hand over; left out for a disclosure review, which hands over the review itself. */
  taskId: Type.Optional(Uuid),
  toUserId: Uuid,
  reason: Reason,
});

export const ActionOutcomeDto = Type.Object({
  workflowId: Type.String(),
  action: Type.String(),
  runId: Type.String(),
  message: Type.String(),
});

export const AssignableUsersQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })) });
export const AssignableUserDto = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
});
export const AssignableUserList = Type.Array(AssignableUserDto);

export const BulkActionBody = Type.Object({
  action: Type.Enum(BULK_ACTIONS),
  reason: Reason,
  filter: WorkflowFilterQuery,
  /** Only the processes the console judged stuck (retry); otherwise every running process matching the filter. */
  stuckOnly: Type.Optional(Type.Boolean()),
});

export const BulkJobDto = Type.Object({
  id: Type.String(),
  action: Type.Enum(BULK_ACTIONS),
  state: Type.Enum(['RUNNING', 'DONE']),
  total: Type.Integer(),
  done: Type.Integer(),
  failed: Type.Integer(),
  errors: Type.Array(Type.Object({ workflowId: Type.String(), message: Type.String() })),
  startedAt: Timestamp,
  finishedAt: Nullable(Timestamp),
});

export const BulkJobParams = Type.Object({ jobId: Uuid });

export const ConsoleHealthDto = Type.Object({
  queues: Type.Array(
    Type.Object({
      name: Type.String(),
      kind: Type.Enum(['workflow', 'activity']),
      pollers: Type.Array(Type.Object({ identity: Type.String(), lastSeenAt: Nullable(Timestamp) })),
      livePollers: Type.Integer(),
      backlog: Nullable(Type.Integer()),
      backlogAgeSeconds: Nullable(Type.Integer()),
    }),
  ),
  oldestOpenTask: Nullable(
    Type.Object({
      id: Type.String(),
      workflowId: Type.String(),
      schoolId: Type.String(),
      stepName: Type.String(),
      title: Type.String(),
      createdAt: Timestamp,
      dueAt: Nullable(Timestamp),
    }),
  ),
  outbox: Type.Object({ pending: Type.Integer(), failed: Type.Integer(), oldestPendingAt: Nullable(Timestamp) }),
  calendarWaiting: Type.Object({
    count: Type.Integer(),
    oldestAt: Nullable(Timestamp),
    items: Type.Array(
      Type.Object({ eventId: Type.String(), schoolId: Type.String(), name: Type.String(), since: Timestamp }),
    ),
  }),
  checkedAt: Timestamp,
});
