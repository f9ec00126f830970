/**
 * The signature answer as the engine's schema wants it: { kind: 'drawn', image: PNG data URL } or
 * { kind: 'typed', text }. Blank input gives no answer at all, so "required" reads as "Mandatory fields cannot be
 * empty" rather than as a malformed signature.
 */
import type { SignatureMode } from '../../../../form-engine';

export type SignatureAnswer = { kind: 'drawn'; image: string } | { kind: 'typed'; text: string };

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

export function typedSignature(text: string): SignatureAnswer | undefined {
  return text.trim() === '' ? undefined : { kind: 'typed', text };
}

export function drawnSignature(dataUrl: string | null | undefined): SignatureAnswer | undefined {
  return dataUrl && PNG_DATA_URL.test(dataUrl) ? { kind: 'drawn', image: dataUrl } : undefined;
}

/** Reads a stored or prefilled value; anything else counts as not signed. */
export function readSignature(value: unknown): SignatureAnswer | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const candidate = value as Record<string, unknown>;
  if (candidate.kind === 'typed' && typeof candidate.text === 'string') return typedSignature(candidate.text);
  if (candidate.kind === 'drawn' && typeof candidate.image === 'string') return drawnSignature(candidate.image);
  return undefined;
}

/** The way of signing to show first: the one already used, else the first offered. */
export function initialSignatureMode(value: unknown, modes: readonly SignatureMode[]): SignatureMode {
  const current = readSignature(value);
  if (current && modes.includes(current.kind)) return current.kind;
  return modes[0] ?? 'typed';
}
