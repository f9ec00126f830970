import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import {
  CONDITION_ACTIONS,
  isAnswerableType,
  type ConditionAction,
  type ConditionRule,
  type FormElement,
  type FormVersion,
} from '../../../../../form-engine';
import type { BuilderAction } from './builder-state';
import { ACTION_LABELS, conditionSources, createRule } from './condition-helpers';
import { ConditionGroupEditor } from '../../../shared/conditions/ConditionGroupEditor';
import type { MakeId } from './create-element';

interface Props {
  target: FormElement;
  draft: FormVersion;
  locked: boolean;
  today: string;
  makeId: MakeId;
  dispatch: (action: BuilderAction) => void;
}

/** The nearest question above the target is the most likely one to depend on; else the first question. */
function pickDefaultSource(sources: readonly FormElement[], draft: FormVersion, target: FormElement) {
  const targetIndex = draft.elements.findIndex((e) => e.id === target.id);
  const above = sources.filter((s) => draft.elements.findIndex((e) => e.id === s.id) < targetIndex);
  return above.at(-1) ?? sources[0];
}

/** Show, hide or require the selected element from other answers; rules are data (see form-engine/README.md). */
export function ConditionEditor({ target, draft, locked, today, makeId, dispatch }: Props) {
  const titleId = useId();
  const rules = draft.conditions.filter((rule) => rule.target === target.id);
  const sources = conditionSources(draft, target.id);
  const actions = CONDITION_ACTIONS.filter((a) => a !== 'require' || isAnswerableType(target.type));
  const add = () => {
    const source = pickDefaultSource(sources, draft, target);
    if (source) dispatch({ type: 'saveCondition', rule: createRule(target, source, today, makeId) });
  };
  const save = (rule: ConditionRule) => dispatch({ type: 'saveCondition', rule });
  return (
    <Stack gap="xs" aria-labelledby={titleId} role="group">
      <Title order={3} size="h6" id={titleId}>
        Conditions
      </Title>
      {rules.length === 0 && (
        <Text size="xs" c="dimmed">
          {sources.length === 0
            ? 'Add another question to the form to make this element depend on its answer.'
            : 'Always shown. Add a condition to show, hide or require it from other answers.'}
        </Text>
      )}
      {rules.map((rule, index) => (
        <Card key={rule.id} withBorder padding="xs" data-testid="condition-rule">
          <Stack gap="xs">
            <Select
              size="xs"
              label={`Condition ${index + 1}`}
              allowDeselect={false}
              disabled={locked}
              data={actions.map((a) => ({ value: a, label: ACTION_LABELS[a] }))}
              value={rule.action}
              onChange={(value) => value && save({ ...rule, action: value as ConditionAction })}
            />
            <ConditionGroupEditor
              when={rule.when}
              path={[]}
              sources={sources}
              locked={locked}
              today={today}
              onChange={(when) => save({ ...rule, when })}
            />
            <Group justify="flex-end">
              <Button
                size="xs"
                variant="subtle"
                color="red"
                disabled={locked}
                onClick={() => dispatch({ type: 'removeCondition', ruleId: rule.id })}
              >
                Remove condition {index + 1}
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
      <Group>
        <Button size="xs" variant="light" onClick={add} disabled={locked || sources.length === 0}>
          Add condition
        </Button>
      </Group>
    </Stack>
  );
}
