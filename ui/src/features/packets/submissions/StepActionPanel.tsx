import { Alert, Button, Card, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import type { FormVersion } from '../../../../../form-engine';
import { ApiErrorAlert } from '../../../shared/ApiErrorAlert';
import { FormRenderer } from '../../../shared/form-renderer/FormRenderer';
import { todayIso } from '../packet-forms';
import { useStepAction, type SubmissionDetailDto } from '../packets.api';
import { ApproverDecision } from './ApproverDecision';
import type { ActedOn, ActOnStep } from './step-action';
import { formForStep } from './step-forms';

type MyStep = NonNullable<SubmissionDetailDto['myStep']>;

/** What the signed-in person does at the active step they are part of: fill in, approve, decline, ask for changes. */
export function StepActionPanel({
  submission,
  myStep,
  onActed,
}: {
  submission: SubmissionDetailDto;
  myStep: MyStep;
  onActed?: (acted: ActedOn) => void;
}) {
  const action = useStepAction(submission.id);
  // The live view may drop this panel (the step is no longer mine) before the answer arrives, and a mutate call's own
  // callbacks do not run once its component is gone: the promise does, so the success state always follows.
  const act: ActOnStep = (input, done, options) => {
    const stepId = myStep.stepId;
    action.mutateAsync({ stepId, ...input }).then(
      () => {
        notifications.show({ color: 'green', message: done });
        options?.onSuccess?.();
        onActed?.({ done, stepId });
      },
      () => undefined, // shown from the mutation's error state
    );
  };
  const approver = myStep.kind === 'APPROVER' || myStep.kind === 'APPROVER_WITH_SIGNATURE';
  return (
    <Card withBorder padding="md" data-testid="step-action-panel">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {approver ? 'Your turn: read the answers, then decide' : 'Your turn'}
        </Title>
        {submission.changeRequest && myStep.kind === 'SUBMITTER' && (
          <Alert color="yellow" variant="light" title="Changes requested">
            {submission.changeRequest.comment}
          </Alert>
        )}
        {action.error && !approver && <ApiErrorAlert error={action.error} />}
        {myStep.kind === 'SUBMITTER' && (
          <FillForms
            submission={submission}
            myStep={myStep}
            busy={action.isPending}
            onSubmit={(answers) => act({ action: 'SUBMIT', answers }, 'Submitted')}
          />
        )}
        {approver && (
          <ApproverDecision
            submission={submission}
            withSignature={myStep.kind === 'APPROVER_WITH_SIGNATURE'}
            busy={action.isPending}
            error={action.error}
            onAct={act}
          />
        )}
        {myStep.kind === 'EMAIL_NOTIFICATION' && (
          <Group>
            <Button loading={action.isPending} onClick={() => act({ action: 'ACKNOWLEDGE' }, 'Acknowledged')}>
              Acknowledge
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function FillForms({
  submission,
  myStep,
  busy,
  onSubmit,
}: {
  submission: SubmissionDetailDto;
  myStep: MyStep;
  busy: boolean;
  onSubmit: (answers: Record<string, Record<string, unknown>>) => void;
}) {
  const parts = useMemo(
    () =>
      submission.forms.flatMap((f) => {
        const version = formForStep(f.formId, f.definition as unknown as FormVersion, myStep.questionIds);
        return version ? [{ formId: f.formId, name: f.name, version }] : [];
      }),
    [submission.forms, myStep.questionIds],
  );
  const [active, setActive] = useState(0);
  const [answers, setAnswers] = useState<Record<string, Record<string, unknown>>>({});
  if (parts.length === 0) return <Text size="sm">No questions are assigned to this step.</Text>;
  const part = parts[active]!;
  const last = active === parts.length - 1;
  return (
    <Stack>
      {parts.length > 1 && (
        <Stepper active={active} onStepClick={(i) => i < active && setActive(i)} size="sm">
          {parts.map((p) => (
            <Stepper.Step key={p.formId} label={p.name} />
          ))}
        </Stepper>
      )}
      <FormRenderer
        key={part.formId}
        version={part.version}
        today={todayIso()}
        initialAnswers={
          answers[part.formId] ?? (submission.answers[part.formId] as Record<string, unknown> | undefined) ?? {}
        }
        submitLabel={last ? (busy ? 'Submitting…' : 'Submit') : 'Next form'}
        onSubmit={(formAnswers) => {
          const next = { ...answers, [part.formId]: formAnswers };
          setAnswers(next);
          if (last) onSubmit(next);
          else setActive(active + 1);
        }}
      />
    </Stack>
  );
}
