import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { FormVersion } from '../../form-engine';
import type { Database } from '../../migrations/database';
import { demoWait } from './demo-bounds';
import { signInDemoPerson, waitForRow } from './demo-person';

/**
 * A recruiting form in the demo school, made through the API the screens use: the head coach builds a "Prospect
 * questionnaire" template with the form engine, publishes it and sends it to three prospects (each link mailed by
 * the real workflow to the dev mailbox); the first prospect opens their mailed link and submits it. Runs once.
 */
export const DEMO_RECRUITING_FORM_NAME = 'Prospect questionnaire';

export async function loadDemoRecruitingForms(app: FastifyInstance): Promise<{ loaded: boolean }> {
  const { db } = app.deps.database as { db: Kysely<Database> };
  const school = await db.selectFrom('schools').select('id').where('slug', '=', 'demo-state').executeTakeFirst();
  if (!school) return { loaded: false };
  const existing = await db
    .selectFrom('forms')
    .select('id')
    .where('school_id', '=', school.id)
    .where('purpose', '=', 'RECRUITING')
    .executeTakeFirst();
  if (existing) return { loaded: false };
  const prospects = await db
    .selectFrom('psas')
    .select(['id', 'email'])
    .where('school_id', '=', school.id)
    .where('state_status', '<>', 'ARCHIVED')
    .where('commitment_status', '=', 'NOT_COMMITTED')
    .where('email', 'is not', null)
    .orderBy('created_at')
    .limit(3)
    .execute();
  if (prospects.length === 0) return { loaded: false };
  const coach = await signInDemoPerson(app, db, 'coach@demo.edu');
  try {
    const template = await coach.call<{ id: string }>('POST', '/api/v1/recruiting-forms/templates', {
      name: DEMO_RECRUITING_FORM_NAME,
    });
    const form = await coach.call<{ version: { definition: FormVersion } }>('GET', `/api/v1/forms/${template.id}`);
    await coach.call('PUT', `/api/v1/forms/${template.id}`, {
      definition: {
        ...form.version.definition,
        elements: [
          { id: 'position', type: 'shortText', dataLabel: 'Position', label: 'Position you play', required: true },
          { id: 'club', type: 'shortText', dataLabel: 'Club team', label: 'Club team' },
          {
            id: 'goals',
            type: 'longText',
            dataLabel: 'Goals',
            label: 'What are you looking for in a college program?',
          },
        ],
      },
    });
    await coach.call('POST', `/api/v1/forms/${template.id}/publish`);
    await coach.call('POST', `/api/v1/recruiting-forms/templates/${template.id}/send`, {
      psaIds: prospects.map((p) => p.id),
    });
    // The first prospect follows the link in their mail and answers.
    const mail = await waitForRow(
      'the recruiting form mail',
      () =>
        db
          .selectFrom('outbox')
          .select('text_body')
          .where('to_address', '=', prospects[0]!.email!)
          .where('text_body', 'like', '%/recruitingForm/%')
          .executeTakeFirst(),
      Boolean,
    );
    const token = decodeURIComponent(/\/recruitingForm\/(\S+)/.exec(mail!.text_body)![1]!);
    for (const [what, url, payload] of [
      ['the recruiting form opening', '/api/v1/recruiting-forms/public/open', { token }],
      [
        'the recruiting form submission',
        '/api/v1/recruiting-forms/public/submit',
        {
          token,
          answers: {
            position: 'Quarterback',
            club: 'Austin Elite 7v7',
            goals: 'A program where I can compete early and study engineering.',
          },
        },
      ],
    ] as const) {
      const res = await demoWait(what, app.inject({ method: 'POST', url, payload }));
      if (res.statusCode >= 400) throw new Error(`Demo data: ${url} answered ${res.statusCode}: ${res.body}`);
    }
  } finally {
    await coach.signOut();
  }
  return { loaded: true };
}
