import { Type, type Static, type TBoolean, type TOptional, type TSchema } from 'typebox';
import {
  ADDRESS_PARTS,
  CONDITION_ACTIONS,
  CONDITION_OPERATORS,
  DATE_FORMATS,
  MATRIX_COLUMN_TYPES,
  SHORT_TEXT_FORMATS,
  SIGNATURE_MODES,
} from '../../form-engine/element-types';
import type { ConditionGroup, FormElement, FormVersion } from '../../form-engine/form-definition';
import { ALLOWED_FILE_EXTENSIONS, FORM_LIMITS } from '../../form-engine/limits';

/**
 * The form engine's definition format (form-engine/form-definition.ts) as the API contract: the same shapes and caps as
 * the engine's own JSON Schema (form-engine/definition-schema.ts), closed objects throughout. Rules with their own
 * catalogue wording (unique data labels, image added, matrix sizes, word counts, cycles) stay loose here, as in the
 * engine, so checkDefinition reports them with the spec's message.
 *
 * Two choices keep the body validator (Ajv with removeAdditional) from dropping the properties of one branch while it
 * tries another: elements are a `oneOf` with a `discriminator` on `type`, so only the branch named by `type` is tried;
 * a condition node is a group when it has a combinator and a comparison otherwise (`if`/`then`/`else`), as in the
 * engine. Conditions nest at most FORM_LIMITS.maxConditionDepth groups deep, so the recursion is written out.
 */

/** Ids become JSON property names of the answers, so the names that would touch a prototype are refused. */
const Id = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[A-Za-z0-9_.:-]+$',
  not: { enum: ['__proto__', 'constructor', 'prototype'] },
});
const Text = (maxLength: number) => Type.String({ maxLength });
const Count = (minimum: number, maximum: number) => Type.Integer({ minimum, maximum });
const IsoDate = Type.String({ format: 'date' });
const closed = { additionalProperties: false } as const;

export const FileRefSchema = Type.Object(
  {
    fileId: Id,
    name: Type.String({ minLength: 1, maxLength: 255 }),
    size: Type.Integer({ minimum: 0 }),
    contentType: Type.Optional(Text(255)),
  },
  closed,
);

const Option = Type.Object(
  { id: Id, label: Type.String({ minLength: 1, maxLength: FORM_LIMITS.labelMaxLength }) },
  closed,
);
const Options = Type.Array(Option, { minItems: 1, maxItems: FORM_LIMITS.maxOptions });

const TextLimits = Type.Object(
  { minLength: Type.Optional(Count(0, 100_000)), maxLength: Type.Optional(Count(1, 100_000)) },
  closed,
);
const SelectionSettings = {
  limits: Type.Optional(
    Type.Object(
      {
        minSelections: Type.Optional(Count(0, FORM_LIMITS.maxOptions)),
        maxSelections: Type.Optional(Count(1, FORM_LIMITS.maxOptions)),
      },
      closed,
    ),
  ),
  atLeastOneSelection: Type.Optional(Type.Boolean()),
};

/** Matrix parts stay loose (sizes, dropdown options) so MATRIX_SIZE / MATRIX_DROPDOWN_OPTIONS can be reported. */
const MatrixColumn = Type.Object(
  {
    id: Id,
    label: Text(FORM_LIMITS.labelMaxLength),
    type: Type.Enum(MATRIX_COLUMN_TYPES),
    options: Type.Optional(Type.Array(Type.Object({ id: Id, label: Text(10_000) }, closed), { maxItems: 1000 })),
  },
  closed,
);
const MatrixRow = Type.Object({ id: Id, label: Text(FORM_LIMITS.labelMaxLength) }, closed);

const base = <T extends string>(type: T) => ({
  id: Id,
  type: Type.Literal(type),
  dataLabel: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  tips: Type.Optional(Text(2000)),
});
/** A question needs its text; a divider or image caption may be blank. */
const question = <T extends string>(type: T) => ({
  ...base(type),
  label: Type.String({ minLength: 1, maxLength: FORM_LIMITS.labelMaxLength, pattern: '\\S' }),
  required: Type.Optional(Type.Boolean()),
  placeholder: Type.Optional(Text(255)),
});
const display = <T extends string>(type: T) => ({ ...base(type), label: Text(FORM_LIMITS.labelMaxLength) });
const prepopulatable = <T extends string>(type: T) => ({
  ...question(type),
  prepopulate: Type.Optional(Type.Boolean()),
});

