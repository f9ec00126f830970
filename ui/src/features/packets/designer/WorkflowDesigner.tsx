import { Alert, Badge, Button, Group, List, Stack, Text, Tooltip } from '@mantine/core';
import { ReactFlowProvider, useReactFlow, type Connection, type EdgeChange, type NodeChange } from '@xyflow/react';
import {
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
} from 'react';
import { ActorsEditor } from './ActorsEditor';
import { useCanvasFit } from '../../../shared/workflow-graph/use-canvas-fit';
import { buildCanvasGraph } from '../../../shared/workflow-graph/canvas-graph';
import { mapProblems } from '../../../shared/workflow-graph/canvas-problems';
import classes from './designer.module.css';
import { designerReducer, initDesigner, insertionPoint, neighbourOf, selectionAfter } from './designer-state';
import type { OrderEdge, StepNode } from '../../../shared/workflow-graph/graph-mapping';
import { layoutWorkflow, needsLayout, NODE_HEIGHT, NODE_WIDTH } from '../../../shared/workflow-graph/layout';
import { conditionSourcesOf, listQuestions, questionLabels, type PacketForm } from './packet-questions';
import {
  checkNamedAccounts,
  checkPacketWorkflow,
  PACKET_STEP_KINDS,
  type PacketStepKind,
  type PacketWorkflowDefinition,
  type UnavailableAccounts,
} from '../../../shared/workflow-graph/packet-workflow';
import { StepPalette, STEP_DRAG_TYPE } from './StepPalette';
import { StepSettingsPanel } from './StepSettingsPanel';
import { WorkflowCanvas } from '../../../shared/workflow-graph/WorkflowCanvas';

export interface WorkflowDesignerProps {
  initial: PacketWorkflowDefinition;
  forms: readonly PacketForm[];
  people?: ReadonlyArray<{ id: string; name: string }>;
  /** People and groups the API found unable to act (not active members of the school); their steps are marked. */
  unavailableAccounts?: UnavailableAccounts;
  /** The school's today (YYYY-MM-DD), for date and age conditions. */
  today: string;
  /** Published or answered packets: the workflow is shown but cannot change. */
  locked?: boolean;
  saving?: boolean;
  onSave: (definition: PacketWorkflowDefinition) => void;
}

function makeId(prefix: string): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable);
}

/** The workflow tab of packet settings: palette, canvas and the selected step's settings, checked on every edit. */
export function WorkflowDesigner(props: WorkflowDesignerProps) {
  return (
    <ReactFlowProvider>
      <DesignerBody {...props} />
    </ReactFlowProvider>
  );
}

const NONE_UNAVAILABLE: UnavailableAccounts = { userIds: new Set(), roles: new Set() };

