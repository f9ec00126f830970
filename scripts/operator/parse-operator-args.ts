import { parseArgs } from 'node:util';
import type { OperatorAccountInput } from './create-operator-account';

export const CREATE_OPERATOR_USAGE = `Usage: OPERATOR_PASSWORD='…' npm run create-operator -- --email <e-mail> --first-name <name> --last-name <name> [--organisation <name>]

Creates a provider operator who can log in and onboard schools, and the provider organisation when it is missing.
The password comes from the OPERATOR_PASSWORD environment variable (never a flag, so it stays out of shell history
and process lists) and must meet the password policy.`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Reads the command line and OPERATOR_PASSWORD; returns the input, or every problem found so all are shown at once. */
export function parseOperatorArgs(
  argv: string[],
  env: Record<string, string | undefined>,
): { ok: true; input: OperatorAccountInput } | { ok: false; problems: string[] } {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        organisation: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    return { ok: false, problems: [(err as Error).message] };
  }
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string).trim() : '');
  const problems: string[] = [];
  const email = text('email');
  const firstName = text('first-name');
  const lastName = text('last-name');
  const password = env.OPERATOR_PASSWORD ?? '';
  if (!email) problems.push('--email is required.');
  else if (!EMAIL.test(email)) problems.push(`--email "${email}" is not an e-mail address.`);
  if (!firstName) problems.push('--first-name is required.');
  if (!lastName) problems.push('--last-name is required.');
  if (firstName.length > 100 || lastName.length > 100) problems.push('Names are at most 100 characters.');
  if (!password) problems.push('Set the OPERATOR_PASSWORD environment variable to the new operator’s password.');
  if (problems.length > 0) return { ok: false, problems };
  const organisation = text('organisation');
  return {
    ok: true,
    input: { email, firstName, lastName, password, ...(organisation ? { organisationName: organisation } : {}) },
  };
}
