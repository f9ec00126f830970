import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type {
  AssigneeStatus,
  CheckedContent,
  ContentKind,
  ContentStatus,
  QuizQuestion,
  QuizSettings,
} from '../../domain/education';
import type { Database, EducationContentsTable } from '../../migrations/database';

/** Education's SQL (issue 40). Every function takes the school first: another school's rows are never seen. */
type Db = Kysely<Database> | Transaction<Database>;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export interface ContentRow {
  id: string;
  kind: ContentKind;
  headline: string;
  topic: string | null;
  category: string | null;
  author: string | null;
  estimatedMinutes: number | null;
  description: string | null;
  articleText: string | null;
  videoUrl: string | null;
  thumbnailUrl: string | null;
  required: boolean;
  completeBy: string | null;
  status: ContentStatus;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}

function toContent(r: Selectable<EducationContentsTable>): ContentRow {
  return {
    id: r.id,
    kind: r.kind,
    headline: r.headline,
    topic: r.topic,
    category: r.category,
    author: r.author,
    estimatedMinutes: r.estimated_minutes,
    description: r.description,
    articleText: r.article_text,
    videoUrl: r.video_url,
    thumbnailUrl: r.thumbnail_url,
    required: r.required,
    completeBy: r.complete_by,
    status: r.status,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    publishedAt: iso(r.published_at),
  };
}

const contentValues = (c: CheckedContent) => ({
  headline: c.headline,
  topic: c.topic,
  category: c.category,
  author: c.author,
  estimated_minutes: c.estimatedMinutes,
  description: c.description,
  article_text: c.articleText,
  video_url: c.videoUrl,
  thumbnail_url: c.thumbnailUrl,
  required: c.required,
  complete_by: c.completeBy,
});

export async function insertContent(
  db: Db,
  schoolId: string,
  input: { id: string; userId: string; content: CheckedContent },
): Promise<void> {
  const c = input.content;
  await db
    .insertInto('education_contents')
    .values({
      id: input.id,
      school_id: schoolId,
      kind: c.kind,
      ...contentValues(c),
      created_by: input.userId,
      updated_by: input.userId,
    })
    .execute();
}

