import { sql, type Kysely } from 'kysely';

/**
 * Comp ticket configuration (issue 4): one row per school, keyed by the school. The spec's rules are checks here
 * too, so no script can store 100 tickets or a reminder that is not a whole number of hours from 1 to 168.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const requirement = (column: string) => sql.raw(`${column} in ('NOT_ASKED','OPTIONAL','MANDATORY')`);
  await db.schema
    .createTable('comp_ticket_settings')
    .addColumn('school_id', 'uuid', (c) => c.primaryKey().references('schools.id').onDelete('cascade'))
    .addColumn('tickets_per_user', 'integer', (c) => c.notNull().check(sql`tickets_per_user between 0 and 99`))
    .addColumn('full_name', 'text', (c) => c.notNull().check(requirement('full_name')))
    .addColumn('email', 'text', (c) => c.notNull().check(requirement('email')))
    .addColumn('mobile_phone', 'text', (c) => c.notNull().check(requirement('mobile_phone')))
    .addColumn('relationship', 'text', (c) => c.notNull().check(requirement('relationship')))
    .addColumn('reminder_hours', 'integer', (c) => c.check(sql`reminder_hours between 1 and 168`))
    .addColumn('recipient_roles', sql`text[]`, (c) =>
      c
        .notNull()
        .defaultTo(sql`'{}'::text[]`)
        .check(sql`recipient_roles <@ array['STUDENT_ATHLETE','COACH','SCHOOL_ADMIN']::text[]`),
    )
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('comp_ticket_settings').ifExists().execute();
}
