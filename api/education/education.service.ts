import {
  attemptDeadline,
  checkContent,
  checkQuiz,
  contentTransition,
  dueAtOf,
  educationAssignmentWorkflowId,
  gradeQuiz,
  isPastDeadline,
  isRealDate,
  isVisibleToAthletes,
  mayStartAttempt,
  publicQuestion,
  quizStateOf,
  reminderAt,
  shuffled,
  type ContentAction,
  type ContentInput,
  type ContentKind,
  type ContentStatus,
  type EducationAssignmentInput,
  type QuestionInput,
  type QuizQuestion,
  type QuizSettings,
  type QuizSettingsInput,
} from '../../domain/education';
import { AppError, ERRORS, type ErrorCode } from '../../domain/errors';
import {
  assigneeProgressSignal,
  educationAssignmentWorkflow,
  recallAssignmentSignal,
} from '../../workflows/education/education-assignment.workflow';
import { todayIn } from '../forms/school-today';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { requireTemporal, taskQueueOf } from '../shared/workflow-client';
import {
  assignedTo,
  assignmentSummaries,
  assignmentsOfContent,
  athletesFor,
  audienceOf,
  attemptsOf,
  closeAttempt,
  completeAssignees,
  completedIn,
  completersOf,
  contentCounts,
  coursesContaining,
  deleteAssignment,
  emailOf,
  existingModules,
  findContent,
  findQuiz,
  insertAssignment,
  insertAttempt,
  insertContent,
  listContents,
  lockAttempt,
  lockContent,
  markCompleted,
  markOpened,
  modulesOf,
  progressOf,
  progressOfContent,
  replaceModules,
  saveAnswers,
  setContentStatus,
  updateContent,
  upsertQuiz,
  type AttemptRow,
  type ContentRow,
} from './education.repository';

/** Who writes, publishes and assigns content: educators and school admins. Everyone in the school reads. */
const WRITE = 'education:write';

function refuse(problems: { field: string; code: ErrorCode }[]): never {
  const details = problems.map((p) => ({ field: p.field, code: p.code, message: ERRORS[p.code].message }));
  throw new AppError(problems[0]!.code, details);
}

const mayWrite = (actor: Actor) => actor.permissions.has(WRITE);
function requireWriter(actor: Actor): void {
  if (!mayWrite(actor)) throw new AppError('FORBIDDEN');
}

export interface ContentBody extends Omit<ContentInput, 'kind'> {
  quiz?: { settings: QuizSettingsInput; questions: QuestionInput[] };
}

/** Question and choice ids stay stable when a quiz is edited with the same shape (attempts keep meaning). */
function quizIdsFor(contentId: string) {
  return (q: number, c?: number) => (c === undefined ? `${contentId.slice(0, 8)}-q${q}` : `q${q}c${c}`);
}

async function checkedBody(deps: CoreDeps, actor: Actor, kind: ContentKind, body: ContentBody, contentId: string) {
  const problems: { field: string; code: ErrorCode }[] = [];
  const checked = checkContent({ ...body, kind });
  if (!checked.ok) problems.push(...checked.problems);
  let quiz: { settings: QuizSettings; questions: QuizQuestion[] } | null = null;
  if (kind === 'QUIZ') {
    if (!body.quiz) problems.push({ field: 'quiz', code: 'MANDATORY_FIELD' });
    else {
      const q = checkQuiz(body.quiz.settings, body.quiz.questions, quizIdsFor(contentId));
      if (!q.ok) problems.push(...q.problems.map((p) => ({ ...p, field: `quiz/${p.field}` })));
      else quiz = q.value;
    }
  }
  if (checked.ok && kind === 'COURSE') {
    const found = await existingModules(deps.db, actor.schoolId, checked.value.moduleIds);
    if (found.length !== checked.value.moduleIds.length || checked.value.moduleIds.includes(contentId)) {
      problems.push({ field: 'moduleIds', code: 'COURSE_MODULES_REQUIRED' });
    }
  }
  if (problems.length > 0 || !checked.ok) refuse(problems);
  return { content: checked.value, quiz };
}

