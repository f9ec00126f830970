import { expect as baseExpect, test } from '@playwright/test';
import { uniqueTag } from '../support/people';
import { apiClientAs, logInThroughApi } from '../support/session';
import { createPublishedForm } from '../packets/packet-fixtures';
import { tabTo } from './keyboard-support';

// The machine these run on can be slow: a page may take a while to draw; nothing here is about speed.
const expect = baseExpect.configure({ timeout: 45_000 });

test.use({ viewport: { width: 1280, height: 900 } });

test('keyboard only: the athlete opens a packet, fills it in, signs by typing and submits; focus lands on the notice', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const packetName = `Keyboard clearance ${tag}`;
  const officer = await apiClientAs('admin@demo.edu');
  const formId = await createPublishedForm(officer, `Keyboard form ${tag}`, [
    { id: 'allergies', type: 'shortText', dataLabel: 'allergies', label: 'Allergies', required: true },
    { id: 'signature', type: 'signature', dataLabel: 'athlete_signature', label: 'Athlete signature', required: true },
  ]);
  const packet = await officer.post('/api/v1/packets', {
    data: { name: packetName, description: 'Signed by keyboard.', formIds: [formId] },
  });
  expect(packet.status(), await packet.text()).toBe(201);
  const packetId = ((await packet.json()) as { id: string }).id;
  const senders = await officer.put(`/api/v1/packets/${packetId}`, {
    data: { senders: { userIds: [], groups: ['SCHOOL_ADMINS'] } },
  });
  expect(senders.status(), await senders.text()).toBe(200);
  expect((await officer.post(`/api/v1/packets/${packetId}/publish`)).status()).toBe(200);
  const athleteApi = await apiClientAs('athlete@demo.edu');
  const athleteId = ((await (await athleteApi.get('/api/v1/auth/me')).json()) as { id: string }).id;
  const sent = await officer.post(`/api/v1/packets/${packetId}/send`, {
    data: { recipients: { userIds: [athleteId], teamIds: [], groups: [] }, externalSigners: {}, notify: false },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await logInThroughApi(page, 'athlete@demo.edu');
  await page.goto('/paperworks');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();
  const open = page
    .getByRole('table', { name: 'My paperwork' })
    .getByRole('row')
    .filter({ hasText: packetName })
    .getByRole('button', { name: packetName });
  await tabTo(page, open, 80);
  await page.keyboard.press('Enter');

  const panel = page.getByTestId('step-action-panel');
  const allergies = panel.getByLabel('Allergies');
  await tabTo(page, allergies, 80);
  await page.keyboard.type('None known');
  // The signature: choose "Type" in the way-to-sign switch with the keyboard, then type the name.
  const typeMode = panel.getByRole('radio', { name: 'Type' });
  await tabTo(page, panel.getByRole('radio', { checked: true, name: 'Draw' }));
  await page.keyboard.press('ArrowRight');
  await expect(typeMode).toBeChecked();
  const typed = panel.getByRole('textbox', { name: 'Type your full name to sign' });
  await tabTo(page, typed);
  await page.keyboard.type('Jordan Reyes');
  await tabTo(page, panel.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');

  // Submitted: focus is on the success notice, which screen readers read out.
  const notice = page.getByTestId('acted-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toBeFocused();
  await expect(page.getByTestId('submission-view').getByTestId('submission-status')).toHaveText(
    /Auto-approved|Completed|Submitted/,
  );
});
