import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../api/test-support/test-app';
import { seedSchool } from '../../api/test-support/seed-school';
import { createOperatorAccount, OperatorSetupError } from './create-operator-account';

const PASSWORD = 'Operator-Pass-2026!';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const tag = () => randomUUID().slice(0, 8);

describe('createOperatorAccount', () => {
  it('creates the provider organisation when missing and an operator who can log in and open the console', async () => {
    const slug = `ops-${tag()}`;
    const email = `Ops-${tag()}@Provider.example`;
    const result = await createOperatorAccount(t.database.db, {
      email,
      firstName: 'Ada',
      lastName: 'Ops',
      password: PASSWORD,
      organisationSlug: slug,
      organisationName: 'Acme Provider',
    });
    expect(result.organisation).toMatchObject({ name: 'Acme Provider', created: true });
    const org = await t.database.db
      .selectFrom('schools')
      .select(['kind', 'slug'])
      .where('id', '=', result.organisation.id)
      .executeTakeFirstOrThrow();
    expect(org).toEqual({ kind: 'PROVIDER', slug });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: email.toLowerCase(), password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ portal: 'operator', roles: [{ role: 'OPERATOR' }] });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    const schools = await t.app.inject({ method: 'GET', url: '/api/v1/schools', headers: { cookie } });
    expect(schools.statusCode).toBe(200);

    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'target_id'])
      .where('school_id', '=', result.organisation.id)
      .where('action', '=', 'user.operator_created')
      .execute();
    expect(audit).toEqual([{ action: 'user.operator_created', target_id: result.userId }]);
  });

  it('reuses an existing provider organisation', async () => {
    const slug = `ops-${tag()}`;
    const first = await createOperatorAccount(t.database.db, {
      email: `one-${tag()}@provider.example`,
      firstName: 'One',
      lastName: 'Ops',
      password: PASSWORD,
      organisationSlug: slug,
    });
    const second = await createOperatorAccount(t.database.db, {
      email: `two-${tag()}@provider.example`,
      firstName: 'Two',
      lastName: 'Ops',
      password: PASSWORD,
      organisationSlug: slug,
    });
    expect(second.organisation).toEqual({ ...first.organisation, created: false });
    // Without a slug it joins some provider organisation, never a school.
    const any = await createOperatorAccount(t.database.db, {
      email: `three-${tag()}@provider.example`,
      firstName: 'Three',
      lastName: 'Ops',
      password: PASSWORD,
    });
    const org = await t.database.db
      .selectFrom('schools')
      .select('kind')
      .where('id', '=', any.organisation.id)
      .executeTakeFirstOrThrow();
    expect(org.kind).toBe('PROVIDER');
  });

  it('refuses a weak password, an existing e-mail and a school as the organisation, creating nothing', async () => {
    const email = `weak-${tag()}@provider.example`;
    const slug = `ops-${tag()}`;
    await expect(
      createOperatorAccount(t.database.db, {
        email,
        firstName: 'W',
        lastName: 'Eak',
        password: 'short',
        organisationSlug: slug,
      }),
    ).rejects.toThrow(/password does not meet the policy: at least 10 characters/);
    await expect(
      createOperatorAccount(t.database.db, {
        email,
        firstName: 'W',
        lastName: 'Eak',
        password: 'Password123!',
        organisationSlug: slug,
      }),
    ).rejects.toThrow(/password does not meet the policy: not a common or easily guessed password/);
    expect(
      await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await t.database.db.selectFrom('schools').select('id').where('slug', '=', slug).executeTakeFirst(),
    ).toBeUndefined();

    const taken = `taken-${tag()}@provider.example`;
    await createOperatorAccount(t.database.db, { email: taken, firstName: 'T', lastName: 'K', password: PASSWORD });
    await expect(
      createOperatorAccount(t.database.db, {
        email: taken.toUpperCase(),
        firstName: 'T',
        lastName: 'K',
        password: PASSWORD,
      }),
    ).rejects.toBeInstanceOf(OperatorSetupError);

    const school = await seedSchool(t.database.db);
    const row = await t.database.db
      .selectFrom('schools')
      .select('slug')
      .where('id', '=', school.id)
      .executeTakeFirstOrThrow();
    await expect(
      createOperatorAccount(t.database.db, {
        email: `school-${tag()}@provider.example`,
        firstName: 'S',
        lastName: 'C',
        password: PASSWORD,
        organisationSlug: row.slug,
      }),
    ).rejects.toThrow(/is a school, not the provider organisation/);
  });
});
