import { Type, type Static, type TArray, type TSchema } from 'typebox';
import { EVENT_STATUSES } from '../../domain/calendar-events';
import {
  BOARD_COLUMNS,
  COMMITMENT_STATUSES,
  PSA_FIELDS,
  PSA_STATES,
  TRANSFER_STATUSES,
  type CommitmentStatus,
  type PsaField,
  type TransferStatus,
} from '../../domain/recruiting';
import { RECRUITING_EVENT_KIND_KEYS } from '../../domain/recruiting-events';
import { IsoDate, JsonObject, Nullable, SingleLine, Timestamp, Uuid } from '../shared/schemas';

/**
 * The prospect (PSA) API's contract: the request bodies and queries, and every answer the prospect, board, upload,
 * transfer, attachment and operator routes give. Answers are closed objects: Fastify writes only the properties named
 * here, so a property the handler returns and this file does not name never reaches the screen.
 */

const closed = { additionalProperties: false } as const;
const Str = (max = 255) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));
/** A name field of a prospect (theirs, their school's, a guardian's, a coach's): the shared name rule (issue 36). */
const Line = (max = 255) => Type.Optional(Type.Union([SingleLine({ maxLength: max }), Type.Null()]));
const NumOrStr = Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 20 }), Type.Null()]));

/** The prospect's fields as a body: every PSA field optional (a create needs first and last name). */
export const PsaBody = Type.Object(
  {
    ...Object.fromEntries(
      Object.entries(PSA_FIELDS).map(([name, def]) => [
        name,
        def.kind === 'int' || def.kind === 'number' || def.kind === 'year'
          ? NumOrStr
          : def.kind === 'notes'
            ? Str(10000)
            : /Name$/.test(name)
              ? Line(255)
              : Str(255),
      ]),
    ),
    highlightLinks: Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 50 })),
    customFields: Type.Optional(
      Type.Array(Type.Object({ name: SingleLine({ maxLength: 1000 }), value: Type.String({ maxLength: 1000 }) }), {
        maxItems: 100,
      }),
    ),
    commitmentStatus: Type.Optional(Type.String({ maxLength: 40 })),
    tags: Type.Optional(Type.Array(SingleLine({ maxLength: 100 }), { maxItems: 60 })),
    rating: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 5 }), Type.Null()])),
  },
  closed,
);

export const PsaListQuery = Type.Object({
  archived: Type.Optional(Type.Boolean()),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  commitmentStatus: Type.Optional(Type.String({ maxLength: 40 })),
  graduationYear: Type.Optional(Type.Integer({ minimum: 1990, maximum: 2100 })),
  sportTeamId: Type.Optional(Uuid),
  position: Type.Optional(Type.String({ maxLength: 100 })),
  tag: Type.Optional(Type.String({ maxLength: 100 })),
  minRating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  sort: Type.Optional(Type.String({ maxLength: 40 })),
  direction: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
});
const { limit: _limit, offset: _offset, ...listFilters } = PsaListQuery.properties;
export const PsaExportQuery = Type.Object({ ...listFilters, columns: Type.Optional(Type.String({ maxLength: 2000 })) });

export const MoveBody = Type.Object({
  commitmentStatus: Type.String({ maxLength: 40 }),
  beforeId: Type.Optional(Type.Union([Uuid, Type.Null()])),
  via: Type.Optional(Type.Union([Type.Literal('mouse'), Type.Literal('keyboard'), Type.Literal('menu')])),
});
export const ActivityBody = Type.Object({
  kind: Type.String({ maxLength: 40 }),
  occurredAt: Type.String({ format: 'date-time' }),
  nights: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 30 }), Type.Null()])),
  location: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  summary: Type.Optional(Type.Union([Type.String({ maxLength: 10000 }), Type.Null()])),
});
export const MergeBody = Type.Object({ duplicateId: Uuid });
export const TransferBody = Type.Object({ sportTeamId: Uuid, academicYearId: Uuid });
export const TransferDecisionBody = Type.Object({
  decision: Type.Union([Type.Literal('APPROVE'), Type.Literal('REJECT')]),
  reason: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
});
export const BoardQuery = Type.Object({ sportTeamId: Type.Optional(Uuid) });

