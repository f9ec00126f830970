import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, errorMessage } from '../../shared/api';
import { SuccessMessage } from '../../shared/SuccessMessage';
import { AuthCard } from './AuthCard';

/** /emailConfirmation?token=: confirms a new login e-mail from the link mailed to it. */
export function EmailConfirmationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({
    mutationFn: (t: string) => api.post<{ email: string }>('/auth/email-change/confirm', { token: t }),
  });
  const { mutate } = confirm;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  return (
    <AuthCard title="Confirm your e-mail address">
      <Stack>
        {!token && (
          <Alert color="red" variant="light" role="alert">
            This link is incomplete. Open the link from the e-mail again.
          </Alert>
        )}
        {confirm.isPending && (
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
