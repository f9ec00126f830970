/**
 * Password policy (spec part 2 §5): at least 10 characters, one special character, one number, one uppercase and one
 * lowercase letter. On top of the spec, a new password must not be common or easy to guess: it is scored by zxcvbn
 * against offline lists of common and breached passwords, English words and names, keyboard patterns, dates and
 * repeats. Leading and trailing spaces count towards none of the rules (ten spaces and "A1!a" is four characters);
 * the password itself is kept as typed.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
/**
 * zxcvbn's score from 0 to 4; 3 means about 10^8 guesses or more ("safely unguessable" against an online attack,
 * and slow against an offline one on an argon2id hash). Below it the password is refused as too easy to guess.
 */
export const PASSWORD_MIN_SCORE = 3;

export type PasswordProblem =
  'length' | 'special' | 'number' | 'uppercase' | 'lowercase' | 'invalid_chars' | 'common' | 'personal';

export const PASSWORD_RULE_TEXT: Record<PasswordProblem, string> = {
  length: `At least ${PASSWORD_MIN_LENGTH} characters`,
  special: 'At least 1 special character',
  number: 'At least 1 number',
  uppercase: 'At least 1 uppercase letter',
  lowercase: 'At least 1 lowercase letter',
  invalid_chars: 'Only printable characters',
  common: 'Not a common or easily guessed password',
  personal: 'Not your name or e-mail address',
};

/** Parts of a name or e-mail shorter than this are too common to refuse in a password ("Al", "jo"). */
const PERSONAL_INPUT_MIN_LENGTH = 3;

/**
 * What a password must not contain (issue 36): the account's e-mail, its local part, and each part of the person's
 * name, as zxcvbn user inputs (which also catch them reversed, in another case or with l33t substitutions).
 */
export function personalPasswordInputs(person: {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}): string[] {
  const email = person.email.trim().toLowerCase();
  const localPart = email.split('@')[0] ?? '';
  const words = [localPart, person.firstName ?? '', person.lastName ?? '']
    .flatMap((part) => part.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .concat(email, localPart, `${person.firstName ?? ''}${person.lastName ?? ''}`.toLowerCase());
  return [...new Set(words.filter((word) => word.length >= PERSONAL_INPUT_MIN_LENGTH))];
}

/** The part of a password the rules look at: without leading and trailing white space. */
export function passwordForRules(password: string): string {
  return password.trim();
}

/** The spec's composition rules, synchronous (no word lists): what the live checklist shows on every keystroke. */
export function checkPasswordRules(password: string): PasswordProblem[] {
  const counted = passwordForRules(password);
  const problems: PasswordProblem[] = [];
  if (counted.length < PASSWORD_MIN_LENGTH || counted.length > PASSWORD_MAX_LENGTH) problems.push('length');
  if (!/[^A-Za-z0-9\s]/.test(counted)) problems.push('special');
  if (!/[0-9]/.test(counted)) problems.push('number');
  if (!/[A-Z]/.test(counted)) problems.push('uppercase');
  if (!/[a-z]/.test(counted)) problems.push('lowercase');
  // Control characters cannot be typed reliably and break some mail clients' links.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(password)) problems.push('invalid_chars');
  return problems;
}

export interface PasswordGuessability {
  /** zxcvbn's score, 0 (guessed at once) to 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  /** zxcvbn's English warning, e.g. "This is similar to a commonly used password.", or null. */
  warning: string | null;
  /** Whether the password contains one of the given user inputs (the person's name or e-mail). */
  personal: boolean;
}

export type PasswordGuesser = (password: string, userInputs?: readonly string[]) => PasswordGuessability;

let guesser: Promise<PasswordGuesser> | undefined;

/**
 * Loads zxcvbn and its word lists once, on first use (about 2 MB of lists: kept off the start-up path of the API and
 * out of the UI's main bundle, which gets them as a separate chunk). A failed load (a flaky network in the browser)
 * is forgotten, so the next call tries again.
 */
export function loadPasswordGuesser(): Promise<PasswordGuesser> {
  guesser ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    const factory = new ZxcvbnFactory({
      translations: english.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...english.dictionary },
      maxLength: PASSWORD_MAX_LENGTH,
    });
    return (password: string, userInputs: readonly string[] = []): PasswordGuessability => {
      const result = factory.check(passwordForRules(password), [...userInputs]);
      return {
        score: result.score,
        warning: result.feedback.warning,
        // A user input is cheap to guess, so a password built on one is scored low but can still reach the minimum
        // when the rest is long: refuse any that contains one outright.
        personal: result.sequence.some((match) => match.dictionaryName === 'userInputs'),
      };
    };
  })();
  guesser.catch(() => {
    guesser = undefined;
  });
  return guesser;
}

/**
 * Every rule, the word lists included: the check for a new password on the server and before the UI submits.
 * `userInputs` (from `personalPasswordInputs`) are what the password must not contain.
 */
export async function checkPassword(password: string, userInputs: readonly string[] = []): Promise<PasswordProblem[]> {
  const problems = checkPasswordRules(password);
  // A password outside the length bounds is refused anyway; scoring it would only cost time.
  if (problems.includes('length')) return problems;
  const guess = await loadPasswordGuesser();
  const result = guess(password, userInputs);
  if (result.score < PASSWORD_MIN_SCORE) problems.push('common');
  if (result.personal) problems.push('personal');
  return problems;
}