/** The school's content library (every state), for its educators and admins. */
export async function listLibrary(
  deps: CoreDeps,
  actor: Actor,
  input: { status?: ContentStatus; kind?: ContentKind; q?: string; limit?: number; offset?: number },
) {
  requireWriter(actor);
  const { limit = 50, offset = 0 } = input;
  const page = await listContents(
    deps.db,
    actor.schoolId,
    {
      ...(input.status ? { status: [input.status] } : { status: ['SAVED', 'PUBLISHED', 'UPDATED', 'RECALLED'] }),
      ...(input.kind ? { kind: input.kind } : {}),
      ...(input.q ? { q: input.q } : {}),
    },
    { limit, offset },
  );
  return { ...page, limit, offset, timeZone: actor.timeZone };
}

/** One piece of content as its author sees it: everything, the quiz's right answers and who has completed it. */
export async function getContentForEditor(deps: CoreDeps, actor: Actor, id: string) {
  requireWriter(actor);
  const content = await findContent(deps.db, actor.schoolId, id);
  if (!content) throw new AppError('NOT_FOUND');
  const [moduleIds, quiz, progress] = await Promise.all([
    modulesOf(deps.db, actor.schoolId, id),
    content.kind === 'QUIZ' ? findQuiz(deps.db, actor.schoolId, id) : Promise.resolve(null),
    progressOfContent(deps.db, actor.schoolId, id),
  ]);
  return {
    ...content,
    moduleIds,
    quiz,
    progress,
    actions: {
      canEdit: contentTransition(content.status, 'edit') !== null,
      canPublish: contentTransition(content.status, 'publish') !== null,
      canArchive: contentTransition(content.status, 'archive') !== null,
      canRecall: contentTransition(content.status, 'recall') !== null,
      canAssign: contentTransition(content.status, 'assign') !== null,
    },
    timeZone: actor.timeZone,
  };
}
export type EditorView = Awaited<ReturnType<typeof getContentForEditor>>;

/** Saves new content to the library (state: saved to library). */
export async function createContent(
  deps: CoreDeps,
  actor: Actor,
  input: ContentBody & { kind: ContentKind },
): Promise<EditorView> {
  requireWriter(actor);
  const id = crypto.randomUUID();
  const { content, quiz } = await checkedBody(deps, actor, input.kind, input, id);
  await deps.db.transaction().execute(async (trx) => {
    await insertContent(trx, actor.schoolId, { id, userId: actor.userId, content });
    if (content.kind === 'COURSE') await replaceModules(trx, actor.schoolId, id, content.moduleIds);
    if (quiz) await upsertQuiz(trx, actor.schoolId, id, quiz);
    await auditBy(trx, actor, {
      action: 'education.content_created',
      targetType: 'education_content',
      targetId: id,
      details: { kind: input.kind, headline: content.headline },
    });
  });
  return getContentForEditor(deps, actor, id);
}

/** Edits content; a published piece becomes "updated". Archived content cannot change. */
export async function editContent(
  deps: CoreDeps,
  actor: Actor,
  input: ContentBody & { id: string },
): Promise<EditorView> {
  requireWriter(actor);
  const existing = await findContent(deps.db, actor.schoolId, input.id);
  if (!existing) throw new AppError('NOT_FOUND');
  const { content, quiz } = await checkedBody(deps, actor, existing.kind, input, existing.id);
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockContent(trx, actor.schoolId, existing.id);
    const next = locked && contentTransition(locked.status, 'edit');
    if (!next) throw new AppError('CONTENT_STATE_INVALID');
    await updateContent(trx, actor.schoolId, existing.id, { content, status: next, userId: actor.userId });
    if (content.kind === 'COURSE') await replaceModules(trx, actor.schoolId, existing.id, content.moduleIds);
    if (quiz) await upsertQuiz(trx, actor.schoolId, existing.id, quiz);
    await auditBy(trx, actor, {
      action: 'education.content_updated',
      targetType: 'education_content',
      targetId: existing.id,
      details: { status: next },
    });
  });
  return getContentForEditor(deps, actor, existing.id);
}

