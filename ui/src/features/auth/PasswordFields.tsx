import { PasswordInput, Stack } from '@mantine/core';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ERRORS } from '../../../../domain/errors';
import { checkPassword } from '../../../../domain/password';
import type { PasswordPair } from './auth.api';
import { PasswordChecklist } from './PasswordChecklist';

/** New password + confirmation with the live policy checklist, shared by reset-password and create-password. */
export function PasswordFields({ form }: { form: UseFormReturn<PasswordPair> }) {
  const password = useWatch({ control: form.control, name: 'password' });
  const { errors } = form.formState;
  return (
    <Stack gap="sm">
      <PasswordInput
        label="New password"
        aria-required
        autoComplete="new-password"
        aria-describedby="password-rules"
        error={errors.password?.message}
        {...form.register('password', {
          validate: (value) => checkPassword(value).length === 0 || ERRORS.PASSWORD_POLICY.message,
        })}
      />
      <PasswordChecklist password={password} id="password-rules" />
      <PasswordInput
        label="Confirm password"
        aria-required
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword', {
          validate: (value, values) => value === values.password || ERRORS.PASSWORDS_DO_NOT_MATCH.message,
        })}
      />
    </Stack>
  );
}
