import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DISCLOSURE_LIMITS, wordCount } from '../../../../domain/disclosures';
import { ERRORS } from '../../../../domain/errors';
import { errorMessage } from '../../shared/api';
import { ConfirmModal } from '../../shared/ConfirmModal';
import { formatDate, formatDateTime, humanize } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { AttachmentList } from './DisclosureAttachments';
import { ConflictBadges, NotifyBadge, StatusBadge } from './DisclosureBadges';
import {
  useArchiveDisclosure,
  useCommentDisclosure,
  useDisclosure,
  useEscalateDisclosure,
  useReopenDisclosure,
  useReviewDisclosure,
  useReviewers,
  type DisclosureDetail,
  type ReviewDecision,
} from './disclosures.api';
import {
  actionLabel,
  changeReasonLabel,
  conflictLabel,
  formatMoney,
  statusLabel,
  typeLabel,
  totalPaymentOf,
} from './disclosure-labels';
import { DialogModal } from '../../shared/DialogModal';
import { FmvCard } from '../../shared/fmv/FmvCard';
import { MoneyCard } from '../../shared/money/MoneyCard';

type Dialog = { kind: 'decide'; decision: ReviewDecision } | { kind: 'escalate' } | { kind: 'reopen' } | null;

const DECISION_TEXT: Record<ReviewDecision, { title: string; button: string; color: string; reasonRequired: boolean }> =
  {
    APPROVE: { title: 'Approve this disclosure?', button: 'Approve', color: 'teal.9', reasonRequired: false },
    REJECT: { title: 'Reject this disclosure', button: 'Reject', color: 'red.9', reasonRequired: true },
    REQUEST_CHANGE: { title: 'Request a change', button: 'Request change', color: 'indigo.8', reasonRequired: true },
  };

/** One disclosure: its details, conflicts, reporting, the reviewer's actions, history and comments. */
export function DisclosureDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const detail = useDisclosure(id);
  if (!id) return <NothingHere title="No disclosure chosen" description="Open a disclosure from a list." />;
  if (detail.isPending) return <LoadingState label="Loading the disclosure" />;
  if (detail.error) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  return <DisclosureView d={detail.data} />;
}

