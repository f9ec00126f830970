import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ERRORS } from '../../../../domain/errors';
import { PORTAL_HOME } from '../../../../domain/roles';
import { errorMessage, isApiError } from '../../shared/api';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { LoadingState } from '../../shared/states';
import { useCreatePassword, useInvitation, type Invitation, type PasswordPair } from './auth.api';
import { AuthCard } from './AuthCard';
import { PasswordFields } from './PasswordFields';
import { fullName } from '../../shared/person-name';

/** The invitation link's landing page: shows who was invited, then sets the first password and signs them in. */
export function CreatePasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const invitation = useInvitation(token);

  if (!token) return <InvitationProblem message={ERRORS.INVITATION_INVALID.message} />;
  if (invitation.isPending) {
    return (
      <AuthCard title="Create password">
        <LoadingState rows={3} label="Checking your invitation" />
      </AuthCard>
    );
  }
  if (invitation.error) {
    const redeemed = isApiError(invitation.error) && invitation.error.code === 'INVITATION_REDEEMED';
    return <InvitationProblem message={errorMessage(invitation.error)} showLogin={redeemed} />;
  }
  return <CreatePasswordForm token={token} invitation={invitation.data} />;
}

function InvitationProblem({ message, showLogin = true }: { message: string; showLogin?: boolean }) {
  return (
    <AuthCard title="Create password">
      <Alert color="red" variant="light" role="alert">
        {message}
      </Alert>
      {showLogin && (
        <Anchor component={Link} to="/login">
          Go to log in
        </Anchor>
      )}
    </AuthCard>
  );
}

function CreatePasswordForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const navigate = useNavigate();
  const create = useCreatePassword();
  const form = useForm<PasswordPair>({ defaultValues: { password: '', confirmPassword: '' }, mode: 'onTouched' });
  const submit = form.handleSubmit((values) =>
    create.mutate(
      { token, ...values },
      { onSuccess: (me) => void navigate(PORTAL_HOME[me.portal], { replace: true }) },
    ),
  );
  return (
    <AuthCard title="Create password" intro={`Welcome to ${invitation.schoolName}.`}>
      {/* A long e-mail address wraps inside the card on a phone rather than running past its edge. */}
      <Text style={{ overflowWrap: 'anywhere' }}>
        Hi <strong>{fullName(invitation)}</strong>, choose a password to finish setting up your account for{' '}
        <strong>{invitation.email}</strong>.
      </Text>
      <form onSubmit={submit} noValidate aria-label="Create password">
        <Stack gap="md">
          <ApiErrorAlert error={create.error} />
          <PasswordFields form={form} />
          <Button type="submit" loading={create.isPending} fullWidth>
            Create password and continue
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
