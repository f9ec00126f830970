import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ERRORS } from '../../../../domain/errors';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { useForgotPassword } from './auth.api';
import { AuthCard } from './AuthCard';
import { SuccessMessage } from '../../shared/SuccessMessage';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Asks for a reset link. The API answers the same for any address, so the page never reveals who has an account. */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const form = useForm({ defaultValues: { email: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => forgot.mutate({ email: values.email.trim() }));

  return (
    <AuthCard
      title="Forgot password"
      intro="Enter your e-mail address and we will send you a link to choose a new password."
    >
      {forgot.isSuccess ? (
        <Stack gap="md">
          <SuccessMessage title="Check your e-mail">{forgot.data.message}</SuccessMessage>
          <Anchor component={Link} to="/login">
            Back to log in
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Forgot password">
          <Stack gap="md">
            <ApiErrorAlert error={forgot.error} />
            <TextInput
              label="Email"
              aria-required
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...form.register('email', {
                required: ERRORS.MANDATORY_FIELD.message,
                pattern: { value: EMAIL_PATTERN, message: ERRORS.INVALID_EMAIL.message },
              })}
            />
            <Button type="submit" loading={forgot.isPending} fullWidth>
              Send reset link
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              Back to log in
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