// ---- answers ----

const CommitmentStatusSchema = Type.Enum(Object.keys(COMMITMENT_STATUSES) as CommitmentStatus[]);
const TransferStatusSchema = Type.Enum(Object.keys(TRANSFER_STATUSES) as TransferStatus[]);

const NullNumber = Nullable(Type.Number());
const NullInteger = Nullable(Type.Integer());
const NullUuid = Nullable(Uuid);
const NullDate = Nullable(IsoDate);
const NullText = Nullable(Type.String());
type PsaFieldKind = (typeof PSA_FIELDS)[PsaField]['kind'];
type FieldAnswer<K extends PsaFieldKind> = K extends 'number'
  ? typeof NullNumber
  : K extends 'int' | 'year'
    ? typeof NullInteger
    : K extends 'uuid'
      ? typeof NullUuid
      : K extends 'date'
        ? typeof NullDate
        : typeof NullText;
function fieldAnswer(kind: PsaFieldKind): TSchema {
  if (kind === 'number') return NullNumber;
  if (kind === 'int' || kind === 'year') return NullInteger;
  if (kind === 'uuid') return NullUuid;
  if (kind === 'date') return NullDate;
  return NullText;
}
/** Every PSA field by its API name, as stored (null when empty). */
const psaFieldAnswers = Object.fromEntries(
  Object.entries(PSA_FIELDS).map(([name, def]) => [name, fieldAnswer(def.kind)]),
) as { [F in PsaField]: FieldAnswer<(typeof PSA_FIELDS)[F]['kind']> };

export const CustomField = Type.Object({ name: Type.String(), value: Type.String() }, closed);

/** A prospect as the API shows it: every PSA field by its API name, plus state, tags, rating and links. */
export const PsaDto = Type.Object(
  {
    ...psaFieldAnswers,
    id: Uuid,
    name: Type.String(),
    commitmentStatus: CommitmentStatusSchema,
    psaState: Type.Enum(Object.keys(PSA_STATES) as (keyof typeof PSA_STATES)[]),
    rating: NullInteger,
    tags: Type.Array(Type.String()),
    sportTeam: NullText,
    recruitingCoach: NullText,
    height: Nullable(Type.String({ description: `Feet and inches, as 5' 11"` })),
    highlightLinks: Type.Array(Type.String()),
    customFields: Type.Array(CustomField),
    lastContactDate: Nullable(Timestamp),
    athleteUserId: NullUuid,
    mergedIntoId: NullUuid,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  closed,
);
export type PsaDto = Static<typeof PsaDto>;

export const PsaPage = Type.Object(
  { items: Type.Array(PsaDto), total: Type.Integer(), limit: Type.Integer(), offset: Type.Integer() },
  closed,
);

export const PsaActivity = Type.Object(
  {
    id: Uuid,
    kind: Type.String(),
    occurredAt: Timestamp,
    nights: NullInteger,
    location: NullText,
    summary: NullText,
    /** Phone calls: minutes, and the staff member who made the call. */
    durationMinutes: NullInteger,
    coach: NullText,
    loggedBy: NullText,
    /** Official-visit flags (a second visit to the school, over 2 nights). */
    flags: Type.Array(Type.String()),
  },
  closed,
);
export const PsaActivityList = Type.Object({ items: Type.Array(PsaActivity) }, closed);

export const PsaHistoryEvent = Type.Object(
  {
    id: Uuid,
    action: Type.String(),
    details: JsonObject('What the step changed: the fields edited, the board move, the file, the form sent.'),
    at: Timestamp,
    actorName: NullText,
  },
  closed,
);

export const PsaDuplicate = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    email: NullText,
    mobile: NullText,
    matchedOn: Type.Union([Type.Literal('email'), Type.Literal('phone')]),
  },
  closed,
);

export const PsaTransfer = Type.Object(
  {
    id: Uuid,
    status: TransferStatusSchema,
    statusLabel: Type.String(),
    sportTeamId: Uuid,
    teamName: Type.String(),
    academicYearId: Uuid,
    academicYearLabel: Type.String(),
    requestedBy: NullText,
    requestedAt: Timestamp,
    decidedBy: NullText,
    decidedAt: Nullable(Timestamp),
    reason: NullText,
    athleteUserId: NullUuid,
    workflowId: NullText,
  },
  closed,
);

