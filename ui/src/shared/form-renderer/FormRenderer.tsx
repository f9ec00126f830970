import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type FieldValues } from 'react-hook-form';
import { AppError } from '../../../../domain/errors';
import {
  compileForm,
  normalizeAnswers,
  prepopulate,
  type CompiledForm,
  type FormVersion,
  type PersonData,
} from '../../../../form-engine';
import '../form-engine-validation';
import { DisplayElement } from './DisplayElement';
import { createEngineResolver, FORM_ERROR_FIELD } from './engine-resolver';
import { ErrorSummary, type SummaryItem } from './ErrorSummary';
import { toAnswers, toFieldName, toFormValues } from './field-names';
import { FormElementField } from './FormElementField';

export interface FormRendererProps {
  version: FormVersion;
  /** Answers already given (a draft); they win over pre-populated system data. */
  initialAnswers?: Record<string, unknown>;
  /** System data about the person filling in, for elements set to pre-populate. */
  person?: PersonData;
  /** The form-filling date, YYYY-MM-DD (age conditions, "autofill today's date", DOB not in the future). */
  today: string;
  /** Called with the answers that would be stored (blanks and hidden elements removed) once they validate. */
  onSubmit?: (answers: Record<string, unknown>) => void | Promise<void>;
  submitLabel?: string;
  readOnly?: boolean;
  /** Errors from the server's validation, shown next to their fields like the browser's own. */
  serverErrors?: Array<{ elementId: string; message: string }>;
}

type Compiled = { form: CompiledForm; problem: null } | { form: null; problem: unknown };

function tryCompile(version: FormVersion): Compiled {
  try {
    return { form: compileForm(version), problem: null };
  } catch (problem) {
    return { form: null, problem };
  }
}

