import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** One pinned Node for every fresh machine (scripts/install-node.sh installs it), in line with engines' floor. */
const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
  engines: { node: string };
  devEngines: { runtime: { name: string; version: string } };
};
/** Negative, zero or positive as version a is below, equal to or above version b (missing parts count as 0). */
function compareVersions(a: string, b: string): number {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

describe('the pinned Node version', () => {
  it('is one exact Node 22 release, at or above the floor engines names', () => {
    const pinned = pkg.devEngines.runtime;
    expect(pinned.name).toBe('node');
    expect(pinned.version).toMatch(/^22\.\d+\.\d+$/);
    const floor = /^>=(\d+\.\d+(?:\.\d+)?)$/.exec(pkg.engines.node)?.[1];
    expect(floor, `engines.node should read ">=x.y", not "${pkg.engines.node}"`).toBeDefined();
    expect(compareVersions(pinned.version, floor!)).toBeGreaterThanOrEqual(0);
    expect(compareVersions('22.12', '22.12.0')).toBe(0);
    expect(compareVersions('22.9.1', '22.12')).toBeLessThan(0);
  });

  it('is what the installer reads', () => {
    const script = readFileSync(resolve(import.meta.dirname, 'install-node.sh'), 'utf8');
    expect(script).toContain('devEngines');
    expect(script).not.toMatch(/\$pkg@\$MIN_MAJOR/);
  });
});
