import { TextInput } from '@mantine/core';
import { formatDateAs } from './date-format';
import { asText, textAnswer, type FieldProps } from './field-props';
import { joinHints } from './text-hints';
import { DateField as SharedDateField } from '../DateField';

/**
 * Date and date of birth: the app's one date field, whose value is always ISO YYYY-MM-DD (how dates travel).
 * The element's date format is how the date is shown back (read-only view and the hint under the field).
 */
export function DateField({
  element,
  value,
  onChange,
  onBlur,
  error,
  required,
  readOnly,
  inputId,
  today,
}: FieldProps<'date' | 'dob'>) {
  const iso = asText(value);
  const format = element.input.dateFormat;
  const label = element.label;
  if (readOnly) {
    return (
      <TextInput
        id={inputId}
        label={label}
        description={element.tips}
        readOnly
        value={iso ? formatDateAs(iso, format) : ''}
      />
    );
  }
  const min = element.type === 'date' ? element.limits?.minDate : undefined;
  // A date of birth cannot be after the form-filling date; the engine says so too.
  const max = element.type === 'date' ? element.limits?.maxDate : today;
  return (
    <SharedDateField
      id={inputId}
      label={label}
      description={joinHints(element.tips, iso ? `Shown as ${formatDateAs(iso, format)}.` : null)}
      error={error}
      required={required}
      value={iso}
      minDate={min}
      maxDate={max}
      clearable
      autoComplete={element.type === 'dob' ? 'bday' : 'off'}
      onChange={(v) => onChange(textAnswer(v))}
      onBlur={onBlur}
    />
  );
}
