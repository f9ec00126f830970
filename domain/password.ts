/** Password policy (spec part 2 §5): at least 10 characters, one special character, one number, one uppercase and one lowercase letter. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'length' | 'special' | 'number' | 'uppercase' | 'lowercase' | 'invalid_chars';

export const PASSWORD_RULE_TEXT: Record<PasswordProblem, string> = {
  length: `At least ${PASSWORD_MIN_LENGTH} characters`,
  special: 'At least 1 special character',
  number: 'At least 1 number',
  uppercase: 'At least 1 uppercase letter',
  lowercase: 'At least 1 lowercase letter',
  invalid_chars: 'Only printable characters',
};

export function checkPassword(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) problems.push('length');
  if (!/[^A-Za-z0-9\s]/.test(password)) problems.push('special');
  if (!/[0-9]/.test(password)) problems.push('number');
  if (!/[A-Z]/.test(password)) problems.push('uppercase');
  if (!/[a-z]/.test(password)) problems.push('lowercase');
  // Control characters cannot be typed reliably and break some mail clients' links.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(password)) problems.push('invalid_chars');
  return problems;
}
