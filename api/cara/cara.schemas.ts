import { Type, type Static } from 'typebox';
import { BYLAW17_RULE_IDS, CARA_ERROR_REASONS, CARA_FREQUENCIES, CARA_LOG_STATUSES } from '../../domain/bylaw17';
import { IsoDate, Nullable, Timestamp, Uuid } from '../shared/schemas';
import { CreateEventBody } from '../calendar/events.schemas';

const literals = <const T extends string>(values: readonly T[]) => Type.Enum(values);

export const Violation = Type.Object({
  key: Type.String(),
  ruleId: literals(BYLAW17_RULE_IDS),
  bylaw: Type.String(),
  title: Type.String(),
  athleteId: Type.String(),
  athleteName: Type.String(),
  date: IsoDate,
  weekStart: IsoDate,
  weekEnd: IsoDate,
  unit: literals(['hours', 'days', 'activities'] as const),
  actual: Type.Number(),
  limit: Type.Number(),
  excess: Type.Number(),
  eventIds: Type.Array(Type.String()),
  source: Type.String(),
  message: Type.String(),
  isNew: Type.Boolean(),
  dismissal: Nullable(
    Type.Object({ reason: literals(CARA_ERROR_REASONS), note: Type.String(), dismissedAt: Timestamp }),
  ),
});
export type Violation = Static<typeof Violation>;

export const CheckBody = Type.Object(
  {
    event: CreateEventBody,
    /** The event being edited (its current occurrences are replaced by the proposal). */
    replacesEventId: Type.Optional(Uuid),
    /** With `replacesEventId`: only this occurrence is replaced (an edit of "this event"). */
    occurrenceStart: Type.Optional(Timestamp),
  },
  { additionalProperties: false },
);
export type CheckBody = Static<typeof CheckBody>;

export const CheckResult = Type.Object({
  /** OK: checked; NOT_APPLICABLE: the engine could not run (see error); NOT_COUNTABLE: nothing to check. */
  status: literals(['OK', 'NOT_APPLICABLE', 'NOT_COUNTABLE'] as const),
  error: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
  /** Blocking problems for a countable event (several teams on one CARA event). */
  blocking: Type.Array(Type.Object({ code: Type.String(), message: Type.String() })),
  violations: Type.Array(Violation),
  weeks: Type.Array(
    Type.Object({
      weekStart: IsoDate,
      weekEnd: IsoDate,
      weeklyLimit: Type.Number(),
      maxHours: Type.Number(),
      exempt: Type.Boolean(),
    }),
  ),
});
export type CheckResult = Static<typeof CheckResult>;

export const DismissBody = Type.Object(
  {
    violationKey: Type.String({ minLength: 3, maxLength: 300 }),
    reason: Type.String({ maxLength: 60 }),
    note: Type.String({ maxLength: 4000 }),
  },
  { additionalProperties: false },
);
export type DismissBody = Static<typeof DismissBody>;

export const TeamParams = Type.Object({ teamId: Uuid });

export const Dismissal = Type.Object({
  violationKey: Type.String(),
  reason: literals(CARA_ERROR_REASONS),
  note: Type.String(),
  dismissedAt: Timestamp,
  dismissedByName: Nullable(Type.String()),
});

const Person = Type.Object({ id: Uuid, name: Type.String() });

export const SettingsFields = {
  loggingEnabled: Type.Boolean(),
  frequency: Nullable(literals(CARA_FREQUENCIES)),
  dueDays: Nullable(Type.Integer({ minimum: 0, maximum: 30 })),
  reminderDays: Nullable(Type.Integer({ minimum: 0, maximum: 30 })),
  submitterIds: Type.Array(Uuid, { maxItems: 50 }),
  viewerIds: Type.Array(Uuid, { maxItems: 50 }),
  reviewerIds: Type.Array(Uuid, { maxItems: 50 }),
  surveyEnabled: Type.Boolean(),
  surveyExpiryDays: Nullable(Type.Integer({ minimum: 1, maximum: 60 })),
};
export const SettingsBody = Type.Object(SettingsFields, { additionalProperties: false });
export type SettingsBody = Static<typeof SettingsBody>;
export const SettingsDto = Type.Object({
  teamId: Uuid,
  teamName: Type.String(),
  ...SettingsFields,
  segmentsConfigured: Type.Boolean(),
  staff: Type.Array(Person),
  updatedAt: Nullable(Timestamp),
});
export type SettingsDto = Static<typeof SettingsDto>;

