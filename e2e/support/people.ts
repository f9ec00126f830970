import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { RoleGrant } from '../../domain/roles';
import { linkInMail, tokenOf, waitForMail } from './mailbox';

/** A password that meets the policy, different from the demo one so a mix-up shows. */
export const NEW_PASSWORD = 'Fresh-Start-2027?';

/** A unique e-mail address per call, so parallel tests never meet each other's people or mails. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${randomBytes(3).toString('hex')}@e2e.demo.edu`;
}

/** A unique suffix for names that must not collide between parallel workers (team names, people). */
export function uniqueTag(): string {
  return randomBytes(3).toString('hex').toUpperCase();
}

export interface InvitedPerson {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** An admin (the `admin` client) invites someone through the API; returns the invited user. */
export async function inviteThroughApi(
  admin: APIRequestContext,
  person: { firstName: string; lastName: string; roles: RoleGrant[]; emailPrefix: string },
): Promise<InvitedPerson> {
  const email = uniqueEmail(person.emailPrefix);
  const res = await admin.post('/api/v1/users/invite', {
    data: { email, firstName: person.firstName, lastName: person.lastName, roles: person.roles },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { user: { id: string } };
  return { id: body.user.id, email, firstName: person.firstName, lastName: person.lastName };
}

/**
 * Accepts an invitation through the mailed link's token with `client` (a page's request context signs that page's
 * browser in). Used where accepting is set-up, not the thing under test.
 */
export async function acceptInvitationThroughApi(
  client: APIRequestContext,
  email: string,
  password: string = NEW_PASSWORD,
): Promise<void> {
  const mail = await waitForMail(client, email, /invited/i);
  const token = tokenOf(linkInMail(mail, '/create-password'));
  const res = await client.post('/api/v1/auth/create-password', {
    data: { token, password, confirmPassword: password },
  });
  expect(res.status(), await res.text()).toBe(200);
}
