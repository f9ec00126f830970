import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { solveChallengePayload } from '../../api/questionnaires/bot-check.service';
import { questionnairePath } from '../../domain/questionnaires';
import type { Database } from '../../migrations/database';
import { demoWait } from './demo-bounds';
import { signInDemoPerson } from './demo-person';

export const DEMO_QUESTIONNAIRE_URL = 'football-prospects';
export const DEMO_QUESTIONNAIRE_PATH = questionnairePath('demo-state', DEMO_QUESTIONNAIRE_URL);

const RESPONDENTS = [
  { firstName: 'Rowan', lastName: 'Mitchell', email: 'rowan.mitchell@recruit.example', club: 'Austin Elite 7v7' },
  { firstName: 'Sage', lastName: 'Okafor', email: 'sage.okafor@recruit.example', club: 'Hill Country Select' },
  { firstName: 'Tatum', lastName: 'Reyes', email: 'tatum.reyes@recruit.example', club: 'Capital City Flight' },
];

/**
 * The demo school's open questionnaire (issue 18), made through the real routes: the admin builds and publishes its
 * form in the form engine and opens the questionnaire at /paperwork/demo-state/football-prospects; three prospects
 * answer through the public endpoint, each solving the proof-of-work as a browser would, so they appear on the PSA
 * list with the answer in their history. Runs once.
 */
export async function loadDemoQuestionnaires(app: FastifyInstance): Promise<{ loaded: boolean }> {
  const { db } = app.deps.database as { db: Kysely<Database> };
  const school = await db.selectFrom('schools').select('id').where('slug', '=', 'demo-state').executeTakeFirst();
  if (!school) return { loaded: false };
  const any = await db.selectFrom('questionnaires').select('id').where('school_id', '=', school.id).executeTakeFirst();
  if (any) return { loaded: false };
  const team = await db
    .selectFrom('sport_teams')
    .select('id')
    .where('school_id', '=', school.id)
    .where('name', '=', 'Football')
    .executeTakeFirst();
  const admin = await signInDemoPerson(app, db, 'admin@demo.edu');
  try {
    const name = 'Football prospect questionnaire';
    const form = await admin.call<{ id: string }>('POST', '/api/v1/forms', {
      name,
      kind: 'LONG',
      definition: {
        id: 'draft',
        formId: 'draft',
        version: 1,
        name,
        kind: 'long',
        elements: [
          { id: 'club', type: 'shortText', dataLabel: 'club_team', label: 'Club or 7v7 team', required: true },
          { id: 'film', type: 'websiteLink', dataLabel: 'film_link', label: 'Link to your highlight film' },
          {
            id: 'why',
            type: 'longText',
            dataLabel: 'why_us',
            label: 'Why are you interested in our program?',
          },
          {
            id: 'transcript',
            type: 'attachment',
            dataLabel: 'transcript',
            label: 'Transcript or test scores',
            multiple: true,
            limits: { maxFiles: 5 },
            allowedTypes: ['pdf', 'png', 'jpg', 'jpeg'],
          },
        ],
        conditions: [],
      },
    });
    await admin.call('POST', `/api/v1/forms/${form.id}/publish`);
    await admin.call('POST', '/api/v1/questionnaires', {
      name: 'Football recruiting questionnaire',
      customUrl: DEMO_QUESTIONNAIRE_URL,
      formId: form.id,
      sportTeamId: team?.id ?? null,
      confirmationMessage:
        'Thanks for your interest in Demo State Football! Our staff reviews every answer and will reach out.',
      active: true,
    });
    const base = `/api/v1/public/questionnaires/demo-state/${DEMO_QUESTIONNAIRE_URL}`;
    for (const r of RESPONDENTS) {
      const challenge = await demoWait('the questionnaire challenge', app.inject({ url: `${base}/challenge` }));
      const altcha = await solveChallengePayload(challenge.json());
      const payload = {
        contact: { firstName: r.firstName, lastName: r.lastName, email: r.email, graduationYear: '2027' },
        answers: { club: r.club, why: 'The coaching staff and the engineering program.' },
        altcha,
      };
      const boundary = `----demo-${randomUUID()}`;
      const res = await demoWait(
        'the questionnaire answer',
        app.inject({
          method: 'POST',
          url: `${base}/responses`,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: `--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${JSON.stringify(payload)}\r\n--${boundary}--\r\n`,
        }),
      );
      if (res.statusCode !== 201)
        throw new Error(`Demo data: questionnaire answer answered ${res.statusCode}: ${res.body}`);
    }
  } finally {
    await admin.signOut();
  }
  return { loaded: true };
}
