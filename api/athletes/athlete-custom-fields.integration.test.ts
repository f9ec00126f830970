import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedSchool, seedUser, sessionCookie } from '../test-support/seed-school';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { backendPid, asAnotherClient, untilBlockedBy } from '../test-support/lock-waits';

/** Custom field definitions of student-athletes: define, rename and delete, with the errors a person can act on. */
let t: TestApp;
let admin: string;
let coach: string;
let teamId: string;
let schoolId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  teamId = (
    await db
      .insertInto('sport_teams')
      .values({ school_id: schoolId, name: 'Diving', sport: 'Diving' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  admin = await sessionCookie(db, await seedUser(db, schoolId));
  coach = await sessionCookie(
    db,
    await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }], sportTeamId: teamId }),
  );
}, 60_000);
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = admin) =>
  t.app.inject({
    method,
    url: `/api/v1/athlete-custom-fields${url}`,
    headers: { cookie },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

it('defines, renames and deletes custom fields with clear errors', async () => {
  const created = await call('POST', '', { name: 'Locker number', scope: 'INSTITUTION' });
  expect(created.statusCode).toBe(201);
  const id = created.json().id as string;
  const team = await call('POST', '', { name: 'Locker number', scope: 'TEAM', sportTeamId: teamId });
  expect(team.statusCode).toBe(201);

  const same = await call('POST', '', { name: ' locker NUMBER ', scope: 'INSTITUTION' });
  expect(same.statusCode).toBe(409);
  expect(same.json().error.details[0].message).toBe(
    'A custom field with this name already exists for the same athletes.',
  );
  const blank = await call('POST', '', { name: '   ', scope: 'INSTITUTION' });
  expect(blank.statusCode).toBe(400);
  expect(blank.json().error.details[0]).toMatchObject({ field: 'name', message: 'Mandatory fields cannot be empty.' });
  const long = await call('POST', '', { name: 'x'.repeat(256), scope: 'INSTITUTION' });
  expect(long.statusCode).toBe(400);
  const noTeam = await call('POST', '', { name: 'Cap size', scope: 'TEAM' });
  expect(noTeam.json().error.details[0]).toMatchObject({
    field: 'sportTeamId',
    message: 'Choose a team of your school.',
  });

  const other = await call('POST', '', { name: 'Shoe size', scope: 'INSTITUTION' });
  const taken = await call('PATCH', `/${other.json().id}`, { name: 'Locker Number' });
  expect(taken.statusCode).toBe(409);
  const renamed = await call('PATCH', `/${id}`, { name: '  Locker  ' });
  expect(renamed.statusCode).toBe(200);
  expect(renamed.json()).toMatchObject({ id, name: 'Locker', scope: 'INSTITUTION' });
  expect((await call('PATCH', `/${id}`, { name: '' })).statusCode).toBe(400);
  expect((await call('PATCH', `/${id}`, { name: 'By coach' }, coach)).statusCode).toBe(403);

  const list = await call('GET', '');
  expect(list.json().items.map((f: { name: string }) => f.name)).toEqual(['Locker', 'Locker number', 'Shoe size']);
  expect((await call('DELETE', `/${id}`)).statusCode).toBe(204);
  expect((await call('DELETE', `/${id}`)).statusCode).toBe(404);
  expect((await call('PATCH', `/${id}`, { name: 'Gone' })).statusCode).toBe(404);
  const audit = await t.database.db
    .selectFrom('audit_events')
    .select('action')
    .where('target_id', '=', id)
    .orderBy('created_at')
    .execute();
  expect(audit.map((a) => a.action)).toEqual([
    'athlete_custom_field.created',
    'athlete_custom_field.renamed',
    'athlete_custom_field.deleted',
  ]);
});

it("keeps a custom field value saved while another edit of the athlete's values waits for the profile row", async () => {
  const db = t.database.db;
  const jersey = (await call('POST', '', { name: 'Jersey size', scope: 'INSTITUTION' })).json().id as string;
  const parking = (await call('POST', '', { name: 'Parking spot', scope: 'INSTITUTION' })).json().id as string;
  const athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamId });
  const patch = (payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/athletes/${athlete.id}`, headers: { cookie: admin }, payload });
  let patching: ReturnType<typeof patch> | undefined;
  await db.transaction().execute(async (trx) => {
    // Another edit saves the jersey size (as PATCH /athletes/:id stores values) while this one, the parking spot, arrives.
    await trx.selectFrom('athlete_profiles').select('user_id').where('user_id', '=', athlete.id).forUpdate().execute();
    const pid = await backendPid(trx);
    patching = asAnotherClient(() => patch({ customFieldValues: { [parking]: 'P12' } }));
    await untilBlockedBy(t.database.db, pid, 'the edit');
    await trx
      .updateTable('athlete_profiles')
      .set({ data: sql`data || jsonb_build_object('customFieldValues', jsonb_build_object(${jersey}::text, 'L'))` })
      .where('user_id', '=', athlete.id)
      .execute();
  });
  const patched = await patching!;
  expect(patched.statusCode, patched.body).toBe(200);
  const row = await db
    .selectFrom('athlete_profiles')
    .select('data')
    .where('user_id', '=', athlete.id)
    .executeTakeFirstOrThrow();
  expect((row.data as { customFieldValues?: unknown }).customFieldValues).toEqual({ [jersey]: 'L', [parking]: 'P12' });
});
