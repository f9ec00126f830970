import { expect, test } from '@playwright/test';
import { uniqueTag } from '../support/people';
import { apiClientAs, logInThroughApi } from '../support/session';

// fixed-date fixture: the date limit is part of a form definition the builder only loads; no answer is checked against it.

declare global {
  interface Window {
    cspViolations: string[];
  }
}

// The builder's panes need a desktop-sized window.
test.use({ viewport: { width: 1440, height: 1000 } });

test('the CSP forbids eval, and the form renderer still validates answers in the browser without it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Every violation of the policy on any page of this test, recorded before the app's own scripts run.
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });

  const api = await apiClientAs('admin@demo.edu');
  const name = `Sponsor details ${uniqueTag()}`;
  const created = await api.post('/api/v1/forms', {
    data: {
      name,
      kind: 'LONG',
      definition: {
        ...{ id: 'draft', formId: 'draft', version: 1, name, kind: 'long', conditions: [] },
        elements: [
          {
            id: 'sponsor',
            type: 'shortText',
            dataLabel: 'sponsor',
            label: 'Sponsor name',
            required: true,
            limits: { minLength: 3 },
          },
          { id: 'site', type: 'websiteLink', dataLabel: 'site', label: 'Sponsor website', required: true },
          { id: 'start', type: 'date', dataLabel: 'start', label: 'Deal start', limits: { minDate: '2026-01-01' } },
        ],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const formId = ((await created.json()) as { id: string }).id;
  await api.dispose();

  await logInThroughApi(page, 'admin@demo.edu');
  const response = await page.goto(`/createEditForm/longFormBuilder?formId=${formId}`);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self';");
  expect(csp).not.toContain('unsafe-eval');
  // The builder is a lazily loaded screen; a busy machine takes a while to bring it up.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Long form builder', { timeout: 30_000 });

  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByTestId('form-preview');
  const form = preview.getByRole('form', { name });
  await expect(form).toBeVisible({ timeout: 30_000 });

  // Answers the engine refuses by their schemas (length, pattern, date limit): checked in Chromium, without eval.
  await form.getByLabel(/^Sponsor name/).fill('Ab');
  await form.getByLabel(/^Sponsor website/).fill('not a link');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Enter at least 3 characters.').first()).toBeVisible();
  await expect(form.getByText('Link must be http or https.').first()).toBeVisible();

  // Corrected, they pass the browser's check and the server's.
  await form.getByLabel(/^Sponsor name/).fill('Acme Sports');
  await form.getByLabel(/^Sponsor website/).fill('https://acme.example');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(preview.getByText('The answers are valid: the server accepted them.')).toBeVisible();

  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);

  // The policy is really enforced (and the listener really hears it): the page's own code may not eval. A string
  // given to setTimeout is compiled by the page when the timer fires, outside Playwright's evaluate, which the
  // DevTools protocol exempts from the policy.
  await page.evaluate(() => window.setTimeout('document.body.dataset.evalRan = "yes"', 0));
  await expect.poll(() => page.evaluate(() => window.cspViolations)).toEqual([expect.stringMatching(/^script-src/)]);
  expect(await page.evaluate(() => document.body.dataset.evalRan)).toBeUndefined();
});
