import { Type, type Static } from 'typebox';
import {
  CHANGE_REASONS,
  CONFLICT_TYPES,
  DEAL_TYPES,
  DISCLOSURE_LIMITS,
  DISCLOSURE_SORTS,
  DISCLOSURE_STATUSES,
  DISCLOSURE_TYPES,
  DISCLOSURE_VIEWS,
  PAYMENT_TYPES,
} from '../../domain/disclosures';
import { WEBSITE_URL_PATTERN } from '../../form-engine/text-rules';
import { IsoDate, Nullable, Page, PageQuery, SingleLine, Timestamp, Uuid } from '../shared/schemas';

/** Amounts travel as dollars (numbers) and are stored as cents; the wording is the catalogue's AMOUNT_RANGE. */
const Amount = Type.Number({
  minimum: DISCLOSURE_LIMITS.minAmount,
  maximum: DISCLOSURE_LIMITS.maxAmount,
  'x-error-code': 'AMOUNT_RANGE',
});
const Text = (max: number) => Type.String({ maxLength: max });
/** A name or title: one line (the shared rule of issue 36). */
const Line = (max: number) => SingleLine({ maxLength: max });

/** Optional contact fields: empty, or valid (an e-mail address; a phone of 10 digits). */
export const PersonSchema = Type.Object({
  name: Type.Optional(Line(200)),
  email: Type.Optional(
    Type.String({ maxLength: 254, pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 'x-error-code': 'INVALID_EMAIL' }),
  ),
  phone: Type.Optional(Type.String({ pattern: '^$|^[0-9]{10}$', 'x-error-code': 'INVALID_PHONE' })),
});

/** An attachment as the API shows it; the bytes are uploaded and downloaded through /disclosures/:id/attachments. */
export const AttachmentDto = Type.Object({
  /** Null for an entry recorded before files were stored (no download). */
  fileId: Nullable(Type.String()),
  name: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
  sha256: Nullable(Type.String()),
  uploadedAt: Nullable(Type.String()),
});

export const AttachmentParams = Type.Object({ id: Uuid, fileId: Uuid });

/** A group or team deal's participants: ids of the school's student-athletes (the submitter is always one). */
const ParticipantId = Type.String({ format: 'uuid', 'x-error-code': 'DISCLOSURE_PARTICIPANTS_INVALID' });

/** The athlete's form: every field optional while a draft; submit checks the required ones. */
export const DisclosureFieldsSchema = Type.Object({
  type: Type.Optional(Type.Enum(DISCLOSURE_TYPES)),
  dealType: Type.Optional(Type.Enum(DEAL_TYPES)),
  title: Type.Optional(Nullable(Line(200))),
  companyName: Type.Optional(Nullable(Line(200))),
  industry: Type.Optional(Nullable(Text(100))),
  payorName: Type.Optional(Nullable(Line(200))),
  startDate: Type.Optional(Nullable(IsoDate)),
  endDate: Type.Optional(Nullable(IsoDate)),
  signedOn: Type.Optional(Nullable(IsoDate)),
  location: Type.Optional(Nullable(Text(300))),
  amount: Type.Optional(Nullable(Amount)),
  paymentType: Type.Optional(Nullable(Type.Enum(PAYMENT_TYPES))),
  estimatedAmount: Type.Optional(Nullable(Amount)),
  totalPayment: Type.Optional(Nullable(Amount)),
  pointOfContact: Type.Optional(Nullable(PersonSchema)),
  agent: Type.Optional(Nullable(PersonSchema)),
  /** The agent's registry number (api/partners): must name an active, unexpired agent of the school. */
  agentNumber: Type.Optional(Nullable(Line(20))),
  participants: Type.Optional(Type.Array(ParticipantId, { maxItems: DISCLOSURE_LIMITS.maxParticipants })),
  website: Type.Optional(
    Nullable(Type.String({ maxLength: 2048, pattern: `^$|${WEBSITE_URL_PATTERN}`, 'x-error-code': 'INVALID_LINK' })),
  ),
  notes: Type.Optional(Nullable(Text(5000))),
});
export type DisclosureFieldsBody = Static<typeof DisclosureFieldsSchema>;

export const CreateDisclosureBody = Type.Object({
  ...DisclosureFieldsSchema.properties,
  type: Type.Enum(DISCLOSURE_TYPES),
});

