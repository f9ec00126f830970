import { chromium, request } from 'playwright-core';
import { createFormAndPacket } from '../e2e/packets/packet-fixtures';
const base = 'http://localhost:3461';
const login = async (email: string) => { const c = await request.newContext({ baseURL: base }); const r = await c.post('/api/v1/auth/login', { data: { email, password: 'Demo-Pass-2026!' } }); if (r.status() !== 200) throw new Error(email); return c; };
const admin = await login('admin@demo.edu');
const athlete = await login('athlete@demo.edu');
const me = async (c: any) => (await (await c.get('/api/v1/auth/me')).json());
const athleteMe = await me(athlete); const adminMe = await me(admin);
const athleteId = athleteMe.user?.id ?? athleteMe.id; const adminId = adminMe.user?.id ?? adminMe.id;
const { packetId, formId } = await createFormAndPacket(admin, String(Date.now()).slice(-5));
const workflow = { steps: [
  { id: 'submit', kind: 'SUBMITTER', name: 'Athlete fills in', actors: [{ kind: 'RECIPIENT' }], questionIds: [`${formId}:allergies`, `${formId}:insurer`] },
  { id: 'trainer', kind: 'APPROVER', name: 'Trainer reviews', actors: [{ kind: 'USER', userId: adminId, name: 'Dana' }], questionIds: [] },
  { id: 'notify', kind: 'EMAIL_NOTIFICATION', name: 'Coach is notified', actors: [{ kind: 'ROLE', role: 'COACH' }], questionIds: [] },
], edges: [ { id: 'e1', from: 'submit', to: 'trainer' }, { id: 'e2', from: 'trainer', to: 'notify' } ] };
let r = await admin.put(`/api/v1/packets/${packetId}`, { data: { workflow, senders: { groups: ['SCHOOL_ADMINS'], userIds: [] } } }); console.log('put', r.status(), (await r.text()).slice(0, 200));
r = await admin.post(`/api/v1/packets/${packetId}/publish`); console.log('publish', r.status(), (await r.text()).slice(0, 200));
r = await admin.post(`/api/v1/packets/${packetId}/send`, { data: { recipients: { userIds: [athleteId], teamIds: [], groups: [] }, message: 'Before practice please.' } }); console.log('send', r.status());
await new Promise((res) => setTimeout(res, 3000));
const mine = await (await athlete.get('/api/v1/my-paperwork')).json(); const sub = mine.items[0]; console.log('sub', sub?.id, sub?.status);
r = await athlete.post(`/api/v1/packet-submissions/${sub.id}/actions`, { data: { stepId: 'submit', action: 'SUBMIT', answers: { [formId]: { allergies: 'None', insurer: 'Blue Cross' } } } }); console.log('submit', r.status(), (await r.text()).slice(0, 150));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const viewer = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: await admin.storageState() })).newPage();
await viewer.goto(`${base}/seeSubmission/${packetId}?submission=${sub.id}`);
await viewer.waitForTimeout(3000);
await viewer.screenshot({ path: '/tmp/live-1.png' });
console.log('active before', await viewer.locator('[data-run-status="ACTIVE"]').allTextContents());
// A second context acts: the approver approves through the API while the viewer's page stays open.
const second = await (await browser.newContext({ storageState: await admin.storageState() })).newPage();
await second.goto(`${base}/sprySign/actionRequired?submission=${sub.id}`);
await second.getByRole('button', { name: 'Approve', exact: true }).click();
await viewer.waitForTimeout(4000);
console.log('active after', await viewer.locator('[data-run-status="ACTIVE"]').allTextContents(), 'done', await viewer.locator('[data-run-status="DONE"]').count());
await viewer.screenshot({ path: '/tmp/live-2.png' });
await browser.close();
