import { sql, type Kysely } from 'kysely';

/**
 * Issue 15: a coach may be on the staff of several teams, with a title per team (head coach of one, assistant of
 * another). `staff_teams` holds every (staff member, team) pair of a school; `staff_profiles.sport_team_id` stays as
 * the person's primary team (shown where one team is enough) and is always one of these rows when set.
 *
 * Tenant safety: the pair names its school, and both foreign keys include it, so a row cannot join a staff member of
 * one school to a team of another. Each existing primary team is copied in, with the coach's title group.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sport_teams add constraint sport_teams_school_id_id_key unique (school_id, id)`.execute(db);
  await sql`alter table staff_profiles add constraint staff_profiles_school_id_user_id_key unique (school_id, user_id)`.execute(
    db,
  );
  await sql`
    create table staff_teams (
      school_id uuid not null references schools(id) on delete cascade,
      user_id uuid not null,
      sport_team_id uuid not null,
      title_group text check (title_group in (
        'HEAD_COACH', 'ASSOCIATE_HEAD_COACH', 'ASSISTANT_COACH', 'TEAM_MANAGER', 'TRAINER', 'OPS_MANAGER',
        'ACADEMIC_ADVISOR'
      )),
      created_at timestamptz not null default now(),
      primary key (user_id, sport_team_id),
      foreign key (school_id, user_id) references staff_profiles (school_id, user_id) on delete cascade,
      foreign key (school_id, sport_team_id) references sport_teams (school_id, id) on delete cascade
    )
  `.execute(db);
  // "Who coaches this team" reads by team.
  await sql`create index staff_teams_school_team_idx on staff_teams (school_id, sport_team_id)`.execute(db);
  await sql`
    insert into staff_teams (school_id, user_id, sport_team_id, title_group)
    select p.school_id, p.user_id, p.sport_team_id,
      coalesce(
        (select r.title_group from user_roles r
          where r.user_id = p.user_id and r.school_id = p.school_id and r.role = 'COACH' and r.title_group is not null
          limit 1),
        case when p.title in (
          'HEAD_COACH', 'ASSOCIATE_HEAD_COACH', 'ASSISTANT_COACH', 'TEAM_MANAGER', 'TRAINER', 'OPS_MANAGER',
          'ACADEMIC_ADVISOR'
        ) then p.title end
      )
    from staff_profiles p
    join sport_teams t on t.id = p.sport_team_id and t.school_id = p.school_id
    where p.sport_team_id is not null
    on conflict do nothing
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table staff_teams`.execute(db);
  await sql`alter table staff_profiles drop constraint staff_profiles_school_id_user_id_key`.execute(db);
  await sql`alter table sport_teams drop constraint sport_teams_school_id_id_key`.execute(db);
}
