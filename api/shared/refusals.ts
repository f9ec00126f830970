/**
 * The business rules an operation refuses valid-shaped input for, as its OpenAPI `description`: one sentence per
 * catalogue code (domain/errors.ts), "Refused with CODE when …". Shape rules (lengths, enums, required fields) belong
 * in the schema; this states what a schema cannot say, so a client reads every refusal it can meet in the document.
 *
 *   description: refusals({ VALIDATION_FAILED: 'when `to` is before `from`' })
 */
export function refusals(rules: Readonly<Record<string, string>>): string {
  return Object.entries(rules)
    .map(([code, when]) => `Refused with ${code} ${when}.`)
    .join(' ');
}
