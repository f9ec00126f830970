/**
 * Classifies the changes between two versions of a form. Minor changes only reword what people read: labels
 * (of elements, options, matrix rows and columns), tips, placeholders, heading / statement / legal text, scale
 * end texts, image alt text, and the form's name and description. Everything else is structural: adding, removing
 * or reordering elements or options, types, data labels, required flags, limits, settings and conditions, because
 * answers already given were validated against them. Arrays of objects with ids are matched by id.
 */
export type ChangeKind = 'minor' | 'structural';

export interface VersionChange {
  kind: ChangeKind;
  /** Path in the definition, with ids in place of array positions: /elements/<id>/options/<id>/label. */
  path: string;
  elementId?: string;
  description: string;
}

export interface VersionDiff {
  changes: VersionChange[];
  hasStructuralChanges: boolean;
  hasMinorChanges: boolean;
}

const WORDING_KEYS = new Set(['label', 'tips', 'placeholder', 'text', 'lowestText', 'highestText', 'altText']);
const ROOT_WORDING_KEYS = new Set(['name', 'description']);
/** Identity of the stored version, not its content. */
const ROOT_IGNORED_KEYS = new Set(['id', 'version']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasIds(items: readonly unknown[]): items is Array<{ id: string }> {
  return items.every((item) => isRecord(item) && typeof item.id === 'string');
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!deepEqual(a[key], b[key])) return false;
    return true;
  }
  return false;
}

interface Walk {
  changes: VersionChange[];
  elementId?: string;
}

function push(walk: Walk, kind: ChangeKind, path: string, description: string): void {
  walk.changes.push({ kind, path, description, ...(walk.elementId ? { elementId: walk.elementId } : {}) });
}

function diffIdArrays(walk: Walk, path: string, before: Array<{ id: string }>, after: Array<{ id: string }>): void {
  const beforeIds = before.map((item) => item.id);
  const afterIds = after.map((item) => item.id);
  const afterSet = new Set(afterIds);
  const beforeSet = new Set(beforeIds);
  for (const id of beforeIds) if (!afterSet.has(id)) push(walk, 'structural', `${path}/${id}`, `Removed ${id}`);
  for (const id of afterIds) if (!beforeSet.has(id)) push(walk, 'structural', `${path}/${id}`, `Added ${id}`);
  const keptBefore = beforeIds.filter((id) => afterSet.has(id));
  const keptAfter = afterIds.filter((id) => beforeSet.has(id));
  if (keptBefore.some((id, i) => id !== keptAfter[i])) push(walk, 'structural', path, 'Reordered');
  const afterById = new Map(after.map((item) => [item.id, item]));
  for (const item of before) {
    const next = afterById.get(item.id);
    if (!next) continue;
    const inner: Walk = path === '/elements' ? { changes: walk.changes, elementId: item.id } : walk;
    diffValue(inner, `${path}/${item.id}`, item, next);
  }
}

function diffValue(walk: Walk, path: string, before: unknown, after: unknown): void {
  if (before === after) return;
  if (Array.isArray(before) && Array.isArray(after) && hasIds(before) && hasIds(after)) {
    diffIdArrays(walk, path, before, after);
    return;
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys) {
      if (path === '' && ROOT_IGNORED_KEYS.has(key)) continue;
      diffValue(walk, `${path}/${key}`, before[key], after[key]);
    }
    return;
  }
  if (deepEqual(before, after)) return;
  const key = path.slice(path.lastIndexOf('/') + 1);
  const isWording =
    !path.startsWith('/conditions') &&
    (WORDING_KEYS.has(key) || (path === `/${key}` && ROOT_WORDING_KEYS.has(key))) &&
    (typeof before === 'string' || before === undefined) &&
    (typeof after === 'string' || after === undefined);
  push(walk, isWording ? 'minor' : 'structural', path, isWording ? `Reworded ${key}` : `Changed ${key}`);
}

export function diffVersions(prev: unknown, next: unknown): VersionDiff {
  const walk: Walk = { changes: [] };
  diffValue(walk, '', prev, next);
  return {
    changes: walk.changes,
    hasStructuralChanges: walk.changes.some((change) => change.kind === 'structural'),
    hasMinorChanges: walk.changes.some((change) => change.kind === 'minor'),
  };
}
