import { sql, type Kysely } from 'kysely';

/**
 * Education (issue 40; spec part 1 §3 "Content" and "Quiz", §4). One table holds every piece of content (articles,
 * videos, presentations, courses and quizzes) with its state: saved to library, published, updated, archived,
 * recalled. A course lists its modules in order; a quiz keeps its settings and questions (the right answers stay on
 * the server). An attempt records the deadline the server fixed when it opened, so a client's clock never decides.
 * An assignment (run by `education-assignment:<id>`) gives content to athletes, one assignee row each; progress rows
 * record what each athlete opened and completed. History rows restrict deletes; only the school key cascades.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table education_contents (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      kind text not null check (kind in ('ARTICLE','VIDEO','PRESENTATION','COURSE','QUIZ')),
      headline text not null,
      topic text,
      category text,
      author text,
      estimated_minutes int check (estimated_minutes between 1 and 600),
      description text,
      article_text text,
      video_url text,
      thumbnail_url text,
      required boolean not null default false,
      complete_by date,
      status text not null default 'SAVED' check (status in ('SAVED','PUBLISHED','UPDATED','ARCHIVED','RECALLED')),
      created_by uuid references users(id) on delete set null,
      updated_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      published_at timestamptz,
      archived_at timestamptz
    )`.execute(db);
  await sql`create index education_contents_school_idx on education_contents (school_id, status, updated_at desc)`.execute(
    db,
  );
  await sql`
    create table education_course_modules (
      course_id uuid not null references education_contents(id),
      position int not null,
      module_id uuid not null references education_contents(id),
      school_id uuid not null references schools(id) on delete cascade,
      primary key (course_id, position),
      unique (course_id, module_id)
    )`.execute(db);
  await sql`
    create table education_quizzes (
      content_id uuid primary key references education_contents(id),
      school_id uuid not null references schools(id) on delete cascade,
      settings jsonb not null,
      questions jsonb not null,
      module_id uuid references education_contents(id)
    )`.execute(db);
  await sql`
    create table education_quiz_attempts (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      content_id uuid not null references education_contents(id),
      user_id uuid not null references users(id),
      seq int not null,
      started_at timestamptz not null,
      deadline_at timestamptz,
      submitted_at timestamptz,
      question_order jsonb not null,
      answers jsonb not null default '{}',
      score int,
      passed boolean,
      unique (content_id, user_id, seq)
    )`.execute(db);
  await sql`create index education_attempts_user_idx on education_quiz_attempts (school_id, user_id, content_id)`.execute(
    db,
  );
  await sql`
    create unique index education_attempts_one_open on education_quiz_attempts (content_id, user_id)
      where submitted_at is null`.execute(db);
  await sql`
    create table education_assignments (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      content_id uuid not null references education_contents(id),
      due_date date not null,
      team_ids uuid[] not null default '{}',
      status text not null default 'OPEN' check (status in ('OPEN','OVERDUE','COMPLETED','RECALLED')),
      workflow_id text not null,
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      ended_at timestamptz
    )`.execute(db);
  await sql`create index education_assignments_school_idx on education_assignments (school_id, content_id)`.execute(db);
  await sql`
    create table education_assignees (
      assignment_id uuid not null references education_assignments(id),
      user_id uuid not null references users(id),
      school_id uuid not null references schools(id) on delete cascade,
      status text not null default 'ASSIGNED' check (status in ('ASSIGNED','IN_PROGRESS','COMPLETED','OVERDUE')),
      completed_at timestamptz,
      primary key (assignment_id, user_id)
    )`.execute(db);
  await sql`create index education_assignees_user_idx on education_assignees (school_id, user_id)`.execute(db);
  await sql`
    create table education_progress (
      content_id uuid not null references education_contents(id),
      user_id uuid not null references users(id),
      school_id uuid not null references schools(id) on delete cascade,
      opened_at timestamptz not null default now(),
      completed_at timestamptz,
      primary key (content_id, user_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'education_progress',
    'education_assignees',
    'education_assignments',
    'education_quiz_attempts',
    'education_quizzes',
    'education_course_modules',
    'education_contents',
  ]) {
    await sql`drop table if exists ${sql.table(t)}`.execute(db);
  }
}
