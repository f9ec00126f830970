import { sql, type Kysely } from 'kysely';

/**
 * A plan upgrade is irreversible (spec part 2 §6). The API refuses a downgrade with PLAN_DOWNGRADE_REFUSED; this
 * trigger makes the database refuse it too, so no script or hand-written SQL can quietly take Connect away.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function schools_plan_irreversible() returns trigger language plpgsql as $$
    begin
      if old.plan = 'CONNECT' and new.plan <> 'CONNECT' then
        raise exception 'plan upgrades are irreversible (school %)', old.id using errcode = 'check_violation';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger schools_plan_irreversible before update of plan on schools
    for each row execute function schools_plan_irreversible()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists schools_plan_irreversible on schools`.execute(db);
  await sql`drop function if exists schools_plan_irreversible()`.execute(db);
}