export const LogSummary = Type.Object({
  id: Uuid,
  teamId: Uuid,
  teamName: Type.String(),
  academicYearId: Nullable(Uuid),
  periodStart: IsoDate,
  periodEnd: IsoDate,
  dueAt: Timestamp,
  status: literals(CARA_LOG_STATUSES),
  due: Nullable(Type.Object({ kind: Type.String(), label: Type.String(), days: Type.Integer() })),
  violations: Type.Integer(),
  totalHours: Type.Number(),
  workflowId: Type.String(),
});
export type LogSummary = Static<typeof LogSummary>;
export const LogList = Type.Object({ items: Type.Array(LogSummary) });

export const LogQuery = Type.Object({
  teamId: Type.Optional(Uuid),
  academicYearId: Type.Optional(Uuid),
  status: Type.Optional(Type.String({ maxLength: 40 })),
});

export const LogDetail = Type.Object({
  ...LogSummary.properties,
  coachNotes: Nullable(Type.String()),
  reviewNotes: Nullable(Type.String()),
  surveyExpiresAt: Nullable(Timestamp),
  surveyOpen: Type.Boolean(),
  canSubmit: Type.Boolean(),
  canReview: Type.Boolean(),
  canReopen: Type.Boolean(),
  canAnswerSurvey: Type.Boolean(),
  /** Whether the caller may dismiss the log's violations (a calendar writer of the team: its coaches and admins). */
  canDismiss: Type.Boolean(),
  /** Why the Bylaw 17 engine could not check the log's period (a segment without its start day, no year), or null. */
  engineError: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
  events: Type.Array(
    Type.Object({
      key: Type.String(),
      eventId: Type.String(),
      name: Type.String(),
      category: Type.String(),
      caraCategory: Nullable(Type.String()),
      date: IsoDate,
      start: Type.String(),
      end: Type.String(),
      hours: Type.Number(),
      countable: Type.Boolean(),
      athleteIds: Type.Array(Type.String()),
    }),
  ),
  athletes: Type.Array(
    Type.Object({
      athleteId: Type.String(),
      name: Type.String(),
      weeks: Type.Array(
        Type.Object({
          weekStart: IsoDate,
          hours: Type.Number(),
          weeklyLimit: Type.Number(),
          skillHours: Type.Number(),
          daysOff: Type.Integer(),
          daysOffRequired: Nullable(Type.Integer()),
          maxDayHours: Type.Number(),
          dailyLimit: Nullable(Type.Number()),
        }),
      ),
    }),
  ),
  violationList: Type.Array(Violation),
  survey: Type.Array(
    Type.Object({
      athleteId: Type.String(),
      athleteName: Type.String(),
      eventKey: Type.String(),
      answer: literals(['CONFIRMED', 'DISPUTED'] as const),
      reason: Nullable(Type.String()),
      answeredAt: Timestamp,
    }),
  ),
  history: Type.Array(
    Type.Object({
      action: Type.String(),
      actorName: Nullable(Type.String()),
      notes: Nullable(Type.String()),
      at: Timestamp,
    }),
  ),
});
export type LogDetail = Static<typeof LogDetail>;

export const LogParams = Type.Object({ id: Uuid });
export const SubmitBody = Type.Object(
  { notes: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))) },
  { additionalProperties: false },
);
export const ReviewBody = Type.Object(
  {
    decision: literals(['APPROVE', 'REJECT'] as const),
    notes: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
  },
  { additionalProperties: false },
);
export const ReopenBody = Type.Object(
  { notes: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))) },
  { additionalProperties: false },
);
export const SurveyBody = Type.Object(
  {
    answers: Type.Array(
      Type.Object({
        eventKey: Type.String({ minLength: 1, maxLength: 200 }),
        answer: literals(['CONFIRMED', 'DISPUTED'] as const),
        reason: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
      }),
      { minItems: 1, maxItems: 200 },
    ),
  },
  { additionalProperties: false },
);
export const GenerateBody = Type.Object({ teamId: Uuid, periodStart: IsoDate }, { additionalProperties: false });

export const DashboardDto = Type.Object({
  teamId: Uuid,
  teamName: Type.String(),
  academicYearId: Uuid,
  error: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
  weeks: Type.Array(
    Type.Object({
      weekStart: IsoDate,
      weekEnd: IsoDate,
      seasonType: Type.String(),
      weeklyLimit: Type.Number(),
      teamAverage: Type.Number(),
      maxHours: Type.Number(),
      violations: Type.Integer(),
      exempt: Type.Boolean(),
    }),
  ),
});
export type DashboardDto = Static<typeof DashboardDto>;

export const LogPdf = Type.Unsafe<Uint8Array>({
  description: 'The approved log as a PDF for the NCAA file.',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
});
