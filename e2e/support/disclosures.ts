import { expect } from '@playwright/test';
import { daysFromNow } from './dates';
import { apiClientAs } from './session';

/**
 * The demo athlete submits a sponsorship disclosure through the API, so its review process runs; returns its id.
 * For tests about the screens around a running review, not about the wizard.
 */
export async function submitDisclosureThroughApi(companyName: string): Promise<string> {
  const athlete = await apiClientAs('athlete@demo.edu');
  const created = await athlete.post('/api/v1/disclosures', {
    data: {
      type: 'SPONSORSHIP',
      dealType: 'INDIVIDUAL',
      companyName,
      startDate: daysFromNow(156),
      endDate: daysFromNow(186),
      location: 'Austin, TX',
      paymentType: 'MONETARY',
      amount: 300,
      pointOfContact: { name: 'Pat Contact', email: 'pat@smoothies.example', phone: '5125550100' },
      website: 'https://smoothies.example',
      notes: 'One post.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const submitted = await athlete.post(`/api/v1/disclosures/${id}/submit`, { data: {} });
  expect(submitted.status(), await submitted.text()).toBe(200);
  await athlete.dispose();
  return id;
}
