import { describe, expect, it } from 'vitest';
import { buildCanvasGraph } from '../../../shared/workflow-graph/canvas-graph';
import { mapProblems } from '../../../shared/workflow-graph/canvas-problems';
import { checkPacketWorkflow, type PacketWorkflowDefinition } from '../../../shared/workflow-graph/packet-workflow';
import { chainWorkflow, sampleForm } from './test-workflows';

const forms = [sampleForm('f1', 3)];
const engineForms = forms.map((f) => ({ formId: f.formId, version: f.version }));

function marks(def: PacketWorkflowDefinition) {
  return mapProblems(def, checkPacketWorkflow(def, engineForms));
}

describe('problems on the canvas', () => {
  it('a valid chain has none', () => {
    expect(checkPacketWorkflow(chainWorkflow(), engineForms)).toEqual([]);
  });

  it('an edge that closes a cycle marks its steps and edges red', () => {
    const def = chainWorkflow();
    def.edges.push({ id: 'back', from: 's3', to: 's2' });
    const m = marks(def);
    expect([...m.cycleSteps].sort()).toEqual(['s2', 's3']);
    expect([...m.cycleEdges].sort()).toEqual(['back', 'e2']);
    expect(m.byStep.get('s2')).toContain('Cyclic dependency found');
    const graph = buildCanvasGraph({ definition: def, problems: m });
    expect(graph.edges.find((e) => e.id === 'back')!.data!.inCycle).toBe(true);
    expect(graph.nodes.find((n) => n.id === 's1')!.data.inCycle).toBe(false);
  });

  it('marks unassigned questions, too many approvers, missing signer details and unreachable steps on nodes', () => {
    const def = chainWorkflow();
    def.steps[0]!.questionIds = ['f1:q1'];
    (def.steps[2]!.actors[0] as { email: string }).email = '';
    for (let i = 0; i < 4; i++)
      def.steps.push({
        id: `a${i}`,
        kind: 'APPROVER',
        name: `Approver ${i}`,
        actors: [{ kind: 'RECIPIENT' }],
        questionIds: [],
      });
    def.edges.push(
      { id: 'ea0', from: 's3', to: 'a0' },
      { id: 'ea1', from: 'a0', to: 'a1' },
      { id: 'ea2', from: 'a1', to: 'a2' },
    );
    // a3 is left unconnected: unreachable.
    const m = marks(def);
    expect(m.byStep.get('s1')).toContain('Assignable questions not all assigned.');
    expect(m.byStep.get('s3')).toContain('Fill external signer details.');
    expect(m.byStep.get('a3')!.join(' ')).toMatch(/at most 4 approver steps|cannot be reached/);
    expect(m.byStep.get('a3')!.some((p) => /cannot be reached/.test(p))).toBe(true);
    expect([...m.byStep.keys()].some((id) => m.byStep.get(id)!.some((p) => /at most 4 approver/.test(p)))).toBe(true);
  });

  it('labels the edge into a conditional step with its condition', () => {
    const graph = buildCanvasGraph({
      definition: chainWorkflow(),
      questions: new Map([['f1:q1', 'Question 1']]),
    });
    expect(graph.edges.find((e) => e.target === 's2')!.data!.label).toBe('if Question 1 is not empty');
    expect(graph.nodes[1]!.data.actorsLabel).toMatch(/^Phase: /);
  });
});
