import { describe, expect, it } from 'vitest';
import { parseOperatorArgs } from './parse-operator-args';

const PASSWORD = { OPERATOR_PASSWORD: 'Operator-Pass-2026!' };

describe('parseOperatorArgs', () => {
  it('reads the flags and takes the password from OPERATOR_PASSWORD', () => {
    const parsed = parseOperatorArgs(
      ['--email', ' ops@example.com ', '--first-name', 'Ada', '--last-name', 'Ops', '--organisation', 'Acme Ops'],
      PASSWORD,
    );
    expect(parsed).toEqual({
      ok: true,
      input: {
        email: 'ops@example.com',
        firstName: 'Ada',
        lastName: 'Ops',
        password: 'Operator-Pass-2026!',
        organisationName: 'Acme Ops',
      },
    });
  });

  it('lists every missing piece at once', () => {
    const parsed = parseOperatorArgs(['--email', 'not-an-email'], {});
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual([
      '--email "not-an-email" is not an e-mail address.',
      '--first-name is required.',
      '--last-name is required.',
      'Set the OPERATOR_PASSWORD environment variable to the new operator’s password.',
    ]);
  });

  it('refuses unknown flags, such as a password on the command line', () => {
    const parsed = parseOperatorArgs(['--email', 'a@b.co', '--password', 'x'], PASSWORD);
    expect(parsed.ok).toBe(false);
  });
});
