import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ERRORS } from '../../../../domain/errors';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { useSession } from '../../shared/session';
import { landingPath } from '../../shared/navigation';
import { useLogin } from './auth.api';
import { AuthCard } from './AuthCard';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function LoginPage() {
  const { me } = useSession();
  const [params] = useSearchParams();
  const next = params.get('next');
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm({ defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  if (me && !login.isSuccess) return <Navigate to={landingPath(me.portal, next)} replace />;

  const submit = form.handleSubmit((values) =>
    login.mutate(
      { email: values.email.trim(), password: values.password },
      { onSuccess: (user) => void navigate(landingPath(user.portal, next), { replace: true }) },
    ),
  );

  return (
    <AuthCard title="Log in" intro="Use the e-mail address your school invited you with.">
      <form onSubmit={submit} noValidate aria-label="Log in">
        <Stack gap="md">
          <ApiErrorAlert error={login.error} />
          <TextInput
            label="Email"
            aria-required
            type="email"
            autoComplete="username"
            error={errors.email?.message}
            {...form.register('email', {
              required: ERRORS.MANDATORY_FIELD.message,
              pattern: { value: EMAIL_PATTERN, message: ERRORS.INVALID_EMAIL.message },
            })}
          />
          <PasswordInput
            label="Password"
            aria-required
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password', { required: ERRORS.MANDATORY_FIELD.message })}
          />
          <Button type="submit" loading={login.isPending} fullWidth>
            Log in
          </Button>
          <Anchor component={Link} to="/reset-password" size="sm" ta="center">
            Forgot password?
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
