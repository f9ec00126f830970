import { Alert, List, Text } from '@mantine/core';
import type { FormVersion } from '../../../../../form-engine';
import { errorMessage, isApiError } from '../../../shared/api';
import { elementTitle } from './CanvasElement';

/**
 * A refused save or publish in the server's words. Its details name elements by id (the engine's problems), so
 * they are shown with the element's title instead.
 */
export function SaveErrorAlert({ error, draft }: { error: unknown; draft: FormVersion }) {
  if (!error) return null;
  const details = isApiError(error) ? error.details : [];
  const titleOf = (field: string | undefined) => {
    const element = field ? draft.elements.find((e) => e.id === field) : undefined;
    return element ? `${elementTitle(element)}: ` : '';
  };
  return (
    <Alert color="red" variant="light" role="alert" title="The form was not saved">
      <Text size="sm">{errorMessage(error)}</Text>
      {details.length > 0 && (
        <List size="sm" mt={4}>
          {details.slice(0, 20).map((detail, index) => (
            <List.Item key={index}>
              {titleOf(detail.field)}
              {detail.message}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