function DisclosureView({ d }: { d: DisclosureDetail }) {
  const me = useMe();
  const isReviewer = hasPermission(me, 'disclosures:list');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [archiving, setArchiving] = useState(false);
  const review = useReviewDisclosure();
  const escalate = useEscalateDisclosure();
  const reopen = useReopenDisclosure();
  const archive = useArchiveDisclosure();

  const done = (message: string) => () => {
    notifications.show({ color: 'teal', message });
    setDialog(null);
  };
  const failed = (title: string) => (error: unknown) =>
    notifications.show({ color: 'red', title, message: errorMessage(error) });

  const title = d.title || d.companyName || typeLabel(d.type);
  const backTo = isReviewer ? (d.archived ? '/archiveDisclosures' : '/disclosures') : '/studentDisclosureList';
  return (
    <Stack>
      <PageHeader
        title={title}
        description={`${typeLabel(d.type)} · ${d.student.name}${d.team ? ` · ${d.team.name}` : ''}`}
        actions={
          <Group>
            <StatusBadge status={d.status} archived={d.archived} />
            <Button variant="default" component={Link} to={backTo}>
              Back to the list
            </Button>
          </Group>
        }
      />
      {d.status === 'CHANGE_REQUESTED' && (
        <Alert color="orange" title="Change requested">
          <Stack gap="xs">
            <Text size="sm">{d.decisionReason ?? 'A reviewer asked for a change.'}</Text>
            {d.can.edit && (
              <Group>
                <Button size="xs" component={Link} to={`/createDisclosures?id=${d.id}`}>
                  Edit and resubmit
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      {d.status === 'REJECTED' && d.decisionReason && (
        <Alert color="red" title="Rejected">
          {d.decisionReason}
        </Alert>
      )}
      {d.status === 'DRAFT' && d.can.edit && (
        <Alert color="gray" title="Draft">
          <Group justify="space-between">
            <Text size="sm">This disclosure has not been submitted yet.</Text>
            <Button size="xs" component={Link} to={`/createDisclosures?id=${d.id}`}>
              Continue editing
            </Button>
          </Group>
        </Alert>
      )}
      {d.assignedReviewer && d.status === 'PENDING' && (
        <Alert color="indigo" variant="light" title="Escalated">
          Waiting for {d.assignedReviewer.name}.
        </Alert>
      )}
      {(d.can.review || d.can.reopen || d.can.archive) && (
        <Card withBorder>
          <Group justify="space-between">
            <Text fw={600}>Review</Text>
            <Group gap="xs">
              {d.can.review && (
                <>
                  <Button color="teal.9" onClick={() => setDialog({ kind: 'decide', decision: 'APPROVE' })}>
                    Approve
                  </Button>
                  <Button
                    color="orange"
                    variant="light"
                    onClick={() => setDialog({ kind: 'decide', decision: 'REQUEST_CHANGE' })}
                  >
                    Request change
                  </Button>
                  <Button color="red" variant="light" onClick={() => setDialog({ kind: 'decide', decision: 'REJECT' })}>
                    Reject
                  </Button>
                  <Button variant="default" onClick={() => setDialog({ kind: 'escalate' })}>
                    Escalate
                  </Button>
                </>
              )}
              {d.can.reopen && (
                <Button variant="default" onClick={() => setDialog({ kind: 'reopen' })}>
                  Reopen
                </Button>
              )}
              {d.can.archive && (
                <Button variant="subtle" color="gray" onClick={() => setArchiving(true)}>
                  Archive
                </Button>
              )}
            </Group>
          </Group>
        </Card>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <Details d={d} />
            <FmvCard disclosureId={d.id} />
            {d.status === 'APPROVED' && <MoneyCard scope={{ disclosureId: d.id }} />}
            <Comments d={d} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <Card withBorder>
              <Title order={2} size="h5" mb="xs">
                Conflicts of interest
              </Title>
              {d.conflicts.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {d.status === 'DRAFT' ? 'Checked when submitted.' : 'No conflict found.'}
                </Text>
              ) : (
                <Stack gap="xs">
                  {d.conflicts.map((c, i) => (
                    <Alert key={i} color="red" variant="light" title={`${conflictLabel(c.type)}: ${c.flagName}`}>
                      {c.reason}
                    </Alert>
                  ))}
                </Stack>
              )}
            </Card>
            <Card withBorder>
              <Title order={2} size="h5" mb="xs">
                Reporting
              </Title>
              <Stack gap={6}>
                <NotifyBadge notify={d.notify} deadline={d.reportingDeadline} />
                <Text size="sm">
                  This payor this year: <strong>{formatMoney(d.payorYearTotal)}</strong>
                </Text>
                <Text size="xs" c="dimmed">
                  Deals of $600 or more from one payor in a calendar year are reported (1099 and NIL Go) within 5
                  business days of signing.
                </Text>
              </Stack>
            </Card>
            <History d={d} />
          </Stack>
        </Grid.Col>
      </Grid>

      {dialog?.kind === 'decide' && (
        <ReasonModal
          title={DECISION_TEXT[dialog.decision].title}
          subject={[d.title, d.companyName].filter(Boolean).join(' · ') || typeLabel(d.type)}
          confirmLabel={DECISION_TEXT[dialog.decision].button}
          color={DECISION_TEXT[dialog.decision].color}
          reasonRequired={DECISION_TEXT[dialog.decision].reasonRequired}
          asComment={dialog.decision === 'APPROVE'}
          loading={review.isPending}
          onClose={() => setDialog(null)}
          onConfirm={(reason) =>
            review.mutate(
              { id: d.id, decision: dialog.decision, ...(reason ? { reason } : {}) },
              {
                onSuccess: done(
                  `Disclosure ${statusLabel(dialog.decision === 'APPROVE' ? 'APPROVED' : dialog.decision === 'REJECT' ? 'REJECTED' : 'CHANGE_REQUESTED').toLowerCase()}.`,
                ),
                onError: failed('Could not record the decision'),
              },
            )
          }
        />
      )}
      {dialog?.kind === 'reopen' && (
        <ReasonModal
          title="Reopen this disclosure"
          subject={[d.title, d.companyName].filter(Boolean).join(' · ') || typeLabel(d.type)}
          confirmLabel="Reopen"
          color="indigo.8"
          reasonRequired
          loading={reopen.isPending}
          onClose={() => setDialog(null)}
          onConfirm={(reason) =>
            reopen.mutate(
              { id: d.id, reason },
              { onSuccess: done('Disclosure reopened.'), onError: failed('Could not reopen') },
            )
          }
        />
      )}
      {dialog?.kind === 'escalate' && (
        <EscalateModal
          meId={me.id}
          loading={escalate.isPending}
          onClose={() => setDialog(null)}
          onConfirm={(reviewerUserId, reason) =>
            escalate.mutate(
              { id: d.id, reviewerUserId, ...(reason ? { reason } : {}) },
              { onSuccess: done('Disclosure escalated.'), onError: failed('Could not escalate') },
            )
          }
        />
      )}
      <ConfirmModal
        opened={archiving}
        title="Archive this disclosure?"
        body="Archived disclosures leave every list and metric. They stay readable in the archive."
        confirmLabel="Archive"
        loading={archive.isPending}
        onConfirm={() =>
          archive.mutate(d.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: 'Disclosure archived.' });
              setArchiving(false);
            },
            onError: failed('Could not archive'),
          })
        }
        onClose={() => setArchiving(false)}
      />
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {/* A long link or name wraps inside its column instead of running into the next one. */}
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Text>
    </Stack>
  );
}

function Details({ d }: { d: DisclosureDetail }) {
  const person = (p: DisclosureDetail['pointOfContact']) =>
    p ? [p.name, p.email, p.phone].filter(Boolean).join(' · ') || '—' : '—';
  return (
    <Card withBorder>
      <Title order={2} size="h5" mb="sm">
        Details
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <Field label="Company">{d.companyName ?? '—'}</Field>
        <Field label="Company category">{d.industry ?? '—'}</Field>
        <Field label="Payor">{d.payorName ?? d.companyName ?? '—'}</Field>
        <Field label="Deal type">{humanize(d.dealType)}</Field>
        <Field label="Date submitted">{formatDateTime(d.submittedAt, d.timeZone)}</Field>
        <Field label="Tentative start date">{formatDate(d.startDate)}</Field>
        <Field label="End date">{formatDate(d.endDate)}</Field>
        <Field label="Date signed">{formatDate(d.signedOn)}</Field>
        <Field label="Location">{d.location ?? '—'}</Field>
        <Field label="Payment type">{d.paymentType ? humanize(d.paymentType) : '—'}</Field>
        <Field label="Earning amount">{formatMoney(d.amount)}</Field>
        <Field label="Estimated amount">{formatMoney(d.estimatedAmount)}</Field>
        <Field label="Total payment">{formatMoney(totalPaymentOf(d))}</Field>
        <Field label="Point of contact">{person(d.pointOfContact)}</Field>
        <Field label="Agent">{person(d.agent)}</Field>
        <Field label="Agent registry number">{d.agentNumber ?? '—'}</Field>
        <Field label="Participants">{d.participants.map((x) => x.name).join(', ') || '—'}</Field>
        <Field label="Link">
          {d.website ? (
            <Anchor href={d.website} target="_blank" rel="noopener noreferrer">
              {d.website}
            </Anchor>
          ) : (
            '—'
          )}
        </Field>
        <Field label="Conflict">
          <ConflictBadges types={d.conflictTypes} />
        </Field>
      </SimpleGrid>
      <Stack gap={4} mt="md">
        <Text size="xs" c="dimmed" id="detail-attachments">
          Attachments
        </Text>
        <AttachmentList disclosureId={d.id} attachments={d.attachments} canDownload={d.can.download} />
      </Stack>
      {d.notes && (
        <Stack gap={2} mt="md">
          <Text size="xs" c="dimmed">
            Notes
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {d.notes}
          </Text>
        </Stack>
      )}
    </Card>
  );
}

function History({ d }: { d: DisclosureDetail }) {
  return (
    <Card withBorder>
      <Title order={2} size="h5" mb="sm">
        Activity
      </Title>
      {d.history.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing yet.
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={d.history.length - 1} aria-label="Activity log">
          {d.history.map((e) => (
            <Timeline.Item key={e.id} title={actionLabel(e.action)}>
              <Text size="xs" c="dimmed">
                {e.actorName ?? 'System'} · {formatDateTime(e.createdAt, d.timeZone)}
              </Text>
              {e.changeReason && <Text size="sm">Change reason: {changeReasonLabel(e.changeReason)}</Text>}
              {e.reason && <Text size="sm">{e.reason}</Text>}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Card>
  );
}

function Comments({ d }: { d: DisclosureDetail }) {
  const [body, setBody] = useState('');
  const comment = useCommentDisclosure();
  const words = wordCount(body);
  const tooLong = words > DISCLOSURE_LIMITS.commentMaxWords;
  const send = () =>
    comment.mutate(
      { id: d.id, body },
      {
        onSuccess: () => setBody(''),
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Could not add the comment', message: errorMessage(error) }),
      },
    );
  return (
    <Card withBorder component="section" aria-label="Comments">
      <Title order={2} size="h5" mb="sm">
        Comments
      </Title>
      <Stack gap="sm">
        {d.comments.length === 0 && (
          <Text size="sm" c="dimmed">
            No comments yet.
          </Text>
        )}
        {d.comments.map((c) => (
          <Stack key={c.id} gap={2}>
            <Text size="xs" c="dimmed">
              {c.mine ? 'You' : (c.authorName ?? 'Someone')} · {formatDateTime(c.createdAt, d.timeZone)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {c.body}
            </Text>
          </Stack>
        ))}
        {d.can.comment && (
          <>
            <Textarea
              label="Add a comment"
              autosize
              minRows={2}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              error={tooLong ? 'Comment under 200 words.' : undefined}
            />
            <Group justify="flex-end">
              <Button size="xs" onClick={send} disabled={!body.trim() || tooLong} loading={comment.isPending}>
                Comment
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

function ReasonModal(props: {
  title: string;
  /** What is being decided on, named in the dialog: the deal's title and company. */
  subject?: string;
  confirmLabel: string;
  color: string;
  reasonRequired: boolean;
  /** An approval's optional text is a note to the athlete, filed under Comments. */
  asComment?: boolean;
  loading: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const words = wordCount(reason);
  const problem =
    words > DISCLOSURE_LIMITS.reasonMaxWords
      ? 'Reason max 50 words.'
      : props.reasonRequired && reason.trim() === ''
        ? ERRORS.REASON_REQUIRED.message
        : null;
  return (
    <DialogModal
      opened
      onClose={props.onClose}
      title={props.title}
      actionLabel={props.confirmLabel}
      actionColor={props.color}
      loading={props.loading}
      actionDisabled={problem !== null}
      onAction={() => props.onConfirm(reason.trim())}
    >
      {props.subject && (
        <Text size="sm" fw={600} data-testid="decision-subject">
          {props.subject}
        </Text>
      )}
      <Textarea
        label={props.asComment ? 'Note (optional)' : props.reasonRequired ? 'Reason' : 'Reason (optional)'}
        description={
          props.asComment
            ? `Added to the comments. ${words} of ${DISCLOSURE_LIMITS.reasonMaxWords} words`
            : `${words} of ${DISCLOSURE_LIMITS.reasonMaxWords} words`
        }
        required={props.reasonRequired}
        autosize
        minRows={3}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={reason && problem ? problem : undefined}
        data-autofocus
      />
    </DialogModal>
  );
}

function EscalateModal(props: {
  meId: string;
  loading: boolean;
  onClose: () => void;
  onConfirm: (reviewerUserId: string, reason: string) => void;
}) {
  const reviewers = useReviewers();
  const [to, setTo] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const tooLong = wordCount(reason) > DISCLOSURE_LIMITS.reasonMaxWords;
  return (
    <DialogModal
      opened
      onClose={props.onClose}
      title="Escalate to another reviewer"
      actionLabel="Escalate"
      loading={props.loading}
      actionDisabled={!to || tooLong}
      onAction={() => to && props.onConfirm(to, reason.trim())}
    >
      <Select
        label="Reviewer"
        required
        placeholder={reviewers.isPending ? 'Loading…' : 'Choose a reviewer'}
        data={(reviewers.data ?? []).filter((r) => r.id !== props.meId).map((r) => ({ value: r.id, label: r.name }))}
        value={to}
        onChange={setTo}
        nothingFoundMessage="No other compliance reviewer"
        searchable
      />
      <Textarea
        label="Note (optional)"
        autosize
        minRows={2}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={tooLong ? 'Reason max 50 words.' : undefined}
      />
    </DialogModal>
  );
}
