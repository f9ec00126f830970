import { argon2id, hash, verify } from 'argon2';
import { AppError } from '../../domain/errors';
import { checkPassword, PASSWORD_RULE_TEXT, type PasswordProblem } from '../../domain/password';

/** argon2id with the library's defaults (OWASP-level memory cost). */
export async function hashPassword(password: string): Promise<string> {
  return hash(password, { type: argon2id });
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password. Without a stored hash it still spends the same work against a throw-away hash, so response
 * time does not reveal whether an e-mail has an account.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-Aa1!');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/**
 * The password policy (the spec's rules on the password without its leading and trailing spaces, then the common and
 * breached password lists, then the person's own name and e-mail: `userInputs` from `personalPasswordInputs`) and
 * "passwords must match", as catalogue errors with one detail per unmet rule.
 */
export async function assertAcceptablePassword(
  password: string,
  confirmPassword: string,
  userInputs: readonly string[] = [],
): Promise<void> {
  const problems = await checkPassword(password, userInputs);
  if (problems.includes('invalid_chars')) {
    throw new AppError('PASSWORD_INVALID_CHARACTERS', [
      { field: 'password', message: PASSWORD_RULE_TEXT.invalid_chars, code: 'invalid_chars' },
    ]);
  }
  if (problems.length > 0) {
    throw new AppError(
      problemCode(problems),
      problems.map((p) => ({ field: 'password', message: PASSWORD_RULE_TEXT[p], code: p })),
    );
  }
  if (password !== confirmPassword) {
    throw new AppError('PASSWORDS_DO_NOT_MATCH', [{ field: 'confirmPassword', message: 'Passwords must match.' }]);
  }
}

/** The spec's composition rules come first; past them, the name-or-e-mail rule says more than "too common". */
function problemCode(problems: PasswordProblem[]): 'PASSWORD_POLICY' | 'PASSWORD_PERSONAL' | 'PASSWORD_TOO_COMMON' {
  if (problems.some((p) => p !== 'common' && p !== 'personal')) return 'PASSWORD_POLICY';
  return problems.includes('personal') ? 'PASSWORD_PERSONAL' : 'PASSWORD_TOO_COMMON';
}