export const SubmitDisclosureBody = Type.Object({
  changeReason: Type.Optional(Type.Enum(CHANGE_REASONS)),
  note: Type.Optional(Text(1000)),
});

export const ReviewDisclosureBody = Type.Object({
  decision: Type.Enum(['APPROVE', 'REJECT', 'REQUEST_CHANGE'] as const),
  reason: Type.Optional(Text(2000)),
});

export const GroupReviewBody = Type.Object({
  ids: Type.Array(Uuid, { minItems: 1, maxItems: DISCLOSURE_LIMITS.maxGroupSelection }),
  decision: Type.Enum(['APPROVE', 'REJECT'] as const),
  reason: Type.Optional(Text(2000)),
});

export const EscalateDisclosureBody = Type.Object({
  reviewerUserId: Uuid,
  reason: Type.Optional(Text(2000)),
});

export const ReasonBody = Type.Object({ reason: Text(2000) });
export const CommentBody = Type.Object({ body: Type.String({ minLength: 1, maxLength: 5000 }) });

export const ConflictHitDto = Type.Object({
  type: Type.Enum(CONFLICT_TYPES),
  flagId: Nullable(Type.String()),
  flagName: Type.String(),
  reason: Type.String(),
});

const PersonDto = Nullable(
  Type.Object({
    name: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    phone: Type.Optional(Type.String()),
  }),
);

/** A deal list row (spec part 1 §3): date submitted, tentative start date, student, amount, deal type, conflict… */
export const DisclosureRowDto = Type.Object({
  id: Type.String(),
  type: Type.String(),
  title: Nullable(Type.String()),
  status: Type.Enum(DISCLOSURE_STATUSES),
  dealType: Type.Enum(DEAL_TYPES),
  submittedAt: Nullable(Timestamp),
  startDate: Nullable(Type.String()),
  endDate: Nullable(Type.String()),
  student: Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() }),
  team: Nullable(Type.Object({ id: Type.String(), name: Type.String(), sport: Type.String() })),
  amount: Nullable(Type.Number()),
  companyName: Nullable(Type.String()),
  conflictTypes: Type.Array(Type.Enum(CONFLICT_TYPES)),
  notify: Type.Boolean(),
  reportingDeadline: Nullable(Type.String()),
  archived: Type.Boolean(),
  assignedReviewer: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type DisclosureRowDto = Static<typeof DisclosureRowDto>;

export const DisclosureEventDto = Type.Object({
  id: Type.String(),
  action: Type.String(),
  fromStatus: Nullable(Type.String()),
  toStatus: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  changeReason: Nullable(Type.String()),
  actorName: Nullable(Type.String()),
  createdAt: Timestamp,
});

export const DisclosureCommentDto = Type.Object({
  id: Type.String(),
  body: Type.String(),
  authorName: Nullable(Type.String()),
  mine: Type.Boolean(),
  createdAt: Timestamp,
});

export const DisclosureDetailDto = Type.Object({
  ...DisclosureRowDto.properties,
  ...{
    industry: Nullable(Type.String()),
    payorName: Nullable(Type.String()),
    signedOn: Nullable(Type.String()),
    location: Nullable(Type.String()),
    paymentType: Nullable(Type.Enum(PAYMENT_TYPES)),
    estimatedAmount: Nullable(Type.Number()),
    totalPayment: Nullable(Type.Number()),
    pointOfContact: PersonDto,
    agent: PersonDto,
    agentNumber: Nullable(Type.String()),
    /** id null: a name recorded before participants were chosen from the school's athletes. */
    participants: Type.Array(Type.Object({ id: Nullable(Type.String()), name: Type.String() })),
    website: Nullable(Type.String()),
    notes: Nullable(Type.String()),
    attachments: Type.Array(AttachmentDto),
    conflicts: Type.Array(ConflictHitDto),
    payorYearTotal: Nullable(Type.Number()),
    decisionReason: Nullable(Type.String()),
    changeReason: Nullable(Type.String()),
    revision: Type.Integer(),
    history: Type.Array(DisclosureEventDto),
    comments: Type.Array(DisclosureCommentDto),
    /** The school's IANA time zone: every time on the page is shown in it. */
    timeZone: Type.String(),
    /** What the caller may do now (the workflow checks again). */
    can: Type.Object({
      edit: Type.Boolean(),
      submit: Type.Boolean(),
      review: Type.Boolean(),
      reopen: Type.Boolean(),
      archive: Type.Boolean(),
      comment: Type.Boolean(),
      /** Download the attachments: the athlete who owns the disclosure and the school's reviewers. */
      download: Type.Boolean(),
    }),
  },
});
export type DisclosureDetailDto = Static<typeof DisclosureDetailDto>;

