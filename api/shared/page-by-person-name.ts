import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * One page of a people list whose query aliases `users` as `u`, ordered by last name, first name and id (stable
 * across pages), with the total count of the whole filtered list.
 */
export async function pageByPersonName<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  page: { limit: number; offset: number },
): Promise<{ rows: O[]; total: number }> {
  const [rows, count] = await Promise.all([
    q
      .orderBy(sql`u.last_name`)
      .orderBy(sql`u.first_name`)
      .orderBy(sql`u.id`)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    q
      .clearSelect()
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow() as Promise<{ n: string }>,
  ]);
  return { rows, total: Number(count.n) };
}
