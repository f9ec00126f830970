import { Type } from 'typebox';
import {
  AGENT_LIMITS,
  AGENT_STATUSES,
  AGENT_TYPES,
  type AgentStatus,
  type AgentType,
} from '../../domain/partners/agents';
import { refusals } from '../shared/refusals';
import { IsoDate, Nullable, SingleLine, Timestamp, Uuid } from '../shared/schemas';

/** Every answer is a closed object: Fastify serializes with it, so a property left out here would vanish. */
const closed = { additionalProperties: false } as const;
const TypeCode = Type.Enum(Object.keys(AGENT_TYPES) as AgentType[]);
const StatusCode = Type.Enum(Object.keys(AGENT_STATUSES) as AgentStatus[]);
const Option = (value: typeof TypeCode | typeof StatusCode) => Type.Object({ value, label: Type.String() }, closed);

export const AgentDto = Type.Object(
  {
    id: Uuid,
    agentNumber: Type.String({ description: "The registry number a disclosure names (e.g. 'AG-10001')." }),
    type: TypeCode,
    typeLabel: Type.String(),
    name: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    phone: Nullable(Type.String()),
    agency: Nullable(Type.String()),
    registrationState: Nullable(Type.String()),
    registrationNumber: Nullable(Type.String()),
    registrationExpiresOn: Nullable(IsoDate),
    registrationExpired: Type.Boolean(),
    status: StatusCode,
    statusLabel: Type.String(),
    rejectReason: Nullable(Type.String()),
    mayBeNamed: Type.Boolean({ description: 'Whether a disclosure may name this agent today.' }),
    athleteCount: Type.Integer(),
    createdAt: Timestamp,
  },
  closed,
);

export const AgentDetailDto = Type.Object(
  {
    ...AgentDto.properties,
    athletes: Type.Array(Type.Object({ id: Uuid, name: Type.String() }, closed)),
    canDecide: Type.Boolean(),
    timeZone: Type.String(),
  },
  closed,
);

export const AgentListQuery = Type.Object(
  {
    status: Type.Optional(StatusCode),
    type: Type.Optional(TypeCode),
    search: Type.Optional(Type.String({ maxLength: 100 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  },
  closed,
);

export const AgentListDto = Type.Object(
  {
    items: Type.Array(AgentDto),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
    canManage: Type.Boolean(),
    typeList: Type.Array(Option(TypeCode)),
    statusList: Type.Array(Option(StatusCode)),
  },
  closed,
);

export const MyAgentsDto = Type.Object({ items: Type.Array(AgentDto), typeList: Type.Array(Option(TypeCode)) }, closed);

const Line = (max: number) => SingleLine({ maxLength: max });
const Phone = Type.String({ pattern: '^$|^[0-9]{10}$', 'x-error-code': 'INVALID_PHONE', description: '10 digits' });
const Email = Type.String({ maxLength: 254 });

/** Compliance adds an agent with the full registration. */
export const CreateAgentBody = Type.Object(
  {
    type: TypeCode,
    firstName: Line(AGENT_LIMITS.nameMaxLength),
    lastName: Line(AGENT_LIMITS.nameMaxLength),
    email: Email,
    phone: Type.Optional(Nullable(Phone)),
    agency: Type.Optional(Nullable(Line(AGENT_LIMITS.agencyMaxLength))),
    registrationState: Type.String({ maxLength: 2 }),
    registrationNumber: Line(AGENT_LIMITS.registrationNumberMaxLength),
    registrationExpiresOn: IsoDate,
  },
  closed,
);

/** An athlete invites an agent who is not in the registry: who they are and where the link goes. */
export const InviteAgentBody = Type.Object(
  {
    type: TypeCode,
    firstName: Line(AGENT_LIMITS.nameMaxLength),
    lastName: Line(AGENT_LIMITS.nameMaxLength),
    email: Email,
  },
  closed,
);

export const AgentDecisionBody = Type.Object(
  {
    decision: Type.Enum(['CONFIRM', 'REJECT'] as const),
    reason: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  },
  closed,
);

export const AgentTokenBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 256 }) }, closed);

export const ProvideAgentInfoBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 256 }),
    type: TypeCode,
    firstName: Line(AGENT_LIMITS.nameMaxLength),
    lastName: Line(AGENT_LIMITS.nameMaxLength),
    phone: Type.Optional(Nullable(Phone)),
    agency: Type.Optional(Nullable(Line(AGENT_LIMITS.agencyMaxLength))),
    registrationState: Type.String({ maxLength: 2 }),
    registrationNumber: Line(AGENT_LIMITS.registrationNumberMaxLength),
    registrationExpiresOn: IsoDate,
  },
  closed,
);

export const AgentLinkDto = Type.Object(
  {
    schoolName: Type.String(),
    invitedBy: Nullable(Type.String()),
    type: TypeCode,
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    phone: Nullable(Type.String()),
    agency: Nullable(Type.String()),
    expiresAt: Timestamp,
    typeList: Type.Array(Option(TypeCode)),
  },
  closed,
);

export const OkDto = Type.Object({ ok: Type.Literal(true) }, closed);

const FIELD_RULES = {
  MANDATORY_FIELD: 'when the first or last name, e-mail address, state, registration number or expiry date is blank',
  INVALID_EMAIL: 'when the e-mail address is not valid',
  INVALID_PHONE: 'when the phone number is not 10 digits',
  VALIDATION_FAILED: 'when the registration state is not a two-letter code',
  AGENT_REGISTRATION_EXPIRED: 'when the registration expiry date is before today',
};

export const CREATE_AGENT_DESCRIPTION = `Adds an agent to the school's registry (ACTIVE) and starts agent:<id>, which marks the registration expired after its expiry date. ${refusals(
  { ...FIELD_RULES, AGENT_EMAIL_EXISTS: 'when an agent of the school already has this e-mail address' },
)}`;

export const INVITE_AGENT_DESCRIPTION = `An athlete invites an agent who is not in the registry: agent:<id> mails a signed link (single use, 7 days) and one reminder; the athlete is linked to the agent. ${refusals(
  {
    MANDATORY_FIELD: 'when the first or last name or e-mail address is blank',
    INVALID_EMAIL: 'when the e-mail address is not valid',
    AGENT_EMAIL_EXISTS: 'when an agent of the school already has this e-mail address (name them from the registry)',
  },
)}`;

export const NAME_AGENT_DESCRIPTION = refusals({
  NOT_FOUND: "when the agent is not an active agent of the athlete's school",
});

export const UNNAME_AGENT_DESCRIPTION = refusals({ NOT_FOUND: 'when the athlete has not named this agent' });

export const DECIDE_AGENT_DESCRIPTION = refusals({
  AGENT_NOT_PENDING: 'when the agent is not waiting for confirmation',
  AGENT_REJECT_REASON_REQUIRED: 'when a rejection has no reason',
  AGENT_REJECT_REASON_TOO_LONG: `when the reason has more than ${AGENT_LIMITS.rejectReasonMaxWords} words`,
});

const LINK_RULES = {
  AGENT_LINK_INVALID: 'when the token is not a live link of ours or has expired (no hint what was wrong)',
  AGENT_LINK_USED: 'when the link has already been used',
};

export const OPEN_AGENT_LINK_DESCRIPTION = `What the invited agent's page shows. ${refusals(LINK_RULES)}`;
export const PROVIDE_AGENT_INFO_DESCRIPTION = `Stores the invited agent's details once and asks compliance to confirm them. ${refusals(
  { ...LINK_RULES, ...FIELD_RULES },
)}`;
