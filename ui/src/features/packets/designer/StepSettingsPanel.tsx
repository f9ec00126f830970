import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  List,
  MultiSelect,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { countWords, type ConditionGroup } from '../../../../../form-engine';
import { createComparison } from '../../../shared/conditions/condition-values';
import { ConditionGroupEditor } from '../../../shared/conditions/ConditionGroupEditor';
import type { DesignerAction } from './designer-state';
import type { PacketQuestion } from './packet-questions';
import {
  PACKET_STEP_KINDS,
  PACKET_WORKFLOW_LIMITS,
  type PacketStep,
  type PacketStepKind,
  type PacketWorkflowDefinition,
} from '../../../shared/workflow-graph/packet-workflow';
import { STEP_KIND_INFO, defaultActors, isApproverKind } from '../../../shared/workflow-graph/step-kinds';
import type { FormElement } from '../../../../../form-engine';
import type { ReactNode } from 'react';

interface Props {
  step: PacketStep;
  definition: PacketWorkflowDefinition;
  questions: readonly PacketQuestion[];
  conditionSources: readonly FormElement[];
  people: ReadonlyArray<{ id: string; name: string }>;
  problems: readonly string[];
  today: string;
  locked: boolean;
  dispatch: (action: DesignerAction) => void;
  makeId: (prefix: string) => string;
  actorsEditor: ReactNode;
}

