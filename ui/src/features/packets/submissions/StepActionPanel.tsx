import { Alert, Button, Card, Group, Modal, Stack, Stepper, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { PACKET_LIMITS } from '../../../../../domain/packets';
import { ERRORS } from '../../../../../domain/errors';
import { countWords, type FormVersion } from '../../../../../form-engine';
import { ApiErrorAlert } from '../../../shared/ApiErrorAlert';
import { FormRenderer } from '../../../shared/form-renderer/FormRenderer';
import { todayIso } from '../packet-forms';
import { useStepAction, type StepActionInput, type SubmissionDetailDto } from '../packets.api';
import { formForStep } from './step-forms';

type MyStep = NonNullable<SubmissionDetailDto['myStep']>;

/** What the signed-in person does at the active step they are part of: fill in, approve, decline, ask for changes. */
export function StepActionPanel({ submission, myStep }: { submission: SubmissionDetailDto; myStep: MyStep }) {
  const action = useStepAction(submission.id);
  const act = (input: Omit<StepActionInput, 'stepId'>, done: string) =>
    action.mutate(
      { stepId: myStep.stepId, ...input },
      { onSuccess: () => notifications.show({ color: 'green', message: done }) },
    );
  return (
    <Card withBorder padding="md" data-testid="step-action-panel">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Your turn
        </Title>
        {submission.changeRequest && myStep.kind === 'SUBMITTER' && (
          <Alert color="yellow" variant="light" title="Changes requested">
            {submission.changeRequest.comment}
          </Alert>
        )}
        {action.error && <ApiErrorAlert error={action.error} />}
        {myStep.kind === 'SUBMITTER' && (
          <FillForms
            submission={submission}
            myStep={myStep}
            busy={action.isPending}
            onSubmit={(answers) => act({ action: 'SUBMIT', answers }, 'Submitted')}
          />
        )}
        {(myStep.kind === 'APPROVER' || myStep.kind === 'APPROVER_WITH_SIGNATURE') && (
          <Decide withSignature={myStep.kind === 'APPROVER_WITH_SIGNATURE'} busy={action.isPending} onAct={act} />
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

function Decide({
  withSignature,
  busy,
  onAct,
}: {
  withSignature: boolean;
  busy: boolean;
  onAct: (input: Omit<StepActionInput, 'stepId'>, done: string) => void;
}) {
  const [signature, setSignature] = useState('');
  const [dialog, setDialog] = useState<'REJECT' | 'REQUEST_CHANGE' | null>(null);
  const [text, setText] = useState('');
  const words = countWords(text);
  const max = dialog === 'REJECT' ? PACKET_LIMITS.reasonMaxWords : PACKET_LIMITS.commentMaxWords;
  const textError = !text.trim()
    ? ERRORS.REASON_REQUIRED.message
    : words > max
      ? dialog === 'REJECT'
        ? 'Reason max 50 words.'
        : 'Comment must be under 200 words.'
      : null;
  return (
    <Stack gap="sm">
      {withSignature && (
        <TextInput
          label="Sign: type your full name"
          description="Typing your name and pressing Approve and sign is your electronic signature."
          value={signature}
          onChange={(e) => setSignature(e.currentTarget.value)}
        />
      )}
      <Group>
        {/* The primary colour: white on Mantine's filled green is 3.4:1, under the 4.5:1 text needs. */}
        <Button
          loading={busy}
          disabled={withSignature && !signature.trim()}
          onClick={() =>
            onAct({ action: 'APPROVE', ...(withSignature ? { signature: signature.trim() } : {}) }, 'Approved')
          }
        >
          {withSignature ? 'Approve and sign' : 'Approve'}
        </Button>
        <Button
          color="red"
          variant="light"
          onClick={() => {
            setText('');
            setDialog('REJECT');
          }}
        >
          Decline
        </Button>
        <Button
          variant="default"
          onClick={() => {
            setText('');
            setDialog('REQUEST_CHANGE');
          }}
        >
          Request change
        </Button>
      </Group>
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog === 'REJECT' ? 'Decline' : 'Request a change'}
      >
        <Stack>
          <Textarea
            label={dialog === 'REJECT' ? 'Reason' : 'Comment for the submitter'}
            required
            autosize
            minRows={3}
            description={`${words}/${max} words`}
            value={text}
            error={text && textError}
            onChange={(e) => setText(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button
              disabled={!!textError}
              loading={busy}
              color={dialog === 'REJECT' ? 'red' : undefined}
              onClick={() => {
                if (dialog === 'REJECT') onAct({ action: 'REJECT', reason: text }, 'Declined');
                else onAct({ action: 'REQUEST_CHANGE', comment: text }, 'Change requested');
                setDialog(null);
              }}
            >
              {dialog === 'REJECT' ? 'Decline' : 'Send request'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
