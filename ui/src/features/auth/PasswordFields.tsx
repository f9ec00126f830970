import { PasswordInput, Stack } from '@mantine/core';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ERRORS } from '../../../../domain/errors';
import { checkPassword, checkPasswordRules } from '../../../../domain/password';
import type { PasswordPair } from './auth.api';
import { PasswordChecklist } from './PasswordChecklist';
import { usePasswordGuessability } from './use-password-guessability';

/** The same rules as the server: the spec's policy first, then the common and breached password lists. */
async function validateNewPassword(value: string): Promise<true | string> {
  const rules = checkPasswordRules(value);
  if (rules.includes('invalid_chars')) return ERRORS.PASSWORD_INVALID_CHARACTERS.message;
  if (rules.length > 0) return ERRORS.PASSWORD_POLICY.message;
  try {
    if ((await checkPassword(value)).includes('common')) return ERRORS.PASSWORD_TOO_COMMON.message;
  } catch {
    // The word lists did not load (network): the server checks the password anyway.
  }
  return true;
}

/** New password + confirmation with the live policy checklist, shared by reset-password and create-password. */
export function PasswordFields({ form }: { form: UseFormReturn<PasswordPair> }) {
  const password = useWatch({ control: form.control, name: 'password' });
  const guessability = usePasswordGuessability(password);
  const { errors } = form.formState;
  return (
    <Stack gap="sm">
      <PasswordInput
        label="New password"
        aria-required
        autoComplete="new-password"
        aria-describedby="password-rules"
        error={errors.password?.message}
        {...form.register('password', { validate: validateNewPassword })}
      />
      <PasswordChecklist password={password} guessability={guessability} id="password-rules" />
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
