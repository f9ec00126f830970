import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { signAgentLinkToken } from '../../api/partners/agent-links';
import type { Database } from '../../migrations/database';
import { signInDemoPerson, waitForRow } from './demo-person';

const DAY = 86_400_000;
const isoDaysFrom = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const DEMO_VENDORS = [
  {
    name: 'Campus Outfitters',
    customUrl: 'campus-outfitters',
    categories: ['Apparel', 'Printing'],
    services: 'Team apparel, custom prints and signing-day merchandise.',
    prices: 'Shirts from $15; custom runs from 24 pieces.',
    contactEmail: 'hello@campusoutfitters.example',
  },
  {
    name: 'Corner Cafe',
    customUrl: 'corner-cafe',
    categories: ['Food and drink'],
    services: 'Catering for team events; athlete appearances for openings.',
    prices: 'Appearances from $150; catering from $12 per person.',
    contactEmail: 'events@cornercafe.example',
  },
];

/**
 * Three agents in the demo school's registry (issue 39), made through the API the screens use and so by the real
 * `agent:<id>` workflows: two added by the compliance admin (one of them named by the demo athlete), and one the
 * athlete invited, who filled in their details through the signed link and now waits for confirmation in the
 * admin's My Tasks; and two vendors with their public cards. Runs once.
 */
export async function loadDemoPartners(app: FastifyInstance): Promise<{ loaded: boolean }> {
  const { db } = app.deps.database as { db: Kysely<Database> };
  const admin0 = await db
    .selectFrom('users')
    .select(['id', 'school_id'])
    .where('email', '=', 'admin@demo.edu')
    .executeTakeFirst();
  const athlete0 = await db.selectFrom('users').select('id').where('email', '=', 'athlete@demo.edu').executeTakeFirst();
  if (!admin0 || !athlete0) return { loaded: false };
  if (await db.selectFrom('agents').select('id').where('school_id', '=', admin0.school_id).executeTakeFirst()) {
    return { loaded: false };
  }
  const admin = await signInDemoPerson(app, db, 'admin@demo.edu');
  const athlete = await signInDemoPerson(app, db, 'athlete@demo.edu');
  try {
    const talent = await admin.call<{ id: string }>('POST', '/api/v1/agents', {
      type: 'TALENT_MANAGER',
      firstName: 'Morgan',
      lastName: 'Ellis',
      email: 'morgan.ellis@brightlane.example',
      phone: '5125550142',
      agency: 'Brightlane Sports',
      registrationState: 'TX',
      registrationNumber: 'TX-AA-20419',
      registrationExpiresOn: isoDaysFrom(300),
    });
    await admin.call('POST', '/api/v1/agents', {
      type: 'LAWYER',
      firstName: 'Priya',
      lastName: 'Natarajan',
      email: 'priya@natarajan-law.example',
      phone: '5125550187',
      agency: 'Natarajan Law',
      registrationState: 'TX',
      registrationNumber: 'TX-AA-18833',
      registrationExpiresOn: isoDaysFrom(20),
    });
    await athlete.call('POST', `/api/v1/agents/${talent.id}/named`);
    for (const vendor of DEMO_VENDORS) await admin.call('POST', '/api/v1/vendors', vendor);
    const invited = await athlete.call<{ items: { id: string; email: string }[] }>(
      'POST',
      '/api/v1/agents/invitations',
      { type: 'SOCIAL_MEDIA_MANAGER', firstName: 'Jordan', lastName: 'Kim', email: 'jordan@kimsocial.example' },
    );
    const agent = invited.items.find((a) => a.email === 'jordan@kimsocial.example')!;
    await waitForRow(
      'the agent link',
      () =>
        db
          .selectFrom('agents')
          .select('link_generation')
          .where('id', '=', agent.id)
          .where('link_generation', '>', 0)
          .executeTakeFirst(),
      Boolean,
    );
    const token = signAgentLinkToken(app.deps.config.appSecret, agent.id, 1);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/agents/public/submit',
      payload: {
        token,
        type: 'SOCIAL_MEDIA_MANAGER',
        firstName: 'Jordan',
        lastName: 'Kim',
        phone: '5125550199',
        agency: 'Kim Social',
        registrationState: 'TX',
        registrationNumber: 'TX-AA-21007',
        registrationExpiresOn: isoDaysFrom(365),
      },
    });
    if (res.statusCode !== 200) throw new Error(`agent details: ${res.statusCode} ${res.body}`);
    await waitForRow(
      'the confirm-agent task',
      () => db.selectFrom('tasks').select('id').where('workflow_id', '=', `agent:${agent.id}`).executeTakeFirst(),
      Boolean,
    );
  } finally {
    await athlete.signOut();
    await admin.signOut();
  }
  return { loaded: true };
}