/** Publish, archive or recall. Archiving or recalling ends the content's running assignments (their tasks close). */
export async function changeContentStatus(
  deps: CoreDeps,
  actor: Actor,
  input: { id: string; action: Extract<ContentAction, 'publish' | 'archive' | 'recall'> },
): Promise<EditorView> {
  requireWriter(actor);
  const next = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockContent(trx, actor.schoolId, input.id);
    if (!locked) throw new AppError('NOT_FOUND');
    const to = contentTransition(locked.status, input.action);
    if (!to) throw new AppError('CONTENT_STATE_INVALID');
    await setContentStatus(trx, actor.schoolId, locked.id, to, actor.userId);
    await auditBy(trx, actor, {
      action: `education.content_${input.action === 'publish' ? 'published' : input.action === 'archive' ? 'archived' : 'recalled'}`,
      targetType: 'education_content',
      targetId: locked.id,
      details: { from: locked.status, to },
    });
    return to;
  });
  if (next === 'ARCHIVED' || next === 'RECALLED') await recallAssignments(deps, actor, input.id);
  return getContentForEditor(deps, actor, input.id);
}

async function recallAssignments(deps: CoreDeps, actor: Actor, contentId: string): Promise<void> {
  const running = (await assignmentsOfContent(deps.db, actor.schoolId, contentId)).filter(
    (a) => a.status === 'OPEN' || a.status === 'OVERDUE',
  );
  if (running.length === 0) return;
  const temporal = requireTemporal(deps);
  for (const a of running) {
    try {
      await temporal.workflow.getHandle(a.workflow_id).signal(recallAssignmentSignal, { byUserId: actor.userId });
    } catch (err) {
      deps.log?.error({ err, workflowId: a.workflow_id }, 'education assignment recall failed');
    }
  }
}

/**
 * Assigns published content to athletes and whole teams with a due date, and starts
 * `education-assignment:<id>` (tasks, a reminder, overdue). If the process cannot start, the assignment is taken back.
 * `timing` (tests and demo data only, never a route) moves the reminder and the due moment to ms from now.
 */
export async function assignContent(
  deps: CoreDeps,
  actor: Actor,
  input: { id: string; userIds?: string[]; teamIds?: string[]; dueDate?: string | null },
  timing?: { remindInMs: number | null; dueInMs: number },
) {
  requireWriter(actor);
  const content = await findContent(deps.db, actor.schoolId, input.id);
  if (!content) throw new AppError('NOT_FOUND');
  if (!contentTransition(content.status, 'assign')) throw new AppError('CONTENT_NOT_ASSIGNABLE');
  const dueDate = input.dueDate ?? content.completeBy;
  if (!dueDate) refuse([{ field: 'dueDate', code: 'MANDATORY_FIELD' }]);
  if (!isRealDate(dueDate)) refuse([{ field: 'dueDate', code: 'VALIDATION_FAILED' }]);
  if (dueDate < todayIn(actor.timeZone, deps.now())) refuse([{ field: 'dueDate', code: 'VALIDATION_FAILED' }]);
  const teamIds = [...new Set(input.teamIds ?? [])];
  const people = await athletesFor(deps.db, actor.schoolId, { userIds: [...new Set(input.userIds ?? [])], teamIds });
  if (people.length === 0) refuse([{ field: 'userIds', code: 'NO_ELIGIBLE_RECIPIENTS' }]);
  const temporal = requireTemporal(deps);
  const assignmentId = await deps.db.transaction().execute(async (trx) => {
    const id = await insertAssignment(
      trx,
      actor.schoolId,
      { contentId: content.id, dueDate, teamIds, createdBy: actor.userId, userIds: people.map((p) => p.id) },
      educationAssignmentWorkflowId,
    );
    await auditBy(trx, actor, {
      action: 'education.content_assigned',
      targetType: 'education_content',
      targetId: content.id,
      details: { assignmentId: id, dueDate, athletes: people.length, teams: teamIds.length },
    });
    return id;
  });
  // Already completed athletes count as done from the start.
  for (const userId of await completersOf(deps.db, actor.schoolId, content.id)) {
    await completeAssignees(deps.db, actor.schoolId, userId, content.id, deps.now());
  }
  const now = deps.now().getTime();
  const dueAt = timing ? now + timing.dueInMs : dueAtOf(dueDate);
  const wfInput: EducationAssignmentInput = {
    schoolId: actor.schoolId,
    assignmentId,
    dueAt,
    remindAt: timing ? (timing.remindInMs === null ? null : now + timing.remindInMs) : reminderAt(now, dueAt),
  };
  try {
    await temporal.workflow.start(educationAssignmentWorkflow, {
      workflowId: educationAssignmentWorkflowId(assignmentId),
      taskQueue: taskQueueOf(deps),
      workflowIdConflictPolicy: 'USE_EXISTING',
      args: [wfInput],
    });
  } catch (err) {
    deps.log?.error({ err }, 'education assignment workflow could not start');
    await deleteAssignment(deps.db, actor.schoolId, assignmentId);
    throw new AppError('WORKFLOW_UNAVAILABLE');
  }
  return { assignmentId, workflowId: educationAssignmentWorkflowId(assignmentId), athletes: people.length, dueDate };
}

