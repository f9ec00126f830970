import { Alert, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { FormVersion } from '../../../../../form-engine';
import { ApiErrorAlert } from '../../../shared/ApiErrorAlert';
import { usePrepopulation, useValidateAnswers, type ServerAnswerError } from '../forms.api';
import { FormRenderer } from '../../../shared/form-renderer/FormRenderer';

interface Props {
  formId: string;
  draft: FormVersion;
  /** Unsaved changes: the server only knows the saved version, so the browser's check is the last word. */
  dirty: boolean;
  today: string;
}

type Outcome = { kind: 'valid'; where: 'server' | 'browser' } | null;

/**
 * The draft rendered by the real renderer. Submitting a saved form asks the server to validate the answers with the
 * same compiled engine (POST /forms/:id/validate) and shows its errors beside the fields.
 */
export function PreviewPane({ formId, draft, dirty, today }: Props) {
  const person = usePrepopulation();
  const validate = useValidateAnswers();
  const [serverErrors, setServerErrors] = useState<ServerAnswerError[]>([]);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The submit button is at the bottom of a long form; bring the result into view.
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [outcome]);

  const submit = async (answers: Record<string, unknown>) => {
    setOutcome(null);
    if (dirty) {
      setOutcome({ kind: 'valid', where: 'browser' });
      return;
    }
    const result = await validate.mutateAsync({ id: formId, answers }).catch(() => null);
    if (!result) return;
    setServerErrors(result.errors);
    if (result.valid) setOutcome({ kind: 'valid', where: 'server' });
  };

  return (
    <Stack gap="md" maw={760} data-testid="form-preview">
      <Text size="sm" c="dimmed">
        This is how people filling in the form see it. Answers given here are not stored.
        {dirty && ' You have unsaved changes: answers are checked in your browser only until you save.'}
      </Text>
      <ApiErrorAlert error={validate.error} />
      {outcome && (
        <Alert ref={outcomeRef} color="teal" variant="light" role="status" title="Submitted">
          {outcome.where === 'server'
            ? 'The answers are valid: the server accepted them.'
            : 'The answers are valid in your browser. Save the form to check them on the server too.'}
        </Alert>
      )}
      <FormRenderer
        version={draft}
        today={today}
        {...(person.data ? { person: person.data } : {})}
        serverErrors={serverErrors}
        submitLabel="Submit"
        onSubmit={submit}
      />
    </Stack>
  );
}
