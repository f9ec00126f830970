import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { moduleLabel } from '../../../../domain/operator-console';
import { readableStepName } from '../../../../domain/workflows';
import { formatDateTime, formatRelative, humanize } from '../../shared/format';
import { ExternalIcon } from '../../shared/icons';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import {
  useAssignableUsers,
  useReassignTask,
  useWorkflowAction,
  useWorkflowDetail,
  type SingleAction,
  type WorkflowDetail,
} from './operator-console.api';
import { ProcessGraphPanel } from './ProcessGraphPanel';
import { ReasonModal } from './ReasonModal';
import { StatusBadge, StuckReasons } from './workflow-badges';
import { TableScroll } from '../../shared/table/TableScroll';

const ACTIONS: Record<
  SingleAction,
  { label: string; title: string; body: string; color: string; confirm?: string; dismiss?: string }
> = {
  retry: {
    label: 'Retry now',
    title: 'Retry now?',
    body: 'A failing step runs again at once with a fresh attempt count; workflow code that keeps failing is reset to its last good point. Fix the cause first.',
    color: 'blue',
  },
  'resend-notification': {
    label: 'Resend notification',
    title: 'Resend the notification?',
    body: "The process sends its current step's notification again.",
    color: 'blue',
  },
  cancel: {
    label: 'Cancel',
    // Two buttons both named "Cancel" in one dialog cannot be told apart by a screen-reader user.
    confirm: 'Cancel process',
    dismiss: 'Keep process',
    title: 'Cancel this process?',
    body: 'The process is asked to stop and winds down its own way (it may clean up first).',
    color: 'red.9',
  },
  terminate: {
    label: 'Terminate',
    title: 'Terminate this process?',
    body: 'The process ends at once without clean-up; its open inbox tasks are cancelled. This cannot be undone.',
    color: 'red.9',
  },
};

/** One process: why it is stuck, the fixes, its live graph, pending work, inbox tasks and its history. */
export function WorkflowDetailView({ workflowId, onBack }: { workflowId: string; onBack: () => void }) {
  const detail = useWorkflowDetail(workflowId);
  const back = (
    <Anchor component="button" type="button" size="sm" onClick={onBack}>
      ← All processes
    </Anchor>
  );
  if (detail.isPending) {
    return (
      <Stack>
        {back}
        <LoadingState rows={6} label="Loading the process" />
      </Stack>
    );
  }
  if (detail.error) {
    return (
      <Stack>
        {back}
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} title="Could not load this process" />
      </Stack>
    );
  }
  return <Detail data={detail.data} back={back} />;
}

