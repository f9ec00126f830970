import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { errorMessage, isApiError } from '../../shared/api';
import { useResetPassword, type PasswordPair } from './auth.api';
import { AuthCard } from './AuthCard';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { PasswordFields } from './PasswordFields';
import { SuccessMessage } from '../../shared/SuccessMessage';

/** With ?token= from the mailed link: choose a new password. Without a token: ask for a link. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <NewPasswordForm token={token} /> : <ForgotPasswordForm />;
}

function NewPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const form = useForm<PasswordPair>({ defaultValues: { password: '', confirmPassword: '' }, mode: 'onTouched' });
  const submit = form.handleSubmit((values) => reset.mutate({ token, ...values }));
  const linkDead = isApiError(reset.error) && reset.error.code === 'RESET_LINK_INVALID';

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <SuccessMessage>Your password has been changed. You can now log in with it.</SuccessMessage>
        <Button component={Link} to="/login">
          Log in
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password" intro="Choose a new password for your account.">
      <form onSubmit={submit} noValidate aria-label="Reset password">
        <Stack gap="md">
          {reset.error && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(reset.error)}{' '}
              {linkDead && (
                <Anchor component={Link} to="/reset-password" size="sm">
                  Request a new link
                </Anchor>
              )}
            </Alert>
          )}
          <PasswordFields form={form} />
          <Button type="submit" loading={reset.isPending} fullWidth>
            Save new password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
