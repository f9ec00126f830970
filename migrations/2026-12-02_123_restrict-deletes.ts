import { sql, type Kysely } from 'kysely';

/**
 * The ON DELETE CASCADE review (issue 36, docs/deletes.md). A cascade stays only where the child is pure: a part of
 * its parent with no meaning of its own (a version of a form, a token of a link, a file's metadata row), and the
 * school key of every tenant row (a school is removed only by onboarding's own compensation, before anything was
 * audited). Every other cascade becomes RESTRICT, so deleting a row with history fails instead of erasing it; and a
 * team's history is no longer set to null either. The lists are this migration's snapshot; the live rule and its
 * test are in docs/deletes.md and migrations/cascades.integration.test.ts.
 */
const KEPT_CASCADES = new Set([
  'academic_terms(academic_year_id) -> academic_years',
  'athlete_files(file_id) -> stored_files',
  'athlete_profiles(user_id) -> users',
  'athlete_tag_assignments(athlete_user_id) -> users',
  'athlete_tag_assignments(tag_id) -> athlete_tags',
  'calendar_events(series_id) -> calendar_events',
  'calendar_feeds(user_id) -> users',
  'expense_receipts(expense_id) -> expenses',
  'expense_receipts(file_id) -> stored_files',
  'form_documents(form_id,school_id) -> forms',
  'form_versions(form_id,school_id) -> forms',
  'invitations(user_id) -> users',
  'list_preferences(user_id) -> users',
  'notifications(user_id) -> users',
  'packet_signer_links(school_id,submission_id) -> packet_submissions',
  'packet_versions(packet_id,school_id) -> packets',
  'password_resets(user_id) -> users',
  'psa_attachments(file_id) -> stored_files',
  'recruiting_events(id) -> calendar_events',
  'recruiting_materials(file_id) -> stored_files',
  'sessions(user_id) -> users',
  'staff_profiles(user_id) -> users',
  'staff_teams(school_id,user_id) -> staff_profiles',
  'template_assignment_job_batches(job_id) -> template_assignment_jobs',
  'template_forms(template_id) -> templates',
  'user_roles(user_id) -> users',
]);

/** Foreign keys whose team reference was set to null on a team delete; a team with history is archived instead. */
const TEAM_SET_NULL = ['athlete_profiles', 'disclosures', 'psas', 'questionnaires', 'staff_profiles'];

interface ForeignKey {
  table: string;
  name: string;
  columns: string;
  parent: string;
  definition: string;
  action: string;
  note: string | null;
}

async function foreignKeys(db: Kysely<unknown>): Promise<ForeignKey[]> {
  const { rows } = await sql<ForeignKey>`
    select c.conrelid::regclass::text as table, c.conname as name, c.confrelid::regclass::text as parent,
           pg_get_constraintdef(c.oid) as definition, c.confdeltype::text as action,
           obj_description(c.oid, 'pg_constraint') as note,
           (select string_agg(a.attname, ',' order by a.attname) from pg_attribute a
             where a.attrelid = c.conrelid and a.attnum = any(c.conkey)) as columns
    from pg_constraint c
    join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = current_schema()`.execute(db);
  return rows;
}

const MARK = 'restricted by migration 123';

async function redefine(db: Kysely<unknown>, fk: ForeignKey, from: RegExp, to: string, mark: boolean): Promise<void> {
  const definition = fk.definition.replace(from, to);
  await sql`alter table ${sql.table(fk.table)} drop constraint ${sql.ref(fk.name)}`.execute(db);
  await sql`alter table ${sql.table(fk.table)} add constraint ${sql.ref(fk.name)} ${sql.raw(definition)}`.execute(db);
  if (mark) {
    await sql`comment on constraint ${sql.ref(fk.name)} on ${sql.table(fk.table)} is ${sql.lit(`${MARK}: ${fk.action}`)}`.execute(
      db,
    );
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const fk of await foreignKeys(db)) {
    const key = `${fk.table}(${fk.columns}) -> ${fk.parent}`;
    if (fk.action === 'c' && fk.parent !== 'schools' && !KEPT_CASCADES.has(key)) {
      await redefine(db, fk, / ON DELETE CASCADE/, ' ON DELETE RESTRICT', true);
    } else if (fk.action === 'n' && fk.parent === 'sport_teams' && TEAM_SET_NULL.includes(fk.table)) {
      await redefine(db, fk, / ON DELETE SET NULL/, ' ON DELETE RESTRICT', true);
    }
  }
}

/** Back to the cascades (and the team set-nulls) of before: only the keys this migration marked. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const fk of await foreignKeys(db)) {
    if (fk.note === `${MARK}: c`) await redefine(db, fk, / ON DELETE RESTRICT/, ' ON DELETE CASCADE', false);
    if (fk.note === `${MARK}: n`) await redefine(db, fk, / ON DELETE RESTRICT/, ' ON DELETE SET NULL', false);
  }
}