function Detail({ data, back }: { data: WorkflowDetail; back: ReactNode }) {
  const { item } = data;
  const [action, setAction] = useState<SingleAction | null>(null);
  const [reassigning, setReassigning] = useState<Reassigning | null>(null);
  const mutation = useWorkflowAction(item.workflowId);
  const running = item.status === 'Running';
  const hasStuckTask = item.stuck.some((s) => s.kind === 'HUMAN_STEP_OVERDUE' || s.kind === 'ASSIGNEE_UNAVAILABLE');
  const openTaskIds = new Set(data.tasks.filter((t) => t.status === 'OPEN').map((t) => t.id));
  // A step waiting on someone who can no longer act is fixed from its reason: one click opens the reassign dialog
  // with the suggested person already chosen; the operator still gives the reason.
  // A disclosure review names its reviewer on the disclosure itself (no task): the review is handed over.
  const fixable = (s: WorkflowDetail['item']['stuck'][number]) =>
    s.taskId ? openTaskIds.has(s.taskId) : item.module === 'disclosure';
  const fixOf = (s: WorkflowDetail['item']['stuck'][number]) =>
    running && s.kind === 'ASSIGNEE_UNAVAILABLE' && fixable(s) ? (
      <Button
        size="xs"
        ml="sm"
        onClick={() => setReassigning({ taskId: s.taskId ?? null, suggested: s.suggestedAssignee ?? null })}
      >
        {s.suggestedAssignee ? `Reassign to ${s.suggestedAssignee.name}` : 'Reassign'}
      </Button>
    ) : null;

  return (
    <Stack gap="lg">
      {back}
      <PageHeader
        title={`${moduleLabel(item.module)} process`}
        description={
          <>
            <Text span ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
              {item.workflowId}
            </Text>
            {item.schoolName ? ` · ${item.schoolName}` : ''}
          </>
        }
        actions={
          <>
            {data.recordPath && (
              <Button component={Link} to={data.recordPath} variant="default">
                Open the record
              </Button>
            )}
            <Button
              component="a"
              href={data.temporalUiUrl}
              target="_blank"
              rel="noreferrer"
              variant="default"
              rightSection={<ExternalIcon size={14} />}
            >
              Temporal Web UI
            </Button>
          </>
        }
      />

      <Group gap="md">
        <StatusBadge status={item.status} />
        <Text size="sm">
          Step: <b>{item.stepName ? readableStepName(item.stepName) : '—'}</b>
        </Text>
        <Text size="sm" c="dimmed">
          Started {formatDateTime(item.startTime)}
          {item.closeTime ? ` · ended ${formatDateTime(item.closeTime)}` : ''}
        </Text>
        <Text size="sm" c="dimmed">
          {data.historyLength} history events · queue {item.taskQueue}
        </Text>
      </Group>

      {item.stuck.length > 0 ? (
        <Alert color="red" variant="light" title="Why this process is stuck">
          <StuckReasons stuck={item.stuck} fixOf={fixOf} />
        </Alert>
      ) : (
        running && (
          <Alert color="green" variant="light" title="Nothing is stuck">
            The process is moving along or waiting as planned.
          </Alert>
        )
      )}

      <Group gap="sm" aria-label="Actions">
        {(['retry', 'resend-notification', 'cancel', 'terminate'] as SingleAction[]).map((a) => (
          <Button
            key={a}
            variant={a === 'retry' ? 'filled' : 'light'}
            color={a === 'retry' || a === 'resend-notification' ? 'blue' : 'red'}
            disabled={!running}
            onClick={() => {
              mutation.reset();
              setAction(a);
            }}
          >
            {ACTIONS[a].label}
          </Button>
        ))}
        {!running && (
          <Text size="sm" c="dimmed">
            The process has ended; there is nothing to act on.
          </Text>
        )}
      </Group>

      <ProcessGraphPanel data={data} />

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="lg">
          <PendingWork data={data} />
          <Tasks
            data={data}
            running={running}
            onReassign={(taskId) => setReassigning({ taskId, suggested: null })}
            highlight={hasStuckTask}
          />
        </Stack>
        <HistoryTimeline data={data} />
      </SimpleGrid>

      {action && (
        <ReasonModal
          opened
          title={ACTIONS[action].title}
          body={ACTIONS[action].body}
          confirmLabel={ACTIONS[action].confirm ?? ACTIONS[action].label}
          dismissLabel={ACTIONS[action].dismiss}
          confirmColor={ACTIONS[action].color}
          loading={mutation.isPending}
          error={mutation.error}
          onClose={() => setAction(null)}
          onConfirm={(reason) =>
            mutation.mutate(
              { action, reason },
              {
                onSuccess: (outcome) => {
                  notifications.show({ color: 'green', title: ACTIONS[action].label, message: outcome.message });
                  setAction(null);
                },
              },
            )
          }
        />
      )}
      {reassigning && (
        <ReassignModal
          workflowId={item.workflowId}
          task={data.tasks.find((t) => t.id === reassigning.taskId) ?? null}
          suggested={reassigning.suggested}
          onClose={() => setReassigning(null)}
        />
      )}
    </Stack>
  );
}

