import type { ElementType, RenderElement } from '../../../../form-engine';

/** The render element of one type (the render model is FormElement plus resolved input hints). */
export type RenderOf<T extends ElementType> = Extract<RenderElement, { type: T }>;

/** What every answerable element component receives from the renderer. */
export interface FieldProps<T extends ElementType = ElementType> {
  element: RenderOf<T>;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  error?: string | undefined;
  /** Live: the element's own setting or a require rule that holds now. */
  required: boolean;
  readOnly: boolean;
  /** Id of the element's main input; the label, description and error ids derive from it. */
  inputId: string;
  /** The form-filling date, YYYY-MM-DD. */
  today: string;
}

/** The ids Mantine's Input.Wrapper gives its description and error for a given input id. */
export function describedByIds(inputId: string, parts: { error?: unknown; description?: unknown }): string | undefined {
  const ids = [parts.error ? `${inputId}-error` : null, parts.description ? `${inputId}-description` : null].filter(
    Boolean,
  );
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function asText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function asStringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' && value !== '' ? [value] : [];
}

/** Blank text is no answer: the engine drops it anyway, and the field stays "unanswered" for required checks. */
export function textAnswer(text: string): string | undefined {
  return text === '' ? undefined : text;
}