export const DisclosureListQuery = Type.Object({
  ...PageQuery,
  view: Type.Optional(Type.Enum(DISCLOSURE_VIEWS)),
  sort: Type.Optional(Type.Enum(DISCLOSURE_SORTS)),
  status: Type.Optional(Type.Enum(DISCLOSURE_STATUSES)),
  type: Type.Optional(Type.Enum(DISCLOSURE_TYPES)),
  dealType: Type.Optional(Type.Enum(DEAL_TYPES)),
  conflict: Type.Optional(Type.Enum([...CONFLICT_TYPES, 'ANY', 'NONE'] as const)),
  teamId: Type.Optional(Uuid),
  q: Type.Optional(Type.String({ maxLength: 100 })),
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
  archived: Type.Optional(Type.Boolean()),
});
export type DisclosureListQuery = Static<typeof DisclosureListQuery>;

export const DisclosurePage = Page(DisclosureRowDto);

export const GroupReviewResult = Type.Object({
  results: Type.Array(
    Type.Object({
      id: Type.String(),
      ok: Type.Boolean(),
      status: Nullable(Type.Enum(DISCLOSURE_STATUSES)),
      error: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
    }),
  ),
});

export const ReviewerList = Type.Object({
  items: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() })),
});

const ReportRows = Type.Array(Type.Object({ key: Type.String(), count: Type.Integer(), amount: Type.Number() }));
export const ReportDto = Type.Object({
  bySport: ReportRows,
  byType: ReportRows,
  byStatus: ReportRows,
  byMonth: ReportRows,
  total: Type.Object({ count: Type.Integer(), amount: Type.Number() }),
});
export const ReportQuery = Type.Object({ from: Type.Optional(IsoDate), to: Type.Optional(IsoDate) });

export const ParticipantOptions = Type.Object({
  items: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), team: Nullable(Type.String()) })),
});

export const PriorityList = Type.Object({ items: Type.Array(DisclosureRowDto) });

export const ConflictFlagBody = Type.Object({
  // Not blank: the server trims them; a blank one is refused with the same detail as before it reached the route.
  name: SingleLine({ maxLength: 200, pattern: '\\S', 'x-error-code': 'CONFLICT_FLAG_FIELDS' }),
  type: Type.Enum(CONFLICT_TYPES),
  category: Type.String({ maxLength: 100, pattern: '\\S', 'x-error-code': 'CONFLICT_FLAG_FIELDS' }),
  description: Type.Optional(
    Nullable(
      Type.String({
        maxLength: DISCLOSURE_LIMITS.flagDescriptionMaxChars,
        'x-error-code': 'FLAG_DESCRIPTION_TOO_LONG',
      }),
    ),
  ),
  teamIds: Type.Optional(Type.Array(Uuid, { maxItems: 100 })),
  maxPayment: Type.Optional(Nullable(Amount)),
  companies: Type.Optional(Type.Array(Text(200), { maxItems: 200 })),
  boosters: Type.Optional(Type.Array(Text(200), { maxItems: 200 })),
});
export type ConflictFlagBody = Static<typeof ConflictFlagBody>;

export const ConflictFlagDto = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Enum(CONFLICT_TYPES),
  category: Type.String(),
  description: Nullable(Type.String()),
  teamIds: Type.Array(Type.String()),
  maxPayment: Nullable(Type.Number()),
  companies: Type.Array(Type.String()),
  boosters: Type.Array(Type.String()),
  createdAt: Timestamp,
});
export type ConflictFlagDto = Static<typeof ConflictFlagDto>;
export const ConflictFlagList = Type.Object({
  items: Type.Array(ConflictFlagDto),
  stateCategories: Type.Array(Type.String()),
});

/** Reviewer reminders: whole hours from 1 to 168 (a week), as comp ticket reminders; the default is 48. */
export const DisclosureSettingsDto = Type.Object({
  reviewReminderHours: Type.Number(),
});
export const DisclosureSettingsBody = Type.Object({
  reviewReminderHours: Type.Integer({
    minimum: 1,
    maximum: 168,
    'x-error-message': 'Set a valid time: a whole number of hours from 1 to 168.',
  }),
});
