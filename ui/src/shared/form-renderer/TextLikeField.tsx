import { Textarea, TextInput } from '@mantine/core';
import { asText, textAnswer, type FieldProps } from './field-props';
import { describeTextLimits, joinHints } from './text-hints';

type TextLikeType = 'shortText' | 'longText' | 'studentId' | 'psaName' | 'websiteLink' | 'time';

const AUTOCOMPLETE: Partial<Record<TextLikeType, string>> = { websiteLink: 'url', psaName: 'off' };

/** Short and long text, student ID, PSA name, website link and time (HH:MM, the browser's time input). */
export function TextLikeField({
  element,
  value,
  onChange,
  onBlur,
  error,
  required,
  readOnly,
  inputId,
}: FieldProps<TextLikeType>) {
  const description = joinHints(
    element.tips,
    describeTextLimits(element.input.minLength, element.input.maxLength),
    element.type === 'time' ? 'Use the 24-hour clock, e.g. 14:30.' : null,
  );
  const common = {
    id: inputId,
    label: element.label,
    description,
    error,
    required,
    readOnly,
    placeholder: element.placeholder,
    value: asText(value),
    onChange: (event: { currentTarget: { value: string } }) => onChange(textAnswer(event.currentTarget.value)),
    onBlur,
    autoComplete: AUTOCOMPLETE[element.type],
  };
  if (element.type === 'longText') {
    return <Textarea {...common} autosize minRows={3} maxRows={12} maxLength={element.input.maxLength} />;
  }
  if (element.type === 'time') return <TextInput {...common} type="time" step={60} />;
  if (element.type === 'websiteLink') {
    return <TextInput {...common} type="url" inputMode="url" placeholder={element.placeholder ?? 'https://'} />;
  }
  if (element.type === 'shortText' && element.inputFormat === 'phone') {
    return <TextInput {...common} type="tel" inputMode="tel" autoComplete="tel" maxLength={40} />;
  }
  return <TextInput {...common} maxLength={element.input.maxLength} />;
}