export async function updateContent(
  db: Db,
  schoolId: string,
  id: string,
  input: { content: CheckedContent; status: ContentStatus; userId: string },
): Promise<void> {
  await db
    .updateTable('education_contents')
    .set({ ...contentValues(input.content), status: input.status, updated_by: input.userId, updated_at: new Date() })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

export async function setContentStatus(
  db: Db,
  schoolId: string,
  id: string,
  status: ContentStatus,
  userId: string,
): Promise<void> {
  await db
    .updateTable('education_contents')
    .set({
      status,
      updated_by: userId,
      updated_at: new Date(),
      ...(status === 'PUBLISHED' ? { published_at: new Date() } : {}),
      ...(status === 'ARCHIVED' ? { archived_at: new Date() } : {}),
    })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

export async function findContent(db: Db, schoolId: string, id: string): Promise<ContentRow | null> {
  const r = await db
    .selectFrom('education_contents')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? toContent(r) : null;
}

export async function lockContent(db: Db, schoolId: string, id: string): Promise<ContentRow | null> {
  const r = await db
    .selectFrom('education_contents')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return r ? toContent(r) : null;
}

export interface ContentFilters {
  status?: ContentStatus[];
  kind?: ContentKind;
  q?: string;
  ids?: string[];
}

export async function listContents(
  db: Db,
  schoolId: string,
  filters: ContentFilters,
  page: { limit: number; offset: number },
): Promise<{ items: ContentRow[]; total: number }> {
  let q = db.selectFrom('education_contents').where('school_id', '=', schoolId);
  if (filters.status?.length) q = q.where('status', 'in', filters.status);
  if (filters.kind) q = q.where('kind', '=', filters.kind);
  if (filters.ids) q = filters.ids.length ? q.where('id', 'in', filters.ids) : q.where(sql<boolean>`false`);
  if (filters.q) {
    const like = `%${filters.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    q = q.where((eb) =>
      eb.or([eb('headline', 'ilike', like), eb('topic', 'ilike', like), eb('category', 'ilike', like)]),
    );
  }
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('updated_at', 'desc').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toContent), total: Number(count.n) };
}

// ---- Courses ----

export async function replaceModules(db: Db, schoolId: string, courseId: string, moduleIds: string[]): Promise<void> {
  await db.deleteFrom('education_course_modules').where('course_id', '=', courseId).execute();
  if (moduleIds.length === 0) return;
  await db
    .insertInto('education_course_modules')
    .values(moduleIds.map((m, i) => ({ course_id: courseId, position: i, module_id: m, school_id: schoolId })))
    .execute();
}

export async function modulesOf(db: Db, schoolId: string, courseId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('education_course_modules')
    .select('module_id')
    .where('school_id', '=', schoolId)
    .where('course_id', '=', courseId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.module_id);
}

/** The courses a module belongs to (its completion may complete them). */
export async function coursesContaining(db: Db, schoolId: string, moduleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('education_course_modules')
    .select('course_id')
    .where('school_id', '=', schoolId)
    .where('module_id', '=', moduleId)
    .execute();
  return rows.map((r) => r.course_id);
}

/** Of the ids, those that are the school's content and not courses themselves (a course holds no course). */
export async function existingModules(db: Db, schoolId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('education_contents')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', 'in', ids)
    .where('kind', '!=', 'COURSE')
    .where('status', '!=', 'ARCHIVED')
    .execute();
  return rows.map((r) => r.id);
}

// ---- Quizzes ----

export async function upsertQuiz(
  db: Db,
  schoolId: string,
  contentId: string,
  quiz: { settings: QuizSettings; questions: QuizQuestion[] },
): Promise<void> {
  const values = {
    content_id: contentId,
    school_id: schoolId,
    settings: JSON.stringify(quiz.settings),
    questions: JSON.stringify(quiz.questions),
  };
  await db
    .insertInto('education_quizzes')
    .values(values)
    .onConflict((oc) => oc.column('content_id').doUpdateSet({ settings: values.settings, questions: values.questions }))
    .execute();
}

export async function findQuiz(
  db: Db,
  schoolId: string,
  contentId: string,
): Promise<{ settings: QuizSettings; questions: QuizQuestion[] } | null> {
  const r = await db
    .selectFrom('education_quizzes')
    .select(['settings', 'questions'])
    .where('school_id', '=', schoolId)
    .where('content_id', '=', contentId)
    .executeTakeFirst();
  return r ? { settings: r.settings, questions: r.questions } : null;
}

// ---- Attempts ----

export interface AttemptRow {
  id: string;
  contentId: string;
  userId: string;
  seq: number;
  startedAt: Date;
  deadlineAt: Date | null;
  submittedAt: Date | null;
  questionOrder: { id: string; choices: string[] }[];
  answers: Record<string, string[]>;
  score: number | null;
  passed: boolean | null;
}

const attemptColumns = [
  'id',
  'content_id',
  'user_id',
  'seq',
  'started_at',
  'deadline_at',
  'submitted_at',
  'question_order',
  'answers',
  'score',
  'passed',
] as const;

function toAttempt(r: {
  id: string;
  content_id: string;
  user_id: string;
  seq: number;
  started_at: Date;
  deadline_at: Date | null;
  submitted_at: Date | null;
  question_order: { id: string; choices: string[] }[];
  answers: Record<string, string[]>;
  score: number | null;
  passed: boolean | null;
}): AttemptRow {
  return {
    id: r.id,
    contentId: r.content_id,
    userId: r.user_id,
    seq: r.seq,
    startedAt: new Date(r.started_at),
    deadlineAt: r.deadline_at ? new Date(r.deadline_at) : null,
    submittedAt: r.submitted_at ? new Date(r.submitted_at) : null,
    questionOrder: r.question_order,
    answers: r.answers,
    score: r.score,
    passed: r.passed,
  };
}

export async function attemptsOf(db: Db, schoolId: string, contentId: string, userId: string): Promise<AttemptRow[]> {
  const rows = await db
    .selectFrom('education_quiz_attempts')
    .select(attemptColumns)
    .where('school_id', '=', schoolId)
    .where('content_id', '=', contentId)
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
  return rows.map(toAttempt);
}

export async function insertAttempt(
  db: Db,
  schoolId: string,
  input: {
    contentId: string;
    userId: string;
    seq: number;
    startedAt: Date;
    deadlineAt: Date | null;
    questionOrder: { id: string; choices: string[] }[];
  },
): Promise<string> {
  const row = await db
    .insertInto('education_quiz_attempts')
    .values({
      school_id: schoolId,
      content_id: input.contentId,
      user_id: input.userId,
      seq: input.seq,
      started_at: input.startedAt,
      deadline_at: input.deadlineAt,
      question_order: JSON.stringify(input.questionOrder),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The attempt, if it is the user's own in the school (anyone else's is absent: 404). */
export async function lockAttempt(db: Db, schoolId: string, userId: string, id: string): Promise<AttemptRow | null> {
  const r = await db
    .selectFrom('education_quiz_attempts')
    .select(attemptColumns)
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return r ? toAttempt(r) : null;
}

export async function saveAnswers(db: Db, id: string, answers: Record<string, string[]>): Promise<void> {
  await db
    .updateTable('education_quiz_attempts')
    .set({ answers: JSON.stringify(answers) })
    .where('id', '=', id)
    .execute();
}

export async function closeAttempt(
  db: Db,
  id: string,
  input: { answers: Record<string, string[]>; submittedAt: Date; score: number; passed: boolean },
): Promise<void> {
  await db
    .updateTable('education_quiz_attempts')
    .set({
      answers: JSON.stringify(input.answers),
      submitted_at: input.submittedAt,
      score: input.score,
      passed: input.passed,
    })
    .where('id', '=', id)
    .where('submitted_at', 'is', null)
    .execute();
}

// ---- Progress ----

export async function markOpened(db: Db, schoolId: string, contentId: string, userId: string): Promise<void> {
  await db
    .insertInto('education_progress')
    .values({ content_id: contentId, user_id: userId, school_id: schoolId })
    .onConflict((oc) => oc.columns(['content_id', 'user_id']).doNothing())
    .execute();
  await db
    .updateTable('education_assignees')
    .set({ status: 'IN_PROGRESS' })
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('status', '=', 'ASSIGNED')
    .where('assignment_id', 'in', (eb) =>
      eb.selectFrom('education_assignments').select('id').where('content_id', 'in', contentAndCourses(contentId)),
    )
    .execute();
}

const contentAndCourses = (contentId: string) =>
  sql<string>`(select ${contentId}::uuid union select course_id from education_course_modules where module_id = ${contentId}::uuid)`;

export async function markCompleted(
  db: Db,
  schoolId: string,
  contentId: string,
  userId: string,
  at: Date,
): Promise<void> {
  await db
    .insertInto('education_progress')
    .values({ content_id: contentId, user_id: userId, school_id: schoolId, opened_at: at, completed_at: at })
    .onConflict((oc) =>
      oc
        .columns(['content_id', 'user_id'])
        .doUpdateSet({ completed_at: sql`coalesce(education_progress.completed_at, ${at})` }),
    )
    .execute();
}

export async function completedIn(
  db: Db,
  schoolId: string,
  userId: string,
  contentIds: string[],
): Promise<Set<string>> {
  if (contentIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('education_progress')
    .select('content_id')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('content_id', 'in', contentIds)
    .where('completed_at', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.content_id));
}

export async function progressOf(db: Db, schoolId: string, userId: string, contentIds: string[]) {
  if (contentIds.length === 0) return new Map<string, { openedAt: string; completedAt: string | null }>();
  const rows = await db
    .selectFrom('education_progress')
    .select(['content_id', 'opened_at', 'completed_at'])
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('content_id', 'in', contentIds)
    .execute();
  return new Map(rows.map((r) => [r.content_id, { openedAt: iso(r.opened_at)!, completedAt: iso(r.completed_at) }]));
}

// ---- Assignments ----

/** Active athletes of the school among the ids, plus every active athlete of the teams. */
export async function athletesFor(db: Db, schoolId: string, input: { userIds: string[]; teamIds: string[] }) {
  if (input.userIds.length === 0 && input.teamIds.length === 0) return [];
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as r', (j) => j.onRef('r.user_id', '=', 'u.id').on('r.role', '=', 'STUDENT_ATHLETE'))
    .leftJoin('athlete_profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.first_name', 'u.last_name'])
    .distinct()
    .where('u.school_id', '=', schoolId)
    .where('r.school_id', '=', schoolId)
    .where('u.status', '!=', 'INACTIVE')
    .where((eb) =>
      eb.or([
        ...(input.userIds.length ? [eb('u.id', 'in', input.userIds)] : []),
        ...(input.teamIds.length ? [eb('p.sport_team_id', 'in', input.teamIds)] : []),
      ]),
    )
    .execute();
  return rows;
}

export async function insertAssignment(
  db: Db,
  schoolId: string,
  input: { contentId: string; dueDate: string; teamIds: string[]; createdBy: string; userIds: string[] },
  workflowIdOf: (id: string) => string,
): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto('education_assignments')
    .values({
      id,
      school_id: schoolId,
      content_id: input.contentId,
      due_date: input.dueDate,
      team_ids: input.teamIds,
      workflow_id: workflowIdOf(id),
      created_by: input.createdBy,
    })
    .execute();
  for (let i = 0; i < input.userIds.length; i += 1000) {
    await db
      .insertInto('education_assignees')
      .values(input.userIds.slice(i, i + 1000).map((u) => ({ assignment_id: id, user_id: u, school_id: schoolId })))
      .execute();
  }
  return id;
}

export async function deleteAssignment(db: Db, schoolId: string, id: string): Promise<void> {
  await db
    .deleteFrom('education_assignees')
    .where('school_id', '=', schoolId)
    .where('assignment_id', '=', id)
    .execute();
  await db.deleteFrom('education_assignments').where('school_id', '=', schoolId).where('id', '=', id).execute();
}

export async function findAssignment(db: Db, schoolId: string, id: string) {
  return db
    .selectFrom('education_assignments as a')
    .innerJoin('education_contents as c', 'c.id', 'a.content_id')
    .select(['a.id', 'a.content_id', 'a.due_date', 'a.status', 'a.workflow_id', 'c.headline', 'c.kind'])
    .where('a.school_id', '=', schoolId)
    .where('a.id', '=', id)
    .executeTakeFirst();
}

export async function assignmentsOfContent(db: Db, schoolId: string, contentId: string) {
  return db
    .selectFrom('education_assignments')
    .select(['id', 'status', 'workflow_id', 'due_date'])
    .where('school_id', '=', schoolId)
    .where('content_id', '=', contentId)
    .execute();
}

export async function assigneesOf(db: Db, schoolId: string, assignmentId: string) {
  const rows = await db
    .selectFrom('education_assignees as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.user_id', 'e.status', 'e.completed_at', 'u.first_name', 'u.last_name'])
    .where('e.school_id', '=', schoolId)
    .where('e.assignment_id', '=', assignmentId)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    name: `${r.first_name} ${r.last_name}`.trim(),
    status: r.status as AssigneeStatus,
    completedAt: iso(r.completed_at),
  }));
}

/** The user's open assignments per content: content id → earliest due date. */
export async function assignedTo(db: Db, schoolId: string, userId: string) {
  const rows = await db
    .selectFrom('education_assignees as e')
    .innerJoin('education_assignments as a', 'a.id', 'e.assignment_id')
    .select(['a.id', 'a.content_id', 'a.due_date', 'a.workflow_id', 'e.status'])
    .where('e.school_id', '=', schoolId)
    .where('e.user_id', '=', userId)
    .where('a.status', '!=', 'RECALLED')
    .execute();
  return rows.map((r) => ({
    assignmentId: r.id,
    contentId: r.content_id,
    dueDate: r.due_date,
    workflowId: r.workflow_id,
    status: r.status as AssigneeStatus,
  }));
}

/** Marks the user's assignee rows done for the content; returns the workflows to tell. */
export async function completeAssignees(
  db: Db,
  schoolId: string,
  userId: string,
  contentId: string,
  at: Date,
): Promise<string[]> {
  const rows = await db
    .updateTable('education_assignees as e')
    .from('education_assignments as a')
    .set({ status: 'COMPLETED', completed_at: at })
    .whereRef('a.id', '=', 'e.assignment_id')
    .where('e.school_id', '=', schoolId)
    .where('e.user_id', '=', userId)
    .where('a.content_id', '=', contentId)
    .where('e.status', '!=', 'COMPLETED')
    .returning('a.workflow_id')
    .execute();
  return rows.map((r) => r.workflow_id);
}

export async function setAssignmentStatus(
  db: Db,
  schoolId: string,
  id: string,
  status: 'OPEN' | 'OVERDUE' | 'COMPLETED' | 'RECALLED',
): Promise<void> {
  await db
    .updateTable('education_assignments')
    .set({ status, ...(status === 'COMPLETED' || status === 'RECALLED' ? { ended_at: new Date() } : {}) })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

/** The due date passed: every assignee not done turns overdue; returns their ids. */
export async function markAssigneesOverdue(db: Db, schoolId: string, assignmentId: string): Promise<string[]> {
  const rows = await db
    .updateTable('education_assignees')
    .set({ status: 'OVERDUE' })
    .where('school_id', '=', schoolId)
    .where('assignment_id', '=', assignmentId)
    .where('status', 'in', ['ASSIGNED', 'IN_PROGRESS'])
    .returning('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** Closes the My Tasks items of the assignment's people who have completed (once: a closed item stays closed). */
export async function closeTasksOfCompleted(db: Db, schoolId: string, workflowId: string): Promise<number> {
  const rows = await db
    .updateTable('tasks as t')
    .from('education_assignees as e')
    .innerJoin('education_assignments as a', 'a.id', 'e.assignment_id')
    .set((eb) => ({ status: 'DONE', completed_at: eb.ref('e.completed_at'), completed_by: eb.ref('e.user_id') }))
    .whereRef('t.assignee_user_id', '=', 'e.user_id')
    .whereRef('t.workflow_id', '=', 'a.workflow_id')
    .where('a.workflow_id', '=', workflowId)
    .where('t.school_id', '=', schoolId)
    .where('e.status', '=', 'COMPLETED')
    .where('t.status', '=', 'OPEN')
    .returning('t.id')
    .execute();
  return rows.length;
}

/** Completion per assignee of every assignment of the content (the educator's progress view). */
export async function progressOfContent(db: Db, schoolId: string, contentId: string) {
  const rows = await db
    .selectFrom('education_assignees as e')
    .innerJoin('education_assignments as a', 'a.id', 'e.assignment_id')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select([
      'a.id as assignment_id',
      'a.due_date',
      'a.status as assignment_status',
      'e.user_id',
      'e.status',
      'e.completed_at',
      'u.first_name',
      'u.last_name',
    ])
    .where('e.school_id', '=', schoolId)
    .where('a.content_id', '=', contentId)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();
  return rows.map((r) => ({
    assignmentId: r.assignment_id,
    dueDate: r.due_date,
    assignmentStatus: r.assignment_status,
    userId: r.user_id,
    name: `${r.first_name} ${r.last_name}`.trim(),
    status: r.status as AssigneeStatus,
    completedAt: iso(r.completed_at),
  }));
}

/** Athletes who already completed the content (an assignment counts them done from the start). */
export async function completersOf(db: Db, schoolId: string, contentId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('education_progress')
    .select('user_id')
    .where('school_id', '=', schoolId)
    .where('content_id', '=', contentId)
    .where('completed_at', 'is not', null)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function emailOf(db: Db, schoolId: string, userId: string): Promise<string | null> {
  const r = await db
    .selectFrom('users')
    .select('email')
    .where('school_id', '=', schoolId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return r?.email ?? null;
}

export async function contentCounts(db: Db, schoolId: string) {
  const rows = await db
    .selectFrom('education_contents')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('school_id', '=', schoolId)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((c) => [c.status, Number(c.n)])) as Partial<Record<ContentStatus, number>>;
}

/** The latest assignments with their completion counts. */
export async function assignmentSummaries(db: Db, schoolId: string, limit: number) {
  const rows = await db
    .selectFrom('education_assignments as a')
    .innerJoin('education_contents as c', 'c.id', 'a.content_id')
    .leftJoin('education_assignees as e', 'e.assignment_id', 'a.id')
    .select((eb) => [
      'a.id',
      'a.content_id',
      'a.due_date',
      'a.status',
      'c.headline',
      'c.kind',
      eb.fn.count<string>('e.user_id').as('total'),
      eb.fn.count<string>('e.user_id').filterWhere('e.status', '=', 'COMPLETED').as('completed'),
      eb.fn.count<string>('e.user_id').filterWhere('e.status', '=', 'OVERDUE').as('overdue'),
    ])
    .where('a.school_id', '=', schoolId)
    .groupBy(['a.id', 'c.headline', 'c.kind'])
    .orderBy('a.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((a) => ({
    id: a.id,
    contentId: a.content_id,
    headline: a.headline,
    kind: a.kind,
    dueDate: a.due_date,
    status: a.status,
    total: Number(a.total),
    completed: Number(a.completed),
    overdue: Number(a.overdue),
  }));
}

/** Who content can be assigned to: the school's active teams with their athlete counts, and its active athletes. */
export async function audienceOf(db: Db, schoolId: string) {
  const [teams, athletes] = await Promise.all([
    db
      .selectFrom('sport_teams as t')
      .leftJoin('athlete_profiles as p', (j) =>
        j.onRef('p.sport_team_id', '=', 't.id').on('p.school_id', '=', schoolId),
      )
      .select((eb) => ['t.id', 't.name', eb.fn.count<string>('p.user_id').as('athletes')])
      .where('t.school_id', '=', schoolId)
      .where('t.archived_at', 'is', null)
      .groupBy('t.id')
      .orderBy('t.name')
      .execute(),
    db
      .selectFrom('users as u')
      .innerJoin('user_roles as r', (j) => j.onRef('r.user_id', '=', 'u.id').on('r.role', '=', 'STUDENT_ATHLETE'))
      .select(['u.id', 'u.first_name', 'u.last_name'])
      .distinct()
      .where('u.school_id', '=', schoolId)
      .where('u.status', '!=', 'INACTIVE')
      .orderBy('u.last_name')
      .orderBy('u.first_name')
      .limit(5000)
      .execute(),
  ]);
  return {
    teams: teams.map((t) => ({ id: t.id, name: t.name, athletes: Number(t.athletes) })),
    athletes: athletes.map((a) => ({ id: a.id, name: `${a.first_name} ${a.last_name}`.trim() })),
  };
}
