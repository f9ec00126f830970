import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { Static } from 'typebox';
import type { EmailChanged } from '../../../../api/users/email-change.schemas';
import { api, errorMessage } from '../../shared/api';
import { SuccessMessage } from '../../shared/SuccessMessage';
import { AuthCard } from './AuthCard';

/** /emailConfirmation?token=: confirms a new login e-mail from the link mailed to it. */
export function EmailConfirmationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // A link confirms once: as a query keyed by its token, a screen mounted twice (or a re-render) sends one request
  // and both read its answer, where a mutation fired from an effect sent two and showed the second's "already used".
  const confirm = useQuery({
    queryKey: ['email-change-confirmation', token],
    queryFn: () => api.post<Static<typeof EmailChanged>>('/auth/email-change/confirm', { token }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  return (
    <AuthCard title="Confirm your e-mail address">
      <Stack>
        {!token && (
          <Alert color="red" variant="light" role="alert">
            This link is incomplete. Open the link from the e-mail again.
          </Alert>
        )}
        {token && confirm.isPending && (
          <Text size="sm">
            <Loader size="xs" mr="xs" aria-hidden />
            Confirming…
          </Text>
        )}
        {confirm.isSuccess && (
          <SuccessMessage>Your e-mail address is now {confirm.data.email}. Use it to log in.</SuccessMessage>
        )}
        {confirm.error && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(confirm.error)}
          </Alert>
        )}
        <Button component={Link} to="/login" variant={confirm.isSuccess ? 'filled' : 'default'}>
          Log in
        </Button>
      </Stack>
    </AuthCard>
  );
}
