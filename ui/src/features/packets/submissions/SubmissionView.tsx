import { Accordion, Badge, Button, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SubmissionStatus } from '../../../../../domain/packets';
import type { FormVersion } from '../../../../../form-engine';
import { FormRenderer } from '../../../shared/form-renderer/FormRenderer';
import { ErrorState, LoadingState } from '../../../shared/states';
import { listQuestions, questionLabels } from '../designer/packet-questions';
import type { PacketWorkflowDefinition, StepRunState } from '../../../shared/workflow-graph/packet-workflow';
import { ReadOnlyWorkflow } from '../../../shared/workflow-graph/ReadOnlyWorkflow';
import { toPacketForms, todayIso } from '../packet-forms';
import { submissionStatusLabel, SUBMISSION_STATUS_COLOURS } from '../packet-labels';
import { formatDateTime } from '../../../shared/format';
import { useVoidSubmission, type SubmissionDetailDto } from '../packets.api';
import { describeNextStep } from './next-step';
import type { ActedOn } from './step-action';
import { StepActionPanel } from './StepActionPanel';
import { useLiveSubmission } from './use-live-submission';
import { SuccessMessage } from '../../../shared/SuccessMessage';
import { TableScroll } from '../../../shared/table/TableScroll';
import { DialogModal } from '../../../shared/DialogModal';
import { PersonLink } from '../../../shared/PersonLink';

/**
 * One submission: where it stands (the live workflow view, updated over the WebSocket), what the signed-in person
 * can do now, the answers so far, and the audit trail.
 */