function DesignerBody({
  initial,
  forms,
  people = [],
  unavailableAccounts = NONE_UNAVAILABLE,
  today,
  locked = false,
  saving,
  onSave,
}: WorkflowDesignerProps) {
  const [state, dispatch] = useReducer(designerReducer, initial, initDesigner);
  const [selectedEdgeId, setSelectedEdgeId] = useState<string | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const problemsRef = useRef<HTMLDivElement>(null);
  const flow = useReactFlow<StepNode, OrderEdge>();
  const definition = state.present;

  const questions = useMemo(() => listQuestions(forms), [forms]);
  const labels = useMemo(() => questionLabels(questions, forms.length), [questions, forms.length]);
  const sources = useMemo(() => conditionSourcesOf(questions, forms.length), [questions, forms.length]);
  const peopleNames = useMemo(() => new Map(people.map((p) => [p.id, p.name])), [people]);
  const engineForms = useMemo(() => forms.map((f) => ({ formId: f.formId, version: f.version })), [forms]);

  // The API's own check, on every edit; a step naming someone the API found unable to act is marked until changed.
  const problems = useMemo(
    () => [...checkPacketWorkflow(definition, engineForms), ...checkNamedAccounts(definition, unavailableAccounts)],
    [definition, engineForms, unavailableAccounts],
  );
  const canvasProblems = useMemo(() => mapProblems(definition, problems), [definition, problems]);
  const graph = useMemo(
    () =>
      buildCanvasGraph({
        definition,
        problems: canvasProblems,
        people: peopleNames,
        questions: labels,
        selectedStepId: state.selectedStepId,
        selectedEdgeId,
        readOnly: locked,
      }),
    [definition, canvasProblems, peopleNames, labels, state.selectedStepId, selectedEdgeId, locked],
  );

  // Fit the view once the laid-out positions have been rendered (an effect runs after React Flow's store has them).
  // The same room for the controls and the minimap as the canvas leaves, so a new step never lands under them.
  const { fitOptions } = useCanvasFit(undefined, definition.steps.length);
  const [fitRequest, setFitRequest] = useState(0);
  useEffect(() => {
    if (fitRequest > 0) void flow.fitView({ ...fitOptions, duration: 200 });
  }, [fitRequest, flow, fitOptions]);
  const relayout = useCallback(async (def: PacketWorkflowDefinition, record: boolean) => {
    const positions = await layoutWorkflow(def);
    dispatch({ type: 'applyLayout', positions, record });
    setFitRequest((n) => n + 1);
  }, []);

  // A definition never drawn (the API's default workflow) is laid out once on load.
  const laidOut = useRef(false);
  useEffect(() => {
    if (laidOut.current) return;
    laidOut.current = true;
    if (!needsLayout(initial)) return;
    void layoutWorkflow(initial).then((positions) => {
      dispatch({ type: 'applyLayout', positions, record: false });
      setFitRequest((n) => n + 1);
    });
  }, [initial]);

  const addByKeyboard = (kind: PacketStepKind) => {
    const id = makeId('step');
    const assignAll = kind === 'SUBMITTER' && !definition.steps.some((s) => s.kind === 'SUBMITTER');
    const action = {
      type: 'addStep' as const,
      kind,
      id,
      edgeIds: [makeId('edge'), makeId('edge')] as [string, string],
      after: insertionPoint(state),
      ...(assignAll ? { questionIds: questions.map((q) => q.ref) } : {}),
    };
    const next = designerReducer(state, action).present;
    dispatch(action);
    void relayout(next, false);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    const kind = event.dataTransfer.getData(STEP_DRAG_TYPE) as PacketStepKind;
    if (!PACKET_STEP_KINDS.includes(kind) || locked) return;
    const point = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
    const assignAll = kind === 'SUBMITTER' && !definition.steps.some((s) => s.kind === 'SUBMITTER');
    dispatch({
      type: 'addStep',
      kind,
      id: makeId('step'),
      edgeIds: [makeId('edge'), makeId('edge')],
      position: { x: point.x - NODE_WIDTH / 2, y: point.y - NODE_HEIGHT / 2 },
      ...(assignAll ? { questionIds: questions.map((q) => q.ref) } : {}),
    });
  };

  // Removals arrive through onDelete (one batch), not as separate node and edge changes: React Flow reports a deleted
  // step's connections first, which would have cost one undo per connection and lost the reconnection.
  const onNodesChange = (changes: NodeChange<StepNode>[]) => {
    const selection: Array<{ id: string; selected: boolean }> = [];
    for (const change of changes) {
      if (change.type === 'position' && change.position && !locked)
        dispatch({ type: 'moveStep', stepId: change.id, position: change.position });
      else if (change.type === 'select') selection.push(change);
    }
    if (selection.length === 0) return;
    const selected = selectionAfter(state.selectedStepId, selection);
    if (selected !== state.selectedStepId) dispatch({ type: 'select', stepId: selected });
    if (selected) setSelectedEdgeId(null);
  };
  const onEdgesChange = (changes: EdgeChange<OrderEdge>[]) => {
    for (const change of changes) {
      if (change.type === 'select') setSelectedEdgeId(change.selected ? change.id : null);
    }
  };
  const canvasRef = useRef<HTMLDivElement>(null);
  /** After a delete, focus goes to a neighbour step (or the canvas), so Ctrl+Z works at once. */
  const focusStep = (stepId: string | null) =>
    requestAnimationFrame(() => {
      const canvas = canvasRef.current?.querySelector<HTMLElement>('[data-testid="workflow-canvas"]');
      const node = stepId
        ? canvas?.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(stepId)}"]`)
        : null;
      (node ?? canvas)?.focus();
    });
  /** Removes a step (Delete key or the settings panel's button) and hands focus to its neighbour. */
  const removeStep = (stepId: string) => {
    focusStep(neighbourOf(definition, stepId));
    dispatch({ type: 'removeStep', stepId, edgeId: makeId('edge') });
  };
  const onDelete = ({ nodes, edges }: { nodes: StepNode[]; edges: OrderEdge[] }) => {
    if (locked) return;
    const removed = new Set(nodes.map((n) => n.id));
    for (const node of nodes) removeStep(node.id);
    for (const edge of edges) {
      if (!removed.has(edge.source) && !removed.has(edge.target)) dispatch({ type: 'removeEdge', edgeId: edge.id });
    }
  };
  const onConnect = (c: Connection) => {
    if (!locked) dispatch({ type: 'connect', from: c.source, to: c.target, id: makeId('edge') });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isTyping(event.target) || !(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) dispatch({ type: 'undo' });
    else if ((key === 'z' && event.shiftKey) || key === 'y') dispatch({ type: 'redo' });
    else return;
    event.preventDefault();
  };

  const save = () => {
    if (problems.length > 0) {
      setShowProblems(true);
      requestAnimationFrame(() => problemsRef.current?.focus());
      return;
    }
    setShowProblems(false);
    onSave(definition);
  };

  const selected = definition.steps.find((s) => s.id === state.selectedStepId) ?? null;
  return (
    <Stack gap="sm" onKeyDown={onKeyDown}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={() => dispatch({ type: 'undo' })}
            disabled={state.past.length === 0 || locked}
          >
            Undo
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => dispatch({ type: 'redo' })}
            disabled={state.future.length === 0 || locked}
          >
            Redo
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => void relayout(definition, true)}
            disabled={locked || definition.steps.length === 0}
          >
            Auto layout
          </Button>
          <Button size="xs" variant="default" onClick={() => void flow.fitView({ ...fitOptions, duration: 200 })}>
            Fit view
          </Button>
        </Group>
        <Group gap="xs">
          <Tooltip label={problems.map((p) => p.message).join('\n') || 'No problems'} multiline maw={360}>
            <Badge
              color={problems.length ? 'orange' : 'green'}
              variant="light"
              data-testid="problem-count"
              role="status"
            >
              {problems.length === 0 ? 'No problems' : `${problems.length} problem${problems.length === 1 ? '' : 's'}`}
            </Badge>
          </Tooltip>
          <Button size="xs" onClick={save} loading={saving} disabled={locked}>
            Save workflow
          </Button>
        </Group>
      </Group>
      {showProblems && problems.length > 0 && (
        <Alert
          ref={problemsRef}
          tabIndex={-1}
          color="red"
          variant="light"
          title="Fix these problems before saving"
          role="alert"
          data-testid="save-blocked"
          withCloseButton
          closeButtonLabel="Close the list of problems"
          onClose={() => setShowProblems(false)}
        >
          <List size="sm">
            {problems.map((p, i) => {
              const step = definition.steps.find((s) => s.id === p.stepId);
              return (
                <List.Item key={i}>
                  {step ? (
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      onClick={() => dispatch({ type: 'select', stepId: step.id })}
                    >
                      {step.name || 'Unnamed step'}
                    </Button>
                  ) : null}{' '}
                  {p.message}
                </List.Item>
              );
            })}
          </List>
        </Alert>
      )}
      {canvasProblems.general.length > 0 && !showProblems && (
        <Text size="xs" c="orange.8" role="note">
          {canvasProblems.general.map((p) => p.message).join(' ')}
        </Text>
      )}
      <div className={classes.layout} ref={canvasRef}>
        <StepPalette disabled={locked} onAdd={addByKeyboard} />
        <WorkflowCanvas
          nodes={graph.nodes}
          edges={graph.edges}
          label="Workflow canvas"
          readOnly={locked}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          onDelete={onDelete}
          onNodeDragStart={() => dispatch({ type: 'beginMove' })}
          onDrop={onDrop}
        />
        <div className={classes.panel}>
          {selected ? (
            <StepSettingsPanel
              key={selected.id}
              step={selected}
              definition={definition}
              questions={questions}
              conditionSources={sources}
              people={people}
              problems={canvasProblems.byStep.get(selected.id) ?? []}
              today={today}
              locked={locked}
              dispatch={(action) => (action.type === 'removeStep' ? removeStep(action.stepId) : dispatch(action))}
              makeId={makeId}
              actorsEditor={
                <ActorsEditor
                  kind={selected.kind}
                  actors={selected.actors}
                  people={people}
                  locked={locked}
                  onChange={(actors) => dispatch({ type: 'updateStep', stepId: selected.id, patch: { actors } })}
                />
              }
            />
          ) : (
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                No step selected
              </Text>
              <Text size="xs" c="dimmed">
                Select a step on the canvas (click it, or Tab to it and press Enter) to edit its name, who acts, its
                questions and its condition. Drag from a step's bottom handle to another step to set the order; select a
                connection and press Delete to remove it. Ctrl+Z undoes, Ctrl+Shift+Z redoes.
              </Text>
              {selectedEdgeId && (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  disabled={locked}
                  onClick={() => {
                    dispatch({ type: 'removeEdge', edgeId: selectedEdgeId });
                    setSelectedEdgeId(null);
                  }}
                >
                  Delete the selected connection
                </Button>
              )}
            </Stack>
          )}
        </div>
      </div>
    </Stack>
  );
}
