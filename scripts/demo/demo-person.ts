import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { createSessionToken } from '../../api/auth/session-cookie';
import { insertSession } from '../../api/auth/sessions.repository';
import type { Database } from '../../migrations/database';
import { withinBound } from '../start/within-bound';
import { demoBounds, demoWait } from './demo-bounds';

/**
 * A demo person acting through the real API: requests go through the Fastify app's routes (authentication, role
 * checks, validation, the services, the Temporal client, audit events) in process, with a short session of their own
 * made straight in the database (their password is never needed). Only people with an active account can act this
 * way, as in the app itself.
 */
export interface DemoPerson {
  id: string;
  schoolId: string;
  firstName: string;
  lastName: string;
  call<T = unknown>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown): Promise<T>;
  /** A multipart POST of one file (field `file`, after the text `fields`), as the screens' uploads send it. */
  upload<T = unknown>(url: string, file: { name: string; bytes: Buffer }, fields?: Record<string, string>): Promise<T>;
  signOut(): Promise<void>;
}

const SIGN_OUT_BOUND_MS = 2000;

export async function signInDemoPerson(app: FastifyInstance, db: Kysely<Database>, email: string): Promise<DemoPerson> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'school_id', 'first_name', 'last_name'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const { token, sessionId } = createSessionToken();
  await insertSession(db, user.school_id, {
    id: sessionId,
    userId: user.id,
    portal: null,
    ip: null,
    userAgent: 'demo data loader',
    expiresAt: new Date(Date.now() + 15 * 60_000),
  });
  return {
    id: user.id,
    schoolId: user.school_id,
    firstName: user.first_name,
    lastName: user.last_name,
    async call<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown): Promise<T> {
      const res = await demoWait(
        `${method} ${url} (as ${email})`,
        app.inject({
          method,
          url,
          cookies: { sid: token },
          ...(body === undefined ? {} : { payload: body as object }),
        }),
      );
      return answer<T>(res, method, url);
    },
    async upload<T>(url: string, file: { name: string; bytes: Buffer }, fields: Record<string, string> = {}) {
      const boundary = `----demo${sessionId.slice(0, 8)}`;
      const parts = Object.entries(fields).map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      );
      const payload = Buffer.concat([
        Buffer.from(
          `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        file.bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await demoWait(
        `the upload to ${url} (as ${email})`,
        app.inject({
          method: 'POST',
          url,
          cookies: { sid: token },
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload,
        }),
      );
      return answer<T>(res, 'POST', url);
    },
    async signOut() {
      // Runs in the loaders' `finally`: on a stuck database it must not hold up the failure it follows, and a session
      // left behind expires by itself in 15 minutes.
      // After a Ctrl-C it is not waited for at all: the stop has its own 10 s to keep.
      const { stepMs, signal } = demoBounds();
      const deleted = db.deleteFrom('sessions').where('id', '=', sessionId).execute();
      if (signal?.aborted) return void deleted.catch(() => undefined);
      await withinBound('sign-out', Math.min(stepMs, SIGN_OUT_BOUND_MS), deleted).catch(() => undefined);
    },
  };

  function answer<T>(res: { statusCode: number; body: string; json(): unknown }, method: string, url: string): T {
    if (res.statusCode >= 400) {
      const error = new Error(
        `Demo data: ${email} ${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 500)}`,
      );
      const code = (res.json() as { error?: { code?: unknown } }).error?.code;
      throw Object.assign(error, { code: typeof code === 'string' ? code : undefined });
    }
    return (res.body ? res.json() : undefined) as T;
  }
}

/**
 * Polls a database read until it satisfies `done`: the workflows write each transition there. Bounded like every
 * demo wait (a read stuck on a locked database counts too): `Demo data: the workflow behind "<what>" did not answer`.
 */
export function waitForRow<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  return demoWait(`the workflow behind "${what}"`, async (ended) => {
    for (;;) {
      const value = await read();
      if (done(value) || ended.aborted) return value;
      await new Promise((r) => setTimeout(r, 100));
    }
  });
}

/**
 * Runs a person's step action once the workflow has the step open. The row shows a step as soon as an activity wrote
 * it, a moment before the workflow itself takes actions on it; until then its Update validator refuses with
 * STEP_NOT_ACTIVE (and changes nothing). On a loaded machine the Update call itself may also time out
 * (WORKFLOW_UNAVAILABLE) after the workflow applied it. Either way `done` reads the row: when the action took effect
 * it stops, otherwise it asks again. Other refusals are real errors. The retries share one step's bound.
 */
export function actWhenStepActive(
  what: string,
  act: () => Promise<unknown>,
  done: () => Promise<boolean>,
): Promise<void> {
  return demoWait(`the workflow taking ${what}`, async (ended) => {
    for (;;) {
      try {
        await act();
        return;
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        if ((code !== 'STEP_NOT_ACTIVE' && code !== 'WORKFLOW_UNAVAILABLE') || ended.aborted) throw err;
      }
      if (await done()) return;
      await new Promise((r) => setTimeout(r, 200));
      if (await done()) return;
    }
  });
}
