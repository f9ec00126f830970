import { pathToFileURL } from 'node:url';
import { buildCanvasGraph } from '../ui/src/shared/workflow-graph/canvas-graph';
import { mapProblems } from '../ui/src/shared/workflow-graph/canvas-problems';
import { designerReducer, initDesigner, type DesignerAction } from '../ui/src/features/packets/designer/designer-state';
import { graphToDefinition } from '../ui/src/shared/workflow-graph/graph-mapping';
import { layoutWorkflow } from '../ui/src/shared/workflow-graph/layout';
import { checkPacketWorkflow } from '../ui/src/shared/workflow-graph/packet-workflow';
import { longWorkflow, sampleForm } from '../ui/src/features/packets/designer/test-workflows';
import { percentile, round, type BenchRow } from './measure';

/**
 * The workflow designer's per-edit work on a 100-step workflow over 3 forms of 20 questions, in this process (no
 * browser): the live check (the API's checkPacketWorkflow) plus mapping its problems onto the canvas and building the
 * decorated graph, which is what the designer recomputes on every edit; and the elk layout. React Flow's own DOM
 * rendering is not timed here. Run alone with `npx tsx bench/packet-designer.bench.ts`.
 */
const STEPS = 100;

export async function runPacketDesignerBench(): Promise<BenchRow[]> {
  const forms = ['f1', 'f2', 'f3'].map((id) => sampleForm(id, 20));
  const engineForms = forms.map((f) => ({ formId: f.formId, version: f.version }));
  const base = longWorkflow(STEPS, 'f1', 20);
  base.steps[0]!.questionIds = forms.flatMap((f) => f.version.elements.map((e) => `${f.formId}:${e.id}`));
  let state = initDesigner(base);

  // A realistic mix of edits: rename, connect a back edge (a cycle), remove it, move a step.
  const edits: DesignerAction[] = [];
  for (let i = 0; i < 200; i++) {
    const id = `s${(i % (STEPS - 2)) + 2}`;
    switch (i % 4) {
      case 0:
        edits.push({ type: 'updateStep', stepId: id, patch: { name: `Renamed step ${i}` } });
        break;
      case 1:
        edits.push({ type: 'connect', from: id, to: 's2', id: `back${i}` });
        break;
      case 2:
        edits.push({ type: 'removeEdge', edgeId: `back${i - 1}` });
        break;
      default:
        edits.push({ type: 'moveStep', stepId: id, position: { x: i, y: i * 3 } });
    }
  }
  const perEdit = (action: DesignerAction) => {
    state = designerReducer(state, action);
    const problems = checkPacketWorkflow(state.present, engineForms);
    const marks = mapProblems(state.present, problems);
    return buildCanvasGraph({ definition: state.present, problems: marks });
  };
  for (let i = 0; i < 20; i++) perEdit(edits[i]!);
  const checkOnly: number[] = [];
  const total: number[] = [];
  for (const edit of edits) {
    const t0 = performance.now();
    state = designerReducer(state, edit);
    const problems = checkPacketWorkflow(state.present, engineForms);
    const t1 = performance.now();
    const graph = buildCanvasGraph({ definition: state.present, problems: mapProblems(state.present, problems) });
    const t2 = performance.now();
    checkOnly.push(t1 - t0);
    total.push(t2 - t0);
    if (graph.nodes.length !== STEPS) throw new Error('graph lost nodes');
  }

  const layouts: number[] = [];
  for (let i = 0; i < 8; i++) {
    const t0 = performance.now();
    await layoutWorkflow(state.present);
    layouts.push(performance.now() - t0);
  }
  const maps: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    const g = buildCanvasGraph({ definition: state.present });
    graphToDefinition(g.nodes, g.edges);
    maps.push(performance.now() - t0);
  }

  return [
    {
      name: `designer: live check per edit, ${STEPS} steps (p50)`,
      value: round(percentile(checkOnly, 50), 2),
      unit: 'ms',
      goal: '< 16 ms',
    },
    {
      name: `designer: live check per edit, ${STEPS} steps (p95)`,
      value: round(percentile(checkOnly, 95), 2),
      unit: 'ms',
      goal: '< 16 ms',
    },
    {
      name: `designer: check + canvas graph per edit (p95)`,
      value: round(percentile(total, 95), 2),
      unit: 'ms',
      goal: '< 16 ms',
    },
    {
      name: `designer: elk layout, ${STEPS} steps (p50)`,
      value: round(percentile(layouts, 50), 1),
      unit: 'ms',
      goal: 'report',
    },
    {
      name: `designer: graph build + map back, ${STEPS} steps (p50)`,
      value: round(percentile(maps, 50), 2),
      unit: 'ms',
      goal: 'report',
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printTable } = await import('./measure');
  printTable(await runPacketDesignerBench());
}
