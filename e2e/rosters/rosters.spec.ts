import { expect as baseExpect, test, type Page } from '@playwright/test';
import { demoAcademicYear } from '../../scripts/demo/demo-calendar';
import { waitForMail } from '../support/mailbox';
import { uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';

/** The shared machine is slow: lazy screens and reloads can take a while. */
const expect = baseExpect.configure({ timeout: 45_000 });

/** Closes live toasts that could cover buttons. */
async function closeToasts(page: Page) {
  for (const close of await page.getByRole('button', { name: 'Close notification' }).all()) {
    await close.click({ timeout: 2000 }).catch(() => undefined);
  }
}

/**
 * Picks an option of a select. On a loaded machine the select's dropdown was once left hidden while the select
 * read as open (its opening transition did not run), so the option never showed: then the dropdown is closed and
 * opened again, as a person would.
 */
async function choose(page: Page, label: string, option: string) {
  const select = page.getByRole('combobox', { name: label, exact: true });
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect(async () => {
    if ((await select.getAttribute('aria-expanded')) === 'true') await select.press('Escape');
    await select.click();
    await choice.click({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
}

async function narrow(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a coach rolls a roster over and submits it; the admin sends it back, then approves and the newcomer is invited', async ({
  page,
  browser,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 8);
  const admin = await apiClientAs('admin@demo.edu');
  // A year clear of the demo's current and next ones (2026 and 2027 as of the demo's anchor day).
  const startYear = demoAcademicYear().startYear + 3;
  const year = `${startYear}-${startYear + 1}`;
  const created = await admin.post('/api/v1/academic-years', {
    data: { startYear, terms: [{ term: 'FALL', startDate: `${startYear}-08-20`, endDate: `${startYear}-12-14` }] },
  });
  expect(created.ok()).toBeTruthy();
  const tag = uniqueTag();
  const newcomerEmail = `newcomer-${tag.toLowerCase()}@students.demo.edu`;

  // The coach rolls Football over into the new year.
  await logInThroughApi(page, 'coach@demo.edu');
  await page.goto('/coachTeamManagement');
  await expect(page.getByRole('heading', { level: 1, name: 'Team management' })).toBeVisible({ timeout: 60_000 });
  await choose(page, 'Academic year', year);
  await checkScreen(page, 'rosters-coach-team-management');
  await narrow(page, 'rosters-coach-team-management-390');
  // The demo coach also assists Men's Soccer: each team has its own card.
  await expect(page.getByRole('region', { name: "Men's Soccer" })).toBeVisible();
  await page
    .getByRole('region', { name: 'Football' })
    .getByRole('button', { name: `Roll over into ${year}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Football roster ${year}` })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole('checkbox', { name: 'Select Andre Whitaker' })).toBeVisible({ timeout: 20_000 });

  // Marks a graduate.
  await page.getByRole('checkbox', { name: 'Select Andre Whitaker' }).check();
  await choose(page, 'Athlete status', 'Graduated');
  await page.getByRole('button', { name: 'Apply to 1 athlete' }).click();
  const andre = page.getByRole('row', { name: /Andre Whitaker/ });
  await expect(andre.getByRole('cell', { name: 'Graduated' })).toBeVisible();

  // Adds a newcomer, created through the create-athlete service.
  await page.getByRole('button', { name: 'Add athletes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add athletes' });
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Nova');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill(`Newcomer ${tag}`);
  await dialog.getByRole('textbox', { name: 'University e-mail' }).fill(newcomerEmail);
  await dialog.getByRole('button', { name: 'Add to roster' }).click();
  const newcomer = page.getByRole('row', { name: new RegExp(`Nova Newcomer ${tag}`) });
  await expect(newcomer).toBeVisible();
  await expect(newcomer.getByText('Not invited')).toBeVisible();
  await closeToasts(page);
  await checkScreen(page, 'rosters-individual-coach');
  await narrow(page, 'rosters-individual-coach-390');

  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Submitted: waiting for an admin to review the roster.')).toBeVisible();
  const rosterUrl = page.url();

  // The admin asks for a change.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const adminPage = await adminContext.newPage();
  await logInThroughApi(adminPage, 'admin@demo.edu');
  await adminPage.goto('/rosterManagement');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Roster management' })).toBeVisible({
    timeout: 60_000,
  });
  await choose(adminPage, 'Academic year', year);
  await expect(adminPage.getByRole('row', { name: /Football/ }).getByText('Ready for review')).toBeVisible();
  await checkScreen(adminPage, 'rosters-management');
  await narrow(adminPage, 'rosters-management-390');
  await adminPage.goto(new URL(rosterUrl).pathname);
  await adminPage.getByRole('button', { name: 'Request changes' }).click();
  await adminPage.getByRole('textbox', { name: /What should the coach change/ }).fill('Mark the newcomer unofficial.');
  await adminPage.getByRole('button', { name: 'Send back to the coach' }).click();
  await expect(adminPage.getByText('Not started', { exact: true })).toBeVisible();

  // Where it stands: the roster's process is back with the coach, along the sent-back loop (taken once).
  const standing = adminPage.getByTestId('where-it-stands');
  await expect(standing.locator('[data-step-id="rollover"]')).toHaveAttribute('data-run-status', 'ACTIVE');
  await expect(standing.locator('[data-step-id="review"]')).toHaveAttribute('data-run-status', 'DONE');
  await expect(standing.locator('[data-step-id="invite"]')).toHaveAttribute('data-run-status', 'PENDING');
  await expect(standing.getByTestId('edge-label')).toHaveText('sent back · 1 time');
  await checkScreen(adminPage, 'rosters-where-it-stands-sent-back');
  await narrow(adminPage, 'rosters-where-it-stands-sent-back-390');

  // The operator console draws the same live graph for the roster-rollover process, linked to the roster.
  const [, , teamId, yearId] = new URL(rosterUrl).pathname.split('/');
  const operatorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const operatorPage = await operatorContext.newPage();
  await logInThroughApi(operatorPage, 'operator@provider.test');
  await operatorPage.goto(
    `/missionControlDashboard?workflow=${encodeURIComponent(`roster-rollover:${teamId}:${yearId}`)}`,
  );
  await expect(operatorPage.getByRole('heading', { level: 1 })).toHaveText('Roster rollover process', {
    timeout: 60_000,
  });
  const slot = operatorPage.getByTestId('workflow-graph-slot');
  await expect(slot.locator('[data-step-id="rollover"]')).toHaveAttribute('data-run-status', 'ACTIVE');
  await expect(slot.locator('[data-step-id="rollover"]')).toContainText('Waiting on');
  await expect(slot.getByTestId('graph-record-link')).toHaveText('Open the roster');
  await expect(slot.getByTestId('graph-record-link')).toHaveAttribute('href', new URL(rosterUrl).pathname);
  await expect(operatorPage.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  await checkScreen(operatorPage, 'mission-control-roster-rollover-graph');
  await narrow(operatorPage, 'mission-control-roster-rollover-graph-390');
  await operatorContext.close();

  // The coach fixes it and submits again.
  await page.reload();
  await expect(page.getByText('Mark the newcomer unofficial.')).toBeVisible();
  await newcomer.getByRole('checkbox').check();
  await choose(page, 'Roster status', 'Unofficial');
  await page.getByRole('button', { name: 'Apply to 1 athlete' }).click();
  await expect(newcomer.getByRole('cell', { name: 'Unofficial' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Submitted: waiting for an admin to review the roster.')).toBeVisible();

  // The admin approves and invites the newcomer.
  await adminPage.reload();
  await adminPage.getByRole('button', { name: 'Approve roster' }).click();
  const approve = adminPage.getByRole('dialog', { name: 'Approve the roster' });
  await expect(approve.getByRole('checkbox', { name: 'Invite the 1 newly added athlete now' })).toBeChecked();
  await checkScreen(adminPage, 'rosters-approve-dialog');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(adminPage.getByText('Completed', { exact: true })).toBeVisible();
  await checkScreen(adminPage, 'rosters-individual-admin-completed');

  const mail = await waitForMail(adminPage.request, newcomerEmail, /./, { timeout: 30_000 });
  expect(mail.to).toBe(newcomerEmail);

  await adminPage.goto(`/centralisedRoster/${new URL(rosterUrl).pathname.split('/')[3]}`);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Centralised roster' })).toBeVisible({
    timeout: 60_000,
  });
  await checkScreen(adminPage, 'rosters-centralised');
  await narrow(adminPage, 'rosters-centralised-390');
  await adminContext.close();
});
