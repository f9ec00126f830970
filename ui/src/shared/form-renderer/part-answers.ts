/**
 * Full name and address answers are objects of text parts. A blank part is left out rather than stored as '', so
 * a missing first name reads "Enter the first name" instead of a format error, and an all-blank object is no answer.
 */
import type { AddressPart } from '../../../../form-engine';

export type NamePart = 'prefix' | 'first' | 'middle' | 'last';

export function readParts<K extends string>(value: unknown): Partial<Record<K, string>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Partial<Record<K, string>>)
    : {};
}

export function setPart<K extends string>(
  value: unknown,
  part: K,
  text: string | null,
): Partial<Record<K, string>> | undefined {
  const next: Partial<Record<K, string>> = { ...readParts<K>(value) };
  if (text === null || text === '') delete next[part];
  else next[part] = text;
  return Object.keys(next).length === 0 ? undefined : next;
}

export const setNamePart = (value: unknown, part: NamePart, text: string | null) =>
  setPart<NamePart>(value, part, text);
export const setAddressPart = (value: unknown, part: AddressPart, text: string) =>
  setPart<AddressPart>(value, part, text);
