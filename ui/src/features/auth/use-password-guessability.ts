import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import {
  loadPasswordGuesser,
  passwordForRules,
  type PasswordGuessability,
  type PasswordGuesser,
} from '../../../../domain/password';

/**
 * How guessable the password being typed is, by the same word lists the server uses. The lists load once, as their
 * own chunk, when a password field first shows (never on the login page); until then, and for an empty password,
 * the answer is null. Scoring follows a deferred copy of the password so typing never waits for it.
 */
export function usePasswordGuessability(password: string): PasswordGuessability | null {
  const [guess, setGuess] = useState<PasswordGuesser | null>(null);
  useEffect(() => {
    let live = true;
    loadPasswordGuesser().then(
      (loaded) => live && setGuess(() => loaded),
      // Without the lists the checklist leaves that rule open and the server still checks it.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const deferred = useDeferredValue(password);
  return useMemo(() => (guess && passwordForRules(deferred) ? guess(deferred) : null), [guess, deferred]);
}
