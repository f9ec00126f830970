import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { conflictLabel, statusColor, statusLabel } from './disclosure-labels';
import { reportByLabel } from './disclosure-labels';

/**
 * A badge keeps its whole label: Mantine's badge clips with an ellipsis as soon as a narrow table column or a row of
 * badges squeezes it ("UNIVERSI…", "CHANGE REQUES…"), so it neither shrinks nor clips; rows of them wrap instead.
 */
const WHOLE = { flexShrink: 0, overflow: 'visible', minWidth: 'max-content' } as const;

export function StatusBadge({ status, archived = false }: { status: string; archived?: boolean }) {
  return (
    <Badge color={archived ? 'gray' : statusColor(status)} variant="light" style={WHOLE}>
      {statusLabel(status, archived)}
    </Badge>
  );
}

export function ConflictBadges({ types }: { types: string[] }) {
  if (types.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  return (
    <Group gap={4}>
      {types.map((t) => (
        <Tooltip key={t} label={t}>
          <Badge color="red" variant="light" style={WHOLE}>
            {conflictLabel(t)}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}

export function NotifyBadge({ notify, deadline }: { notify: boolean; deadline: string | null }) {
  if (!notify)
    return (
      <Text size="sm" c="dimmed">
        No
      </Text>
    );
  return (
    <Tooltip label="$600 or more from one payor this year: report to NIL Go within 5 business days of signing">
      <Badge color="indigo" variant="light" style={WHOLE}>
        {reportByLabel(deadline)}
      </Badge>
    </Tooltip>
  );
}
