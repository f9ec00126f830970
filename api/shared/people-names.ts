import { sql, type RawBuilder } from 'kysely';

/**
 * A person's full name, "First Last", built in SQL from the `first_name` and `last_name` of the table aliased `alias`
 * in the query (users, recipients, prospects: all three hold both columns, not null). The one place the name is put
 * together, so that a list, its search and its export agree. Usable in a select (`fullName('u').as('name')`), a where
 * (`eb(fullName('u'), 'ilike', pattern)`) and inside a larger `sql` fragment.
 */
export function fullName(alias: string): RawBuilder<string> {
  return sql<string>`${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}`;
}

/** The same name from a left-joined table: null when the join found no person (no reviewer, no decider yet). */
export function fullNameOrNull(alias: string): RawBuilder<string | null> {
  return fullName(alias).$castTo<string | null>();
}
