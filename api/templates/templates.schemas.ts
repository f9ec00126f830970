import { Type } from 'typebox';
import { PACKET_STEP_KINDS } from '../../domain/packet-workflow';
import { PLANS } from '../../domain/plans';
import { TEMPLATE_ASSIGNMENT_ACTIONS, TEMPLATE_JOB_STATUSES } from '../../domain/templates';
import { Nullable, Page, PageQuery, SingleLine, Timestamp, Uuid } from '../shared/schemas';

/**
 * The template library's API contract: the provider's library (create from a packet, duplicate, archive, assign
 * and un-assign as batch jobs) and a school's view of the templates assigned to it (read, use).
 */
const Text = (max: number) => Type.String({ maxLength: max });

export const TemplateListQuery = Type.Object({
  q: Type.Optional(Text(200)),
  archived: Type.Optional(Type.Boolean()),
  ...PageQuery,
});

export const TemplateListItem = Type.Object({
  id: Uuid,
  title: Type.String(),
  description: Type.String(),
  hipaa: Type.Boolean(),
  formCount: Type.Integer(),
  assignedCount: Type.Integer(),
  runningJobId: Nullable(Uuid),
  createdAt: Timestamp,
  archivedAt: Nullable(Timestamp),
});
export const TemplatePage = Page(TemplateListItem);

export const TemplateForm = Type.Object({
  id: Uuid,
  name: Type.String(),
  category: Nullable(Type.String()),
  kind: Type.String(),
  questionCount: Type.Integer(),
  pdfFilename: Nullable(Type.String()),
});

export const TemplateStep = Type.Object({
  id: Type.String(),
  kind: Type.Enum(PACKET_STEP_KINDS),
  name: Type.String(),
  actorCount: Type.Integer(),
});

export const TemplateDetail = Type.Object({
  ...TemplateListItem.properties,
  forms: Type.Array(TemplateForm),
  steps: Type.Array(TemplateStep),
});

export const LibraryTemplate = Type.Object({
  ...TemplateDetail.properties,
  assignedAt: Timestamp,
});
export const LibraryPage = Page(LibraryTemplate);
export const LibraryQuery = Type.Object({ q: Type.Optional(Text(200)), ...PageQuery });

export const CreateTemplateBody = Type.Object({
  schoolId: Uuid,
  packetId: Uuid,
  title: Type.Optional(SingleLine({ maxLength: 1000 })),
  description: Type.Optional(Text(5000)),
});

export const SourcePacketsQuery = Type.Object({ schoolId: Uuid, q: Type.Optional(Text(200)) });
export const SourcePacket = Type.Object({
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  status: Type.String(),
  formCount: Type.Integer(),
});
export const SourcePacketList = Type.Object({ items: Type.Array(SourcePacket) });

export const InstitutionFilterSchema = Type.Object(
  {
    q: Type.Optional(Text(200)),
    states: Type.Optional(Type.Array(Type.String({ pattern: '^[A-Za-z]{2}$' }), { maxItems: 60 })),
    divisions: Type.Optional(Type.Array(Text(20), { maxItems: 20 })),
    plans: Type.Optional(Type.Array(Type.Enum(PLANS), { maxItems: 2 })),
  },
  { additionalProperties: false },
);

export const AssignmentBody = Type.Object(
  {
    schoolIds: Type.Optional(Type.Array(Uuid, { maxItems: 20000 })),
    filter: Type.Optional(InstitutionFilterSchema),
  },
  {
    additionalProperties: false,
    description: 'Either the schools by id, or a filter (an empty filter: every school).',
  },
);

export const InstitutionsQuery = Type.Object({
  templateId: Type.Optional(Uuid),
  q: Type.Optional(Text(200)),
  state: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
  division: Type.Optional(Text(20)),
  plan: Type.Optional(Type.Enum(PLANS)),
  assigned: Type.Optional(Type.Boolean()),
  ...PageQuery,
});
export const Institution = Type.Object({
  id: Uuid,
  name: Type.String(),
  state: Nullable(Type.String()),
  division: Nullable(Type.String()),
  plan: Type.String(),
  assignedAt: Nullable(Timestamp),
});
export const InstitutionPage = Page(Institution);

export const AssignmentJob = Type.Object({
  id: Uuid,
  templateId: Uuid,
  templateTitle: Type.String(),
  action: Type.Enum(TEMPLATE_ASSIGNMENT_ACTIONS),
  selection: Type.String({ description: 'The schools asked for, in words.' }),
  workflowId: Type.String(),
  status: Type.Enum(TEMPLATE_JOB_STATUSES),
  total: Type.Integer(),
  done: Type.Integer(),
  failed: Type.Integer(),
  percent: Type.Integer(),
  createdAt: Timestamp,
  completedAt: Nullable(Timestamp),
});
export const AssignmentJobList = Type.Object({ items: Type.Array(AssignmentJob) });

export const UseTemplateBody = Type.Object({ name: Type.Optional(SingleLine({ maxLength: 1000 })) });
export const UsedTemplate = Type.Object({ packetId: Uuid, name: Type.String(), problemCount: Type.Integer() });
