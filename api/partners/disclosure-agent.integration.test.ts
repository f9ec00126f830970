import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysFromToday } from '../../scripts/test-harness/test-clock';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';

/**
 * A disclosure's agent is a reference to the registry (part 2 §5 "Agent number required and must exist", §8
 * "invalid agent number"): a number that is unknown, another school's, not yet confirmed or whose registration has
 * expired is refused with the catalogue's message; an active agent's number is stored as typed in any case.
 */
let t: TestApp;
let schoolId: string;
let athlete: SeededUser;
let cookie: string;
const numbers: Record<string, string> = {};

async function seedAgent(school: string, status: string, expiresOn: string | null): Promise<string> {
  const row = await t.database.db
    .insertInto('agents')
    .values({
      school_id: school,
      type: 'TALENT_MANAGER',
      first_name: 'Agent',
      last_name: status,
      email: `${status.toLowerCase()}.${Math.random().toString(16).slice(2)}@agents.test`,
      status: status as 'ACTIVE',
      registration_state: 'TX',
      registration_number: 'TX-1',
      registration_expires_on: expiresOn,
      workflow_id: `agent:seeded-${Math.random()}`,
    })
    .returning('agent_number')
    .executeTakeFirstOrThrow();
  return row.agent_number;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  cookie = await sessionCookie(db, athlete);
  numbers.active = await seedAgent(schoolId, 'ACTIVE', daysFromToday(30));
  numbers.lastDay = await seedAgent(schoolId, 'ACTIVE', daysFromToday(0));
  numbers.expired = await seedAgent(schoolId, 'ACTIVE', daysFromToday(-1));
  numbers.marked = await seedAgent(schoolId, 'EXPIRED', daysFromToday(-3));
  numbers.pending = await seedAgent(schoolId, 'PENDING_CONFIRMATION', daysFromToday(30));
  numbers.elsewhere = await seedAgent((await seedSchool(db)).id, 'ACTIVE', daysFromToday(30));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const create = (agentNumber: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/disclosures',
    headers: { cookie },
    payload: { type: 'ENDORSEMENT', companyName: 'Acme', agentNumber },
  });

describe("a disclosure's agent number", () => {
  it('is refused unless it names an active, unexpired agent of the school', async () => {
    for (const key of ['expired', 'marked', 'pending', 'elsewhere']) {
      const res = await create(numbers[key]!);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'INVALID_AGENT_NUMBER', message: 'Invalid agent number.' });
      expect(res.json().error.details[0].field).toBe('agentNumber');
    }
    expect((await create('AG-1')).json().error.code).toBe('INVALID_AGENT_NUMBER');
  });

  it('is stored for an active agent, the expiry date itself still counting, and checked again on edit', async () => {
    const ok = await create(` ${numbers.active!.toLowerCase()} `);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().agentNumber).toBe(numbers.active);
    expect((await create(numbers.lastDay!)).statusCode).toBe(201);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/disclosures/${ok.json().id}`,
      headers: { cookie },
      payload: { agentNumber: numbers.expired },
    });
    expect(edit.json().error.code).toBe('INVALID_AGENT_NUMBER');
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/disclosures/${ok.json().id}`,
      headers: { cookie },
      payload: { agentNumber: null },
    });
    expect(cleared.json().agentNumber).toBeNull();
  });
});