function PendingWork({ data }: { data: WorkflowDetail }) {
  const wft = data.pendingWorkflowTask;
  return (
    <section aria-labelledby="pending-title">
      <Title order={2} size="h4" id="pending-title" mb="xs">
        Pending steps
      </Title>
      {wft && wft.attempt > 1 && (
        <Text size="sm" c="red.9" mb="xs">
          The workflow code is on attempt {wft.attempt}.
        </Text>
      )}
      {data.pendingActivities.length === 0 ? (
        <Text size="sm" c="dimmed">
          No step is running or retrying.
        </Text>
      ) : (
        <TableScroll minWidth={520}>
          <Table aria-label="Pending steps" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Step</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Attempt</Table.Th>
                <Table.Th>Last failure</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.pendingActivities.map((a) => (
                <Table.Tr key={a.activityId}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {readableStepName(a.activityType)}
                    </Text>
                    {a.nextAttemptAt && (
                      <Text size="xs" c="dimmed">
                        next try {formatRelative(a.nextAttemptAt)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{humanize(a.state)}</Table.Td>
                  <Table.Td>
                    {a.attempt}
                    {a.maximumAttempts > 0 ? ` of ${a.maximumAttempts}` : ''}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c={a.lastFailureMessage ? 'red.9' : 'dimmed'} style={{ wordBreak: 'break-word' }}>
                      {a.lastFailureMessage ?? '—'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </section>
  );
}

function Tasks({
  data,
  running,
  onReassign,
  highlight,
}: {
  data: WorkflowDetail;
  running: boolean;
  onReassign: (taskId: string) => void;
  highlight: boolean;
}) {
  // The server judged which tasks are past due (at the time it answered); the screen does not guess with its clock.
  const overdueIds = new Set(
    data.item.stuck.filter((s) => s.kind === 'HUMAN_STEP_OVERDUE' && s.taskId).map((s) => s.taskId!),
  );
  const unavailableIds = new Set(
    data.item.stuck.filter((s) => s.kind === 'ASSIGNEE_UNAVAILABLE' && s.taskId).map((s) => s.taskId!),
  );
  return (
    <section aria-labelledby="tasks-title">
      <Title order={2} size="h4" id="tasks-title" mb="xs">
        People&apos;s tasks
      </Title>
      {data.tasks.length === 0 ? (
        <Text size="sm" c="dimmed">
          This process has not asked anyone to act.
        </Text>
      ) : (
        // On a phone the table scrolls sideways inside its own box rather than squeezing its badges and buttons.
        <TableScroll minWidth={560}>
          <Table aria-label="People's tasks" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Step</Table.Th>
                <Table.Th>Assigned to</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.tasks.map((t) => {
                const overdue = overdueIds.has(t.id);
                const unavailable = unavailableIds.has(t.id);
                return (
                  <Table.Tr key={t.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {t.stepName || t.title}
                      </Text>
                    </Table.Td>
                    <Table.Td>{t.assigneeLabel}</Table.Td>
                    <Table.Td>
                      <Text size="sm" c={overdue ? 'red.9' : undefined}>
                        {t.dueAt ? formatDateTime(t.dueAt) : '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={t.status === 'OPEN' ? (overdue || unavailable ? 'red' : 'blue') : 'gray'}
                      >
                        {unavailable ? 'Blocked' : overdue ? 'Overdue' : humanize(t.status)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {running && t.status === 'OPEN' && (
                        <Button
                          size="xs"
                          variant={highlight && (overdue || unavailable) ? 'filled' : 'light'}
                          onClick={() => onReassign(t.id)}
                        >
                          Reassign
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </section>
  );
}

const TONE_COLORS = { info: 'blue', success: 'green', warning: 'orange', error: 'red' } as const;

function HistoryTimeline({ data }: { data: WorkflowDetail }) {
  return (
    <section aria-labelledby="timeline-title">
      <Title order={2} size="h4" id="timeline-title" mb="xs">
        History
      </Title>
      {data.timeline.length === 0 ? (
        <NothingHere title="No history yet" />
      ) : (
        <Timeline active={data.timeline.length} bulletSize={14} lineWidth={2} aria-label="Process history">
          {data.timeline.map((entry) => (
            <Timeline.Item
              key={entry.eventId}
              color={TONE_COLORS[entry.tone]}
              title={
                <Text size="sm" fw={600} c={entry.tone === 'error' ? 'red.9' : undefined}>
                  {entry.title}
                </Text>
              }
            >
              {entry.detail && (
                <Text size="xs" style={{ wordBreak: 'break-word' }}>
                  {entry.detail}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {entry.at ? formatDateTime(entry.at) : ''} · event {entry.eventId}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </section>
  );
}

interface Reassigning {
  /** Null for a disclosure review, which has no inbox task. */
  taskId: string | null;
  /** The person the console suggests (a step waiting on someone who can no longer act), chosen at the start. */
  suggested: { id: string; name: string } | null;
}

function ReassignModal({
  workflowId,
  task,
  suggested,
  onClose,
}: {
  workflowId: string;
  task: WorkflowDetail['tasks'][number] | null;
  suggested: Reassigning['suggested'];
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [userId, setUserId] = useState<string | null>(suggested?.id ?? null);
  // Once someone is chosen the box shows their label; the list then comes unfiltered so the choice stays in it.
  const users = useAssignableUsers(workflowId, userId ? '' : search, true);
  const reassign = useReassignTask(workflowId);
  const options = (users.data ?? [])
    .filter((u) => u.id !== task?.assigneeUserId)
    .map((u) => ({ value: u.id, label: `${u.name} (${u.email})` }));
  // The suggested person stays choosable even when the first page of the list does not hold them.
  if (suggested && !options.some((o) => o.value === suggested.id)) {
    options.unshift({ value: suggested.id, label: suggested.name });
  }
  return (
    <ReasonModal
      opened
      title="Reassign this step"
      body={
        task
          ? `"${task.stepName || task.title}" is assigned to ${task.assigneeLabel}. Choose who should do it instead; the process is told.`
          : 'The review waits on a reviewer who can no longer act. Choose a compliance reviewer to do it instead; the process is told.'
      }
      confirmLabel="Reassign"
      confirmColor="blue"
      loading={reassign.isPending}
      error={reassign.error}
      canConfirm={userId !== null}
      onClose={onClose}
      onConfirm={(reason) =>
        userId &&
        reassign.mutate(
          { ...(task ? { taskId: task.id } : {}), toUserId: userId, reason },
          {
            onSuccess: (outcome) => {
              notifications.show({ color: 'green', title: 'Reassigned', message: outcome.message });
              onClose();
            },
          },
        )
      }
    >
      <Select
        label="New assignee"
        placeholder="Search by name or e-mail"
        searchable
        withAsterisk
        searchValue={search}
        onSearchChange={setSearch}
        data={options}
        value={userId}
        onChange={setUserId}
        nothingFoundMessage={users.isPending ? 'Loading…' : 'Nobody found'}
        filter={({ options: all }) => all}
      />
    </ReasonModal>
  );
}