const DateFormat = Type.Optional(Type.Enum(DATE_FORMATS));
const TextBlock = Text(FORM_LIMITS.textBlockMaxLength);

const AnyElement = Type.Union([
  Type.Object(
    {
      ...prepopulatable('fullName'),
      showMiddleName: Type.Optional(Type.Boolean()),
      showPrefix: Type.Optional(Type.Boolean()),
    },
    closed,
  ),
  Type.Object(
    {
      ...prepopulatable('sport'),
      multiple: Type.Optional(Type.Boolean()),
      options: Type.Optional(Options),
      ...SelectionSettings,
    },
    closed,
  ),
  Type.Object({ ...prepopulatable('studentId'), limits: Type.Optional(TextLimits) }, closed),
  Type.Object(prepopulatable('academicStanding'), closed),
  Type.Object({ ...prepopulatable('dob'), dateFormat: DateFormat }, closed),
  Type.Object(
    {
      ...question('signature'),
      modes: Type.Optional(Type.Array(Type.Enum(SIGNATURE_MODES), { minItems: 1, uniqueItems: true })),
    },
    closed,
  ),
  Type.Object(
    {
      ...question('date'),
      dateFormat: DateFormat,
      autofillToday: Type.Optional(Type.Boolean()),
      limits: Type.Optional(Type.Object({ minDate: Type.Optional(IsoDate), maxDate: Type.Optional(IsoDate) }, closed)),
    },
    closed,
  ),
  Type.Object(
    {
      ...question('address'),
      parts: Type.Optional(
        Type.Object(
          Object.fromEntries(ADDRESS_PARTS.map((part) => [part, Type.Optional(Type.Boolean())])) as Record<
            (typeof ADDRESS_PARTS)[number],
            TOptional<TBoolean>
          >,
          closed,
        ),
      ),
    },
    closed,
  ),
  Type.Object(
    { ...display('heading'), level: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])) },
    closed,
  ),
  Type.Object(
    {
      ...question('shortText'),
      limits: Type.Optional(TextLimits),
      inputFormat: Type.Optional(Type.Enum(SHORT_TEXT_FORMATS)),
    },
    closed,
  ),
  Type.Object({ ...question('longText'), limits: Type.Optional(TextLimits) }, closed),
  Type.Object({ ...display('statement'), text: TextBlock }, closed),
  Type.Object(
    { ...question('dropdown'), options: Options, multiple: Type.Optional(Type.Boolean()), ...SelectionSettings },
    closed,
  ),
  Type.Object(
    {
      ...question('multipleChoice'),
      options: Options,
      multiple: Type.Optional(Type.Boolean()),
      ...SelectionSettings,
    },
    closed,
  ),
  Type.Object({ ...question('checkbox'), options: Options, ...SelectionSettings }, closed),
  Type.Object({ ...question('radioButtons'), options: Options }, closed),
  Type.Object(
    {
      ...question('attachment'),
      multiple: Type.Optional(Type.Boolean()),
      limits: Type.Optional(Type.Object({ maxFiles: Type.Optional(Count(1, FORM_LIMITS.maxFilesPerUpload)) }, closed)),
      allowedTypes: Type.Optional(Type.Array(Type.Enum(ALLOWED_FILE_EXTENSIONS), { minItems: 1, uniqueItems: true })),
    },
    closed,
  ),
  Type.Object(
    { ...display('image'), image: Type.Union([Type.Null(), FileRefSchema]), altText: Type.Optional(Text(500)) },
    closed,
  ),
  Type.Object(
    {
      ...question('scaleRating'),
      ratings: Count(FORM_LIMITS.scaleMinRatings, FORM_LIMITS.scaleMaxRatings),
      lowestText: Type.Optional(Text(100)),
      highestText: Type.Optional(Text(100)),
    },
    closed,
  ),
  Type.Object({ ...prepopulatable('psaName'), limits: Type.Optional(TextLimits) }, closed),
  Type.Object(
    {
      ...question('matrix'),
      rows: Type.Array(MatrixRow, { maxItems: 1000 }),
      columns: Type.Array(MatrixColumn, { maxItems: 1000 }),
      allCellsRequired: Type.Optional(Type.Boolean()),
      hideHeaders: Type.Optional(Type.Boolean()),
    },
    closed,
  ),
  Type.Object({ ...question('websiteLink'), defaultValue: Type.Optional(Text(2048)) }, closed),
  Type.Object({ ...question('legal'), text: TextBlock }, closed),
  Type.Object(display('divider'), closed),
  Type.Object(question('time'), closed),
]);
export type FormElementDto = Static<typeof AnyElement>;