export function SubmissionView({
  submissionId,
  focusProgress = false,
}: {
  submissionId: string;
  /** Opened with "View progress": bring the live workflow view into sight. */
  focusProgress?: boolean;
}) {
  const query = useLiveSubmission(submissionId);
  const progressRef = useRef<HTMLDivElement>(null);
  const loaded = !!query.data;
  useEffect(() => {
    if (focusProgress && loaded) progressRef.current?.scrollIntoView({ block: 'start' });
  }, [focusProgress, loaded]);
  const [voiding, setVoiding] = useState(false);
  const [acted, setActed] = useState<ActedOn | null>(null);
  const s = query.data;
  const forms = useMemo(() => (s ? toPacketForms(s.forms) : []), [s]);
  const labels = useMemo(() => questionLabels(listQuestions(forms), forms.length), [forms]);
  if (query.isLoading) return <LoadingState label="Loading the submission" />;
  if (query.error || !s) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const status = s.status as SubmissionStatus;
  const deciding = s.myStep?.kind === 'APPROVER' || s.myStep?.kind === 'APPROVER_WITH_SIGNATURE';
  return (
    <Stack gap="md" data-testid="submission-view">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {s.packetName}
          </Title>
          <Text size="sm" c="dimmed">
            <PersonLink kind={s.recipientKind} id={s.recipientId} name={s.recipientName} fw={400} /> · sent{' '}
            {formatDateTime(s.sentAt)} · expires {formatDateTime(s.expiresAt)}
          </Text>
        </Stack>
        <Group gap="xs">
          <Badge color={SUBMISSION_STATUS_COLOURS[status]} variant="light" size="lg" data-testid="submission-status">
            {submissionStatusLabel(status)}
          </Badge>
          <Button
            size="xs"
            variant="default"
            component="a"
            href={`/api/v1/packet-submissions/${encodeURIComponent(s.id)}/pdf`}
            download
          >
            Download PDF
          </Button>
          {s.canVoid && (
            <Button size="xs" color="red" variant="light" onClick={() => setVoiding(true)}>
              Void
            </Button>
          )}
        </Group>
      </Group>
      {s.message && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {s.message}
        </Text>
      )}
      {acted && !s.myStep && <ActedNotice submission={s} acted={acted} />}
      {s.myStep && <StepActionPanel submission={s} myStep={s.myStep} onActed={setActed} />}
      <Stack gap={4} ref={progressRef} data-testid="live-view">
        <Text fw={600} size="sm">
          Where it stands{s.activeStepName ? `: waiting at “${s.activeStepName}”` : ''}
        </Text>
        <ReadOnlyWorkflow
          definition={s.workflow as unknown as PacketWorkflowDefinition}
          runs={s.steps as StepRunState[]}
          questions={labels}
          label="Live view of this submission's workflow"
          height={380}
        />
      </Stack>
      <Accordion variant="separated" multiple defaultValue={s.myStep ? [] : ['answers']}>
        {/* An approver reads the answers in the panel above, expanded; the same list again here would only repeat it. */}
        {!deciding && (
          <Accordion.Item value="answers">
            <Accordion.Control>Answers</Accordion.Control>
            <Accordion.Panel>
              <Stack>
                {s.forms.map((f) => (
                  <Stack key={f.formId} gap={4}>
                    <Text fw={600}>{f.name}</Text>
                    <FormRenderer
                      version={f.definition as unknown as FormVersion}
                      today={todayIso()}
                      readOnly
                      initialAnswers={(s.answers[f.formId] as Record<string, unknown> | undefined) ?? {}}
                    />
                  </Stack>
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        )}
        <Accordion.Item value="trail">
          <Accordion.Control>Audit trail ({s.events.length})</Accordion.Control>
          <Accordion.Panel>
            <TableScroll minWidth={600}>
              <Table fz="xs" aria-label="Audit trail">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When (UTC)</Table.Th>
                    <Table.Th>Event</Table.Th>
                    <Table.Th>Who</Table.Th>
                    <Table.Th>IP</Table.Th>
                    <Table.Th>Answers SHA-256</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.events.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td>{e.at.replace('T', ' ').slice(0, 19)}</Table.Td>
                      <Table.Td>{e.kind.replace(/_/g, ' ').toLowerCase()}</Table.Td>
                      <Table.Td>{e.actorName}</Table.Td>
                      <Table.Td>{e.ip ?? '—'}</Table.Td>
                      <Table.Td style={{ fontFamily: 'monospace' }}>{e.answersSha256?.slice(0, 16) ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      {voiding && <VoidModal submissionId={s.id} onClose={() => setVoiding(false)} />}
    </Stack>
  );
}

/**
 * The success state after acting: what was done and what happens next ("Waiting for approval by Dana Whitfield"),
 * following the live submission as the next step opens.
 */
function ActedNotice({ submission, acted }: { submission: SubmissionDetailDto; acted: ActedOn }) {
  // Until the next step is recorded, the step just acted on may still read as active: no guess about who is next.
  const stale =
    submission.activeStepId === acted.stepId && submission.myStep === null && isSingleActor(submission, acted.stepId);
  const next = stale ? null : describeNextStep(submission);
  return (
    <SuccessMessage color="green" title={`${acted.done}.`} data-testid="acted-notice">
      <Text size="sm">{next ?? 'The next step is being opened; who acts next shows here in a moment.'}</Text>
    </SuccessMessage>
  );
}

function isSingleActor(submission: SubmissionDetailDto, stepId: string): boolean {
  const step = (submission.workflow as unknown as PacketWorkflowDefinition).steps.find((x) => x.id === stepId);
  return (step?.actors.length ?? 1) <= 1;
}

function VoidModal({ submissionId, onClose }: { submissionId: string; onClose: () => void }) {
  const voidIt = useVoidSubmission(submissionId);
  const [reason, setReason] = useState('');
  return (
    <DialogModal
      opened
      onClose={onClose}
      title="Void this submission"
      actionLabel="Void"
      actionColor="red"
      actionDisabled={!reason.trim()}
      loading={voidIt.isPending}
      error={voidIt.error}
      onAction={() => voidIt.mutate(reason, { onSuccess: onClose })}
    >
      <Textarea
        label="Reason"
        required
        autosize
        minRows={3}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        data-autofocus
      />
    </DialogModal>
  );
}
