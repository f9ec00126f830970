import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../migrations/database';
import { signInDemoPerson, waitForRow } from './demo-person';

const DAY = 86_400_000;
const isoDaysFrom = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n% demo signed contract\n'),
  Buffer.alloc(256, 0x20),
  Buffer.from('\n%%EOF\n'),
]);

/**
 * Two contracts on the demo athlete's approved disclosure (issue 38), made through the API the screens use and so by
 * the real workflows: one approved by the compliance admin with a monthly schedule begun three months ago, its first
 * three payments confirmed paid (the payor's year total passes $600 when they fall in one year) and the rest opening
 * on their real dates; and one still waiting for review in My Tasks. Runs once.
 */
export async function loadDemoContracts(app: FastifyInstance): Promise<{ loaded: boolean }> {
  const { db } = app.deps.database as { db: Kysely<Database> };
  const admin0 = await db
    .selectFrom('users')
    .select(['id', 'school_id'])
    .where('email', '=', 'admin@demo.edu')
    .executeTakeFirst();
  if (!admin0) return { loaded: false };
  if (await db.selectFrom('contracts').select('id').where('school_id', '=', admin0.school_id).executeTakeFirst()) {
    return { loaded: false };
  }
  // The demo athlete's own approved disclosure when there is one, so their login shows the contracts; else any.
  const disclosure = await db
    .selectFrom('disclosures as d')
    .innerJoin('users as u', 'u.id', 'd.athlete_user_id')
    .select(['d.id', 'd.company_name', 'u.email'])
    .where('d.school_id', '=', admin0.school_id)
    .where('d.status', '=', 'APPROVED')
    .orderBy(sql`(u.email = 'athlete@demo.edu')`, 'desc')
    .orderBy('d.created_at')
    .executeTakeFirst();
  if (!disclosure) return { loaded: false };
  const payor = disclosure.company_name ?? 'Campus Outfitters';
  const admin = await signInDemoPerson(app, db, 'admin@demo.edu');
  const athlete = await signInDemoPerson(app, db, disclosure.email);
  try {
    const first = await athlete.call<{ id: string }>('POST', '/api/v1/contracts', {
      disclosureId: disclosure.id,
      payorName: payor,
      totalAmount: 1800,
      type: 'ENDORSEMENT',
      startDate: isoDaysFrom(-100),
      endDate: isoDaysFrom(200),
      notes: 'Six monthly payments for social posts and one appearance.',
    });
    await athlete.upload(`/api/v1/contracts/${first.id}/document`, { name: 'signed-contract.pdf', bytes: PDF });
    await waitForRow(
      'contract review task',
      () =>
        db.selectFrom('tasks').select('id').where('workflow_id', '=', `contract-review:${first.id}`).executeTakeFirst(),
      Boolean,
    );
    await admin.call('POST', `/api/v1/contracts/${first.id}/decision`, { decision: 'APPROVE' });
    await admin.call('POST', `/api/v1/contracts/${first.id}/schedule`, {
      cycle: 'MONTH',
      amountPerCycle: 300,
      numberOfPayments: 6,
      firstDueDate: isoDaysFrom(-90),
    });
    for (const seq of [1, 2, 3]) {
      await waitForRow(
        `payment ${seq}`,
        () =>
          db
            .selectFrom('contract_payments')
            .select('id')
            .where('contract_id', '=', first.id)
            .where('seq', '=', seq)
            .executeTakeFirst(),
        Boolean,
      );
      await admin.call('POST', `/api/v1/contracts/${first.id}/payments/${seq}/confirmation`, { outcome: 'PAID' });
    }
    await athlete.call('POST', '/api/v1/contracts', {
      disclosureId: disclosure.id,
      payorName: payor,
      totalAmount: 450,
      type: 'APPEARANCE',
      startDate: isoDaysFrom(5),
      endDate: isoDaysFrom(35),
      notes: 'Autograph session at the spring open house.',
    });
  } finally {
    await athlete.signOut();
    await admin.signOut();
  }
  return { loaded: true };
}
