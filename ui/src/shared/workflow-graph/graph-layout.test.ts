import { describe, expect, it } from 'vitest';
import { buildCanvasGraph } from './canvas-graph';
import { MINIMAP_SIZE, fitViewOptions, showsMiniMap } from './canvas-fit';
import { edgeStroke, isBackEdge, isEdgeTaken, stepRanks } from './edge-style';
import { FIXED_PROCESSES } from './fixed-processes';
import { layoutInput, layoutWorkflow } from './layout';
import type { PacketWorkflowDefinition, StepRunState } from './packet-workflow';
import { disclosureRuns } from './process-runs';

const disclosure = FIXED_PROCESSES.find((p) => p.key === 'disclosure-review')!;

/** Step ids from top to bottom as laid out. */
async function topToBottom(definition: PacketWorkflowDefinition): Promise<string[]> {
  const positions = await layoutWorkflow(definition);
  return Object.entries(positions)
    .sort(([, a], [, b]) => a.y - b.y)
    .map(([id]) => id);
}

function travelledEdges(definition: PacketWorkflowDefinition, runs: StepRunState[]): string[] {
  const graph = buildCanvasGraph({ definition, runs: new Map(runs.map((r) => [r.stepId, r])), readOnly: true });
  return graph.edges.filter((e) => e.data?.travelled).map((e) => e.id);
}

describe('workflow graph layout', () => {
  it('lays the disclosure review out in step order despite its change-request loop', async () => {
    expect(await topToBottom(disclosure.definition)).toEqual(['submit', 'review', 'notify']);
  });

  it('lays every fixed process out with each step below the one before', async () => {
    for (const process of FIXED_PROCESSES) {
      expect(await topToBottom(process.definition), process.key).toEqual(process.definition.steps.map((s) => s.id));
    }
  });

  it('ranks steps by execution order, not by their order in the definition', async () => {
    const definition: PacketWorkflowDefinition = {
      steps: [
        {
          id: 'b',
          kind: 'APPROVER',
          name: 'Second',
          actors: [{ kind: 'ROLE', role: 'SCHOOL_ADMIN' }],
          questionIds: [],
        },
        { id: 'a', kind: 'SUBMITTER', name: 'First', actors: [{ kind: 'RECIPIENT' }], questionIds: [] },
      ],
      edges: [{ id: 'a-b', from: 'a', to: 'b' }],
    };
    expect(layoutInput(definition).children?.map((c) => c.id)).toEqual(['a', 'b']);
    expect(await topToBottom(definition)).toEqual(['a', 'b']);
  });

  it('gives elk only the forward edges', () => {
    const ranks = stepRanks(disclosure.definition);
    expect(isBackEdge({ from: 'review', to: 'submit' }, ranks)).toBe(true);
    expect(isBackEdge({ from: 'submit', to: 'review' }, ranks)).toBe(false);
    expect(layoutInput(disclosure.definition).edges?.map((e) => e.id)).toEqual(['submit-review', 'review-notify']);
  });
});

describe('workflow graph edge colours', () => {
  it('colours only the forward path of an approved disclosure, not its change-request loop', () => {
    const runs = disclosureRuns({ status: 'APPROVED', reviewer: 'Dana Whitfield', athlete: 'Ann Lee' });
    expect(travelledEdges(disclosure.definition, runs)).toEqual(['submit-review', 'review-notify']);
  });

  it('colours the change-request loop while the disclosure waits on the athlete again', () => {
    const runs = disclosureRuns({ status: 'CHANGE_REQUESTED', reviewer: 'Dana Whitfield', athlete: 'Ann Lee' });
    expect(travelledEdges(disclosure.definition, runs)).toEqual(['review-submit']);
  });

  it('colours the steps reached so far and nothing beyond a pending review', () => {
    const runs = disclosureRuns({ status: 'PENDING', reviewer: 'Dana Whitfield' });
    expect(travelledEdges(disclosure.definition, runs)).toEqual(['submit-review']);
    expect(travelledEdges(disclosure.definition, disclosureRuns({ status: 'DRAFT' }))).toEqual([]);
  });

  it('does not colour an edge into a skipped step', () => {
    const ranks = new Map([
      ['a', 0],
      ['b', 1],
    ]);
    const runs = new Map<string, StepRunState>([
      ['a', { stepId: 'a', status: 'DONE' }],
      ['b', { stepId: 'b', status: 'SKIPPED' }],
    ]);
    expect(isEdgeTaken({ from: 'a', to: 'b' }, runs, ranks)).toBe(false);
    expect(isEdgeTaken({ from: 'a', to: 'b' }, undefined, ranks)).toBe(false);
  });

  it('strokes taken edges green, cycles red, selected blue, the rest grey', () => {
    expect(edgeStroke({ travelled: true }).stroke).toContain('green');
    expect(edgeStroke({ inCycle: true, travelled: true }).stroke).toContain('red');
    expect(edgeStroke({ selected: true }).stroke).toContain('blue');
    expect(edgeStroke({}).stroke).toContain('gray');
  });

  it('keeps the minimap off small canvases and narrow screens', () => {
    expect(showsMiniMap(320, true)).toBe(false);
    expect(showsMiniMap(undefined, false)).toBe(false);
    expect(showsMiniMap(undefined, true)).toBe(true);
    expect(showsMiniMap(600, true)).toBe(true);
    expect(showsMiniMap(600, true, 4)).toBe(false);
    expect(showsMiniMap(600, true, 12)).toBe(true);
  });

  it('fits the view clear of the zoom controls, and of the minimap when it shows', () => {
    const px = (value: string) => Number(value.replace('px', ''));
    // The controls sit bottom-left (26 px wide, 15 px from the edge); the minimap bottom-right.
    expect(px(fitViewOptions(false).padding.left)).toBeGreaterThanOrEqual(15 + 26);
    expect(px(fitViewOptions(false).padding.right)).toBeLessThan(MINIMAP_SIZE.width);
    expect(px(fitViewOptions(true).padding.right)).toBeGreaterThan(MINIMAP_SIZE.width + 15);
    expect(px(fitViewOptions(true).padding.left)).toBeGreaterThanOrEqual(15 + 26);
  });
});
