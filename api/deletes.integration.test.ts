import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/test-app';
import { seedTenant, type SchoolFixture } from './test-support/tenant-fixture';
import { sessionCookie } from './test-support/seed-school';

/**
 * Every `DELETE` route, walked the same way (issue 36, docs/deletes.md): a delete the rules allow answers as its
 * route says and writes exactly one audit event naming what went; a delete the rules refuse writes no such event;
 * and sending the same delete again changes nothing and writes no second event. The table must match the registered
 * `DELETE` routes exactly, so a new one fails here until its rule is written down.
 */

interface DeleteCase {
  /** The path's parameters, from the school's fixture. */
  params: Record<string, string>;
  /** Who sends it: the school admin unless the route is the athlete's or the submitter's own. */
  as?: 'admin' | 'athlete' | 'coach';
  /** What the first request answers. */
  status: number;
  /** The audit action the first request writes (for a refusal: the refusal's own event, if it records one). */
  audit: string | null;
  /** The error code of a refusal. */
  code?: string;
  /** What a repeat answers: the thing is gone (404) or the repeat is a no-op with the same answer. */
  repeat: number;
  /** Puts the fixture in the state the delete needs (a draft disclosure, a feed to revoke). */
  prepare?: () => Promise<void>;
}

let t: TestApp;
let school: SchoolFixture;
let coachCookie: string;
/** A team created through the API with nothing hanging off it: the only kind a user may delete. */
let emptyTeamId: string;

beforeAll(async () => {
  t = await createTestApp();
  school = await seedTenant(t.database.db);
  coachCookie = await sessionCookie(t.database.db, school.coach);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/teams',
    headers: { cookie: school.adminCookie },
    payload: { name: `Typo ${school.tag}`, sport: 'Soccer' },
  });
  expect(created.statusCode, created.body).toBe(201);
  emptyTeamId = created.json().id as string;
});

afterAll(async () => {
  await t?.close();
});

function deleteCases(s: SchoolFixture): Record<string, DeleteCase> {
  const db = () => t.database.db;
  return {
    'DELETE /api/v1/teams/:id': {
      params: { id: emptyTeamId },
      status: 204,
      audit: 'team.deleted',
      repeat: 404,
    },
    'DELETE /api/v1/materials/:id': {
      params: { id: s.expense.materialId },
      status: 200,
      audit: 'material.deleted',
      repeat: 404,
    },
    'DELETE /api/v1/athletes/:id/files/:fileId': {
      params: { id: s.athlete.id, fileId: s.athleteFileId },
      status: 200,
      audit: 'athlete.file_removed',
      repeat: 404,
    },
    'DELETE /api/v1/athlete-tags/:id': {
      params: { id: s.athleteTagId },
      status: 204,
      audit: 'athlete_tag.deleted',
      repeat: 404,
    },
    'DELETE /api/v1/athlete-custom-fields/:id': {
      params: { id: s.customFieldId },
      status: 204,
      audit: 'athlete_custom_field.deleted',
      repeat: 404,
    },
    'DELETE /api/v1/expenses/:id/receipts/:receiptId': {
      params: { id: s.expense.expenseId, receiptId: s.expense.receiptId },
      as: 'coach',
      status: 200,
      audit: 'expense.receipt_removed',
      repeat: 404,
    },
    'DELETE /api/v1/psas/:id/attachments/:attachmentId': {
      params: { id: s.recruiting.psaWithAttachmentId, attachmentId: s.recruiting.psaAttachmentId },
      status: 200,
      audit: 'psa.attachment_deleted',
      repeat: 404,
    },
    // A transfer to the roster cannot be undone: the request is refused, and the refusal is on record.
    'DELETE /api/v1/psas/:id/transfer': {
      params: { id: s.psaId },
      status: 409,
      code: 'PSA_TRANSFER_IRREVERSIBLE',
      audit: 'psa.transferUndoRefused',
      repeat: 409,
    },
    'DELETE /api/v1/recruiting-forms/templates/:id': {
      params: { id: s.recruiting.templateId },
      status: 204,
      audit: 'recruiting_form.template_archived',
      repeat: 404,
    },
    'DELETE /api/v1/recruiting-events/:id': {
      params: { id: s.recruitingEventId },
      status: 204,
      audit: 'recruiting-event.cancelled',
      repeat: 404,
    },
    'DELETE /api/v1/conflict-flags/:id': {
      params: { id: s.flagId },
      status: 204,
      audit: 'conflict-flag.deleted',
      repeat: 404,
    },
    'DELETE /api/v1/disclosures/:id/attachments/:fileId': {
      params: { id: s.disclosureId, fileId: s.fileId },
      as: 'athlete',
      status: 200,
      audit: 'disclosure.attachment_removed',
      repeat: 404,
      // Attachments come off a disclosure only while its athlete still edits it.
      prepare: async () => {
        await db()
          .updateTable('disclosures')
          .set({ status: 'DRAFT', submitted_at: null })
          .where('id', '=', s.disclosureId)
          .execute();
      },
    },
    'DELETE /api/v1/calendar-feed': {
      params: {},
      status: 204,
      audit: 'calendar-feed.revoked',
      repeat: 204,
      prepare: async () => {
        const feed = await t.app.inject({
          method: 'POST',
          url: '/api/v1/calendar-feed',
          headers: { cookie: s.adminCookie },
        });
        expect(feed.statusCode, feed.body).toBe(200);
      },
    },
    'DELETE /api/v1/events/:id': {
      params: { id: s.eventId },
      status: 204,
      audit: 'calendar-event.cancelled',
      repeat: 404,
    },
    'DELETE /api/v1/segments/:id': {
      params: { id: s.segmentId },
      status: 204,
      audit: 'segment.deleted',
      repeat: 404,
    },
    'DELETE /api/v1/forms/:id': {
      params: { id: s.formId },
      status: 204,
      audit: 'form.archived',
      repeat: 404,
    },
  };
}

