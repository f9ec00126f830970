import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Mails are sent by Temporal activities within seconds; polls the dev mailbox API until one to `to` arrives. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp = /./,
  options: { after?: number; timeout?: number } = {},
): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/v1/dev/mailbox');
        if (!res.ok()) return undefined;
        const mails = (await res.json()) as DevMail[];
        found = mails.find(
          (m) => m.to === to && subject.test(m.subject) && (!options.after || Date.parse(m.createdAt) >= options.after),
        );
        return found?.id;
      },
      { message: `a mail to ${to} matching ${subject}`, timeout: options.timeout ?? 20_000, intervals: [250, 500] },
    )
    .toBeTruthy();
  return found as DevMail;
}

/** The first link in a mail whose path is `path` (e.g. '/create-password'). */
export function linkInMail(mail: DevMail, path: string): string {
  const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((href) => new URL(href).pathname === path);
  if (!link) throw new Error(`No ${path} link in the mail "${mail.subject}" to ${mail.to}:\n${mail.text}`);
  return link;
}

/** The token query parameter of a mailed link. */
export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`No token in ${link}`);
  return token;
}

/** Opens the development mailbox page and the newest mail to `to`, as a tester does. */
export async function openMailInMailbox(page: Page, to: string): Promise<void> {
  // Waiting through the API first keeps the page from sitting out its own 3-second refresh.
  await waitForMail(page.request, to);
  await page.goto('/dev/mailbox');
  const table = page.getByRole('table', { name: 'Sent mails' });
  const row = table.getByRole('row').filter({ hasText: to }).first();
  // The page refreshes every few seconds; the mail may land a moment after the action that sent it.
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.getByRole('link').click();
  await expect(page.getByTestId('mail-text')).toBeVisible();
}
