import type { FileRef, FormVersion } from '../../form-engine/form-definition';
import type { FormTemplateKind } from '../../migrations/database';

/** What the server owns in a stored definition, whatever the client sent. */
export interface ServerOwnedFields {
  versionId: string;
  formId: string;
  version: number;
  kind: FormTemplateKind;
  /** The form's name when the request sets one; otherwise the definition's own name is kept. */
  name?: string;
  /** The form's imported PDF, if any: it becomes `pdfImport`. */
  document: { id: string; filename: string; sizeBytes: number } | null;
}

export function toPdfImportRef(document: NonNullable<ServerOwnedFields['document']>): FileRef {
  return { fileId: document.id, name: document.filename, size: document.sizeBytes, contentType: 'application/pdf' };
}

/**
 * The definition as it will be stored: identity (version id, form id, number), the engine kind and the PDF
 * reference come from the database, so a client can neither point a version at another form nor forge a document.
 * The rest is the client's and is checked by the engine (checkDefinition) before anything is written.
 */
export function prepareDefinition(input: Record<string, unknown>, owned: ServerOwnedFields): FormVersion {
  const { pdfImport: _ignored, ...rest } = input;
  const name = owned.name ?? rest.name;
  return {
    ...rest,
    id: owned.versionId,
    formId: owned.formId,
    version: owned.version,
    name: typeof name === 'string' ? name.trim() : (name as string),
    kind: owned.kind === 'SHORT' ? 'short' : 'long',
    ...(owned.document ? { pdfImport: toPdfImportRef(owned.document) } : {}),
  } as FormVersion;
}

/** A new form's first definition when the client sends none: no elements, no conditions. */
export function emptyDefinition(): Record<string, unknown> {
  return { elements: [], conditions: [] };
}

/** A version is frozen once published or answered: only wording may change after that. */
export function isFrozen(version: { status: string; hasAnswers: boolean }): boolean {
  return version.status === 'PUBLISHED' || version.hasAnswers;
}
