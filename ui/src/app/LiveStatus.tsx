import { Text, Tooltip } from '@mantine/core';
import { POLL_INTERVAL_MS, useRealtimeMode } from '../shared/realtime-status';

/** A quiet line in the header while live updates are unavailable and the screen refreshes itself instead. */
export function LiveStatus() {
  const mode = useRealtimeMode();
  if (mode !== 'polling') return null;
  const seconds = POLL_INTERVAL_MS / 1000;
  return (
    <Tooltip
      label={`Live updates cannot connect from this address, so this screen refreshes every ${seconds} seconds.`}
      multiline
      w={260}
    >
      <Text size="xs" c="dimmed" data-testid="live-status" tabIndex={0}>
        Refreshing every {seconds} s
      </Text>
    </Tooltip>
  );
}