/** One element, whichever of the engine's element types it is (`type` picks the branch). */
export const FormElementSchema = Type.Unsafe<FormElementDto>({
  type: 'object',
  required: ['type'],
  oneOf: AnyElement.anyOf,
  discriminator: { propertyName: 'type' },
});

export const ComparisonSchema = Type.Object(
  {
    element: Type.String({ minLength: 1, maxLength: 300 }),
    operator: Type.Enum(CONDITION_OPERATORS),
    value: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean()])),
  },
  closed,
);

/**
 * A condition group nested at most `depth` groups deep. A node with a combinator is a group, anything else a
 * comparison (one branch each, so errors stay precise). Typed as the engine's recursive ConditionGroup.
 */
function conditionGroup(depth: number): TSchema {
  const node: TSchema =
    depth > 1
      ? Type.Unsafe({
          if: { type: 'object', required: ['combinator'] },
          then: conditionGroup(depth - 1),
          else: ComparisonSchema,
        })
      : ComparisonSchema;
  return Type.Object(
    {
      combinator: Type.Enum(['and', 'or'] as const),
      conditions: Type.Array(node, { minItems: 1, maxItems: 100 }),
    },
    closed,
  );
}

/** A condition group: comparisons combined with and/or, groups nested at most FORM_LIMITS.maxConditionDepth deep. */
export const ConditionGroupSchema = Type.Unsafe<ConditionGroup>(conditionGroup(FORM_LIMITS.maxConditionDepth));

export const ConditionRuleSchema = Type.Object(
  { id: Id, action: Type.Enum(CONDITION_ACTIONS), target: Id, when: ConditionGroupSchema },
  closed,
);

const definitionProperties = {
  id: Id,
  formId: Id,
  version: Count(1, 1_000_000),
  // Left loose: FORM_NAME_REQUIRED and FORM_NAME_TOO_LONG carry the spec's wording.
  name: Text(1000),
  description: Type.Optional(Text(5000)),
  kind: Type.Enum(['long', 'short'] as const),
  elements: Type.Array(FormElementSchema, { maxItems: FORM_LIMITS.maxElements }),
  conditions: Type.Array(ConditionRuleSchema, { maxItems: FORM_LIMITS.maxConditionRules }),
  pdfImport: Type.Optional(Type.Union([Type.Null(), FileRefSchema])),
};

/** A stored form version's definition, as the server answers it. */
export const FormDefinitionSchema = Type.Object(definitionProperties, {
  ...closed,
  description: 'A form definition (form-engine FormVersion).',
});

/**
 * A definition as the builder sends it: the elements and conditions, with the name and description. Identity (id,
 * formId, version), the engine kind and the imported PDF are set by the server; sent back as read, they are ignored.
 */
export const FormDefinitionInput = Type.Object(
  {
    ...definitionProperties,
    id: Type.Optional(Id),
    formId: Type.Optional(Id),
    version: Type.Optional(definitionProperties.version),
    name: Type.Optional(definitionProperties.name),
    kind: Type.Optional(definitionProperties.kind),
  },
  {
    ...closed,
    description:
      'A form definition (form-engine FormVersion); id, formId, version, kind and pdfImport are set by the server.',
  },
);
export type FormDefinitionInput = Static<typeof FormDefinitionInput>;

// The contract and the engine's types describe the same thing: each is assignable to the other.
type Assignable<A extends B, B> = A;
export type DefinitionMatchesEngine = [
  Assignable<Static<typeof FormDefinitionSchema>, FormVersion>,
  Assignable<FormVersion, Static<typeof FormDefinitionSchema>>,
  Assignable<FormElementDto, FormElement>,
  Assignable<FormElement, FormElementDto>,
];
