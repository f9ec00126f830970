import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormElement } from '../../form-engine/form-definition';
import { seedForm, shortText } from '../test-support/forms';
import { seedSchool, seedTeam, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { solveChallengePayload } from './bot-check.service';

/**
 * Questionnaires on the real PostgreSQL: staff create, edit, activate and deactivate (custom URL rules, unique per
 * school, other schools see nothing); the public link's abuse cases (bad slug, deactivated link, a failed or replayed
 * proof-of-work, oversized, wrong-type and too many attachments, a flood stopped by the rate limit); and the happy
 * path where a first answer creates the prospect and a second one, matched by e-mail, updates the same prospect;
 * the download of an attached file by the school's staff only, and who hears of a new answer.
 */
let t: TestApp;
let schoolId: string;
let slug: string;
let formId: string;
let admin: SeededUser;
let outsider: SeededUser;
const cookies = new Map<string, string>();

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

async function call(user: SeededUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)! },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() };
}

async function solved(customUrl: string, school = slug): Promise<string> {
  const res = await t.app.inject({ url: `/api/v1/public/questionnaires/${school}/${customUrl}/challenge` });
  expect(res.statusCode).toBe(200);
  return solveChallengePayload(res.json());
}

interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

async function submit(customUrl: string, payload: unknown, files: FilePart[] = [], school = slug) {
  const boundary = `----q-${randomUUID()}`;
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${JSON.stringify(payload)}\r\n`,
    ),
  ];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/public/questionnaires/${school}/${customUrl}/responses`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  return {
    status: res.statusCode,
    body: res.json() as { error?: { code: string; message: string } } & Record<string, unknown>,
  };
}

const contact = (email: string, extra: Record<string, string> = {}) => ({
  firstName: 'Jordan',
  lastName: 'Reyes',
  email,
  ...extra,
});

