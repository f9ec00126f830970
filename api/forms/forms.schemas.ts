import { Type, type Static } from 'typebox';
import { FORM_LIMITS } from '../../form-engine/limits';
import { Nullable, Page, PageQuery, SingleLine, Timestamp, Uuid } from '../shared/schemas';
import { FormDefinitionInput, FormDefinitionSchema } from './form-definition.schemas';

/**
 * Body cap of the routes that carry a definition or answers: big forms and drawn signatures (PNG data URLs) need
 * more than the global 1 MB.
 */
export const DEFINITION_BODY_LIMIT = 5 * 1024 * 1024;

export const FORM_KINDS = ['LONG', 'SHORT', 'PDF'] as const;

/** The form engine's rules on a definition, stated in the operations that take one (refused with these codes). */
const DEFINITION_RULES =
  "The definition is checked by the form engine, refused in the spec's words: FORM_DEFINITION_INVALID (its shape), " +
  'FORM_NAME_REQUIRED, FORM_NAME_TOO_LONG (20 words), FORM_LABEL_NOT_UNIQUE, FORM_ELEMENT_ID_NOT_UNIQUE, ' +
  'FORM_LIMITS_INVALID, IMAGE_NOT_ADDED, INVALID_LINK, MATRIX_SIZE, MATRIX_DROPDOWN_OPTIONS, ' +
  'SHORT_FORM_TOO_MANY_QUESTIONS, CONDITION_INVALID, CONDITION_UNKNOWN_ELEMENT, CONDITION_TOO_DEEP, ' +
  'CONDITION_TOO_LARGE, CYCLIC_DEPENDENCY.';

/** What each form operation refuses beyond its schema (its OpenAPI description). */
export const FORM_OPERATION_RULES = {
  create: DEFINITION_RULES,
  update: `${DEFINITION_RULES} A published or answered form takes only minor edits (wording): FORM_FROZEN.`,
  publish: `Publishing checks the definition again. ${DEFINITION_RULES} A PDF form needs its document first: MANDATORY_FIELD.`,
  clone: 'The new name, when given, follows the name rules: FORM_NAME_REQUIRED, FORM_NAME_TOO_LONG (20 words).',
  document:
    "Multipart upload of one PDF (field 'file', at most 20 MB): FILE_TOO_LARGE, FILE_TYPE_NOT_ALLOWED, " +
    'TOO_MANY_FILES, UPLOAD_FAILED. The document of a published or answered form cannot be replaced: FORM_FROZEN.',
} as const;
export const FORM_VERSION_STATUSES = ['DRAFT', 'PUBLISHED'] as const;

/** Names are checked by the engine (FORM_NAME_REQUIRED, FORM_NAME_TOO_LONG); the length cap only stops abuse. */
const FormName = SingleLine({ maxLength: 2000 });
const Category = Type.String({ maxLength: 100 });

export const FormListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  category: Type.Optional(Category),
  kind: Type.Optional(Type.Enum(FORM_KINDS)),
  ...PageQuery,
});

export const FormListItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  category: Nullable(Type.String()),
  kind: Type.Enum(FORM_KINDS),
  /** Full name of the person who created the form ('' when that account is gone). */
  createdBy: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  latestVersion: Type.Integer(),
  status: Type.Enum(FORM_VERSION_STATUSES),
  elementCount: Type.Integer(),
});
export type FormListItem = Static<typeof FormListItem>;

export const FormPage = Page(FormListItem);

export const FormDocumentInfo = Type.Object({
  filename: Type.String(),
  sizeBytes: Type.Integer(),
  pageCount: Nullable(Type.Integer()),
});

export const FormVersionDto = Type.Object({
  id: Type.String(),
  version: Type.Integer(),
  status: Type.Enum(FORM_VERSION_STATUSES),
  publishedAt: Nullable(Timestamp),
  hasAnswers: Type.Boolean(),
  definition: FormDefinitionSchema,
});

export const FormDetail = Type.Object({
  id: Type.String(),
  name: Type.String(),
  category: Nullable(Type.String()),
  kind: Type.Enum(FORM_KINDS),
  /** RECRUITING: a recruiting template (sent from /recruitingForms, not in the paperwork list). */
  purpose: Type.Optional(Type.Enum(['PAPERWORK', 'RECRUITING'] as const)),
  createdBy: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** Published or answered: only minor edits (wording) are accepted; clone to change the structure. */
  frozen: Type.Boolean(),
  document: Nullable(FormDocumentInfo),
  version: FormVersionDto,
  versions: Type.Array(
    Type.Object({
      version: Type.Integer(),
      status: Type.Enum(FORM_VERSION_STATUSES),
      publishedAt: Nullable(Timestamp),
    }),
  ),
});
export type FormDetail = Static<typeof FormDetail>;

export const CreateFormBody = Type.Object({
  name: FormName,
  category: Type.Optional(Nullable(Category)),
  kind: Type.Enum(FORM_KINDS),
  definition: Type.Optional(FormDefinitionInput),
});

export const UpdateFormBody = Type.Object({
  name: Type.Optional(FormName),
  category: Type.Optional(Nullable(Category)),
  /** Optional so a rename or a new category needs no definition; the builder always sends it. */
  definition: Type.Optional(FormDefinitionInput),
});

/** An object, or no body at all (a bare POST clones with the default name); `null` is refused. */
export const CloneFormBody = Type.Object(
  { name: Type.Optional(FormName) },
  { description: 'Optional: leave the body out to clone with the default name ("<name> (copy)").' },
);

export const ValidateAnswersBody = Type.Object({
  answers: Type.Record(Type.String(), Type.Unknown(), { maxProperties: FORM_LIMITS.maxElements }),
  /** A version number of this form; the latest when absent. */
  version: Type.Optional(Type.Integer({ minimum: 1 })),
});

export const AnswerErrorDto = Type.Object({
  /** The element the message belongs to ('' for a problem with the answers as a whole). */
  elementId: Type.String(),
  message: Type.String(),
  code: Type.String(),
  /** JSON pointer inside the element's answer ('' for the whole answer), e.g. "/street" or "/row1/col2". */
  path: Type.String(),
});

export const ValidateAnswersResult = Type.Object({
  valid: Type.Boolean(),
  errors: Type.Array(AnswerErrorDto),
  /** The form-filling date the server used: today in the school's time zone (YYYY-MM-DD). */
  today: Type.String(),
});

/** The engine's PersonData for prepopulate(), about the signed-in user; absent fields are unknown. */
export const PrepopulationDto = Type.Object({
  prefix: Type.Optional(Type.String()),
  firstName: Type.Optional(Type.String()),
  middleName: Type.Optional(Type.String()),
  lastName: Type.Optional(Type.String()),
  sports: Type.Optional(Type.Array(Type.String())),
  studentId: Type.Optional(Type.String()),
  dateOfBirth: Type.Optional(Type.String()),
  academicStanding: Type.Optional(Type.String()),
  psaName: Type.Optional(Type.String()),
  /** Not part of PersonData: the form-filling date (today in the school's time zone) for the renderer's `today`. */
  today: Type.String(),
});
export type PrepopulationDto = Static<typeof PrepopulationDto>;

export const FormIdParams = Type.Object({ id: Uuid });

export const PdfBytes = Type.Unsafe<Uint8Array>({
  description: 'The imported PDF.',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
});
