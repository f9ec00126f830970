import type { Kysely } from 'kysely';
import type { FmvDeal } from '../../domain/partners/fmv';
import type { Database } from '../../migrations/database';

/** SQL of the fair-market-value range (issue 39): the deal, its facts and the school's approved deals. */

export async function findDealForFmv(db: Kysely<Database>, schoolId: string, disclosureId: string) {
  return db
    .selectFrom('disclosures as d')
    .leftJoin('sport_teams as t', 't.id', 'd.sport_team_id')
    .leftJoin('deal_fmv_facts as f', 'f.disclosure_id', 'd.id')
    .where('d.school_id', '=', schoolId)
    .where('d.id', '=', disclosureId)
    .select([
      'd.id',
      'd.athlete_user_id',
      'd.type',
      'd.status',
      'd.archived_at',
      'd.amount_cents',
      'd.total_payment_cents',
      'd.estimated_amount_cents',
      't.sport',
      'f.deliverables',
      'f.audience_size',
    ])
    .executeTakeFirst();
}

/**
 * The school's approved, unarchived deals with an amount, as comparables (the deal itself left out). The sport is
 * the team's; a deal without a team has none.
 */
export async function approvedDealsOf(
  db: Kysely<Database>,
  schoolId: string,
  exceptId: string | null,
  activityType?: string,
): Promise<FmvDeal[]> {
  let q = db
    .selectFrom('disclosures as d')
    .leftJoin('sport_teams as t', 't.id', 'd.sport_team_id')
    .leftJoin('deal_fmv_facts as f', 'f.disclosure_id', 'd.id')
    .where('d.school_id', '=', schoolId)
    .where('d.status', '=', 'APPROVED')
    .where('d.archived_at', 'is', null);
  if (exceptId) q = q.where('d.id', '!=', exceptId);
  if (activityType) q = q.where('d.type', '=', activityType);
  const rows = await q
    .select(['d.type', 'd.amount_cents', 'd.total_payment_cents', 'd.estimated_amount_cents', 't.sport'])
    .select(['f.deliverables', 'f.audience_size'])
    .execute();
  return rows.flatMap((r) => {
    const amount = r.amount_cents ?? r.total_payment_cents ?? r.estimated_amount_cents;
    return amount === null
      ? []
      : [
          {
            sport: r.sport ?? null,
            activityType: r.type,
            deliverables: r.deliverables ?? null,
            audienceSize: r.audience_size ?? null,
            amountCents: amount,
          },
        ];
  });
}

export async function upsertFmvFacts(
  db: Kysely<Database>,
  schoolId: string,
  disclosureId: string,
  facts: { deliverables: number | null; audienceSize: number | null },
  userId: string,
): Promise<void> {
  await db
    .insertInto('deal_fmv_facts')
    .values({
      disclosure_id: disclosureId,
      school_id: schoolId,
      deliverables: facts.deliverables,
      audience_size: facts.audienceSize,
      updated_by: userId,
    })
    .onConflict((oc) =>
      oc.column('disclosure_id').doUpdateSet({
        deliverables: facts.deliverables,
        audience_size: facts.audienceSize,
        updated_by: userId,
        updated_at: new Date(),
      }),
    )
    .execute();
}
