import { Checkbox, MultiSelect, Radio, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import type { ChoiceOption } from '../../../../form-engine';
import { asStringList, asText, textAnswer, type FieldProps } from './field-props';
import { describeSelectionLimits, joinHints } from './text-hints';

type ChoiceType = 'dropdown' | 'multipleChoice' | 'checkbox' | 'radioButtons' | 'sport' | 'academicStanding';

const toData = (choices: readonly ChoiceOption[]) =>
  choices.map((choice) => ({ value: choice.id, label: choice.label }));
const listAnswer = (ids: string[]) => (ids.length === 0 ? undefined : ids);

/**
 * Every element answered by picking options: dropdown (single or multiple), multiple choice (radios or checkboxes),
 * a checkbox group, radio buttons, sport(s) and academic standing (stored codes shown with their labels).
 * Lists of options render as real radio/checkbox groups; a dropdown is a select.
 */
export function ChoiceField(props: FieldProps<ChoiceType>) {
  const { element, value, onChange, onBlur, error, required, readOnly, inputId } = props;
  const choices = element.input.choices ?? [];
  const multiple = element.input.multiple;
  const description = joinHints(
    element.tips,
    multiple ? describeSelectionLimits(element.input.minSelections, element.input.maxSelections) : null,
  );
  const wrapper = { id: inputId, label: element.label, description, error, required, readOnly, onBlur };
  const placeholder = 'placeholder' in element ? element.placeholder : undefined;

  // Sport(s) without a list of sports accepts any name (the engine does not know the school's teams).
  if (element.type === 'sport' && !element.options) {
    return multiple ? (
      <TagsInput
        {...wrapper}
        placeholder={placeholder ?? 'Type a sport and press Enter'}
        value={asStringList(value)}
        onChange={(ids) => onChange(listAnswer(ids))}
        maxTags={element.input.maxSelections}
      />
    ) : (
      <TextInput
        {...wrapper}
        placeholder={placeholder}
        value={asText(value)}
        onChange={(event) => onChange(textAnswer(event.currentTarget.value))}
      />
    );
  }

  const asList = element.type === 'checkbox' || element.type === 'multipleChoice' || element.type === 'radioButtons';
  if (asList && multiple) {
    return (
      <Checkbox.Group {...wrapper} value={asStringList(value)} onChange={(ids) => onChange(listAnswer(ids))}>
        <Stack gap="xs" mt="xs">
          {choices.map((choice) => (
            <Checkbox key={choice.id} value={choice.id} label={choice.label} disabled={readOnly} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  }
  if (asList) {
    return (
      <Radio.Group {...wrapper} value={asText(value) || null} onChange={(id) => onChange(textAnswer(id))}>
        <Stack gap="xs" mt="xs">
          {choices.map((choice) => (
            <Radio key={choice.id} value={choice.id} label={choice.label} disabled={readOnly} />
          ))}
        </Stack>
      </Radio.Group>
    );
  }
  if (multiple) {
    return (
      <MultiSelect
        {...wrapper}
        data={toData(choices)}
        placeholder={placeholder}
        value={asStringList(value)}
        onChange={(ids) => onChange(listAnswer(ids))}
        maxValues={element.input.maxSelections}
        clearable={!readOnly}
        hidePickedOptions
      />
    );
  }
  return (
    <Select
      {...wrapper}
      data={toData(choices)}
      placeholder={placeholder ?? 'Choose one'}
      value={asText(value) || null}
      onChange={(id) => onChange(id ?? undefined)}
      clearable={!readOnly && !required}
      allowDeselect={!required}
    />
  );
}
