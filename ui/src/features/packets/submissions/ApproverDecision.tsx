import { Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { ERRORS } from '../../../../../domain/errors';
import { PACKET_LIMITS } from '../../../../../domain/packets';
import { countWords, type FormVersion } from '../../../../../form-engine';
import { ApiErrorAlert } from '../../../shared/ApiErrorAlert';
import { FormRenderer } from '../../../shared/form-renderer/FormRenderer';
import { todayIso } from '../packet-forms';
import type { SubmissionDetailDto } from '../packets.api';
import { ApproverSignature, SignaturePreview } from './ApproverSignature';
import type { ActOnStep } from './step-action';
import { DialogModal } from '../../../shared/DialogModal';

type Dialog = 'APPROVE' | 'REJECT' | 'REQUEST_CHANGE';

/**
 * An approver's turn: every answer of the packet, expanded and read-only, then (for a signing step) the signature in
 * place, then the decision buttons. Approve stays unavailable until the end of the answers has been on screen, and
 * every decision is confirmed in a dialog: Approve repeats what is approved (and the signature), Decline and Request
 * change ask for the reason the submitter will read. Enter confirms in each dialog.
 */
export function ApproverDecision({
  submission,
  withSignature,
  busy,
  error,
  onAct,
}: {
  submission: SubmissionDetailDto;
  withSignature: boolean;
  busy: boolean;
  error: unknown;
  onAct: ActOnStep;
}) {
  const endRef = useRef<HTMLDivElement>(null);
  const answersRef = useRef<HTMLDivElement>(null);
  const read = useSeenOnScreen(endRef);
  const [signature, setSignature] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [nudge, setNudge] = useState(false);
  const blocker = !read
    ? 'Scroll through the answers above to approve.'
    : withSignature && !signature
      ? 'Sign above to approve.'
      : null;
  const approveLabel = withSignature ? 'Approve and sign' : 'Approve';
  return (
    <Stack gap="md">
      <Stack gap="sm" ref={answersRef} data-testid="approver-answers" aria-labelledby="approver-answers-title">
        <Title order={4} size="h6" id="approver-answers-title">
          Answers to review
        </Title>
        {submission.forms.map((f) => (
          <Stack key={f.formId} gap={4}>
            <Text fw={600}>{f.name}</Text>
            <FormRenderer
              version={f.definition as unknown as FormVersion}
              today={todayIso()}
              readOnly
              initialAnswers={(submission.answers[f.formId] as Record<string, unknown> | undefined) ?? {}}
            />
          </Stack>
        ))}
        <div ref={endRef} data-testid="answers-end" aria-hidden="true" />
      </Stack>
      {withSignature && <ApproverSignature onChange={setSignature} />}
      {error && !dialog ? <ApiErrorAlert error={error} /> : null}
      <Stack gap={4}>
        <Group>
          {/* Focusable while unavailable (aria-disabled), so a keyboard user can reach it and hear why. */}
          <Button
            data-disabled={blocker ? true : undefined}
            aria-disabled={blocker ? true : undefined}
            aria-describedby={blocker ? 'approve-blocker' : undefined}
            loading={busy && dialog === null}
            onClick={(event) => {
              if (blocker) {
                event.preventDefault();
                setNudge(true);
                if (!read) answersRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
                return;
              }
              setDialog('APPROVE');
            }}
          >
            {approveLabel}
          </Button>
          <Button color="red" variant="light" onClick={() => setDialog('REJECT')}>
            Decline
          </Button>
          <Button variant="default" onClick={() => setDialog('REQUEST_CHANGE')}>
            Request change
          </Button>
        </Group>
        {blocker && (
          <Text id="approve-blocker" size="sm" c={nudge ? 'red.9' : 'gray.7'} role={nudge ? 'alert' : undefined}>
            {blocker}
          </Text>
        )}
      </Stack>
      <DialogModal
        opened={dialog === 'APPROVE'}
        onClose={() => setDialog(null)}
        title={withSignature ? 'Approve and sign this submission?' : 'Approve this submission?'}
        actionLabel={approveLabel}
        loading={busy}
        error={error}
        focusAction
        onAction={() =>
          onAct(
            { action: 'APPROVE', ...(withSignature ? { signature } : {}) },
            withSignature ? 'Approved and signed' : 'Approved',
            { onSuccess: () => setDialog(null) },
          )
        }
      >
        <Text size="sm">
          You approve “{submission.packetName}” from {submission.recipientName} with the answers shown.
        </Text>
        {withSignature && signature && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Your signature
            </Text>
            <SignaturePreview signature={signature} />
          </Stack>
        )}
      </DialogModal>
      {(dialog === 'REJECT' || dialog === 'REQUEST_CHANGE') && (
        <ReasonDialog
          kind={dialog}
          busy={busy}
          error={error}
          onClose={() => setDialog(null)}
          onConfirm={(text) =>
            dialog === 'REJECT'
              ? onAct({ action: 'REJECT', reason: text }, 'Declined', { onSuccess: () => setDialog(null) })
              : onAct({ action: 'REQUEST_CHANGE', comment: text }, 'Change requested', {
                  onSuccess: () => setDialog(null),
                })
          }
        />
      )}
    </Stack>
  );
}

/** True once the element has been on screen (stays true); true at once where IntersectionObserver is missing. */
function useSeenOnScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}

const REASON_TEXT = {
  REJECT: {
    title: 'Decline this submission',
    label: 'Reason for declining',
    button: 'Decline',
    max: PACKET_LIMITS.reasonMaxWords,
    tooLong: ERRORS.REASON_TOO_LONG.message,
  },
  REQUEST_CHANGE: {
    title: 'Request a change',
    label: 'Reason for the change (the submitter reads it)',
    button: 'Send request',
    max: PACKET_LIMITS.commentMaxWords,
    tooLong: ERRORS.COMMENT_TOO_LONG.message,
  },
} as const;

/** Decline or Request change: the reason is required; Enter confirms, Shift+Enter starts a new line. */
function ReasonDialog({
  kind,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  kind: 'REJECT' | 'REQUEST_CHANGE';
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onConfirm: (text: string) => void;
}) {
  const text = REASON_TEXT[kind];
  const [value, setValue] = useState('');
  const [tried, setTried] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const words = countWords(value);
  const problem = words === 0 ? ERRORS.REASON_REQUIRED.message : words > text.max ? text.tooLong : null;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTried(true);
    if (problem) {
      fieldRef.current?.focus();
      return;
    }
    onConfirm(value.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };
  return (
    <DialogModal
      opened
      onClose={onClose}
      title={text.title}
      asForm
      actionLabel={text.button}
      // A dark red: white on Mantine's default filled red misses the 4.5:1 text contrast.
      actionColor={kind === 'REJECT' ? 'red.9' : undefined}
      loading={busy}
      onAction={submit}
      error={error}
      isShownInline={(field) => field === 'reason' || field === 'comment'}
    >
      <Textarea
        ref={fieldRef}
        label={text.label}
        required
        autosize
        minRows={3}
        description={`${words}/${text.max} words · Enter sends, Shift+Enter starts a new line`}
        value={value}
        error={(tried || words > text.max) && problem ? problem : undefined}
        onChange={(e) => setValue(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        data-autofocus
      />
      {kind === 'REJECT' && (
        <Alert color="red" variant="light">
          Declining ends this submission; the sender and the submitter are told why.
        </Alert>
      )}
    </DialogModal>
  );
}
