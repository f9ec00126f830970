import { Alert, Button, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage, isApiError } from './api';
import { InboxIcon } from './icons';

/** Placeholder rows while a list or card loads. */
export function LoadingState({ rows = 4, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={36} radius="sm" />
      ))}
    </Stack>
  );
}

/** A failed load, in the API's own words, with a retry when the caller offers one and retrying could help. */
export function ErrorState({
  error,
  onRetry,
  title = 'Could not load this',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  // Missing permission or a missing record will not change on retry.
  const final = isApiError(error) && (error.status === 403 || error.status === 404);
  const forbidden = isApiError(error) && error.status === 403;
  return (
    <Alert
      color={forbidden ? 'gray' : 'red'}
      variant="light"
      title={forbidden ? 'Not available to you' : title}
      role="alert"
    >
      <Stack gap="xs">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry && !final && (
          <Group>
            <Button size="xs" variant="white" color="red" onClick={onRetry}>
              Try again
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

/** Nothing to show yet, with an optional next step. */
export function NothingHere({
  title,
  description,
  action,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <EmptyState icon={<InboxIcon size={28} />} withIndicatorBackground title={title} description={description} py="xl">
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  );
}
