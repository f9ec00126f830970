/**
 * A content hash of a form version: canonical JSON (sorted keys) through two 32-bit FNV-1a passes. Not for
 * security, only to key the compile cache and to tell whether a stored version changed; pure JS so it runs in
 * workflows and browsers alike (no node:crypto, no async SubtleCrypto).
 */
export function toCanonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(toCanonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${toCanonicalJson(record[key])}`).join(',')}}`;
}

function fnv1a(text: string, seed: number): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function hashFormVersion(version: unknown): string {
  const text = toCanonicalJson(version);
  const high = fnv1a(text, 0x811c9dc5).toString(16).padStart(8, '0');
  const low = fnv1a(text, 0x050c5d1f).toString(16).padStart(8, '0');
  return high + low;
}
