import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const UI_SRC = join(import.meta.dirname, '..');

function apiFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return apiFiles(path);
    return entry.name.endsWith('.api.ts') ? [path] : [];
  });
}

/**
 * Request and response shapes written by hand beside the TypeBox schemas drift from them without a compile error on
 * either side. A UI api file types what it sends and reads with `Static` types of `api/<area>/*.schemas.ts`; the only
 * shapes it declares itself are a screen's own filters (named …Filter, …Filters or …Query), which never leave the UI
 * as a body.
 */
function handWrittenShapes(source: string): string[] {
  const declared = [...source.matchAll(/^(?:export )?(?:interface (\w+)|type (\w+)(?:<[^>]*>)? = \{)/gm)];
  return declared.map((m) => m[1] ?? m[2] ?? '').filter((name) => !/(Filters?|Query)$/.test(name));
}

describe('UI api files', () => {
  it('finds a hand-written shape, and lets a filter pass', () => {
    expect(handWrittenShapes('export interface TagRow {\n  id: string;\n}\n')).toEqual(['TagRow']);
    expect(handWrittenShapes('type Page<T> = {\n  items: T[];\n};\n')).toEqual(['Page']);
    expect(handWrittenShapes('export interface AthleteFilters {\n  q: string;\n}\n')).toEqual([]);
    expect(handWrittenShapes('export type Tag = Static<typeof TagDto>;\n')).toEqual([]);
  });

  it('take their request and response types from the API schemas', () => {
    const files = apiFiles(UI_SRC);
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap((file) =>
      handWrittenShapes(readFileSync(file, 'utf8')).map((name) => `${relative(UI_SRC, file)}: ${name}`),
    );
    expect(offenders).toEqual([]);
  });
});
