import {
  DateInput,
  DatePickerInput,
  DateTimePicker,
  type DateInputProps,
  type DatePickerInputProps,
  type DateTimePickerProps,
} from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { forwardRef, useId, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues, type RegisterOptions } from 'react-hook-form';

dayjs.extend(customParseFormat);

/**
 * The one date field of the UI (Mantine dates; its styles are imported once, in app/AppProviders). Values travel as
 * ISO `YYYY-MM-DD` strings, '' when empty; the field shows them as "Dec 2, 2026". A typed date is read either way.
 *
 * Mantine gives the calendar drop-down (role=dialog) an aria-labelledby that points at the popover's own id, while the
 * field carries the input's id, so the dialog has no name. Giving the popover the field's id names the dialog by the
 * field, whose name is its visible label.
 */
export const DATE_DISPLAY_FORMAT = 'MMM D, YYYY';
const TYPED_FORMATS = ['YYYY-MM-DD', DATE_DISPLAY_FORMAT, 'MMMM D, YYYY', 'M/D/YYYY'];

/** Reads a typed date: ISO (how dates travel and how tests type them) or as the field shows it; else null. */
export function parseTypedDate(value: string): string | null {
  const text = value.trim();
  for (const format of TYPED_FORMATS) {
    const d = dayjs(text, format, true);
    if (d.isValid()) return d.format('YYYY-MM-DD');
  }
  return null;
}

export interface DateFieldProps extends Omit<DateInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** `YYYY-MM-DD`, or '' / null when empty. */
  value: string | null | undefined;
  /** `YYYY-MM-DD`, or '' once cleared. */
  onChange: (value: string) => void;
}

function usePopoverId(id: string | undefined): string {
  const generated = useId();
  return id ?? `date-${generated}`;
}

/** Marks the Escape this field sends itself, so that it closes only the calendar and never the dialog around it. */
const CLOSES_CALENDAR = Symbol('closes the calendar');
const STOP_PROPAGATION = 'data-mantine-stop-propagation';

/**
 * Once a whole date is typed the calendar has nothing left to offer, and left open it covers what comes below (a
 * dialog's Save button among them). Mantine keeps its open state to itself and closes it on Escape, so the field
 * sends itself one, marked so that it stops at the field.
 */
function closeCalendarAfterTyping(fieldId: string) {
  queueMicrotask(() => {
    const input = document.getElementById(fieldId);
    if (!(input instanceof HTMLInputElement) || document.activeElement !== input || !parseTypedDate(input.value))
      return;
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true });
    Object.defineProperty(escape, CLOSES_CALENDAR, { value: true });
    // A Mantine modal closes on any Escape it hears first (a capture listener on window) unless its target says not to.
    const stop = input.getAttribute(STOP_PROPAGATION);
    input.setAttribute(STOP_PROPAGATION, 'true');
    input.dispatchEvent(escape);
    if (stop === null) input.removeAttribute(STOP_PROPAGATION);
    else input.setAttribute(STOP_PROPAGATION, stop);
  });
}

export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  { value, onChange, popoverProps, id, onKeyDown, ...props },
  ref,
) {
  const fieldId = usePopoverId(id);
  return (
    <DateInput
      valueFormat={DATE_DISPLAY_FORMAT}
      dateParser={parseTypedDate}
      placeholder="Pick or type a date"
      {...props}
      ref={ref}
      id={fieldId}
      popoverProps={{ ...popoverProps, id: fieldId }}
      value={value || null}
      onChange={(v) => {
        onChange(v ?? '');
        if (v) closeCalendarAfterTyping(fieldId);
      }}
      onKeyDown={(event: ReactKeyboardEvent<HTMLInputElement>) => {
        if (CLOSES_CALENDAR in event.nativeEvent) {
          event.stopPropagation();
          return;
        }
        onKeyDown?.(event);
      }}
    />
  );
});

/** A date field bound to a react-hook-form field (the form's rules apply as with `register`). */
export function FormDateField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  rules,
  ...props
}: Omit<DateFieldProps, 'value' | 'onChange' | 'name'> & {
  control: Control<T>;
  name: N;
  rules?: Omit<RegisterOptions<T, N>, 'valueAsNumber' | 'valueAsDate' | 'setValueAs' | 'disabled'>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      rules={rules}
      render={({ field }) => (
        <DateField
          {...props}
          ref={field.ref}
          name={field.name}
          value={field.value as string | null}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

/** A range of dates (reports' periods), same looks and naming as the single field. */
export function DateRangeField(props: DatePickerInputProps<'range'>) {
  const id = usePopoverId(props.id);
  return (
    <DatePickerInput<'range'>
      valueFormat={DATE_DISPLAY_FORMAT}
      {...props}
      type="range"
      id={id}
      popoverProps={{ ...props.popoverProps, id }}
    />
  );
}

/** A day and a time of day; the value is local `YYYY-MM-DDTHH:mm` (as a datetime-local input gave it), '' when empty. */
export function DateTimeField({
  value,
  onChange,
  ...props
}: Omit<DateTimePickerProps, 'value' | 'onChange' | 'defaultValue'> & {
  value: string;
  onChange: (value: string) => void;
}) {
  const id = usePopoverId(props.id);
  return (
    <DateTimePicker
      valueFormat={`${DATE_DISPLAY_FORMAT} h:mm A`}
      {...props}
      id={id}
      popoverProps={{ ...props.popoverProps, id }}
      value={value ? `${value.replace('T', ' ')}:00` : null}
      onChange={(v) => onChange(v ? v.slice(0, 16).replace(' ', 'T') : '')}
    />
  );
}