/** An approved recruiting event the prospect attends. */
export const PsaRecruitingEvent = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    kind: Type.Enum(RECRUITING_EVENT_KIND_KEYS),
    status: Type.Enum(EVENT_STATUSES),
    start: Timestamp,
    end: Timestamp,
    location: NullText,
    timeZone: Type.String(),
    /** Official-visit flags for this prospect (a second visit to the school, over 2 nights). */
    flags: Type.Array(Type.String()),
  },
  closed,
);

const profileFields = {
  psa: PsaDto,
  activities: Type.Array(PsaActivity),
  events: Type.Array(PsaHistoryEvent),
  duplicates: Type.Array(PsaDuplicate),
  transfer: Nullable(PsaTransfer),
  recruitingEvents: Type.Array(PsaRecruitingEvent),
};
/** A prospect's profile: the prospect, its activity log and history, duplicates, transfer and recruiting events. */
export const PsaProfile = Type.Object(profileFields, closed);
export type PsaProfile = Static<typeof PsaProfile>;
/** The operator's read-only profile: the same, with the prospect's school. */
export const OperatorPsaProfile = Type.Object({ schoolId: Uuid, ...profileFields }, closed);

export const BoardCard = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    graduationYear: NullInteger,
    position: NullText,
    highSchoolName: NullText,
    rating: NullInteger,
    tags: Type.Array(Type.String()),
    sportTeam: NullText,
    transferStatus: Nullable(TransferStatusSchema),
  },
  closed,
);
/** The board: one column per commitment status, each in its cards' order. */
export const Board = Type.Object(
  {
    columns: Type.Object(
      Object.fromEntries(BOARD_COLUMNS.map((c) => [c, Type.Array(BoardCard)])) as Record<
        CommitmentStatus,
        TArray<typeof BoardCard>
      >,
      closed,
    ),
  },
  closed,
);

const Pick = Type.Object({ id: Uuid, name: Type.String() }, closed);
export const PsaMeta = Type.Object(
  {
    teams: Type.Array(Pick),
    coaches: Type.Array(Pick),
    tags: Type.Array(Type.String()),
    years: Type.Array(Type.Object({ id: Uuid, label: Type.String(), isCurrent: Type.Boolean() }, closed)),
    canApprove: Type.Boolean(),
  },
  closed,
);

export const DuplicateGroups = Type.Array(
  Type.Object(
    {
      matchedOn: Type.Union([Type.Literal('email'), Type.Literal('phone')]),
      value: Type.String(),
      prospects: Type.Array(Pick),
    },
    closed,
  ),
);

export const BoardMoved = Type.Object(
  { id: Uuid, commitmentStatus: CommitmentStatusSchema, boardRank: Type.Number() },
  closed,
);

const UploadRowError = Type.Object({ row: Type.Integer(), column: Type.String(), message: Type.String() }, closed);
/** A bulk upload's check: how many rows the file holds, every row's problems, and the file's headers. */
export const UploadChecked = Type.Object(
  { rows: Type.Integer(), errors: Type.Array(UploadRowError), headers: Type.Array(Type.String()) },
  closed,
);
export const UploadStored = Type.Object({ created: Type.Integer() }, closed);

export const OperatorPsaQuery = Type.Object({
  archived: Type.Optional(Type.Boolean()),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
});
export const OperatorPsaPage = Type.Object(
  {
    schoolName: Type.String(),
    items: Type.Array(PsaDto),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
  },
  closed,
);

// ---- attachments ----

export const AttachmentDto = Type.Object(
  {
    id: Uuid,
    filename: Type.String(),
    contentType: Type.String(),
    sizeBytes: Type.Integer(),
    uploadedBy: NullUuid,
    uploaderName: NullText,
    createdAt: Timestamp,
  },
  closed,
);
export const AttachmentListDto = Type.Object(
  { items: Type.Array(AttachmentDto), maxFiles: Type.Integer(), maxFileBytes: Type.Integer() },
  closed,
);
export const AttachmentParams = Type.Object({ id: Uuid, attachmentId: Uuid });
