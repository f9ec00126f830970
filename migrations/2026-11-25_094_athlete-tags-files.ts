import { sql, type Kysely } from 'kysely';

/**
 * What a student-athlete profile links to: tags (names unique per school, assigned per academic year, the coach's
 * own tags counted apart), custom field definitions scoped to one athlete, one team or the whole institution, the
 * athlete's files (bytes in `stored_files`), and each user's chosen list columns (remembered server-side).
 * The free-text tags of the `data` document become real tags assigned in the school's current academic year.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table athlete_tags (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      name text not null check (char_length(btrim(name)) between 1 and 50),
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index athlete_tags_school_name_key on athlete_tags (school_id, lower(btrim(name)))`.execute(
    db,
  );
  await sql`
    create table athlete_tag_assignments (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      athlete_user_id uuid not null references users(id) on delete cascade,
      tag_id uuid not null references athlete_tags(id) on delete cascade,
      academic_year_id uuid references academic_years(id) on delete cascade,
      by_coach boolean not null default false,
      assigned_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index athlete_tag_assignments_key on athlete_tag_assignments
    (athlete_user_id, tag_id, coalesce(academic_year_id, '00000000-0000-0000-0000-000000000000'::uuid))`.execute(db);
  await sql`create index athlete_tag_assignments_school_idx on athlete_tag_assignments (school_id, tag_id)`.execute(db);

  await sql`
    create table athlete_custom_fields (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      name text not null check (char_length(btrim(name)) between 1 and 255),
      scope text not null check (scope in ('ATHLETE', 'TEAM', 'INSTITUTION')),
      sport_team_id uuid references sport_teams(id) on delete cascade,
      athlete_user_id uuid references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      check ((scope = 'TEAM') = (sport_team_id is not null)),
      check ((scope = 'ATHLETE') = (athlete_user_id is not null))
    )`.execute(db);
  await sql`create index athlete_custom_fields_school_idx on athlete_custom_fields (school_id, scope)`.execute(db);

  await sql`
    create table athlete_files (
      file_id uuid primary key references stored_files(id) on delete cascade,
      school_id uuid not null references schools(id) on delete cascade,
      athlete_user_id uuid not null references users(id) on delete cascade,
      uploaded_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index athlete_files_athlete_idx on athlete_files (school_id, athlete_user_id, created_at)`.execute(
    db,
  );

  await sql`
    create table list_preferences (
      user_id uuid not null references users(id) on delete cascade,
      list_key text not null,
      columns jsonb not null,
      updated_at timestamptz not null default now(),
      primary key (user_id, list_key)
    )`.execute(db);

  // Backfill: the data document's tag strings become tags of the school, assigned in its current year.
  await sql`
    insert into athlete_tags (school_id, name)
    select distinct on (a.school_id, lower(btrim(t.name))) a.school_id, btrim(t.name)
    from athlete_profiles a, jsonb_array_elements_text(
      case when jsonb_typeof(a.data->'tags') = 'array' then a.data->'tags' else '[]'::jsonb end) t(name)
    where btrim(t.name) <> ''
    on conflict do nothing`.execute(db);
  await sql`
    insert into athlete_tag_assignments (school_id, athlete_user_id, tag_id, academic_year_id)
    select a.school_id, a.user_id, g.id,
      (select y.id from academic_years y where y.school_id = a.school_id and y.is_current limit 1)
    from athlete_profiles a
    cross join lateral jsonb_array_elements_text(
      case when jsonb_typeof(a.data->'tags') = 'array' then a.data->'tags' else '[]'::jsonb end) t(name)
    join athlete_tags g on g.school_id = a.school_id and lower(btrim(g.name)) = lower(btrim(t.name))
    on conflict do nothing`.execute(db);
  await sql`update athlete_profiles set data = data - 'tags' where data ? 'tags'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table list_preferences`.execute(db);
  await sql`drop table athlete_files`.execute(db);
  await sql`drop table athlete_custom_fields`.execute(db);
  await sql`drop table athlete_tag_assignments`.execute(db);
  await sql`drop table athlete_tags`.execute(db);
}
