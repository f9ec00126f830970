import { expect as baseExpect, test, type Page } from '@playwright/test';
import { waitForMail } from '../support/mailbox';
import { uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';

const expect = baseExpect.configure({ timeout: 45_000 });

/** A 1×1 PNG: real image bytes, so the server's type check by first bytes accepts it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Drags with the real mouse: press on the card, move in small steps past dnd-kit's 5 px threshold, drop. */
async function dragWithMouse(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y + 10, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 25 });
  await page.waitForTimeout(200);
  await page.mouse.up();
}

test('a prospect answers the public questionnaire; the coach drags them to committed with the mouse and requests the transfer; the admin approves it', async ({
  page,
  browser,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 5);
  const tag = uniqueTag();
  const email = `q-${tag.toLowerCase()}@recruit.example`;
  const lastName = `Questionnaire${tag}`;
  const name = `Morgan ${lastName}`;
  const customUrl = `e2e_camp-${tag.toLowerCase()}`;

  // The admin builds a form, publishes it and opens a questionnaire for the Football team, through the API.
  const adminApi = await apiClientAs('admin@demo.edu');
  const form = await adminApi.post('/api/v1/forms', {
    data: {
      name: `Prospect questionnaire ${tag}`,
      kind: 'LONG',
      definition: {
        id: 'draft',
        formId: 'draft',
        version: 1,
        name: `Prospect questionnaire ${tag}`,
        kind: 'long',
        elements: [
          { id: 'club', type: 'shortText', dataLabel: 'club', label: 'Club or 7v7 team', required: true },
          {
            id: 'scores',
            type: 'attachment',
            dataLabel: 'scores',
            label: 'Transcript or test scores',
            multiple: true,
            limits: { maxFiles: 5 },
          },
        ],
        conditions: [],
      },
    },
  });
  expect(form.status(), await form.text()).toBe(201);
  const formId = ((await form.json()) as { id: string }).id;
  expect((await adminApi.post(`/api/v1/forms/${formId}/publish`)).ok()).toBeTruthy();
  const teams = (await (await adminApi.get('/api/v1/questionnaires/meta')).json()) as {
    teams: { id: string; name: string }[];
  };
  const football = teams.teams.find((t) => t.name === 'Football');
  const created = await adminApi.post('/api/v1/questionnaires', {
    data: {
      name: `Football camp ${tag}`,
      customUrl,
      formId,
      sportTeamId: football?.id ?? null,
      confirmationMessage: 'Thanks! Our football staff will review your answers and reach out soon.',
      active: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const questionnaire = (await created.json()) as { id: string; publicPath: string };
  expect(questionnaire.publicPath).toBe(`/paperwork/demo-state/${customUrl}`);

  // The prospect, signed out, fills it in on a phone-sized screen: no sideways scrolling, axe clean.
  const prospect = await browser.newContext({
    baseURL: test.info().project.use.baseURL ?? undefined,
    viewport: { width: 390, height: 844 },
  });
  const phone = await prospect.newPage();
  await phone.goto(questionnaire.publicPath);
  await expect(phone.getByRole('heading', { level: 1, name: `Football camp ${tag}` })).toBeVisible();
  await checkScreen(phone, 'questionnaire-public-390');
  await expectNoSidewaysScroll(phone);
  await phone.getByRole('textbox', { name: 'First name' }).fill('Morgan');
  await phone.getByRole('textbox', { name: 'Last name' }).fill(lastName);
  await phone.getByRole('textbox', { name: 'Email' }).fill(email);
  await phone.getByRole('textbox', { name: 'Graduation year' }).fill('2027');
  await phone.getByRole('textbox', { name: 'Club or 7v7 team' }).fill('Austin Elite 7v7');
  await phone.locator('input[type="file"]').setInputFiles({ name: 'scores.png', mimeType: 'image/png', buffer: PNG });
  await expect(phone.getByRole('list', { name: 'Files attached to Transcript or test scores' })).toContainText(
    'scores.png',
  );
  await phone.setViewportSize({ width: 1280, height: 900 });
  await checkScreen(phone, 'questionnaire-public-filled');
  await phone.setViewportSize({ width: 390, height: 844 });
  // Submitting solves the proof-of-work in the browser, then sends the answers and the file.
  await phone.getByRole('button', { name: 'Submit' }).click();
  const confirmation = phone.getByTestId('questionnaire-confirmation');
  await expect(confirmation).toContainText('Thanks! Our football staff will review your answers and reach out soon.');
  await checkScreen(phone, 'questionnaire-public-confirmation-390');
  await expectNoSidewaysScroll(phone);
  await prospect.close();

  // A dead link shows the catalogue's message.
  const anon = await browser.newContext({ baseURL: test.info().project.use.baseURL ?? undefined });
  const anonPage = await anon.newPage();
  await anonPage.goto(`/paperwork/demo-state/no-such-${tag.toLowerCase()}`);
  await expect(anonPage.getByTestId('questionnaire-dead-link')).toContainText(
    'Invalid or deactivated questionnaire link.',
  );
  await anon.close();

  // The coach sees the response on the questionnaire and the prospect on the board, and drags the card with the mouse.
  await logInThroughApi(page, 'coach@demo.edu');
  await page.goto('/questionnaireListing');
  await expect(page.getByRole('heading', { level: 1, name: 'Questionnaires' })).toBeVisible({ timeout: 60_000 });
  await checkScreen(page, 'questionnaire-listing');
  await page.getByRole('link', { name: `Football camp ${tag}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Football camp ${tag}` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Responses' }).getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Responses' })).toContainText('scores.png');
  // The attached file downloads with its name and the exact bytes the prospect sent.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download scores.png' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('scores.png');
  const saved = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of saved) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(PNG)).toBe(true);
  await checkScreen(page, 'questionnaire-details');
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, 'questionnaire-details-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/recruitingBoard');
  await expect(page.getByRole('heading', { level: 1, name: 'Recruiting board' })).toBeVisible({ timeout: 60_000 });
  const card = page
    .getByRole('region', { name: 'Not committed column' })
    .getByRole('button', { name: `Move ${name}, Not committed` });
  await card.scrollIntoViewIfNeeded();
  await expect(card).toBeVisible();
  const committed = page.getByRole('region', { name: 'Committed column', exact: true });
  const from = (await card.boundingBox())!;
  const to = (await committed.boundingBox())!;
  await dragWithMouse(
    page,
    { x: from.x + from.width / 2, y: from.y + from.height / 2 },
    { x: to.x + to.width / 2, y: to.y + Math.min(to.height / 2, 120) },
  );
  await expect(committed.getByRole('button', { name: `Move ${name}, Committed` })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Committed column', exact: true }).getByRole('link', { name }),
  ).toBeVisible();

  // The profile shows the answered questionnaire in the history; the coach requests the transfer.
  await page.getByRole('region', { name: 'Committed column', exact: true }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Answered a questionnaire')).toBeVisible();
  await expect(page.getByRole('link', { name: `Football camp ${tag}` })).toBeVisible();
  await page.getByRole('combobox', { name: 'Team', exact: true }).click();
  await page.getByRole('option', { name: 'Football', exact: true }).click();
  await page.getByRole('button', { name: 'Request transfer to roster' }).click();
  await expect(page.getByText(/^Waiting for a school admin's approval: the Football roster/)).toBeVisible();

  // The admin approves it from My Tasks; the athlete is on the roster with an invitation in the dev mailbox.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL ?? undefined });
  const adminPage = await adminContext.newPage();
  await logInThroughApi(adminPage, 'admin@demo.edu');
  // The notification centre told the admin of the answer and of the request, in words, and opens the prospect.
  await adminPage.goto('/notifications');
  const items = adminPage.getByTestId('notification-item');
  const answered = items.filter({ hasText: `${name} answered "Football camp ${tag}".` });
  await expect(answered).toContainText('Questionnaire answered');
  await expect(answered).toContainText('Submitted');
  const requested = items.filter({ hasText: `${name} is waiting to join the Football roster` });
  await expect(requested).toContainText('Transfer requested');
  await expect(requested).toContainText('New');
  await expect(requested).not.toContainText('init');
  await checkScreen(adminPage, 'notifications-recruiting');
  await requested.getByRole('button', { name: /^Recruiting/ }).click();
  await expect(adminPage).toHaveURL(/\/psaProfile\//);
  await expect(adminPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await adminPage.goto('/task');
  const task = adminPage.getByRole('link', { name: `Approve ${name}'s transfer to the Football roster`, exact: false });
  await expect(task).toBeVisible({ timeout: 60_000 });
  await task.click();
  await expect(adminPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await adminPage.getByRole('button', { name: 'Approve transfer' }).click();
  await expect(adminPage.getByText(/^Added to the Football roster for .*A transfer cannot be undone\.$/)).toBeVisible();
  const mail = await waitForMail(adminPage.request, email, /^You're invited to Demo State University$/, {
    timeout: 30_000,
  });
  expect(mail.to).toBe(email);
  expect(mail.text).toContain('/create-password');
  // The athlete is on the roster screen of the team and year the transfer named.
  const psaId = new URL(adminPage.url()).pathname.split('/').pop()!;
  const { transfer } = (await (await adminApi.get(`/api/v1/psas/${psaId}`)).json()) as {
    transfer: { sportTeamId: string; academicYearId: string };
  };
  await adminPage.goto(`/individualRoster/${transfer.sportTeamId}/${transfer.academicYearId}`);
  await expect(adminPage.getByRole('heading', { level: 1 })).toContainText('Football roster');
  const rosterRow = adminPage
    .getByRole('table', { name: 'Athletes on the roster' })
    .getByRole('row', { name: new RegExp(name) });
  await expect(rosterRow).toBeVisible();
  await expect(rosterRow).toContainText(email);

  // The staff create and edit screens.
  await adminPage.goto(`/editQuestionnaire?id=${questionnaire.id}`);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Edit questionnaire' })).toBeVisible();
  await checkScreen(adminPage, 'questionnaire-edit');
  await adminPage.goto('/createQuestionnaire');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'New questionnaire' })).toBeVisible();
  await adminPage.getByRole('textbox', { name: 'Custom URL' }).fill('has spaces');
  await adminPage.getByRole('textbox', { name: 'Name' }).fill('Bad URL');
  await adminPage.getByRole('combobox', { name: 'Form', exact: true }).click();
  await adminPage.getByRole('option', { name: `Prospect questionnaire ${tag}` }).click();
  await adminPage.getByRole('button', { name: 'Create questionnaire' }).click();
  await expect(
    adminPage.getByText('Custom URL may contain letters, numbers, hyphens and underscores only.').first(),
  ).toBeVisible();
  await checkScreen(adminPage, 'questionnaire-create-error');
  await adminPage.setViewportSize({ width: 390, height: 844 });
  await checkScreen(adminPage, 'questionnaire-create-390');
  await adminContext.close();
});
