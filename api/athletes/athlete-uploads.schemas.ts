import { Type, type Static } from 'typebox';
import { UPLOAD_COLUMNS } from '../../domain/athlete-upload';
import { Nullable, Timestamp } from '../shared/schemas';

const FieldName = Type.Union(
  UPLOAD_COLUMNS.map((c) => Type.Literal(c.field)),
  { description: 'An importable field (domain/athlete-upload.ts)' },
);

export const UploadRowErrorDto = Type.Object({
  row: Type.Integer({ description: "The row's number in the spreadsheet (the header is row 1)" }),
  column: Type.String({ description: "The file's header of the column, or the field's name" }),
  message: Type.String(),
});

export const AthleteUploadDto = Type.Object({
  id: Type.String(),
  fileName: Type.String(),
  status: Type.Union([Type.Literal('CHECKED'), Type.Literal('IMPORTING'), Type.Literal('IMPORTED')]),
  headers: Type.Array(Type.String()),
  /** For each column of the file, the field it fills (null: not imported). */
  mapping: Type.Array(Nullable(Type.String())),
  /** The first rows' cells, to show what each column holds while mapping. */
  samples: Type.Array(Type.Array(Type.String())),
  rowCount: Type.Integer(),
  errors: Type.Array(UploadRowErrorDto),
  errorRowCount: Type.Integer(),
  invite: Type.Boolean(),
  progress: Nullable(
    Type.Object({
      stage: Type.Union([Type.Literal('check'), Type.Literal('store'), Type.Literal('invite'), Type.Literal('done')]),
      done: Type.Integer(),
      total: Type.Integer(),
    }),
  ),
  createdCount: Type.Integer(),
  invitationsStarted: Type.Integer(),
  createdAt: Timestamp,
});
export type AthleteUploadDto = Static<typeof AthleteUploadDto>;

export const UploadMappingBody = Type.Object({
  mapping: Type.Array(Nullable(FieldName), { maxItems: 201 }),
});

export const ImportUploadBody = Type.Object({
  /** Also invite the new athletes (one invitation process each). */
  invite: Type.Boolean(),
});

/** An upload template's bytes (XLSX or CSV): every importable column with one example row. */
export const TemplateBytes = Type.Unsafe<Buffer>({
  description: 'The upload template (XLSX or CSV): every importable column with one example row.',
  content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
});

export const TemplateQuery = Type.Object({
  format: Type.Optional(Type.Union([Type.Literal('xlsx'), Type.Literal('csv')], { default: 'xlsx' })),
});