async function createQuestionnaire(customUrl: string, active = true) {
  const res = await call(admin, 'POST', '/questionnaires', {
    name: `Camp ${customUrl}`,
    customUrl,
    formId,
    confirmationMessage: 'Thanks! A coach will contact you soon.',
    active,
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; publicPath: string; status: string };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const school = await seedSchool(db);
  schoolId = school.id;
  slug = `school-${school.tag}`;
  admin = await seedUser(db, schoolId, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  outsider = await seedUser(db, (await seedSchool(db)).id, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  for (const u of [admin, outsider]) cookies.set(u.id, await sessionCookie(db, u));
  const elements: FormElement[] = [
    shortText('club', { label: 'Club team', required: true } as Partial<FormElement>),
    {
      id: 'film',
      type: 'attachment',
      dataLabel: 'Film',
      label: 'Highlight stills',
      multiple: true,
      limits: { maxFiles: 5 },
    } as FormElement,
    { id: 'more', type: 'attachment', dataLabel: 'More', label: 'More files', multiple: true } as FormElement,
    { id: 'extra', type: 'attachment', dataLabel: 'Extra', label: 'Extra file', multiple: true } as FormElement,
  ];
  formId = (await seedForm(db, schoolId, admin.id, { name: 'Prospect questionnaire', elements, published: true }))
    .formId;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('staff questionnaires', () => {
  it('creates, lists with counts, edits, deactivates and activates, each audited', async () => {
    const q = await createQuestionnaire('vb-camp_2027', false);
    expect(q.status).toBe('INACTIVE');
    expect(q.publicPath).toBe(`/paperwork/${slug}/vb-camp_2027`);
    const renamed = await call(admin, 'PATCH', `/questionnaires/${q.id}`, { name: 'Volleyball camp' });
    expect(renamed.status).toBe(200);
    expect((await call(admin, 'POST', `/questionnaires/${q.id}/activate`)).body.status).toBe('ACTIVE');
    expect((await call(admin, 'POST', `/questionnaires/${q.id}/deactivate`)).body.status).toBe('INACTIVE');
    const list = await call(admin, 'GET', '/questionnaires');
    expect(list.body).toContainEqual(
      expect.objectContaining({ id: q.id, name: 'Volleyball camp', status: 'INACTIVE', responseCount: 0 }),
    );
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('target_id', '=', q.id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'questionnaire.created',
      'questionnaire.updated',
      'questionnaire.activated',
      'questionnaire.deactivated',
    ]);
  });

  it('refuses a custom URL with other characters, one already used (any case), and a long confirmation', async () => {
    const base = { name: 'X', formId, confirmationMessage: 'Thanks.' };
    const bad = await call(admin, 'POST', '/questionnaires', { ...base, customUrl: 'has space/slash' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Custom URL may contain letters, numbers, hyphens and underscores only.');
    await createQuestionnaire('Taken-Url');
    const taken = await call(admin, 'POST', '/questionnaires', { ...base, customUrl: 'taken-url' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('QUESTIONNAIRE_URL_TAKEN');
    const long = await call(admin, 'POST', '/questionnaires', {
      ...base,
      customUrl: 'long-msg',
      confirmationMessage: Array.from({ length: 31 }, () => 'word').join(' '),
    });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('Confirmation message max 30 words.');
  });

  it('shows nothing of one school to another', async () => {
    const q = await createQuestionnaire('private-to-a');
    expect((await call(outsider, 'GET', `/questionnaires/${q.id}`)).status).toBe(404);
    expect((await call(outsider, 'POST', `/questionnaires/${q.id}/deactivate`)).status).toBe(404);
    const theirs = await call(outsider, 'GET', '/questionnaires');
    expect(theirs.body).toEqual([]);
  });
});

describe('public questionnaire abuse', () => {
  it('answers a bad slug and an unknown school with the invalid-link message', async () => {
    await createQuestionnaire('open-one');
    for (const url of [`/public/questionnaires/${slug}/no-such-form`, '/public/questionnaires/no-school/open-one']) {
      const res = await t.app.inject({ url: `/api/v1${url}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Invalid or deactivated questionnaire link.');
    }
    const post = await submit('no-such-form', { contact: contact('a@example.com') });
    expect(post.status).toBe(404);
  });

  it('refuses a deactivated link, page and submission alike', async () => {
    const q = await createQuestionnaire('closed-one');
    const altcha = await solved('closed-one');
    await call(admin, 'POST', `/questionnaires/${q.id}/deactivate`);
    const page = await t.app.inject({ url: `/api/v1/public/questionnaires/${slug}/closed-one` });
    expect(page.statusCode).toBe(404);
    expect(page.json().error.code).toBe('QUESTIONNAIRE_LINK_INVALID');
    const post = await submit('closed-one', { contact: contact('closed@example.com'), answers: { club: 'A' }, altcha });
    expect(post.status).toBe(404);
    expect(post.body.error!.message).toBe('Invalid or deactivated questionnaire link.');
  });

  it('refuses a missing, wrong, forged or other-questionnaire proof-of-work', async () => {
    await createQuestionnaire('bot-a');
    await createQuestionnaire('bot-b');
    const good = await solved('bot-a');
    const decoded = JSON.parse(Buffer.from(good, 'base64').toString()) as Record<string, unknown>;
    const wrongNumber = Buffer.from(JSON.stringify({ ...decoded, number: (decoded.number as number) + 1 })).toString(
      'base64',
    );
    for (const altcha of [undefined, 'not-base64-json', wrongNumber, await solved('bot-b')]) {
      const res = await submit('bot-a', { contact: contact('bot@example.com'), answers: { club: 'A' }, altcha });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'BOT_CHECK_FAILED',
        message: 'reCAPTCHA verification failed. Please refresh the page and try again.',
      });
    }
    const psas = await t.database.db.selectFrom('psas').select('id').where('email', '=', 'bot@example.com').execute();
    expect(psas).toEqual([]);
  });

  it('refuses oversized, wrong-type and too many attachments, storing nothing', async () => {
    await createQuestionnaire('files');
    const send = async (files: FilePart[]) =>
      submit(
        'files',
        { contact: contact('files@example.com'), answers: { club: 'A' }, altcha: await solved('files') },
        files,
      );
    const big = await send([
      {
        field: 'film',
        filename: 'big.png',
        contentType: 'image/png',
        bytes: Buffer.concat([PNG, Buffer.alloc(21 * 1024 * 1024)]),
      },
    ]);
    expect(big.status).toBe(413);
    expect(big.body.error!.code).toBe('FILE_TOO_LARGE');
    const exe = await send([
      {
        field: 'film',
        filename: 'tool.exe',
        contentType: 'application/octet-stream',
        bytes: Buffer.from('MZ\x90\x00'),
      },
    ]);
    expect(exe.status).toBe(415);
    const renamed = await send([
      { field: 'film', filename: 'still.png', contentType: 'image/png', bytes: Buffer.from('MZ\x90\x00 not a png') },
    ]);
    expect(renamed.status).toBe(415);
    expect(renamed.body.error!.code).toBe('FILE_TYPE_NOT_ALLOWED');
    const png = (field: string, i: number) => ({ field, filename: `p${i}.png`, contentType: 'image/png', bytes: PNG });
    const six = await send(Array.from({ length: 6 }, (_, i) => png('film', i)));
    expect(six.status).toBe(400);
    expect(six.body.error!.message).toBe('Max 5 attachments per question.');
    const eleven = await send([
      ...Array.from({ length: 5 }, (_, i) => png('film', i)),
      ...Array.from({ length: 5 }, (_, i) => png('more', i)),
      png('extra', 0),
    ]);
    expect(eleven.status).toBe(400);
    expect(eleven.body.error!.message).toBe('Max 10 attachments per form.');
    const stored = await t.database.db
      .selectFrom('stored_files')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('purpose', '=', 'questionnaire-attachment')
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses the replay of a solved challenge', async () => {
    await createQuestionnaire('replay');
    const altcha = await solved('replay');
    const first = await submit('replay', { contact: contact('replay@example.com'), answers: { club: 'A' }, altcha });
    expect(first.status).toBe(201);
    const again = await submit('replay', { contact: contact('replay@example.com'), answers: { club: 'B' }, altcha });
    expect(again.status).toBe(400);
    expect(again.body.error!.code).toBe('BOT_CHECK_FAILED');
  });

  it('stops a flood of submissions with the rate limit', async () => {
    await createQuestionnaire('flood');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await submit('flood', { contact: contact(`f${i}@example.com`) })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const limited = await submit('flood', { contact: contact('late@example.com') });
    expect(limited.body.error!.code).toBe('RATE_LIMITED');
  });
});

describe('public questionnaire answers', () => {
  it('creates the prospect, then updates the same prospect matched by e-mail, shown in its history', async () => {
    const q = await createQuestionnaire('happy');
    const page = await t.app.inject({ url: `/api/v1/public/questionnaires/${slug}/happy` });
    expect(page.statusCode).toBe(200);
    expect(page.json().form.elements.map((e: { id: string }) => e.id)).toEqual(['club', 'film', 'more', 'extra']);

    const first = await submit(
      'happy',
      {
        contact: contact('Jordan.Reyes@Example.com', { graduationYear: '2027' }),
        answers: { club: 'Coast VBC' },
        altcha: await solved('happy'),
      },
      [{ field: 'film', filename: 'still.png', contentType: 'image/png', bytes: PNG }],
    );
    expect(first.status).toBe(201);
    expect(first.body.confirmationMessage).toBe('Thanks! A coach will contact you soon.');
    const second = await submit('happy', {
      contact: contact('jordan.reyes@example.com', { lastName: 'Reyes-Lopez', highSchoolName: 'Bayside High' }),
      answers: { club: 'Bay Club' },
      altcha: await solved('happy'),
    });
    expect(second.status).toBe(201);

    const db = t.database.db;
    const psas = await db
      .selectFrom('psas')
      .selectAll()
      .where('school_id', '=', schoolId)
      .where('email', '=', 'jordan.reyes@example.com')
      .execute();
    expect(psas).toHaveLength(1);
    expect(psas[0]).toMatchObject({
      last_name: 'Reyes-Lopez',
      graduation_year: 2027,
      high_school_name: 'Bayside High',
    });

    const details = await call(admin, 'GET', `/questionnaires/${q.id}`);
    expect(details.body.questionnaire.responseCount).toBe(2);
    const responses = details.body.responses as Array<{
      psaId: string;
      createdPsa: boolean;
      answers: Record<string, unknown>;
    }>;
    expect(responses.map((r) => r.createdPsa)).toEqual([false, true]);
    expect(new Set(responses.map((r) => r.psaId))).toEqual(new Set([psas[0]!.id]));
    const film = responses[1]!.answers.film as Array<{ fileId: string; name: string }>;
    expect(film).toHaveLength(1);
    const file = await db
      .selectFrom('stored_files')
      .select(['school_id', 'filename'])
      .where('id', '=', film[0]!.fileId)
      .executeTakeFirstOrThrow();
    expect(file).toEqual({ school_id: schoolId, filename: 'still.png' });

    const profile = await call(admin, 'GET', `/psas/${psas[0]!.id}`);
    const actions = (profile.body.events as Array<{ action: string }>).map((e) => e.action);
    expect(actions.filter((a) => a === 'questionnaire_submitted')).toHaveLength(2);
    const audit = await db
      .selectFrom('audit_events')
      .select('action')
      .where('school_id', '=', schoolId)
      .where('target_id', '=', psas[0]!.id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['psa.created', 'psa.updated']);
  });

  it('checks the answers with the form engine and the contact fields with the prospect rules', async () => {
    await createQuestionnaire('checks');
    const noClub = await submit('checks', {
      contact: contact('c@example.com'),
      answers: {},
      altcha: await solved('checks'),
    });
    expect(noClub.status).toBe(400);
    expect(noClub.body.error!.code).toBe('MANDATORY_FIELD');
    const badEmail = await submit('checks', {
      contact: contact('not-an-email'),
      answers: { club: 'A' },
      altcha: await solved('checks'),
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error!.message).toBe('Invalid email.');
  });
});

describe('questionnaire attachments and notifications', () => {
  it('lets staff download an attachment as stored, audited; another school gets 404 and an athlete 403', async () => {
    const db = t.database.db;
    const teamId = await seedTeam(db, schoolId, `Beach ${randomUUID().slice(0, 6)}`);
    const coach = await seedUser(db, schoolId, {
      roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }],
      sportTeamId: teamId,
    });
    const otherCoach = await seedUser(db, schoolId, {
      roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }],
      sportTeamId: await seedTeam(db, schoolId, `Golf ${randomUUID().slice(0, 6)}`),
    });
    const athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamId });
    for (const u of [coach, athlete]) cookies.set(u.id, await sessionCookie(db, u));
    const q = await createQuestionnaire('with-files');
    expect((await call(admin, 'PATCH', `/questionnaires/${q.id}`, { sportTeamId: teamId })).status).toBe(200);
    const sent = await submit(
      'with-files',
      { contact: contact('files.ok@example.com'), answers: { club: 'Coast VBC' }, altcha: await solved('with-files') },
      [{ field: 'film', filename: 'court still;1.png', contentType: 'image/png', bytes: PNG }],
    );
    expect(sent.status).toBe(201);
    const details = await call(admin, 'GET', `/questionnaires/${q.id}`);
    const [response] = details.body.responses as Array<{ psaId: string; answers: { film: Array<{ fileId: string }> } }>;
    const fileId = response!.answers.film[0]!.fileId;

    const download = (user: SeededUser, questionnaireId = q.id, id = fileId) =>
      t.app.inject({
        url: `/api/v1/questionnaires/${questionnaireId}/attachments/${id}`,
        headers: { cookie: cookies.get(user.id)! },
      });
    const ok = await download(admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(PNG)).toBe(true);
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.headers['content-disposition']).toBe(
      `attachment; filename="court still_1.png"; filename*=UTF-8''court%20still%3B1.png`,
    );
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect((await download(coach)).statusCode).toBe(200);
    expect((await download(outsider)).statusCode).toBe(404);
    expect((await download(athlete)).statusCode).toBe(403);
    // Only through the questionnaire the file was sent to, and never an unknown id.
    const other = await createQuestionnaire('without-files');
    expect((await download(admin, other.id)).statusCode).toBe(404);
    expect((await download(admin, q.id, randomUUID())).statusCode).toBe(404);
    const audit = await db
      .selectFrom('audit_events')
      .select(['action', 'actor_user_id'])
      .where('target_id', '=', q.id)
      .where('action', '=', 'questionnaire.attachment_downloaded')
      .execute();
    expect(audit.map((a) => a.actor_user_id).sort()).toEqual([admin.id, coach.id].sort());

    // The answer reached the school's admins and the questionnaire team's coaches, nobody else.
    const notes = await db
      .selectFrom('notifications')
      .select(['user_id', 'module', 'status', 'title', 'body', 'payload'])
      .where('school_id', '=', schoolId)
      .where('title', '=', 'Questionnaire answered')
      .where(sql<boolean>`payload->'featureData'->>'psaId' = ${response!.psaId}`)
      .execute();
    expect(notes.map((n) => n.user_id).sort()).toEqual([admin.id, coach.id].sort());
    expect(notes.map((n) => n.user_id)).not.toContain(otherCoach.id);
    expect(notes[0]).toMatchObject({
      module: 'recruiting',
      status: 'submitted',
      body: 'Jordan Reyes answered "Camp with-files".',
    });
  });

  it('tells only the admins of an answer to a questionnaire without a team', async () => {
    await createQuestionnaire('no-team');
    const sent = await submit('no-team', {
      contact: contact('no.team@example.com'),
      answers: { club: 'A' },
      altcha: await solved('no-team'),
    });
    expect(sent.status).toBe(201);
    const db = t.database.db;
    const psa = await db
      .selectFrom('psas')
      .select('id')
      .where('email', '=', 'no.team@example.com')
      .executeTakeFirstOrThrow();
    const notes = await db
      .selectFrom('notifications')
      .select('user_id')
      .where('title', '=', 'Questionnaire answered')
      .where(sql<boolean>`payload->'featureData'->>'psaId' = ${psa.id}`)
      .execute();
    expect(notes.map((n) => n.user_id)).toEqual([admin.id]);
  });
});

describe('what each answer carries', () => {
  const id = expect.stringMatching(/^[0-9a-f-]{36}$/);
  const time = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);

  it('answers every property of a questionnaire, its details, the meta and the public page', async () => {
    const db = t.database.db;
    const teamName = `Rowing ${randomUUID().slice(0, 6)}`;
    const teamId = await seedTeam(db, schoolId, teamName);
    const created = await call(admin, 'POST', '/questionnaires', {
      name: 'Rowing camp',
      customUrl: 'shape-check',
      formId,
      confirmationMessage: 'Thanks for rowing.',
      sportTeamId: teamId,
      active: true,
    });
    expect(created.status).toBe(201);
    const questionnaire = {
      id,
      name: 'Rowing camp',
      customUrl: 'shape-check',
      confirmationMessage: 'Thanks for rowing.',
      status: 'ACTIVE',
      formId,
      formName: 'Prospect questionnaire',
      sportTeamId: teamId,
      sportTeam: teamName,
      responseCount: 0,
      lastResponseAt: null,
      createdAt: time,
      updatedAt: time,
      publicPath: `/paperwork/${slug}/shape-check`,
    };
    expect(created.body).toEqual(questionnaire);
    const qid = created.body.id as string;
    expect((await call(admin, 'PATCH', `/questionnaires/${qid}`, { name: 'Rowing camp 2' })).body).toEqual({
      ...questionnaire,
      name: 'Rowing camp 2',
    });
    expect((await call(admin, 'POST', `/questionnaires/${qid}/deactivate`)).body).toEqual({
      ...questionnaire,
      name: 'Rowing camp 2',
      status: 'INACTIVE',
    });
    expect((await call(admin, 'POST', `/questionnaires/${qid}/activate`)).body).toEqual({
      ...questionnaire,
      name: 'Rowing camp 2',
    });

    const meta = await call(admin, 'GET', '/questionnaires/meta');
    expect(meta.status).toBe(200);
    expect(Object.keys(meta.body).sort()).toEqual(['forms', 'teams']);
    expect(meta.body.forms).toContainEqual({ id: formId, name: 'Prospect questionnaire' });
    expect(meta.body.teams).toContainEqual({ id: teamId, name: teamName });

    const page = await t.app.inject({ url: `/api/v1/public/questionnaires/${slug}/shape-check` });
    expect(page.statusCode).toBe(200);
    const stored = await db
      .selectFrom('form_versions')
      .select('definition')
      .where('form_id', '=', formId)
      .where('status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow();
    expect(page.json()).toEqual({
      name: 'Rowing camp 2',
      schoolName: expect.any(String),
      contactFields: expect.arrayContaining([{ name: 'email', label: 'Email', required: true, type: 'email' }]),
      form: JSON.parse(JSON.stringify(stored.definition)),
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      limits: { attachmentsPerQuestion: 5, attachmentsPerForm: 10 },
    });
    expect(page.json().contactFields).toHaveLength(7);

    const challenge = await t.app.inject({ url: `/api/v1/public/questionnaires/${slug}/shape-check/challenge` });
    expect(Object.keys(challenge.json()).sort()).toEqual(['algorithm', 'challenge', 'maxnumber', 'salt', 'signature']);

    const sent = await submit(
      'shape-check',
      {
        contact: contact('shape.check@example.com'),
        answers: { club: 'Lake RC' },
        altcha: await solved('shape-check'),
      },
      [{ field: 'film', filename: 'boat.png', contentType: 'image/png', bytes: PNG }],
    );
    expect(sent).toEqual({ status: 201, body: { confirmationMessage: 'Thanks for rowing.' } });

    const details = await call(admin, 'GET', `/questionnaires/${qid}`);
    expect(details.status).toBe(200);
    expect(details.body).toEqual({
      questionnaire: { ...questionnaire, name: 'Rowing camp 2', responseCount: 1, lastResponseAt: time },
      form: JSON.parse(JSON.stringify(stored.definition)),
      responses: [
        {
          id,
          psaId: id,
          psaName: 'Jordan Reyes',
          email: 'shape.check@example.com',
          createdPsa: true,
          submittedAt: time,
          answers: {
            club: 'Lake RC',
            film: [{ fileId: id, name: 'boat.png', size: PNG.byteLength, contentType: 'image/png' }],
          },
          formVersion: 1,
        },
      ],
    });
    const list = await call(admin, 'GET', '/questionnaires');
    expect(list.body).toContainEqual({
      ...questionnaire,
      id: qid,
      name: 'Rowing camp 2',
      responseCount: 1,
      lastResponseAt: time,
    });
  });
});
