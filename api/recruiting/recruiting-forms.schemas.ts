import { Type } from 'typebox';
import { FORM_LIMITS } from '../../form-engine';
import { RECRUITING_FORM_STATUSES } from '../../domain/recruiting-forms';
import { Nullable, PageQuery, SingleLine, Timestamp, Uuid } from '../shared/schemas';

const Status = Type.Enum(Object.keys(RECRUITING_FORM_STATUSES) as (keyof typeof RECRUITING_FORM_STATUSES)[]);

export const RecruitingTemplate = Type.Object({
  id: Uuid,
  name: Type.String(),
  status: Type.Union([Type.Literal('DRAFT'), Type.Literal('PUBLISHED')]),
  version: Type.Integer(),
  elementCount: Type.Integer(),
  createdBy: Nullable(Type.String()),
  updatedAt: Timestamp,
  counts: Type.Object({
    sent: Type.Integer(),
    opened: Type.Integer(),
    submitted: Type.Integer(),
    expired: Type.Integer(),
  }),
});
export const RecruitingTemplateList = Type.Object({ items: Type.Array(RecruitingTemplate) });

export const CreateRecruitingTemplateBody = Type.Object(
  { name: SingleLine({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
export const CreatedTemplate = Type.Object({ id: Uuid, name: Type.String() });

export const SendRecruitingFormBody = Type.Object(
  { psaIds: Type.Array(Uuid, { maxItems: 100 }) },
  { additionalProperties: false },
);
export const SendResult = Type.Object({ sent: Type.Integer(), sendIds: Type.Array(Uuid) });

const sendFields = {
  id: Uuid,
  templateId: Uuid,
  templateName: Type.String(),
  psaId: Uuid,
  psaName: Type.String(),
  email: Type.String(),
  status: Status,
  sentAt: Timestamp,
  openedAt: Nullable(Timestamp),
  submittedAt: Nullable(Timestamp),
  expiresAt: Timestamp,
  sentBy: Nullable(Type.String()),
};
export const RecruitingFormSend = Type.Object(sendFields);
export const RecruitingFormSendPage = Type.Object({
  items: Type.Array(RecruitingFormSend),
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
});
export const SendListQuery = Type.Object({
  templateId: Type.Optional(Uuid),
  psaId: Type.Optional(Uuid),
  ...PageQuery,
});
export const RecruitingFormSendDetail = Type.Object({
  ...sendFields,
  definition: Type.Record(Type.String(), Type.Unknown()),
  answers: Nullable(Type.Record(Type.String(), Type.Unknown())),
});

const FormToken = Type.String({ minLength: 16, maxLength: 256 });
export const FormTokenBody = Type.Object({ token: FormToken }, { additionalProperties: false });
export const PublicRecruitingForm = Type.Object({
  formName: Type.String(),
  schoolName: Type.String(),
  prospectFirstName: Type.String(),
  expiresAt: Timestamp,
  today: Type.String(),
  definition: Type.Record(Type.String(), Type.Unknown()),
});
export const SubmitRecruitingFormBody = Type.Object(
  {
    token: FormToken,
    answers: Type.Record(Type.String(), Type.Unknown(), { maxProperties: FORM_LIMITS.maxElements }),
  },
  { additionalProperties: false },
);
export const SubmittedRecruitingForm = Type.Object({ submittedAt: Timestamp });
