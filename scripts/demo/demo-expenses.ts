import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';
import { signInDemoPerson, waitForRow } from './demo-person';

/**
 * The demo school's recruiting expenses and materials, made through the API the screens use: the head coach files
 * five signed expenses with receipts (dated in the last three weeks); the admin approves two and rejects one with a
 * reason through the real `expense-approval` workflow, and two wait in the admin's My Tasks. Coach and admin share
 * three materials. Runs once.
 */
// A small drawn stroke (PNG), as the signature pad sends it.
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAHgAAAAoCAYAAAA16j4lAAAA8klEQVR42u2aQRLCMAwD+w6Y4f+/hA9wKDhxLGl3hnNtbUgg9XUBAAAAAACAEo/n6/3t495jrFinINz7K8tVDcG9v/J2pRzC3dotRf/akFoA/9RrI7nShEIAFVHyklcUPz2Aan2yglcWPjUE9/5aC54WwOoepSTvKnRKALtkSEjeXeDpAHZLGC24YwWeXuUdzx4puDP4U4Jj7pMnNH/qeZGC3b9RyD18HnacidFy+VWLXOn/3WzNhvUgd+i9cOTdcMq2lfD2qiU8lfez8XJdpw+qExYx223ijJT1tsuUY8DZmjijHDuQnrCQLwAAAAAACOEDga2vzjZ0+SUAAAAASUVORK5CYII=';
const pdf = (title: string) => Buffer.from(`%PDF-1.4\n% ${title}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`);

const EXPENSES = [
  { name: 'Dinner on the official visit', category: 'MEAL', amount: '86.40', daysAgo: 3, decide: null },
  { name: 'Rental car to Central High', category: 'TRANSPORTATION', amount: '142.75', daysAgo: 6, decide: null },
  {
    name: 'Hotel, two nights (evaluation trip)',
    category: 'ACCOMMODATION',
    amount: '318.00',
    daysAgo: 10,
    decide: 'APPROVE',
  },
  { name: 'Stadium parking', category: 'PARKING', amount: '18.00', daysAgo: 12, decide: 'APPROVE' },
  {
    name: 'Team gear for a prospect',
    category: 'OTHER',
    amount: '64.99',
    daysAgo: 18,
    decide: 'REJECT',
    reason: 'Gifts to prospects are not a permissible recruiting expense.',
  },
] as const;

const MATERIALS = [
  { by: 'coach', name: 'football-camp-flyer.pdf', description: 'Summer camp flyer to hand to visiting prospects' },
  { by: 'admin', name: 'recruiting-calendar-2026-27.pdf', description: 'NCAA recruiting calendar for this year' },
  { by: 'admin', name: 'official-visit-checklist.pdf', description: 'What to prepare before an official visit' },
] as const;

export async function loadDemoExpenses(app: FastifyInstance): Promise<{ loaded: boolean }> {
  const { db } = app.deps.database as { db: Kysely<Database> };
  const school = await db.selectFrom('schools').select('id').where('slug', '=', 'demo-state').executeTakeFirst();
  if (!school) return { loaded: false };
  const any = await db
    .selectFrom('expenses')
    .select('id')
    .where('school_id', '=', school.id)
    .limit(1)
    .executeTakeFirst();
  if (any) return { loaded: false };
  const coach = await signInDemoPerson(app, db, 'coach@demo.edu');
  const admin = await signInDemoPerson(app, db, 'admin@demo.edu');
  try {
    for (const e of EXPENSES) {
      const date = new Date(Date.now() - e.daysAgo * 86_400_000).toISOString().slice(0, 10);
      const created = await coach.call<{ id: string }>('POST', '/api/v1/expenses', {
        name: e.name,
        category: e.category,
        amount: e.amount,
        transactionDate: date,
        comments: null,
        signature: SIGNATURE,
      });
      await coach.upload(`/api/v1/expenses/${created.id}/receipts`, {
        name: `receipt-${date}.pdf`,
        bytes: pdf(e.name),
      });
      if (!e.decide) continue;
      await waitForRow(
        'the expense approval task',
        () =>
          db
            .selectFrom('tasks')
            .select('id')
            .where('workflow_id', '=', `expense-approval:${created.id}`)
            .where('status', '=', 'OPEN')
            .executeTakeFirst(),
        Boolean,
      );
      await admin.call('POST', `/api/v1/expenses/${created.id}/decision`, {
        decision: e.decide,
        ...('reason' in e ? { reason: e.reason } : {}),
      });
    }
    for (const m of MATERIALS) {
      await (m.by === 'coach' ? coach : admin).upload(
        '/api/v1/materials',
        { name: m.name, bytes: pdf(m.name) },
        { description: m.description },
      );
    }
  } finally {
    await coach.signOut();
    await admin.signOut();
  }
  return { loaded: true };
}
