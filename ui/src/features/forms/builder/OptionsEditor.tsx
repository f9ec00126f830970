import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { FORM_LIMITS, type ChoiceOption } from '../../../../../form-engine';
import { TrashIcon } from '../../../shared/icons';
import { createOptions, type MakeId } from './create-element';

interface Props {
  /** "Options", "Checkboxes", "Radio buttons": what the count and the list are called. */
  title: string;
  options: readonly ChoiceOption[];
  /** Option wording stays editable on a published form; adding, removing and counting do not. */
  locked: boolean;
  max?: number;
  makeId: MakeId;
  onChange: (options: ChoiceOption[]) => void;
}

/** The options of a choice element, with the spec's "number of checkboxes or radios" as a count. */
export function OptionsEditor({ title, options, locked, max = FORM_LIMITS.maxOptions, makeId, onChange }: Props) {
  const titleId = useId();
  const resize = (count: number) => {
    const wanted = Math.max(1, Math.min(max, Math.trunc(count)));
    if (wanted <= options.length) onChange(options.slice(0, wanted));
    else onChange([...options, ...createOptions(wanted - options.length, makeId, options.length + 1)]);
  };
  return (
    <Stack gap="xs">
      <NumberInput
        label={`Number of ${title.toLowerCase()}`}
        min={1}
        max={max}
        value={options.length}
        disabled={locked}
        onChange={(value) => typeof value === 'number' && resize(value)}
        allowDecimal={false}
      />
      <Text size="sm" fw={500} id={titleId}>
        {title}
      </Text>
      <Stack gap={6} role="list" aria-labelledby={titleId}>
        {options.map((option, index) => (
          <Group key={option.id} gap={6} wrap="nowrap" role="listitem">
            <TextInput
              flex={1}
              size="xs"
              aria-label={`${title} ${index + 1} label`}
              value={option.label}
              error={option.label.trim() === '' ? 'Enter a label' : undefined}
              onChange={(event) => {
                const label = event.currentTarget.value;
                onChange(options.map((o) => (o.id === option.id ? { ...o, label } : o)));
              }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${option.label || `option ${index + 1}`}`}
              disabled={locked || options.length <= 1}
              onClick={() => onChange(options.filter((o) => o.id !== option.id))}
            >
              <TrashIcon />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <Group>
        <Button
          size="xs"
          variant="light"
          disabled={locked || options.length >= max}
          onClick={() => resize(options.length + 1)}
        >
          Add option
        </Button>
      </Group>
    </Stack>
  );
}
