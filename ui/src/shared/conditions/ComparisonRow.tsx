import { ActionIcon, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { Comparison, ConditionOperator, ConditionValue, FormElement } from '../../../../form-engine';
import { TrashIcon } from '../icons';
import {
  allowedOperators,
  createComparison,
  defaultValue,
  OPERATOR_LABELS,
  valueChoices,
  valueKind,
} from './condition-values';

/** The question's own text, else its data label. */
function sourceTitle(element: FormElement): string {
  return element.label.trim() || element.dataLabel;
}

interface Props {
  comparison: Comparison;
  sources: readonly FormElement[];
  locked: boolean;
  today: string;
  canRemove: boolean;
  onChange: (comparison: Comparison) => void;
  onRemove: () => void;
}

function withValue(comparison: Comparison, value: ConditionValue | undefined): Comparison {
  const { value: _old, ...rest } = comparison;
  return value === undefined ? rest : { ...rest, value };
}

/** One test: source element, operator (only those the engine allows for it), and a value that fits. */
export function ComparisonRow({ comparison, sources, locked, today, canRemove, onChange, onRemove }: Props) {
  const source = sources.find((s) => s.id === comparison.element);
  const operators = source ? allowedOperators(source.type) : [];
  const kind = source ? valueKind(comparison.operator, source) : 'text';

  const changeSource = (id: string) => {
    const next = sources.find((s) => s.id === id);
    if (!next) return;
    const keep = allowedOperators(next.type).includes(comparison.operator);
    onChange(createComparison(next, today, keep ? comparison.operator : undefined));
  };
  const changeOperator = (operator: ConditionOperator) => {
    if (!source) return;
    const nextKind = valueKind(operator, source);
    const value = nextKind === kind ? comparison.value : defaultValue(nextKind, source, today);
    onChange(withValue({ ...comparison, operator }, value));
  };
  const setValue = (value: ConditionValue | undefined) => onChange(withValue(comparison, value));

  return (
    <Group gap={6} align="flex-end" wrap="nowrap" data-testid="condition-comparison">
      <Stack gap={4} flex={1}>
        <Select
          size="xs"
          label="Element"
          placeholder={source ? undefined : 'Deleted element'}
          allowDeselect={false}
          searchable
          disabled={locked}
          data={sources.map((s) => ({ value: s.id, label: `${sourceTitle(s)} (${s.dataLabel})` }))}
          value={source ? comparison.element : null}
          onChange={(value) => value && changeSource(value)}
        />
        <SimpleGrid cols={kind === 'none' ? 1 : 2} spacing={6}>
          <Select
            size="xs"
            label="Operator"
            allowDeselect={false}
            disabled={locked || !source}
            data={operators.map((o) => ({ value: o, label: OPERATOR_LABELS[o] }))}
            value={comparison.operator}
            onChange={(value) => value && changeOperator(value as ConditionOperator)}
          />
          {source && kind !== 'none' && (
            <ValueInput kind={kind} source={source} comparison={comparison} locked={locked} onChange={setValue} />
          )}
        </SimpleGrid>
      </Stack>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label="Remove this rule"
        disabled={locked || !canRemove}
        onClick={onRemove}
        mb={4}
      >
        <TrashIcon />
      </ActionIcon>
    </Group>
  );
}

function ValueInput({
  kind,
  source,
  comparison,
  locked,
  onChange,
}: {
  kind: ReturnType<typeof valueKind>;
  source: FormElement;
  comparison: Comparison;
  locked: boolean;
  onChange: (value: ConditionValue | undefined) => void;
}) {
  const value = comparison.value;
  switch (kind) {
    case 'none':
      return null;
    case 'years':
    case 'number':
      return (
        <NumberInput
          size="xs"
          label={kind === 'years' ? 'Years' : 'Value'}
          min={kind === 'years' ? 0 : undefined}
          max={kind === 'years' ? 150 : undefined}
          allowDecimal={false}
          disabled={locked}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
        />
      );
    case 'date':
    case 'time':
      return (
        <TextInput
          size="xs"
          type={kind}
          label="Value"
          disabled={locked}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value || undefined)}
        />
      );
    case 'boolean':
      return (
        <Select
          size="xs"
          label="Value"
          allowDeselect={false}
          disabled={locked}
          data={[{ value: 'true', label: 'Accepted' }]}
          value="true"
          onChange={() => onChange(true)}
        />
      );
    case 'option': {
      const choices = valueChoices(source) ?? [];
      return (
        <Select
          size="xs"
          label="Value"
          allowDeselect={false}
          disabled={locked}
          data={choices}
          value={value === undefined ? null : String(value)}
          onChange={(v) => v !== null && onChange(source.type === 'scaleRating' ? Number(v) : v)}
        />
      );
    }
    case 'text':
      return (
        <TextInput
          size="xs"
          label="Value"
          disabled={locked}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
