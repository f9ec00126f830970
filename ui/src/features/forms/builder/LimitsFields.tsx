import { Group, NumberInput } from '@mantine/core';
import type { DateLimits, SelectionLimits, TextLimits } from '../../../../../form-engine';
import { compactLimits, toOptionalNumber } from './patch-element';
import { DateField } from '../../../shared/DateField';

interface Props<L> {
  limits: L | undefined;
  disabled: boolean;
  onChange: (limits: L | undefined) => void;
}

export function TextLimitsFields({ limits, disabled, onChange }: Props<TextLimits>) {
  const set = (key: keyof TextLimits, value: string | number) =>
    onChange(compactLimits({ ...limits, [key]: toOptionalNumber(value) }));
  return (
    <Group grow gap="xs">
      <NumberInput
        label="Minimum characters"
        min={0}
        allowDecimal={false}
        value={limits?.minLength ?? ''}
        disabled={disabled}
        onChange={(value) => set('minLength', value)}
      />
      <NumberInput
        label="Maximum characters"
        min={1}
        allowDecimal={false}
        value={limits?.maxLength ?? ''}
        disabled={disabled}
        onChange={(value) => set('maxLength', value)}
      />
    </Group>
  );
}

export function SelectionLimitsFields({ limits, disabled, onChange }: Props<SelectionLimits>) {
  const set = (key: keyof SelectionLimits, value: string | number) =>
    onChange(compactLimits({ ...limits, [key]: toOptionalNumber(value) }));
  return (
    <Group grow gap="xs">
      <NumberInput
        label="Minimum selections"
        min={0}
        allowDecimal={false}
        value={limits?.minSelections ?? ''}
        disabled={disabled}
        onChange={(value) => set('minSelections', value)}
      />
      <NumberInput
        label="Maximum selections"
        min={1}
        allowDecimal={false}
        value={limits?.maxSelections ?? ''}
        disabled={disabled}
        onChange={(value) => set('maxSelections', value)}
      />
    </Group>
  );
}

export function DateLimitsFields({ limits, disabled, onChange }: Props<DateLimits>) {
  const set = (key: keyof DateLimits, value: string) =>
    onChange(compactLimits({ ...limits, [key]: value === '' ? undefined : value }));
  return (
    <Group grow gap="xs">
      <DateField
        label="Earliest date"
        clearable
        value={limits?.minDate}
        disabled={disabled}
        onChange={(value) => set('minDate', value)}
      />
      <DateField
        label="Latest date"
        clearable
        value={limits?.maxDate}
        disabled={disabled}
        onChange={(value) => set('maxDate', value)}
      />
    </Group>
  );
}
