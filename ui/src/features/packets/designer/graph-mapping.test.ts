import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { definitionToGraph, graphToDefinition } from '../../../shared/workflow-graph/graph-mapping';
import type { PacketStepKind, PacketWorkflowDefinition } from '../../../shared/workflow-graph/packet-workflow';
import { chainWorkflow } from './test-workflows';

describe('graph ⇄ definition mapping', () => {
  it('maps each step to a step node and each edge to an order edge', () => {
    const graph = definitionToGraph(chainWorkflow());
    expect(graph.nodes.map((n) => [n.id, n.type, n.position])).toEqual([
      ['s1', 'step', { x: 0, y: 0 }],
      ['s2', 'step', { x: 0, y: 140 }],
      ['s3', 'step', { x: 0, y: 280 }],
    ]);
    expect(graph.edges.map((e) => [e.id, e.source, e.target, e.type])).toEqual([
      ['e1', 's1', 's2', 'order'],
      ['e2', 's2', 's3', 'order'],
    ]);
    // Several actors stay on one node (a phase), the condition stays on its step.
    expect(graph.nodes[1]!.data.step.actors).toHaveLength(2);
    expect(graph.nodes[1]!.data.step.condition).toBeDefined();
  });

  it('maps the graph back to the same definition (load, save, load)', () => {
    const saved = chainWorkflow();
    const once = graphToDefinition(definitionToGraph(saved).nodes, definitionToGraph(saved).edges);
    expect(once).toEqual(saved);
    const again = definitionToGraph(once);
    expect(graphToDefinition(again.nodes, again.edges)).toEqual(saved);
  });

  it('takes positions from the nodes, where the user dragged them', () => {
    const graph = definitionToGraph(chainWorkflow());
    graph.nodes[2] = { ...graph.nodes[2]!, position: { x: 300, y: 50 } };
    expect(graphToDefinition(graph.nodes, graph.edges).steps[2]!.position).toEqual({ x: 300, y: 50 });
  });

  it('gives a step without a position one, and is stable from then on', () => {
    const def: PacketWorkflowDefinition = {
      steps: [{ id: 'a', kind: 'SUBMITTER', name: 'A', actors: [{ kind: 'RECIPIENT' }], questionIds: [] }],
      edges: [],
    };
    const g = definitionToGraph(def);
    const saved = graphToDefinition(g.nodes, g.edges);
    expect(saved.steps[0]!.position).toEqual({ x: 0, y: 0 });
    const g2 = definitionToGraph(saved);
    expect(graphToDefinition(g2.nodes, g2.edges)).toEqual(saved);
  });

  it('round-trips any definition with positions (property)', () => {
    const kinds: PacketStepKind[] = [
      'SUBMITTER',
      'APPROVER',
      'APPROVER_WITH_SIGNATURE',
      'EMAIL_NOTIFICATION',
      'EXTERNAL_SIGNER',
    ];
    const step = fc.record({
      id: fc.uuid(),
      kind: fc.constantFrom(...kinds),
      name: fc.string({ maxLength: 40 }),
      actors: fc.array(
        fc.oneof(
          fc.constant({ kind: 'RECIPIENT' as const }),
          fc.record({ kind: fc.constant('ROLE' as const), role: fc.constantFrom('SCHOOL_ADMIN', 'COACH') }),
          fc.record({
            kind: fc.constant('EXTERNAL' as const),
            email: fc.emailAddress(),
            firstName: fc.string(),
            lastName: fc.string(),
          }),
        ),
        { maxLength: 3 },
      ),
      questionIds: fc.array(fc.string({ minLength: 1, maxLength: 10 }), { maxLength: 4 }),
      position: fc.record({ x: fc.integer({ min: -2000, max: 2000 }), y: fc.integer({ min: -2000, max: 2000 }) }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(step, { selector: (s) => s.id, maxLength: 12 }), (steps) => {
        const edges = steps.slice(1).map((s, i) => ({ id: `e${i}`, from: steps[i]!.id, to: s.id }));
        const def: PacketWorkflowDefinition = { steps, edges };
        const g = definitionToGraph(def);
        expect(graphToDefinition(g.nodes, g.edges)).toEqual(def);
      }),
    );
  });
});
