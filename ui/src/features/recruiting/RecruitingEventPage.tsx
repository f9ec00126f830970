import { Alert, Anchor, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { gmtLabel } from '../../../../domain/calendar-events';
import { DialogModal } from '../../shared/DialogModal';
import { errorMessage } from '../../shared/api';
import { formatDateTime } from '../../shared/format';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState } from '../../shared/states';
import { EVENT_STATUS_COLOURS, EVENT_STATUS_LABELS, eventWhen, kindLabel } from './recruiting-event-labels';
import {
  useCancelRecruitingEvent,
  useDecideRecruitingEvent,
  useRecruitingEvent,
  type PersonRef,
  type RecruitingEvent,
} from './recruiting-events.api';
import { RejectEventModal } from '../../shared/RejectEventModal';
import { RecruitingEventFormModal } from './RecruitingEventFormModal';

/** One recruiting event: its details, who attends, its status, and approve or reject (with a reason) for admins. */
export function RecruitingEventPage() {
  const { id = '' } = useParams();
  const event = useRecruitingEvent(id);
  const [editing, setEditing] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const rejectDecision = useDecideRecruitingEvent();
  const [cancelling, setCancelling] = useState(false);
  const back = (
    <Anchor component={Link} to="/recruitmentEvents" size="sm">
      ← All recruiting events
    </Anchor>
  );
  if (event.isLoading)
    return (
      <Stack>
        {back}
        <LoadingState label="Loading the event" />
      </Stack>
    );
  if (event.error || !event.data)
    return (
      <Stack>
        {back}
        <ErrorState error={event.error} onRetry={() => void event.refetch()} title="Could not load this event" />
      </Stack>
    );
  const e = event.data;
  return (
    <Stack>
      {back}
      <PageHeader
        title={e.name}
        description={`${kindLabel(e.kind)} · ${e.sportTeamName}`}
        actions={
          <>
            {e.canDecide && <DecideButtons event={e} onReject={() => setRejecting(true)} />}
            {e.canEdit && (
              <Button variant="default" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            {e.canEdit && (
              <Button variant="default" color="red.9" onClick={() => setCancelling(true)}>
                Cancel event
              </Button>
            )}
          </>
        }
      />
      <Group gap="sm">
        <Badge variant="filled" color={EVENT_STATUS_COLOURS[e.status]} size="lg">
          {EVENT_STATUS_LABELS[e.status]}
        </Badge>
        {e.status === 'PENDING' && (
          <Text size="sm" c="dimmed">
            Waiting for a school admin to approve it.
          </Text>
        )}
        {e.status === 'APPROVED' && (
          <Anchor component={Link} to="/adminCalendar" size="sm">
            See it on the calendar
          </Anchor>
        )}
      </Group>
      {e.visitFlags.length > 0 && (
        <Alert color="orange" variant="light" title="Official visit rule" data-testid="visit-flags">
          <List size="sm">
            {e.visitFlags.map((f) => (
              <List.Item key={f}>{f}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {e.status === 'REJECTED' && (
        <Alert color="red" variant="light" title="Rejected">
          {e.rejectReason ?? 'No reason given.'}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Details
          </Title>
          <Stack gap="xs">
            <Detail label="When" value={eventWhen(e)} />
            <Detail label="Time zone" value={`${e.timeZone.replace(/_/g, ' ')} (${gmtLabel(e.timeZone)})`} />
            <Detail label="Location" value={e.location} />
            <Detail label="Description" value={e.description} />
            <Detail label="Notes" value={e.notes} />
            <Detail
              label="Created"
              value={`${formatDateTime(e.createdAt)}${e.createdByName ? ` by ${e.createdByName}` : ''}`}
            />
          </Stack>
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Attendees
          </Title>
          <Stack gap="md">
            <People
              title="Prospects"
              people={e.psas}
              noun="prospect"
              link={(p) => `/psaProfile/${p.id}`}
              empty="No prospects yet."
            />
            <People title="Host athletes" people={e.hostAthletes} noun="athlete" empty="No host athletes." />
            <People title="Coaches" people={e.coaches} noun="coach" plural="coaches" empty="No coaches." />
          </Stack>
        </Card>
      </SimpleGrid>
      <RecruitingEventFormModal opened={editing} event={e} onClose={() => setEditing(false)} />
      <RejectEventModal
        event={rejecting ? e : null}
        decide={rejectDecision}
        dismissLabel="Back"
        onClose={() => setRejecting(false)}
      />
      <CancelModal opened={cancelling} event={e} onClose={() => setCancelling(false)} />
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </div>
  );
}

function People({
  title,
  people,
  noun,
  plural,
  link,
  empty,
}: {
  title: string;
  people: PersonRef[];
  noun: string;
  plural?: string;
  link?: (p: PersonRef) => string;
  empty: string;
}) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {title}{' '}
        <Text span c="dimmed" size="sm">
          ({countOf(people.length, noun, plural)})
        </Text>
      </Text>
      {people.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <List size="sm" spacing={2} aria-label={title}>
          {people.map((p) => (
            <List.Item key={p.id}>
              {link ? (
                <Anchor component={Link} to={link(p)} size="sm">
                  {p.name}
                </Anchor>
              ) : (
                p.name
              )}
              {p.detail && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  · {p.detail}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}

function DecideButtons({ event, onReject }: { event: RecruitingEvent; onReject: () => void }) {
  const decide = useDecideRecruitingEvent();
  return (
    <>
      <Button
        loading={decide.isPending}
        onClick={() =>
          decide.mutate(
            { id: event.id, decision: 'APPROVE' },
            {
              onSuccess: () => notifications.show({ color: 'green', message: `${event.name} approved` }),
              onError: (err) => notifications.show({ color: 'red', message: errorMessage(err) }),
            },
          )
        }
      >
        Approve
      </Button>
      <Button variant="default" onClick={onReject}>
        Reject
      </Button>
    </>
  );
}

function CancelModal({ opened, event, onClose }: { opened: boolean; event: RecruitingEvent; onClose: () => void }) {
  const cancel = useCancelRecruitingEvent();
  const navigate = useNavigate();
  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title={`Cancel ${event.name}?`}
      dismissLabel="Keep the event"
      actionLabel="Cancel event"
      actionColor="red.9"
      focusDismiss
      loading={cancel.isPending}
      error={cancel.error}
      onAction={() =>
        cancel.mutate(event.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `${event.name} cancelled` });
            void navigate('/recruitmentEvents');
          },
        })
      }
    >
      <Text size="sm">The event leaves the calendar and its attendees are told. This cannot be undone.</Text>
    </DialogModal>
  );
}