function cookieOf(as: DeleteCase['as']): string {
  if (as === 'athlete') return school.athleteCookie;
  if (as === 'coach') return coachCookie;
  return school.adminCookie;
}

function send(key: string, c: DeleteCase) {
  const url = key.split(' ')[1]!.replace(/:(\w+)/g, (_, name: string) => c.params[name] ?? `:${name}`);
  return t.app.inject({ method: 'DELETE', url, headers: { cookie: cookieOf(c.as) } });
}

/** The school's audit events with this action. */
async function auditCount(action: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('school_id', '=', school.schoolId)
    .where('action', '=', action)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('every DELETE route', () => {
  it('is in the table of delete rules', () => {
    const registered = t.app.registeredRoutes
      .filter((r) => r.url.startsWith('/api/v1') && r.method === 'DELETE')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(registered).toEqual(Object.keys(deleteCases(school)).sort());
  });

  it('writes one audit event for what it does, and a repeat changes nothing', async () => {
    const wrong: string[] = [];
    for (const [key, c] of Object.entries(deleteCases(school))) {
      await c.prepare?.();
      const before = c.audit ? await auditCount(c.audit) : 0;
      const first = await send(key, c);
      if (first.statusCode !== c.status) wrong.push(`${key} answered ${first.statusCode}: ${first.body.slice(0, 200)}`);
      if (c.code && first.json().error?.code !== c.code) wrong.push(`${key} refused with ${first.body.slice(0, 200)}`);
      if (c.audit && (await auditCount(c.audit)) !== before + 1) wrong.push(`${key} did not write one ${c.audit}`);
      const repeat = await send(key, c);
      if (repeat.statusCode !== c.repeat)
        wrong.push(`${key} again answered ${repeat.statusCode}: ${repeat.body.slice(0, 200)}`);
      // A refusal is recorded each time it is asked for; anything else happens once.
      const expected = c.status >= 400 ? before + 2 : before + 1;
      if (c.audit && (await auditCount(c.audit)) !== expected) wrong.push(`${key} again: ${c.audit} count is off`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses to delete a team with history, names what depends on it, and writes no delete event', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/teams/${school.teamId}`,
      headers: { cookie: school.adminCookie },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('TEAM_HAS_HISTORY');
    expect((res.json().error.details as unknown[]).length).toBeGreaterThan(0);
    const team = await t.database.db
      .selectFrom('sport_teams')
      .select('id')
      .where('id', '=', school.teamId)
      .executeTakeFirst();
    expect(team).toEqual({ id: school.teamId });
    const deleted = await t.database.db
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'team.deleted')
      .where('target_id', '=', school.teamId)
      .execute();
    expect(deleted).toEqual([]);
  });
});
