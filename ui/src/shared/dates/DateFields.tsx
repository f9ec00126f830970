import {
  DateInput as MantineDateInput,
  DatePickerInput as MantineDatePickerInput,
  type DateInputProps,
  type DatePickerInputProps,
  type DatePickerType,
} from '@mantine/dates';
import { useId } from 'react';

/**
 * The date fields of the UI. Mantine gives the calendar drop-down (role=dialog) an aria-labelledby that points at the
 * popover's own id, while the field itself carries the input's id, so the dialog has no name. Giving the popover the
 * field's id makes the dialog named by the field, whose name is its visible label.
 */
export function DateInput(props: DateInputProps) {
  const generated = useId();
  const id = props.id ?? `date-${generated}`;
  return <MantineDateInput {...props} id={id} popoverProps={{ ...props.popoverProps, id }} />;
}

export function DatePickerInput<Type extends DatePickerType = 'default'>(props: DatePickerInputProps<Type>) {
  const generated = useId();
  const id = props.id ?? `date-${generated}`;
  return <MantineDatePickerInput<Type> {...props} id={id} popoverProps={{ ...props.popoverProps, id }} />;
}

/** Reads a typed date only in the wire format (YYYY-MM-DD), for the date fields' `dateParser`. */
export function parseIsoDate(value: string): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? value.trim() : null;
}
