import type { FormVersion } from '../../../../form-engine';
import type { PacketForm } from './designer/packet-questions';

/** The API's form info (definition typed loosely in the contract) as the designer's packet forms. */
export function toPacketForms(
  forms: ReadonlyArray<{ formId: string; name: string; definition: Record<string, unknown> }>,
): PacketForm[] {
  return forms.map((f) => ({ formId: f.formId, name: f.name, version: f.definition as unknown as FormVersion }));
}

/** Today in the viewer's zone, YYYY-MM-DD (conditions on dates and ages). */
export function todayIso(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