/** A definition the engine refuses (a half-built draft in the builder's preview) is explained, not thrown. */
function DefinitionProblem({ problem }: { problem: unknown }) {
  const details = (problem instanceof AppError ? problem.details : undefined) ?? [];
  return (
    <Alert color="orange" variant="light" title="This form cannot be shown yet" role="alert">
      <Text size="sm">{problem instanceof Error ? problem.message : 'The form definition is invalid.'}</Text>
      {details.length > 0 && (
        <List size="sm" mt={4}>
          {details.slice(0, 10).map((detail, index) => (
            <List.Item key={index}>{detail.message}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/**
 * Renders a form version for filling in (or read-only): react-hook-form with the engine's own validation as its
 * resolver, conditions evaluated live on every change (hidden elements are unmounted and their answers never
 * submitted), pre-population from system data, and server errors tied to the same fields.
 */
export function FormRenderer(props: FormRendererProps) {
  const compiled = useMemo(() => tryCompile(props.version), [props.version]);
  if (!compiled.form) return <DefinitionProblem problem={compiled.problem} />;
  // A different version starts a fresh form (new defaults); edits to the same draft keep what was typed.
  return <FormFill key={props.version.id} {...props} compiled={compiled.form} />;
}

function FormFill({
  compiled,
  version,
  initialAnswers,
  person,
  today,
  onSubmit,
  submitLabel = 'Submit',
  readOnly = false,
  serverErrors,
}: FormRendererProps & { compiled: CompiledForm }) {
  const baseId = useId();
  const [defaultValues] = useState(() =>
    toFormValues(prepopulate(version, person ?? {}, { today, ...(initialAnswers ? { answers: initialAnswers } : {}) })),
  );
  const resolver = useMemo(() => createEngineResolver(compiled, today), [compiled, today]);
  const { control, handleSubmit, setError, clearErrors, formState } = useForm<FieldValues>({
    defaultValues,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // Composite fields have no single ref to focus; the error summary takes focus instead.
    shouldFocusError: false,
  });
  const { errors, submitCount, isSubmitting } = formState;
  const values = useWatch({ control });
  const state = useMemo(
    () => compiled.evaluate(normalizeAnswers(toAnswers(values)), { today }),
    [compiled, values, today],
  );
  const elements = compiled.renderModel.elements;
  const shown = elements.filter((element) => state.visible.has(element.id));
  const labelOf = useMemo(() => new Map(elements.map((e) => [e.id, e.label || e.dataLabel])), [elements]);
  const anchorId = (elementId: string) => `${baseId}-slot-${elementId}`;

  // After a failed submit (or new server errors) the summary takes focus once it has rendered; RHF publishes the
  // errors in a later render than the one the submit handler runs in, hence a pending flag checked after each render.
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusPending = useRef(false);
  useEffect(() => {
    if (focusPending.current && summaryRef.current) {
      focusPending.current = false;
      summaryRef.current.focus();
    }
  });
  const [allValid, setAllValid] = useState(false);

  // Server errors land on their fields (and leave again when the server answers without them).
  const serverFields = useRef<string[]>([]);
  useEffect(() => {
    if (serverFields.current.length > 0) clearErrors(serverFields.current);
    const answerable = new Set(elements.filter((e) => e.answerable).map((e) => e.id));
    const names: string[] = [];
    for (const error of serverErrors ?? []) {
      if (!answerable.has(error.elementId)) continue;
      const name = toFieldName(error.elementId);
      setError(name, { type: 'server', message: error.message });
      names.push(name);
    }
    serverFields.current = names;
    if ((serverErrors ?? []).length > 0) focusPending.current = true;
  }, [serverErrors, elements, setError, clearErrors]);

  const summary: SummaryItem[] = [];
  const formError = errors[FORM_ERROR_FIELD]?.message;
  if (typeof formError === 'string') summary.push({ anchorId: null, label: '', message: formError });
  for (const element of shown) {
    const message = errors[toFieldName(element.id)]?.message;
    if (typeof message === 'string') {
      summary.push({ anchorId: anchorId(element.id), label: labelOf.get(element.id) ?? '', message });
    }
  }
  // A server error about something not on screen (hidden here, or unknown to this version) still deserves a line.
  for (const error of serverErrors ?? []) {
    if (state.visible.has(error.elementId) && labelOf.has(error.elementId)) continue;
    summary.push({ anchorId: null, label: labelOf.get(error.elementId) ?? error.elementId, message: error.message });
  }
  const showSummary = summary.length > 0 && (submitCount > 0 || (serverErrors ?? []).length > 0);
  const hasRequired = !readOnly && shown.some((element) => state.required.has(element.id));

  const submitValid = async (cleaned: FieldValues) => {
    setAllValid(!onSubmit);
    await onSubmit?.(toAnswers(cleaned));
  };
  const submitInvalid = () => {
    setAllValid(false);
    focusPending.current = true;
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submitValid, submitInvalid)(event)}
      aria-label={version.name}
    >
      <Stack gap="lg">
        {hasRequired && (
          <Text size="sm" c="dimmed">
            Fields marked{' '}
            <Text span c="red" aria-hidden="true">
              *
            </Text>
            <Text span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
              with an asterisk
            </Text>{' '}
            are required.
          </Text>
        )}
        {showSummary && (
          <ErrorSummary
            ref={summaryRef}
            title={summary.length === 1 ? 'There is a problem' : `There are ${summary.length} problems`}
            items={summary}
          />
        )}
        {elements.length === 0 && (
          <Text size="sm" c="dimmed">
            This form has no questions yet.
          </Text>
        )}
        {shown.map((element) => (
          <div key={element.id} id={anchorId(element.id)} data-element-id={element.id} data-element-type={element.type}>
            {element.answerable ? (
              <Controller
                control={control}
                name={toFieldName(element.id)}
                render={({ field, fieldState }) => (
                  <FormElementField
                    element={element}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                    required={state.required.has(element.id)}
                    readOnly={readOnly}
                    inputId={`${baseId}-${element.id}`}
                    today={today}
                  />
                )}
              />
            ) : (
              <DisplayElement element={element} />
            )}
          </div>
        ))}
        {allValid && (
          <Alert color="teal" variant="light" role="status">
            All answers are valid.
          </Alert>
        )}
        {!readOnly && (
          <Group>
            <Button type="submit" loading={isSubmitting}>
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
