import { Type } from 'typebox';
import { Nullable, Uuid } from '../shared/schemas';

/** One file of the school's compliance materials library, and whether the viewer may delete it. */
export const MaterialDto = Type.Object({
  id: Uuid,
  filename: Type.String(),
  contentType: Type.String(),
  sizeBytes: Type.Integer(),
  description: Nullable(Type.String()),
  uploadedBy: Nullable(Type.String()),
  uploaderName: Nullable(Type.String()),
  createdAt: Type.String(),
  canDelete: Type.Boolean(),
});
export const MaterialListDto = Type.Object({
  items: Type.Array(MaterialDto),
  usage: Type.Object({
    count: Type.Integer(),
    totalBytes: Type.Integer(),
    maxFiles: Type.Integer(),
    maxFileBytes: Type.Integer(),
    maxTotalBytes: Type.Integer(),
  }),
});