/** Edits the selected step: name, kind and signature, who acts, questions, condition, and its place in the order. */
export function StepSettingsPanel(props: Props) {
  const { step, definition, questions, conditionSources, problems, today, locked, dispatch, makeId } = props;
  const update = (patch: Partial<Omit<PacketStep, 'id'>>) => dispatch({ type: 'updateStep', stepId: step.id, patch });
  const words = countWords(step.name);
  const nameError =
    words === 0
      ? 'Step name is mandatory'
      : words > PACKET_WORKFLOW_LIMITS.stepNameMaxWords
        ? 'Step name max 10 words'
        : undefined;
  const changeKind = (kind: PacketStepKind) => {
    const keepActors = (kind === 'EXTERNAL_SIGNER') === (step.kind === 'EXTERNAL_SIGNER') && step.actors.length > 0;
    update({ kind, ...(keepActors ? {} : { actors: defaultActors(kind) }) });
  };
  const others = definition.steps.filter((s) => s.id !== step.id);
  const next = definition.edges.filter((e) => e.from === step.id).map((e) => e.to);
  const canMoveUp = definition.edges.filter((e) => e.to === step.id).length === 1;
  const canMoveDown = definition.edges.filter((e) => e.from === step.id).length === 1;

  return (
    <Stack gap="sm" data-testid="step-settings">
      <Title order={2} size="h5">
        Step settings
      </Title>
      {problems.length > 0 && (
        <Alert color="orange" variant="light" p="xs" title="This step has problems">
          <List size="xs">
            {problems.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <TextInput
        size="xs"
        label="Step name"
        description={`${words}/${PACKET_WORKFLOW_LIMITS.stepNameMaxWords} words`}
        value={step.name}
        disabled={locked}
        error={nameError}
        onChange={(e) => update({ name: e.currentTarget.value })}
      />
      <Select
        size="xs"
        label="Kind of step"
        allowDeselect={false}
        disabled={locked}
        data={PACKET_STEP_KINDS.map((k) => ({ value: k, label: STEP_KIND_INFO[k].label }))}
        value={step.kind}
        onChange={(v) => v && changeKind(v as PacketStepKind)}
      />
      {isApproverKind(step.kind) && (
        <Switch
          size="xs"
          label="Signature required"
          checked={step.kind === 'APPROVER_WITH_SIGNATURE'}
          disabled={locked}
          onChange={(e) => update({ kind: e.currentTarget.checked ? 'APPROVER_WITH_SIGNATURE' : 'APPROVER' })}
        />
      )}
      <Divider label="Who acts" labelPosition="left" />
      {props.actorsEditor}
      {step.kind === 'SUBMITTER' && (
        <>
          <Divider label="Questions answered at this step" labelPosition="left" />
          <QuestionAssignment
            step={step}
            definition={definition}
            questions={questions}
            locked={locked}
            onChange={(questionIds) => update({ questionIds })}
          />
        </>
      )}
      <Divider label="Condition" labelPosition="left" />
      <Switch
        size="xs"
        label="Run this step only when a condition holds"
        checked={!!step.condition}
        disabled={locked || conditionSources.length === 0}
        onChange={(e) => {
          const first = conditionSources[0];
          if (e.currentTarget.checked && first)
            update({ condition: { combinator: 'and', conditions: [createComparison(first, today)] } });
          else update({ condition: undefined });
        }}
      />
      {step.condition && (
        <ConditionGroupEditor
          when={step.condition}
          path={[]}
          sources={conditionSources}
          locked={locked}
          today={today}
          onChange={(condition: ConditionGroup) => update({ condition })}
        />
      )}
      {!step.condition && (
        <Text size="xs" c="dimmed">
          Without a condition the step always runs. When its condition does not hold, it is skipped (N/A).
        </Text>
      )}
      <Divider label="Order" labelPosition="left" />
      <MultiSelect
        size="xs"
        label="Next steps"
        description="Connect this step to the steps that follow it"
        data={others.map((s) => ({ value: s.id, label: s.name || 'Unnamed step' }))}
        value={next}
        disabled={locked}
        clearable
        onChange={(value) =>
          dispatch({ type: 'setNextSteps', stepId: step.id, next: value, makeId: () => makeId('edge') })
        }
      />
      <Group gap="xs">
        <Button
          size="compact-xs"
          variant="default"
          disabled={locked || !canMoveUp}
          onClick={() => dispatch({ type: 'reorder', stepId: step.id, direction: -1 })}
        >
          Move earlier
        </Button>
        <Button
          size="compact-xs"
          variant="default"
          disabled={locked || !canMoveDown}
          onClick={() => dispatch({ type: 'reorder', stepId: step.id, direction: 1 })}
        >
          Move later
        </Button>
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          ml="auto"
          disabled={locked}
          onClick={() => dispatch({ type: 'removeStep', stepId: step.id, edgeId: makeId('edge') })}
        >
          Delete step
        </Button>
      </Group>
    </Stack>
  );
}

function QuestionAssignment({
  step,
  definition,
  questions,
  locked,
  onChange,
}: {
  step: PacketStep;
  definition: PacketWorkflowDefinition;
  questions: readonly PacketQuestion[];
  locked: boolean;
  onChange: (ids: string[]) => void;
}) {
  if (questions.length === 0)
    return (
      <Text size="xs" c="dimmed">
        The packet's forms have no questions to assign yet.
      </Text>
    );
  const elsewhere = new Map<string, string>();
  for (const other of definition.steps)
    if (other.id !== step.id && other.kind === 'SUBMITTER')
      for (const q of other.questionIds) elsewhere.set(q, other.name);
  const own = new Set(step.questionIds);
  const toggle = (ref: string, on: boolean) =>
    onChange(on ? [...step.questionIds, ref] : step.questionIds.filter((q) => q !== ref));
  const unassigned = questions.filter((q) => !own.has(q.ref) && !elsewhere.has(q.ref)).map((q) => q.ref);
  const forms = [...new Set(questions.map((q) => q.formName))];
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          {own.size} of {questions.length} questions
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={locked || unassigned.length === 0}
          onClick={() => onChange([...step.questionIds, ...unassigned])}
        >
          Take the unassigned ({unassigned.length})
        </Button>
      </Group>
      {forms.map((formName) => (
        <Stack key={formName} gap={2} role="group" aria-label={`Questions of ${formName}`}>
          {forms.length > 1 && (
            <Text size="xs" fw={600}>
              {formName}
            </Text>
          )}
          {questions
            .filter((q) => q.formName === formName)
            .map((q) => (
              <Checkbox
                key={q.ref}
                size="xs"
                disabled={locked}
                checked={own.has(q.ref)}
                label={q.label}
                description={elsewhere.has(q.ref) ? `Assigned to ${elsewhere.get(q.ref)}` : undefined}
                onChange={(e) => toggle(q.ref, e.currentTarget.checked)}
              />
            ))}
        </Stack>
      ))}
    </Stack>
  );
}
