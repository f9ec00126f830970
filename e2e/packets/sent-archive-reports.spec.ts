import { expect, test } from '@playwright/test';
import { uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';
import { createFormAndPacket } from './packet-fixtures';

test('an officer follows a send on Sent, files the packet in a folder, archives the folder and reads the reports', async ({
  page,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 2);
  const tag = uniqueTag();
  const api = await apiClientAs('admin@demo.edu');
  const { packetId } = await createFormAndPacket(api, tag);
  const packetName = `Physical clearance ${tag}`;
  const folderName = `Archive me ${tag}`;
  expect(
    (
      await api.put(`/api/v1/packets/${packetId}`, { data: { senders: { userIds: [], groups: ['SCHOOL_ADMINS'] } } })
    ).status(),
  ).toBe(200);
  expect((await api.post(`/api/v1/packets/${packetId}/publish`)).status()).toBe(200);
  const users = (await (await api.get('/api/v1/users', { params: { q: 'athlete@demo.edu' } })).json()) as {
    items: Array<{ id: string; email: string }>;
  };
  const athleteId = users.items.find((u) => u.email === 'athlete@demo.edu')!.id;
  const sent = await api.post(`/api/v1/packets/${packetId}/send`, {
    data: { recipients: { userIds: [athleteId], teamIds: [], groups: [] }, message: 'Before practice, please.' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const folder = await api.post('/api/v1/packet-folders', { data: { name: folderName } });
  expect(folder.status()).toBe(201);
  const folderId = ((await folder.json()) as { id: string }).id;

  await logInThroughApi(page, 'admin@demo.edu');

  // Sent: the new send with its progress, and the way to its submissions.
  await page.goto('/sent');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sent');
  await page.getByRole('textbox', { name: 'Search sent packets' }).fill(tag);
  const row = page.getByRole('row', { name: new RegExp(packetName) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('0 of 1 complete')).toBeVisible();
  await expect(row.getByText('In progress')).toBeVisible();
  await checkScreen(page, 'packets-sent');
  await row.getByRole('link', { name: 'See submissions' }).click();
  await expect(page).toHaveURL(new RegExp(`/seeSubmission/${packetId}`));

  // Packets list: move the packet into the folder.
  await page.goto('/sprySign/home');
  await page.getByRole('textbox', { name: 'Search packets' }).fill(tag);
  await page.getByRole('button', { name: `More actions: ${packetName}` }).click();
  await page.getByRole('menuitem', { name: 'Move to folder' }).click();
  const move = page.getByRole('dialog', { name: 'Move packet' });
  await move.getByRole('combobox', { name: 'Folder' }).click();
  await page.getByRole('option', { name: folderName }).click();
  await checkScreen(page, 'packets-move-dialog');
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move).toBeHidden();

  // The folder holds it; archiving the folder voids the running submission in the background, with progress.
  await page.goto(`/home/folderview/${folderId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Folder: ${folderName}`);
  await expect(page.getByRole('link', { name: packetName })).toBeVisible();
  await page.getByRole('button', { name: `Folder actions: ${folderName}` }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  const archive = page.getByRole('dialog', { name: 'Archive folder' });
  await expect(archive.getByText(/voids every sent packet still in progress/)).toBeVisible();
  await archive.getByRole('button', { name: 'Archive folder' }).click();
  await expect(archive.getByText('Folder archived. 1 submission voided.')).toBeVisible({ timeout: 20_000 });
  await checkScreen(page, 'packets-folder-archived');
  await archive.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/sprySign\/home$/);

  // The archive lists the folder and its packet; the templates tab is there too.
  await page.goto('/archive/folder');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Archive');
  await expect(page.getByRole('row', { name: new RegExp(folderName) })).toBeVisible();
  await checkScreen(page, 'packets-archive-folders');
  await page.getByRole('tab', { name: 'Packets' }).click();
  await expect(page).toHaveURL(/\/archive\/packet$/);
  await expect(page.getByRole('row', { name: new RegExp(packetName) })).toBeVisible();
  await checkScreen(page, 'packets-archive-packets');
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page.getByText('No archived templates')).toBeVisible();

  // Sent shows the send as voided now.
  await page.goto('/sent');
  await page.getByRole('textbox', { name: 'Search sent packets' }).fill(tag);
  await expect(page.getByRole('row', { name: new RegExp(packetName) }).getByText('Voided')).toBeVisible();

  // Reports: the big picture as charts, per period.
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports');
  await expect(page.getByRole('img', { name: 'Submissions sent and completed per week' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Packets created per week' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Submissions sent in the period by status' })).toBeVisible();
  await checkScreen(page, 'packets-reports-4w');
  await page.getByText('Last 12 months').click();
  await expect(page.getByRole('img', { name: 'Submissions sent and completed per month' })).toBeVisible();
  await checkScreen(page, 'packets-reports-12m');
  await api.dispose();
});
