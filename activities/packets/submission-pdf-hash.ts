import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every depth, so the same answers always hash the same whatever order they were
 * stored or sent in. `undefined` members are dropped, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** SHA-256 of one form's answers (canonical JSON). */
export function hashAnswers(answers: Record<string, unknown>): string {
  return sha256Hex(canonicalJson(answers));
}

/**
 * SHA-256 of the whole answer set of a submission: the canonical JSON of every form's version id and answers, in
 * packet order. The certificate prints it so a printed copy can be checked against the stored record.
 */
export function hashAnswerSet(forms: readonly { version: { id: string }; answers: Record<string, unknown> }[]): string {
  return sha256Hex(canonicalJson(forms.map((form) => ({ formVersionId: form.version.id, answers: form.answers }))));
}
