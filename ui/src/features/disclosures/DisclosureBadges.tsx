import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { conflictLabel, statusColor, statusLabel } from './disclosure-labels';

export function StatusBadge({ status, archived = false }: { status: string; archived?: boolean }) {
  return (
    <Badge color={archived ? 'gray' : statusColor(status)} variant="light">
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
    <Group gap={4} wrap="nowrap">
      {types.map((t) => (
        <Tooltip key={t} label={t}>
          <Badge color="red" variant="light">
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
      <Badge color="indigo" variant="light">
        {deadline ? `Report by ${deadline}` : 'Report'}
      </Badge>
    </Tooltip>
  );
}
