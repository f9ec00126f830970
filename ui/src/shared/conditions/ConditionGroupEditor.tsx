import { Box, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  FORM_LIMITS,
  isConditionGroup,
  type Comparison,
  type ConditionGroup,
  type FormElement,
} from '../../../../form-engine';
import { ComparisonRow } from './ComparisonRow';
import { createComparison, groupAt, updateGroupAt } from './condition-values';

interface Props {
  /** The root group of the condition being edited. */
  when: ConditionGroup;
  /** Child indices from the root group to this group. */
  path: readonly number[];
  sources: readonly FormElement[];
  locked: boolean;
  today: string;
  onChange: (when: ConditionGroup) => void;
}

/**
 * One AND/OR group: its comparisons and nested groups, edited in place in the condition's tree. `sources` are the
 * questions a comparison may read (their `id` is what the comparison stores).
 */
export function ConditionGroupEditor({ when, path, sources, locked, today, onChange }: Props) {
  const group = groupAt(when, path);
  if (!group) return null;
  const update = (fn: (g: ConditionGroup) => ConditionGroup) => onChange(updateGroupAt(when, path, fn));
  const first = sources[0];
  const addComparison = () =>
    first && update((g) => ({ ...g, conditions: [...g.conditions, createComparison(first, today)] }));
  const addGroup = () =>
    first &&
    update((g) => ({
      ...g,
      conditions: [
        ...g.conditions,
        { combinator: g.combinator === 'and' ? 'or' : 'and', conditions: [createComparison(first, today)] },
      ],
    }));
  const removeChild = (index: number) =>
    update((g) => ({ ...g, conditions: g.conditions.filter((_, i) => i !== index) }));
  const setChild = (index: number, comparison: Comparison) =>
    update((g) => ({ ...g, conditions: g.conditions.map((c, i) => (i === index ? comparison : c)) }));
  const canNest = path.length + 2 < FORM_LIMITS.maxConditionDepth;
  const label = path.length === 0 ? 'When' : 'Group';
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap">
        <Text size="xs" fw={600}>
          {label}
        </Text>
        <SegmentedControl
          size="xs"
          aria-label={`${label}: combine the rules with`}
          disabled={locked}
          value={group.combinator}
          onChange={(value) => update((g) => ({ ...g, combinator: value as 'and' | 'or' }))}
          data={[
            { value: 'and', label: 'All (AND)' },
            { value: 'or', label: 'Any (OR)' },
          ]}
        />
      </Group>
      {group.conditions.map((child, index) =>
        isConditionGroup(child) ? (
          <Box key={index} pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-grape-3)' }}>
            <ConditionGroupEditor
              when={when}
              path={[...path, index]}
              sources={sources}
              locked={locked}
              today={today}
              onChange={onChange}
            />
            <Button size="compact-xs" variant="subtle" color="red" disabled={locked} onClick={() => removeChild(index)}>
              Remove group
            </Button>
          </Box>
        ) : (
          <ComparisonRow
            key={index}
            comparison={child}
            sources={sources}
            locked={locked}
            today={today}
            // The root group keeps at least one rule: an empty group would mean nothing.
            canRemove={group.conditions.length > 1}
            onChange={(comparison) => setChild(index, comparison)}
            onRemove={() => removeChild(index)}
          />
        ),
      )}
      <Group gap="xs">
        <Button size="compact-xs" variant="light" disabled={locked || !first} onClick={addComparison}>
          Add rule
        </Button>
        {canNest && (
          <Button size="compact-xs" variant="default" disabled={locked || !first} onClick={addGroup}>
            Add group
          </Button>
        )}
      </Group>
    </Stack>
  );
}
