import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import proto from '@temporalio/proto';
import { Worker, type ReplayResult } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { workflowBundle } from '../scripts/test-harness/context';
import * as workflows from './index';

/**
 * Replays every recorded history (workflows/<feature>/histories/*.json, written by scripts/record-histories.ts)
 * against the current workflow code. A change that would break running workflows fails here; guard such a change
 * with patched() and record new histories alongside the old ones.
 */
const HERE = import.meta.dirname;
const { History } = proto.temporal.api.history.v1;

interface RecordedHistory {
  file: string;
  workflowType: string;
  history: { events: Array<Record<string, unknown>> };
}

function loadHistories(): RecordedHistory[] {
  return readdirSync(HERE, { recursive: true, encoding: 'utf8' })
    .filter((path) => /(^|\/)histories\/[^/]+\.json$/.test(path))
    .sort()
    .map((path) => {
      const history = JSON.parse(readFileSync(join(HERE, path), 'utf8')) as RecordedHistory['history'];
      const started = history.events[0]?.workflowExecutionStartedEventAttributes as
        { workflowType?: { name?: string } } | undefined;
      return {
        file: relative(HERE, join(HERE, path)),
        workflowType: started?.workflowType?.name ?? 'unknown',
        history,
      };
    });
}

describe('workflow replay', () => {
  const histories = loadHistories();

  it('has a recorded history for every workflow type', () => {
    const types = Object.entries(workflows)
      .filter(([name, value]) => typeof value === 'function' && name.endsWith('Workflow'))
      .map(([name]) => name)
      .sort();
    expect(types.length).toBeGreaterThan(0);
    const recorded = new Set(histories.map((h) => h.workflowType));
    expect(types.filter((t) => !recorded.has(t))).toEqual([]);
  });

  it('replays every recorded history without a determinism error', async () => {
    const results: Array<ReplayResult & { file: string }> = [];
    const replay = Worker.runReplayHistories(
      { workflowBundle: workflowBundle() },
      // Decoded here rather than by the SDK's historyFromJSON: with protobufjs installed several times over (grpc
      // pins v7, the SDK packages v8 each), that helper's instanceof check fails. fromObject is the exact inverse
      // of the JSON record-histories writes.
      histories.map((h) => ({ workflowId: h.file, history: History.fromObject(h.history) })),
    );
    for await (const result of replay) results.push({ ...result, file: result.workflowId });
    expect(results).toHaveLength(histories.length);
    const failures = results.filter((r) => r.error).map((r) => `${r.file}: ${r.error?.message}`);
    expect(failures).toEqual([]);
  });
});
