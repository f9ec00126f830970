import { Alert, Badge, Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { CARA_LOG_STATUS_LABELS, lockingPeriodOf } from '../../../../domain/bylaw17';
import {
  CARA_CATEGORY_LABELS,
  EVENT_CATEGORY_COLOURS,
  EVENT_CATEGORY_LABELS,
  EVENT_STATUS_LABELS,
  REPEAT_LABELS,
  gmtLabel,
  instantToLocal,
  type CaraCategory,
} from '../../../../domain/calendar-events';
import { API_BASE, errorMessage } from '../../shared/api';
import { formatDate } from '../../shared/format';
import { ErrorState, LoadingState } from '../../shared/states';
import { useDecideEvent, useDeleteEvent, useEvent, type EditScope, type Occurrence } from './events.api';
import { DialogModal } from '../../shared/DialogModal';

const STATUS_COLOUR = { PENDING: '#a84300', APPROVED: 'teal.9', REJECTED: 'red.9' } as const;

/** One occurrence with its series' details (the caller keys it by occurrence, so its state starts fresh); edit, cancel, and (for admins) approve or reject with a reason. */
export function EventDetailsModal({
  occurrence,
  onClose,
  onEdit,
}: {
  occurrence: Occurrence | null;
  onClose: () => void;
  onEdit: () => void;
}) {
  const event = useEvent(occurrence?.id ?? null);
  const decide = useDecideEvent();
  const remove = useDeleteEvent();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [scope, setScope] = useState<EditScope>('THIS');

  const e = event.data;
  const when = occurrence
    ? new Intl.DateTimeFormat(undefined, {
        dateStyle: 'full',
        timeStyle: 'short',
        timeZone: occurrence.timeZone,
      }).formatRange(new Date(occurrence.start), new Date(occurrence.end))
    : '';
  const series = !!e && e.repeat !== 'NEVER';
  // A countable occurrence in a submitted or approved CARA log is locked until an admin reopens the log.
  const lock =
    e && occurrence
      ? lockingPeriodOf([instantToLocal(new Date(occurrence.start), e.timeZone).date], e.lockedPeriods ?? [])
      : null;

  const decideAs = (decision: 'APPROVE' | 'REJECT') =>
    decide.mutate(
      { id: occurrence!.id, decision, reason: decision === 'REJECT' ? reason : undefined },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: decision === 'APPROVE' ? 'Event approved.' : 'Event rejected.',
          });
          onClose();
        },
      },
    );

  const remove_ = () =>
    remove.mutate(
      { id: occurrence!.id, scope: series ? scope : 'ALL', occurrenceStart: occurrence!.occurrenceStart },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: 'Event cancelled.' });
          onClose();
        },
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
      },
    );
  // The buttons of what the dialog shows now: a reason to reject, the scope to cancel, or the event's own actions.
  const edits = !!e && e.canEdit && !lock && e.category !== 'RECRUITING';
  const actions =
    !e || !occurrence ? null : rejecting ? (
      <>
        <Button variant="default" onClick={() => setRejecting(false)}>
          Back
        </Button>
        <Button color="red.9" loading={decide.isPending} onClick={() => decideAs('REJECT')} disabled={!reason.trim()}>
          Reject event
        </Button>
      </>
    ) : deleting ? (
      <>
        <Button variant="default" onClick={() => setDeleting(false)}>
          Keep event
        </Button>
        <Button color="red.9" loading={remove.isPending} onClick={remove_}>
          Cancel event
        </Button>
      </>
    ) : e.canDecide || edits || e.category === 'RECRUITING' ? (
      <>
        {e.canDecide && (
          <>
            <Button color="teal.9" loading={decide.isPending} onClick={() => decideAs('APPROVE')}>
              Approve
            </Button>
            <Button variant="default" onClick={() => setRejecting(true)}>
              Reject
            </Button>
          </>
        )}
        {e.category === 'RECRUITING' && (
          // A recruiting event's prospects, hosts and approval live on its own page.
          <Button component={Link} to={`/recruitmentEvents/${e.id}`} variant="light">
            Open the recruiting event
          </Button>
        )}
        {edits && (
          <>
            <Button variant="subtle" color="red" onClick={() => setDeleting(true)}>
              Cancel event
            </Button>
            <Button onClick={onEdit}>Edit</Button>
          </>
        )}
      </>
    ) : null;

  return (
    <DialogModal
      opened={!!occurrence}
      onClose={onClose}
      title={occurrence?.name ?? 'Event'}
      size="lg"
      dismissLabel={null}
      actions={actions}
      error={decide.error ?? remove.error}
    >
      {event.isPending && <LoadingState rows={3} label="Loading the event" />}
      {event.error && <ErrorState error={event.error} />}
      {e && occurrence && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="filled" color={EVENT_CATEGORY_COLOURS[e.category]}>
              {EVENT_CATEGORY_LABELS[e.category]}
            </Badge>
            {e.caraCategory && (
              <Badge variant="outline" color="dark">
                {CARA_CATEGORY_LABELS[e.caraCategory as CaraCategory] ?? e.caraCategory}
              </Badge>
            )}
            <Badge variant="filled" color={STATUS_COLOUR[e.status]}>
              {EVENT_STATUS_LABELS[e.status]}
            </Badge>
          </Group>
          <Text>{when}</Text>
          <Text size="sm" c="dimmed">
            {e.timeZone.replace(/_/g, ' ')} ({gmtLabel(e.timeZone, new Date(occurrence.start))})
          </Text>
          <Text size="sm">
            <b>Team:</b> {e.sportTeamName}
          </Text>
          {e.location && (
            <Text size="sm">
              <b>Location:</b> {e.location}
            </Text>
          )}
          {series && (
            <Text size="sm">
              <b>Repeats:</b> {REPEAT_LABELS[e.repeat]} until {formatDate(e.repeatUntil)}
            </Text>
          )}
          {e.notes && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              <b>Notes:</b> {e.notes}
            </Text>
          )}
          {e.agenda && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              <b>Agenda:</b> {e.agenda}
            </Text>
          )}
          {e.status === 'REJECTED' && e.rejectReason && (
            <Alert color="red" variant="light" title="Rejected">
              {e.rejectReason}
            </Alert>
          )}
          <Group>
            <Button
              component="a"
              variant="default"
              size="xs"
              href={`${API_BASE}/events/${encodeURIComponent(occurrence.id)}/ics?occurrenceStart=${encodeURIComponent(occurrence.occurrenceStart)}`}
              download="event.ics"
            >
              Add to my calendar (.ics)
            </Button>
          </Group>
          {rejecting && (
            <Textarea
              label="Reason"
              withAsterisk
              description="At most 50 words."
              value={reason}
              onChange={(x) => setReason(x.currentTarget.value)}
            />
          )}
          {lock && (
            <Alert color="gray" variant="light" title="Locked by a CARA log">
              This event is in the CARA log of {formatDate(lock.periodStart)} to {formatDate(lock.periodEnd)}, which is{' '}
              {CARA_LOG_STATUS_LABELS[lock.status].toLowerCase()}. It cannot be edited or cancelled unless an admin
              reopens the log.
            </Alert>
          )}
          {deleting && series && (
            <Radio.Group label="Cancel" value={scope} onChange={(v) => setScope(v as EditScope)}>
              <Stack gap={4} mt={4}>
                <Radio value="THIS" label="This event" />
                <Radio value="FOLLOWING" label="This and following events" />
                <Radio value="ALL" label="All events of the series" />
              </Stack>
            </Radio.Group>
          )}
          {!e.canEdit && !e.canDecide && e.status === 'PENDING' && (
            <Text size="sm" c="dimmed">
              Waiting for an admin to approve it.
            </Text>
          )}
        </Stack>
      )}
    </DialogModal>
  );
}