// ---- The athlete's side ----

function athleteItem(
  c: ContentRow,
  extras: { assignedDue: string | null; completedAt: string | null; openedAt: string | null; overdue: boolean },
) {
  return {
    id: c.id,
    kind: c.kind,
    headline: c.headline,
    topic: c.topic,
    category: c.category,
    author: c.author,
    estimatedMinutes: c.estimatedMinutes,
    description: c.description,
    thumbnailUrl: c.thumbnailUrl,
    required: c.required || extras.assignedDue !== null,
    dueDate: extras.assignedDue ?? c.completeBy,
    progress: extras.completedAt
      ? 'COMPLETED'
      : extras.overdue
        ? 'OVERDUE'
        : extras.openedAt
          ? 'IN_PROGRESS'
          : 'NOT_STARTED',
    completedAt: extras.completedAt,
  } as const;
}

/** What the athlete sees: published content of the school, with what is assigned or required first. */
export async function listMyEducation(
  deps: CoreDeps,
  actor: Actor,
  input: { filter?: 'all' | 'required'; category?: string; kind?: ContentKind },
) {
  const assigned = await assignedTo(deps.db, actor.schoolId, actor.userId);
  const dueOf = new Map<string, string>();
  const overdue = new Set<string>();
  for (const a of assigned) {
    const prev = dueOf.get(a.contentId);
    if (!prev || a.dueDate < prev) dueOf.set(a.contentId, a.dueDate);
    if (a.status === 'OVERDUE') overdue.add(a.contentId);
  }
  const { items } = await listContents(
    deps.db,
    actor.schoolId,
    { status: ['PUBLISHED', 'UPDATED'], ...(input.kind ? { kind: input.kind } : {}) },
    { limit: 500, offset: 0 },
  );
  const progress = await progressOf(
    deps.db,
    actor.schoolId,
    actor.userId,
    items.map((i) => i.id),
  );
  let out = items.map((c) =>
    athleteItem(c, {
      assignedDue: dueOf.get(c.id) ?? null,
      completedAt: progress.get(c.id)?.completedAt ?? null,
      openedAt: progress.get(c.id)?.openedAt ?? null,
      overdue: overdue.has(c.id),
    }),
  );
  if (input.filter === 'required') out = out.filter((i) => i.required);
  if (input.category) out = out.filter((i) => (i.category ?? '').toLowerCase() === input.category!.toLowerCase());
  out.sort((a, b) => {
    if (a.required !== b.required) return a.required ? -1 : 1;
    return (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999');
  });
  const categories = [...new Set(items.map((i) => i.category).filter((c): c is string => !!c))].sort();
  return { items: out, categories, timeZone: actor.timeZone };
}

async function visibleContent(deps: CoreDeps, actor: Actor, id: string): Promise<ContentRow> {
  const content = await findContent(deps.db, actor.schoolId, id);
  if (!content || (!isVisibleToAthletes(content.status) && !mayWrite(actor))) throw new AppError('NOT_FOUND');
  return content;
}

/** Opens one piece of content (recording that the athlete started it); a quiz comes without its answers. */
export async function openContent(deps: CoreDeps, actor: Actor, id: string) {
  const content = await visibleContent(deps, actor, id);
  await markOpened(deps.db, actor.schoolId, id, actor.userId);
  const moduleIds = content.kind === 'COURSE' ? await modulesOf(deps.db, actor.schoolId, id) : [];
  const [modules, done, progress] = await Promise.all([
    moduleIds.length
      ? listContents(deps.db, actor.schoolId, { ids: moduleIds }, { limit: 500, offset: 0 })
      : Promise.resolve({ items: [] as ContentRow[] }),
    completedIn(deps.db, actor.schoolId, actor.userId, [id, ...moduleIds]),
    progressOf(deps.db, actor.schoolId, actor.userId, [id]),
  ]);
  const byId = new Map(modules.items.map((m) => [m.id, m]));
  const quiz = content.kind === 'QUIZ' ? await quizSummary(deps, actor, id) : null;
  return {
    id: content.id,
    kind: content.kind,
    headline: content.headline,
    topic: content.topic,
    category: content.category,
    author: content.author,
    estimatedMinutes: content.estimatedMinutes,
    description: content.description,
    articleText: content.articleText,
    videoUrl: content.videoUrl,
    thumbnailUrl: content.thumbnailUrl,
    required: content.required,
    completeBy: content.completeBy,
    completedAt: progress.get(id)?.completedAt ?? null,
    modules: moduleIds
      .map((m) => byId.get(m))
      .filter((m): m is ContentRow => !!m && isVisibleToAthletes(m.status))
      .map((m) => ({
        id: m.id,
        kind: m.kind,
        headline: m.headline,
        estimatedMinutes: m.estimatedMinutes,
        completed: done.has(m.id),
      })),
    quiz,
    timeZone: actor.timeZone,
  };
}

async function quizSummary(deps: CoreDeps, actor: Actor, contentId: string) {
  const quiz = await findQuiz(deps.db, actor.schoolId, contentId);
  if (!quiz) throw new AppError('NOT_FOUND');
  const attempts = await attemptsOf(deps.db, actor.schoolId, contentId, actor.userId);
  const submitted = attempts.filter((a) => a.submittedAt) as (AttemptRow & { passed: boolean })[];
  const open = attempts.find((a) => !a.submittedAt && !isPastDeadline(a.deadlineAt, deps.now()));
  const state = quizStateOf(submitted, quiz.settings.maxAttempts);
  const blocked = mayStartAttempt(submitted.length, quiz.settings.maxAttempts, state === 'PASSED');
  return {
    questionCount: quiz.questions.length,
    timeLimitMinutes: quiz.settings.timeLimitMinutes,
    passingScore: quiz.settings.passingScore,
    maxAttempts: quiz.settings.maxAttempts,
    allowContinue: quiz.settings.allowContinue,
    dueDate: quiz.settings.dueDate,
    state,
    attemptsUsed: submitted.length,
    openAttemptId: open && quiz.settings.allowContinue ? open.id : null,
    blockedReason: blocked ? ERRORS[blocked].message : null,
    attempts: submitted.map((a) => ({
      id: a.id,
      seq: a.seq,
      submittedAt: a.submittedAt!.toISOString(),
      score: a.score ?? 0,
      passed: a.passed,
    })),
  };
}

/** The athlete finished an article, video or presentation (a quiz completes by passing, a course by its modules). */
export async function completeContent(deps: CoreDeps, actor: Actor, id: string) {
  const content = await visibleContent(deps, actor, id);
  if (content.kind === 'QUIZ' || content.kind === 'COURSE') throw new AppError('CONTENT_STATE_INVALID');
  await recordCompletion(deps, actor, content.id);
  return openContent(deps, actor, id);
}

/** Records completion, completes the courses it finishes, and tells each assignment's process. */
async function recordCompletion(deps: CoreDeps, actor: Actor, contentId: string): Promise<void> {
  const at = deps.now();
  const workflows = await deps.db.transaction().execute(async (trx) => {
    await markCompleted(trx, actor.schoolId, contentId, actor.userId, at);
    const ids = await completeAssignees(trx, actor.schoolId, actor.userId, contentId, at);
    for (const courseId of await coursesContaining(trx, actor.schoolId, contentId)) {
      const mods = await modulesOf(trx, actor.schoolId, courseId);
      const done = await completedIn(trx, actor.schoolId, actor.userId, mods);
      if (mods.length > 0 && mods.every((m) => done.has(m))) {
        await markCompleted(trx, actor.schoolId, courseId, actor.userId, at);
        ids.push(...(await completeAssignees(trx, actor.schoolId, actor.userId, courseId, at)));
      }
    }
    await auditBy(trx, actor, {
      action: 'education.content_completed',
      targetType: 'education_content',
      targetId: contentId,
    });
    return ids;
  });
  if (workflows.length === 0 || !deps.temporal) return;
  for (const w of new Set(workflows)) {
    try {
      await deps.temporal.workflow.getHandle(w).signal(assigneeProgressSignal, { userId: actor.userId });
    } catch (err) {
      deps.log?.warn?.({ err, workflowId: w }, 'education progress signal failed');
    }
  }
}

// ---- Quiz attempts: the server keeps time and grades ----

function attemptQuestions(quiz: { questions: QuizQuestion[] }, attempt: AttemptRow) {
  const byId = new Map(quiz.questions.map((q) => [q.id, q]));
  return attempt.questionOrder
    .map((o) => {
      const q = byId.get(o.id);
      return q ? publicQuestion(q, o.choices) : null;
    })
    .filter((q): q is NonNullable<typeof q> => q !== null);
}

function openAttemptView(quiz: { questions: QuizQuestion[]; settings: QuizSettings }, a: AttemptRow, now: Date) {
  return {
    id: a.id,
    contentId: a.contentId,
    seq: a.seq,
    startedAt: a.startedAt.toISOString(),
    deadlineAt: a.deadlineAt ? a.deadlineAt.toISOString() : null,
    serverNow: now.toISOString(),
    maxAttempts: quiz.settings.maxAttempts,
    questions: attemptQuestions(quiz, a),
    answers: a.answers,
  };
}

async function loadQuizFor(deps: CoreDeps, actor: Actor, contentId: string) {
  const content = await visibleContent(deps, actor, contentId);
  const quiz = content.kind === 'QUIZ' ? await findQuiz(deps.db, actor.schoolId, contentId) : null;
  if (!quiz) throw new AppError('NOT_FOUND');
  return { content, quiz };
}

/** Grades and closes an attempt on what was answered in time (an expired one, or one left when starting anew). */
async function closeWithSaved(
  deps: CoreDeps,
  actor: Actor,
  quiz: { questions: QuizQuestion[]; settings: QuizSettings },
  a: AttemptRow,
  db = deps.db,
) {
  const g = gradeQuiz(quiz.questions, a.answers, quiz.settings.passingScore);
  const at = a.deadlineAt && deps.now() > a.deadlineAt ? a.deadlineAt : deps.now();
  await closeAttempt(db, a.id, { answers: a.answers, submittedAt: at, score: g.score, passed: g.passed });
  return g;
}

/**
 * Opens an attempt: the server fixes its deadline now (none for a student excluded from the time limit) and the
 * question order. With "allow continue" a running attempt is resumed instead; without it, or once expired, the open
 * attempt is closed on what it holds. Used-up attempts are refused with the spec's message.
 */
export async function startQuizAttempt(deps: CoreDeps, actor: Actor, contentId: string) {
  const { content, quiz } = await loadQuizFor(deps, actor, contentId);
  const now = deps.now();
  const result = await deps.db.transaction().execute(async (trx) => {
    await lockContent(trx, actor.schoolId, content.id);
    const attempts = await attemptsOf(trx, actor.schoolId, content.id, actor.userId);
    const open = attempts.find((a) => !a.submittedAt);
    if (open) {
      if (quiz.settings.allowContinue && !isPastDeadline(open.deadlineAt, now)) return { attempt: open, passed: false };
      const g = await closeWithSaved(deps, actor, quiz, open, trx);
      open.submittedAt = now;
      open.passed = g.passed;
    }
    const submitted = attempts.filter((a) => a.submittedAt);
    const passed = submitted.some((a) => a.passed);
    const blocked = mayStartAttempt(submitted.length, quiz.settings.maxAttempts, passed);
    if (blocked) return { blocked, passed };
    const seed = Math.floor(Math.random() * 2 ** 31);
    const questions = quiz.settings.shuffleQuestions ? shuffled(quiz.questions, seed) : quiz.questions;
    const order = questions.map((q, i) => ({
      id: q.id,
      choices: (quiz.settings.shuffleAnswers && q.type !== 'BOOLEAN'
        ? shuffled(q.choices, seed + i + 1)
        : q.choices
      ).map((c) => c.id),
    }));
    const email = await emailOf(trx, actor.schoolId, actor.userId);
    const excluded = !!email && quiz.settings.excludedEmails.includes(email.toLowerCase());
    const seq = (attempts.at(-1)?.seq ?? 0) + 1;
    const deadlineAt = attemptDeadline(now, quiz.settings.timeLimitMinutes, excluded);
    const id = await insertAttempt(trx, actor.schoolId, {
      contentId: content.id,
      userId: actor.userId,
      seq,
      startedAt: now,
      deadlineAt,
      questionOrder: order,
    });
    await markOpened(trx, actor.schoolId, content.id, actor.userId);
    await auditBy(trx, actor, {
      action: 'education.quiz_attempt_started',
      targetType: 'education_content',
      targetId: content.id,
      details: { attemptId: id, seq, deadlineAt: deadlineAt?.toISOString() ?? null },
    });
    const attempt: AttemptRow = {
      id,
      contentId: content.id,
      userId: actor.userId,
      seq,
      startedAt: now,
      deadlineAt,
      submittedAt: null,
      questionOrder: order,
      answers: {},
      score: null,
      passed: null,
    };
    return { attempt, passed: false };
  });
  if ('blocked' in result && result.blocked) {
    await maybeCompleteQuiz(deps, actor, content.id, quiz);
    throw new AppError(result.blocked);
  }
  return openAttemptView(quiz, result.attempt!, now);
}

/** The athlete's own attempt: while open its questions (no answers) and time left, once closed its result. */
export async function getAttempt(deps: CoreDeps, actor: Actor, attemptId: string) {
  const a = await deps.db.transaction().execute((trx) => lockAttempt(trx, actor.schoolId, actor.userId, attemptId));
  if (!a) throw new AppError('NOT_FOUND');
  const { quiz } = await loadQuizFor(deps, actor, a.contentId);
  if (!a.submittedAt && isPastDeadline(a.deadlineAt, deps.now())) {
    await closeWithSaved(deps, actor, quiz, a);
    await maybeCompleteQuiz(deps, actor, a.contentId, quiz);
    return attemptResult(deps, actor, attemptId);
  }
  if (a.submittedAt) return attemptResult(deps, actor, attemptId);
  return { open: openAttemptView(quiz, a, deps.now()), result: null };
}

function checkAnswer(quiz: { questions: QuizQuestion[] }, questionId: string, choiceIds: string[]) {
  const q = quiz.questions.find((x) => x.id === questionId);
  const known = q && choiceIds.every((c) => q.choices.some((ch) => ch.id === c));
  const countOk = q && (q.type === 'MULTIPLE_CHOICE' || choiceIds.length <= 1);
  if (!q || !known || !countOk) refuse([{ field: 'choiceIds', code: 'VALIDATION_FAILED' }]);
}

/** Saves one answer; refused once the server's clock passes the deadline, or after submission. */
export async function answerQuestion(
  deps: CoreDeps,
  actor: Actor,
  input: { attemptId: string; questionId: string; choiceIds: string[] },
) {
  return deps.db.transaction().execute(async (trx) => {
    const a = await lockAttempt(trx, actor.schoolId, actor.userId, input.attemptId);
    if (!a) throw new AppError('NOT_FOUND');
    if (a.submittedAt) throw new AppError('QUIZ_ATTEMPT_CLOSED');
    if (isPastDeadline(a.deadlineAt, deps.now())) throw new AppError('QUIZ_TIME_UP');
    const quiz = await findQuiz(trx, actor.schoolId, a.contentId);
    if (!quiz) throw new AppError('NOT_FOUND');
    checkAnswer(quiz, input.questionId, input.choiceIds);
    const answers = { ...a.answers, [input.questionId]: [...new Set(input.choiceIds)] };
    await saveAnswers(trx, a.id, answers);
    return { attemptId: a.id, answered: Object.keys(answers).length, serverNow: deps.now().toISOString() };
  });
}

/**
 * Submits an attempt and grades it on the server. Answers sent with it count only while time lasts: after the
 * deadline it is closed on the answers saved in time and the submission is refused with QUIZ_TIME_UP.
 */
export async function submitAttempt(
  deps: CoreDeps,
  actor: Actor,
  input: { attemptId: string; answers?: Record<string, string[]> },
) {
  const late = await deps.db.transaction().execute(async (trx) => {
    const a = await lockAttempt(trx, actor.schoolId, actor.userId, input.attemptId);
    if (!a) throw new AppError('NOT_FOUND');
    if (a.submittedAt) throw new AppError('QUIZ_ATTEMPT_CLOSED');
    const quiz = await findQuiz(trx, actor.schoolId, a.contentId);
    if (!quiz) throw new AppError('NOT_FOUND');
    const now = deps.now();
    if (isPastDeadline(a.deadlineAt, now)) {
      await closeWithSaved(deps, actor, quiz, a, trx);
      return { late: true, contentId: a.contentId, quiz };
    }
    for (const [qid, choices] of Object.entries(input.answers ?? {})) checkAnswer(quiz, qid, choices);
    const answers = { ...a.answers, ...input.answers };
    const g = gradeQuiz(quiz.questions, answers, quiz.settings.passingScore);
    await closeAttempt(trx, a.id, { answers, submittedAt: now, score: g.score, passed: g.passed });
    await auditBy(trx, actor, {
      action: 'education.quiz_attempt_submitted',
      targetType: 'education_content',
      targetId: a.contentId,
      details: { attemptId: a.id, score: g.score, passed: g.passed },
    });
    return { late: false, contentId: a.contentId, quiz };
  });
  await maybeCompleteQuiz(deps, actor, late.contentId, late.quiz);
  if (late.late) throw new AppError('QUIZ_TIME_UP');
  return attemptResult(deps, actor, input.attemptId);
}

/** A quiz counts as completed when passed, or when its attempts are used up (nothing more can be done). */
async function maybeCompleteQuiz(
  deps: CoreDeps,
  actor: Actor,
  contentId: string,
  quiz: { settings: QuizSettings },
): Promise<void> {
  const attempts = await attemptsOf(deps.db, actor.schoolId, contentId, actor.userId);
  const submitted = attempts.filter((a) => a.submittedAt) as (AttemptRow & { passed: boolean })[];
  const state = quizStateOf(submitted, quiz.settings.maxAttempts);
  if (state === 'PASSED' || state === 'COMPLETE') {
    const done = await completedIn(deps.db, actor.schoolId, actor.userId, [contentId]);
    if (!done.has(contentId)) await recordCompletion(deps, actor, contentId);
  }
}

/** A closed attempt's result: score, pass, and now (only now) each question's right answers. */
export async function attemptResult(deps: CoreDeps, actor: Actor, attemptId: string) {
  const a = await deps.db.transaction().execute((trx) => lockAttempt(trx, actor.schoolId, actor.userId, attemptId));
  if (!a) throw new AppError('NOT_FOUND');
  if (!a.submittedAt) throw new AppError('NOT_FOUND');
  const { content, quiz } = await loadQuizFor(deps, actor, a.contentId);
  const g = gradeQuiz(quiz.questions, a.answers, quiz.settings.passingScore);
  const all = await attemptsOf(deps.db, actor.schoolId, a.contentId, actor.userId);
  const submitted = all.filter((x) => x.submittedAt) as (AttemptRow & { passed: boolean })[];
  const state = quizStateOf(submitted, quiz.settings.maxAttempts);
  const blocked = mayStartAttempt(submitted.length, quiz.settings.maxAttempts, state === 'PASSED');
  const byId = new Map(quiz.questions.map((q) => [q.id, q]));
  return {
    open: null,
    result: {
      id: a.id,
      contentId: a.contentId,
      headline: content.headline,
      seq: a.seq,
      submittedAt: a.submittedAt.toISOString(),
      score: a.score ?? g.score,
      passed: a.passed ?? g.passed,
      passingScore: quiz.settings.passingScore,
      correct: g.correct,
      total: g.total,
      state,
      attemptsUsed: submitted.length,
      maxAttempts: quiz.settings.maxAttempts,
      canRetry: blocked === null,
      blockedReason: blocked ? ERRORS[blocked].message : null,
      questions: a.questionOrder
        .map((o) => byId.get(o.id))
        .filter((q): q is QuizQuestion => !!q)
        .map((q) => ({
          id: q.id,
          prompt: q.prompt,
          choices: q.choices,
          chosen: a.answers[q.id] ?? [],
          correctChoiceIds: q.correctChoiceIds,
          correct: g.results.find((r) => r.id === q.id)?.correct ?? false,
        })),
    },
  };
}

/** The educator's home: counts by state, recent content, and assignment progress. */
export async function educatorHome(deps: CoreDeps, actor: Actor) {
  requireWriter(actor);
  const [counts, assignments] = await Promise.all([
    contentCounts(deps.db, actor.schoolId),
    assignmentSummaries(deps.db, actor.schoolId, 20),
  ]);
  const recent = await listContents(deps.db, actor.schoolId, {}, { limit: 5, offset: 0 });
  return {
    counts,
    assignments,
    recent: recent.items,
    timeZone: actor.timeZone,
  };
}

/** The teams and athletes an educator may assign content to. */
export async function assignmentAudience(deps: CoreDeps, actor: Actor) {
  requireWriter(actor);
  return audienceOf(deps.db, actor.schoolId);
}
