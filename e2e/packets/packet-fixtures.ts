import { expect, type APIRequestContext } from '@playwright/test';

/** A published two-question form and an unpublished packet holding it, made through the API as an officer would. */
export async function createFormAndPacket(
  api: APIRequestContext,
  tag: string,
): Promise<{ formId: string; packetId: string }> {
  const form = await api.post('/api/v1/forms', {
    data: {
      name: `Medical history ${tag}`,
      kind: 'LONG',
      definition: {
        id: 'draft',
        formId: 'draft',
        version: 1,
        name: `Medical history ${tag}`,
        kind: 'long',
        elements: [
          { id: 'allergies', type: 'shortText', dataLabel: 'allergies', label: 'Allergies', required: true },
          { id: 'insurer', type: 'shortText', dataLabel: 'insurer', label: 'Insurance provider' },
        ],
        conditions: [],
      },
    },
  });
  expect(form.status(), await form.text()).toBe(201);
  const formId = ((await form.json()) as { id: string }).id;
  const published = await api.post(`/api/v1/forms/${formId}/publish`);
  expect(published.status(), await published.text()).toBeLessThan(300);
  const packet = await api.post('/api/v1/packets', {
    data: { name: `Physical clearance ${tag}`, description: 'Yearly medical clearance paperwork.', formIds: [formId] },
  });
  expect(packet.status(), await packet.text()).toBe(201);
  return { formId, packetId: ((await packet.json()) as { id: string }).id };
}

/** A published form made through the API as an officer would in the form builder; returns its id. */
export async function createPublishedForm(
  api: APIRequestContext,
  name: string,
  elements: Array<Record<string, unknown>>,
): Promise<string> {
  const form = await api.post('/api/v1/forms', {
    data: {
      name,
      kind: 'LONG',
      definition: { id: 'draft', formId: 'draft', version: 1, name, kind: 'long', elements, conditions: [] },
    },
  });
  expect(form.status(), await form.text()).toBe(201);
  const formId = ((await form.json()) as { id: string }).id;
  const published = await api.post(`/api/v1/forms/${formId}/publish`);
  expect(published.status(), await published.text()).toBeLessThan(300);
  return formId;
}
