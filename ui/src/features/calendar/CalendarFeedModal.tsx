import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { formatDateTime } from '../../shared/format';
import { LoadingState } from '../../shared/states';
import { useCalendarFeed, useRegenerateFeed, useRevokeFeed } from './events.api';
import { DialogModal } from '../../shared/DialogModal';

/**
 * The person's private calendar feed: a URL that calendar apps subscribe to, so their calendar follows this one.
 * Making a new URL stops the old one at once (for a link shared by mistake).
 */
export function CalendarFeedModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const feed = useCalendarFeed(opened);
  const regenerate = useRegenerateFeed();
  const revoke = useRevokeFeed();
  const [confirming, setConfirming] = useState(false);
  const url = feed.data?.url ?? null;
  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title="Subscribe in your calendar app"
      size="lg"
      // Its buttons are the feed's own (create, copy, replace, turn off); the X closes it.
      dismissLabel={null}
      error={regenerate.error ?? revoke.error}
    >
      <Text size="sm">
        Add this private address to Google Calendar, Outlook or Apple Calendar (as a calendar “from URL” or
        “subscription”) and your events appear there and follow every change. Keep it to yourself: anyone with the
        address can see your events.
      </Text>
      {feed.isLoading && <LoadingState label="Loading your feed" />}
      {feed.error && <ApiErrorAlert error={feed.error} />}
      {feed.data && !url && (
        <Button onClick={() => regenerate.mutate()} loading={regenerate.isPending} w="fit-content">
          Create my feed address
        </Button>
      )}
      {url && (
        <>
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label="Your feed address"
              value={url}
              readOnly
              flex={1}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            Made {formatDateTime(feed.data!.createdAt!)}
            {feed.data!.lastFetchedAt
              ? ` · last read by a calendar app ${formatDateTime(feed.data!.lastFetchedAt)}`
              : ''}
          </Text>
          {confirming ? (
            <Stack gap="xs">
              <Text size="sm">
                A new address stops the current one at once: calendars subscribed to it stop updating.
              </Text>
              <Group>
                <Button variant="default" onClick={() => setConfirming(false)}>
                  Keep this address
                </Button>
                <Button
                  color="red.9"
                  loading={regenerate.isPending}
                  onClick={() => regenerate.mutate(undefined, { onSuccess: () => setConfirming(false) })}
                >
                  Make a new address
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group>
              <Button variant="default" onClick={() => setConfirming(true)}>
                Make a new address
              </Button>
              <Button variant="default" loading={revoke.isPending} onClick={() => revoke.mutate()}>
                Turn off the feed
              </Button>
            </Group>
          )}
        </>
      )}
    </DialogModal>
  );
}
