import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { ERRORS } from '../../../domain/errors';
import { usePageTitle } from '../shared/use-page-title';

/** Last resort when a screen crashes or its code fails to download (e.g. after a new release). */
export function RouteErrorPage() {
  const error = useRouteError();
  usePageTitle('Something went wrong');
  // The details are for developers; users get the catalogue's wording.
  console.error(error);
  return (
    <Container component="main" id="main" size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Something went wrong</Title>
        <Alert color="red" variant="light" role="alert">
          <Text size="sm">{ERRORS.SOMETHING_WENT_WRONG.message} Reloading the page usually helps.</Text>
        </Alert>
        <Button onClick={() => window.location.reload()} w="fit-content">
          Reload the page
        </Button>
      </Stack>
    </Container>
  );
}
