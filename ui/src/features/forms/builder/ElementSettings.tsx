import { Badge, Divider, Group, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  isAnswerableType,
  PREPOPULATABLE_TYPES,
  type ElementType,
  type FormElement,
  type FormVersion,
} from '../../../../../form-engine';
import type { BuilderProblem } from './builder-problems';
import type { BuilderAction } from './builder-state';
import { ConditionEditor } from './ConditionEditor';
import type { MakeId } from './create-element';
import { ELEMENT_LABELS } from './element-catalog';
import { patchElement } from './patch-element';
import { TypeSettings } from './TypeSettings';

/** Types where a placeholder shows inside one text-like input. */
const PLACEHOLDER_TYPES: ReadonlySet<ElementType> = new Set<ElementType>([
  'sport',
  'studentId',
  'dob',
  'date',
  'shortText',
  'longText',
  'dropdown',
  'psaName',
  'websiteLink',
  'time',
]);
const prepopulatable: ReadonlySet<string> = new Set(PREPOPULATABLE_TYPES);

interface Props {
  element: FormElement;
  draft: FormVersion;
  problems: readonly BuilderProblem[];
  locked: boolean;
  today: string;
  makeId: MakeId;
  onChange: (element: FormElement) => void;
  onLabel: (label: string) => void;
  dispatch: (action: BuilderAction) => void;
}

/** Every setting of the selected element, then the conditions acting on it. */
export function ElementSettings({ element, draft, problems, locked, today, makeId, ...handlers }: Props) {
  const { onChange } = handlers;
  const answerable = isAnswerableType(element.type);
  const dataLabelError = problems.find(
    (p) =>
      p.elementId === element.id && (p.code === 'FORM_LABEL_NOT_UNIQUE' || p.message.endsWith('needs a data label.')),
  )?.message;
  return (
    <Stack gap="sm" data-testid="element-settings">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h5">
          Settings
        </Title>
        <Badge variant="light">{ELEMENT_LABELS[element.type]}</Badge>
      </Group>
      <TextInput
        label={element.type === 'heading' ? 'Heading text' : answerable ? 'Question label' : 'Caption'}
        value={element.label}
        withAsterisk={answerable}
        onChange={(e) => handlers.onLabel(e.currentTarget.value)}
        error={answerable && element.label.trim() === '' ? 'A question needs a label.' : undefined}
      />
      <TextInput
        label="Unique data label"
        description="The name of this field in reports and exports."
        value={element.dataLabel}
        disabled={locked}
        error={dataLabelError}
        onChange={(e) => onChange(patchElement(element, { dataLabel: e.currentTarget.value }))}
      />
      {PLACEHOLDER_TYPES.has(element.type) && (
        <TextInput
          label="Placeholder"
          value={(element as { placeholder?: string }).placeholder ?? ''}
          onChange={(e) =>
            onChange(
              patchElement(element as FormElement & { placeholder?: string }, {
                placeholder: e.currentTarget.value || undefined,
              }),
            )
          }
        />
      )}
      <Textarea
        label="Tips"
        description="Help shown under the field."
        autosize
        minRows={1}
        maxRows={4}
        value={element.tips ?? ''}
        onChange={(e) => onChange(patchElement(element, { tips: e.currentTarget.value || undefined }))}
      />
      {answerable && (
        <Switch
          label="Required"
          checked={(element as { required?: boolean }).required ?? false}
          disabled={locked}
          onChange={(e) =>
            onChange(
              patchElement(element as FormElement & { required?: boolean }, {
                required: e.currentTarget.checked || undefined,
              }),
            )
          }
        />
      )}
      {prepopulatable.has(element.type) && (
        <Switch
          label="Pre-populate with system data"
          description="Filled in from the profile of the person filling in the form."
          checked={(element as { prepopulate?: boolean }).prepopulate ?? false}
          disabled={locked}
          onChange={(e) =>
            onChange(
              patchElement(element as FormElement & { prepopulate?: boolean }, {
                prepopulate: e.currentTarget.checked || undefined,
              }),
            )
          }
        />
      )}
      <TypeSettings element={element} locked={locked} makeId={makeId} onChange={onChange} />
      <Divider my="xs" />
      <ConditionEditor
        target={element}
        draft={draft}
        locked={locked}
        today={today}
        makeId={makeId}
        dispatch={handlers.dispatch}
      />
      {locked && (
        <Text size="xs" c="dimmed">
          This form is published: only wording (labels, tips, placeholders, texts and option wording) can change.
        </Text>
      )}
    </Stack>
  );
}
