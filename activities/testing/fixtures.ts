import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { loadConfig, type AppConfig } from '../../api/config';
import { hashToken, signLinkToken } from '../../domain/signed-links';
import { workflowIds } from '../../domain/workflows';
import type { Database } from '../../migrations/database';

/**
 * Rows and configuration for workflow and activity tests (and scripts/record-histories.ts). Every call makes its
 * own school and users with unique e-mails, so tests sharing one database never see each other's rows.
 */
export function createTestConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: '/tmp/activities-test-data',
    ...overrides,
  });
}

export interface SeededSchool {
  schoolId: string;
  adminId: string;
}

export async function seedSchool(db: Kysely<Database>, name = 'Test State University'): Promise<SeededSchool> {
  const school = await db
    .insertInto('schools')
    .values({ name, slug: `test-${randomUUID()}`, time_zone: 'America/Chicago', settings: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const admin = await db
    .insertInto('users')
    .values({
      school_id: school.id,
      email: `admin-${randomUUID()}@test.edu`,
      first_name: 'Ada',
      last_name: 'Admin',
      status: 'ACTIVE',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { schoolId: school.id, adminId: admin.id };
}

export interface SeededInvitation extends SeededSchool {
  userId: string;
  invitationId: string;
  email: string;
  workflowId: string;
}

export async function seedInvitation(
  db: Kysely<Database>,
  config: Pick<AppConfig, 'appSecret'>,
  options: { expireAfterMs: number; school?: SeededSchool },
): Promise<SeededInvitation> {
  const school = options.school ?? (await seedSchool(db));
  const email = `invitee-${randomUUID()}@test.edu`;
  const user = await db
    .insertInto('users')
    .values({ school_id: school.schoolId, email, first_name: 'Ivy', last_name: 'Invitee', status: 'INVITED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const invitationId = randomUUID();
  const workflowId = workflowIds.invitation(invitationId);
  await db
    .insertInto('invitations')
    .values({
      id: invitationId,
      school_id: school.schoolId,
      user_id: user.id,
      email,
      token_hash: hashToken(signLinkToken(config.appSecret, 'invitation', invitationId)),
      invited_by: school.adminId,
      workflow_id: workflowId,
      expires_at: new Date(Date.now() + options.expireAfterMs),
    })
    .execute();
  return { ...school, userId: user.id, invitationId, email, workflowId };
}

export interface SeededPasswordReset extends SeededSchool {
  userId: string;
  resetId: string;
  email: string;
  workflowId: string;
}

export async function seedPasswordReset(
  db: Kysely<Database>,
  config: Pick<AppConfig, 'appSecret'>,
  options: { expiresInMs?: number; used?: boolean } = {},
): Promise<SeededPasswordReset> {
  const school = await seedSchool(db);
  const email = `reset-${randomUUID()}@test.edu`;
  const user = await db
    .insertInto('users')
    .values({ school_id: school.schoolId, email, first_name: 'Rex', last_name: 'Reset', status: 'ACTIVE' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const resetId = randomUUID();
  await db
    .insertInto('password_resets')
    .values({
      id: resetId,
      user_id: user.id,
      school_id: school.schoolId,
      token_hash: hashToken(signLinkToken(config.appSecret, 'password-reset', resetId)),
      expires_at: new Date(Date.now() + (options.expiresInMs ?? 60 * 60_000)),
      used_at: options.used ? new Date() : null,
    })
    .execute();
  return { ...school, userId: user.id, resetId, email, workflowId: workflowIds.passwordReset(resetId) };
}

export async function outboxRowsFor(db: Kysely<Database>, workflowId: string) {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('idempotency_key', 'like', `mail:${workflowId}:%`)
    .orderBy('created_at')
    .execute();
}

/** Polls until `probe` returns a value other than undefined/false, or fails after timeoutMs. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 10_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
