import { Alert, List, Text } from '@mantine/core';
import { errorMessage, isApiError, isStateMovedOn } from './api';
import { fieldLabel } from './field-label';

/**
 * A failed submit: the API's message, then any field details that are not already shown next to their input
 * (`isShownInline` says which are).
 */
export function ApiErrorAlert({
  error,
  isShownInline,
}: {
  error: unknown;
  isShownInline?: (field: string) => boolean;
}) {
  if (!error) return null;
  if (isStateMovedOn(error)) {
    // Someone acted first: the screen has been refreshed to what is true now (query-client.ts).
    return (
      <Alert color="blue" variant="light" role="status">
        <Text size="sm">{error.message} The screen now shows the current state.</Text>
      </Alert>
    );
  }
  const details = isApiError(error) ? error.details.filter((d) => !(d.field && isShownInline?.(d.field))) : [];
  return (
    <Alert color="red" variant="light" role="alert">
      <Text size="sm" fw={details.length ? 600 : undefined}>
        {errorMessage(error)}
      </Text>
      {details.length > 0 && (
        <List size="sm" mt={4}>
          {details.map((d, i) => (
            <List.Item key={i}>{d.field ? `${fieldLabel(d.field)}: ${d.message}` : d.message}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
