import { Checkbox, Paper, Text } from '@mantine/core';
import { FieldGroup } from './FieldGroup';
import type { FieldProps } from './field-props';

/** Legal text with an acknowledgement checkbox; ticked is the answer `true`, unticked is no answer. */
export function LegalField({
  element,
  value,
  onChange,
  onBlur,
  error,
  required,
  readOnly,
  inputId,
}: FieldProps<'legal'>) {
  const textId = `${inputId}-text`;
  return (
    <FieldGroup id={inputId} label={element.label} tips={element.tips} error={error} required={required}>
      <Paper
        id={textId}
        withBorder
        p="sm"
        mb="sm"
        // Long terms scroll inside the box; focusable so keyboard users can scroll it too.
        tabIndex={0}
        style={{ maxHeight: 220, overflowY: 'auto' }}
        aria-label={`${element.label} (text)`}
      >
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {element.text}
        </Text>
      </Paper>
      <Checkbox
        id={`${inputId}-accept`}
        label="I have read and accept these terms"
        checked={value === true}
        disabled={readOnly}
        required={required}
        error={!!error}
        onBlur={onBlur}
        onChange={(event) => onChange(event.currentTarget.checked ? true : undefined)}
      />
    </FieldGroup>
  );
}
