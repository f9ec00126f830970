import { Badge, List, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { STUCK_KIND_LABELS, type StuckKind, type WorkflowStatus } from '../../../../domain/operator-console';
import type { WorkflowItem } from './operator-console.api';

const STATUS_COLORS: Record<WorkflowStatus, string> = {
  Running: 'blue',
  Completed: 'green',
  Failed: 'red',
  Canceled: 'gray',
  Terminated: 'dark',
  TimedOut: 'orange',
};

export const STATUS_LABELS: Record<WorkflowStatus, string> = {
  Running: 'Running',
  Completed: 'Completed',
  Failed: 'Failed',
  Canceled: 'Cancelled',
  Terminated: 'Terminated',
  TimedOut: 'Timed out',
};

export function StatusBadge({ status }: { status: WorkflowStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

// Filled badges carry white text: every shade here keeps at least 4.5:1 contrast (WCAG AA).
const STUCK_COLORS: Record<StuckKind, string> = {
  WORKFLOW_TASK_FAILING: 'red.9',
  ACTIVITY_RETRYING: '#b3410b',
  HUMAN_STEP_OVERDUE: '#8a5a00',
  NO_WORKER: 'dark.6',
  STATE_MISMATCH: 'grape.9',
  ASSIGNEE_UNAVAILABLE: 'indigo.9',
  MAIL_FAILED: 'pink.9',
};

/** The reasons a process is stuck: a badge per kind and the plain-words reason under it (and its fix, if offered). */
export function StuckReasons({
  stuck,
  compact = false,
  fixOf,
}: {
  stuck: WorkflowItem['stuck'];
  compact?: boolean;
  fixOf?: (reason: WorkflowItem['stuck'][number]) => ReactNode;
}) {
  if (stuck.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  if (compact) {
    return (
      <List size="sm" spacing={4} listStyleType="none" aria-label="Why it is stuck">
        {stuck.map((s, i) => (
          <List.Item key={i}>
            <Tooltip label={s.reason} multiline w={360} withArrow>
              <Badge color={STUCK_COLORS[s.kind]} variant="filled" mr={6}>
                {STUCK_KIND_LABELS[s.kind]}
              </Badge>
            </Tooltip>
            <Text span size="xs" c="dimmed" lineClamp={2} title={s.reason}>
              {s.reason}
            </Text>
          </List.Item>
        ))}
      </List>
    );
  }
  return (
    <List size="sm" spacing="xs" listStyleType="none" aria-label="Why it is stuck">
      {stuck.map((s, i) => (
        <List.Item key={i}>
          <Badge color={STUCK_COLORS[s.kind]} variant="filled" mr={8}>
            {STUCK_KIND_LABELS[s.kind]}
          </Badge>
          <Text span size="sm">
            {s.reason}
          </Text>
          {fixOf?.(s)}
        </List.Item>
      ))}
    </List>
  );
}
