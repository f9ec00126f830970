import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEV_SERVER_DYNAMIC_CONFIG } from './temporal-dev-server';

/** The `key: - value: v` pairs of the compose file's `temporal-dynamic-config` block. */
function composeDynamicConfig(): Record<string, unknown> {
  const text = readFileSync(resolve(import.meta.dirname, '../docker-compose.yml'), 'utf8');
  const block = text.split(/\n {2}temporal-dynamic-config:\n {4}content: \|\n/)[1];
  if (!block) throw new Error('no temporal-dynamic-config block in docker-compose.yml');
  const config: Record<string, unknown> = {};
  let key: string | null = null;
  for (const line of block.split('\n')) {
    if (!line.startsWith('      ')) break;
    const named = /^ {6}([\w.]+):$/.exec(line);
    const value = /^ {8}- value: (.+)$/.exec(line);
    if (named) key = named[1]!;
    else if (value && key) config[key] = JSON.parse(value[1]!);
  }
  return config;
}

describe('Temporal server settings', () => {
  it('are the same for the dev server and the compose server', () => {
    expect(composeDynamicConfig()).toEqual(DEV_SERVER_DYNAMIC_CONFIG);
    expect(DEV_SERVER_DYNAMIC_CONFIG['matching.numTaskqueueReadPartitions']).toBe(1);
  });
});
