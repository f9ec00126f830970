import { expect, type Page } from '@playwright/test';

/** Opens the agenda view on the week of `date` (it is at most two weeks ahead). */
export async function showAgendaWeekOf(page: Page, date: string) {
  const agenda = page.getByRole('button', { name: 'Agenda' });
  await agenda.click();
  await expect(agenda).toHaveAttribute('aria-pressed', 'true');
  const day = new Date(`${date}T12:00:00Z`);
  const heading = new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(day);
  // Weeks start on Monday. Step from this week to the date's week, each step waiting for the title to change (the
  // agenda lists only days with events, and those load after the step, so the day itself is no signal to stop on).
  const mondayOf = (d: Date) => {
    const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
    m.setUTCDate(m.getUTCDate() - ((m.getUTCDay() + 6) % 7));
    return m.getTime();
  };
  const weeks = Math.round((mondayOf(day) - mondayOf(new Date())) / (7 * 86_400_000));
  const title = page.getByRole('heading', { level: 2 });
  for (let i = 0; i < weeks; i++) {
    const shown = (await title.textContent()) ?? '';
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(title).not.toHaveText(shown);
  }
  await expect(page.getByText(heading, { exact: true })).toBeVisible();
}
