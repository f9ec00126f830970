import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../activities/testing/fixtures';
import { actorFor } from '../contracts/contracts.fixtures';
import type { CoreDeps } from '../shared/use-case';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { daysFromToday } from '../../scripts/test-harness/test-clock';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { answerQuestion, assignContent, startQuizAttempt, submitAttempt } from './education.service';

/**
 * Education through the API on the real PostgreSQL and Temporal: the spec's content and quiz limits in its words,
 * publish and the athlete's list, a timed quiz whose deadline the server keeps whatever the client claims (the
 * core's clock is moved, the client's `Date` header lies), grading on the server with the answers hidden until
 * submission, used-up attempts refused with the spec's message, another school's content and attempts answering
 * 404, and an assignment run by education-assignment:<id> (tasks, overdue, completion).
 */
let t: AppWithWorker;
let schoolId: string;
let educator: SeededUser;
let athlete: SeededUser;
let teammate: SeededUser;
let outsider: SeededUser;
let teamId: string;
const cookies = new Map<string, string>();

async function call(user: SeededUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = {}) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)!, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() };
}

const realDeps = (): CoreDeps => ({
  db: t.database.db,
  temporal: t.temporal,
  now: () => new Date(),
  taskQueue: t.taskQueue,
});

const quizBody = (maxAttempts: number | null = 2) => ({
  kind: 'QUIZ',
  headline: 'NIL basics quiz',
  category: 'NIL',
  quiz: {
    settings: { timeLimitMinutes: 10, passingScore: 100, maxAttempts, shuffleQuestions: true, shuffleAnswers: true },
    questions: [
      {
        type: 'MULTIPLE_CHOICE',
        prompt: 'Which need a disclosure?',
        choices: ['A deal', 'A camp', 'Lunch', 'Nothing'],
        correct: [0, 1],
      },
      { type: 'BOOLEAN', prompt: 'Boosters may pay recruits.', correct: [1] },
      { type: 'SINGLE_SELECT', prompt: 'Who approves?', choices: ['Compliance', 'Coach', 'Athlete'], correct: [0] },
    ],
  },
});

async function publishedQuiz(maxAttempts: number | null = 2) {
  const made = await call(educator, 'POST', '/education/contents', quizBody(maxAttempts));
  expect(made.status).toBe(201);
  expect((await call(educator, 'POST', `/education/contents/${made.body.id}/publish`)).status).toBe(200);
  return made.body as { id: string; quiz: { questions: { id: string; correctChoiceIds: string[] }[] } };
}

beforeAll(async () => {
  t = await startAppWithWorker('education');
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  teamId = (
    await db
      .insertInto('sport_teams')
      .values({ school_id: schoolId, name: 'Football', sport: 'Football', created_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  educator = await seedUser(db, schoolId, { roles: [{ role: 'EDUCATOR' }] });
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamId });
  teammate = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamId });
  outsider = await seedUser(db, (await seedSchool(db)).id, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  for (const u of [educator, athlete, teammate, outsider]) cookies.set(u.id, await sessionCookie(db, u));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('content rules', () => {
  it('refuses an article over 7,500 words, a short multiple choice and a long time limit with the spec wording', async () => {
    const long = Array.from({ length: 7501 }, () => 'word').join(' ');
    const article = await call(educator, 'POST', '/education/contents', {
      kind: 'ARTICLE',
      headline: 'A',
      articleText: long,
    });
    expect(article.status).toBe(400);
    expect(article.body.error).toMatchObject({ code: 'ARTICLE_TOO_LONG', message: 'Article max 7500 words.' });

    const body = quizBody();
    body.quiz.questions[0]!.choices = ['a', 'b', 'c'];
    body.quiz.questions[0]!.correct = [0];
    body.quiz.settings.timeLimitMinutes = 11;
    const quiz = await call(educator, 'POST', '/education/contents', body);
    expect(quiz.status).toBe(400);
    const messages = quiz.body.error.details.map((d: { message: string }) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining(['Quiz time limit max 10 minutes.', 'Quiz needs at least 4 multiple-choice answers.']),
    );
  });

  it('lets athletes see only published content, and not write any', async () => {
    const made = await call(educator, 'POST', '/education/contents', {
      kind: 'ARTICLE',
      headline: 'Know your NIL rights',
      articleText: 'Read this first.',
      category: 'NIL',
    });
    expect(made.status).toBe(201);
    expect(made.body.status).toBe('SAVED');
    expect((await call(athlete, 'GET', `/education/contents/${made.body.id}`)).status).toBe(404);
    expect((await call(athlete, 'POST', '/education/contents', { kind: 'ARTICLE', headline: 'x' })).status).toBe(403);
    await call(educator, 'POST', `/education/contents/${made.body.id}/publish`);
    const mine = await call(athlete, 'GET', '/education/my');
    expect(mine.body.items.map((i: { id: string }) => i.id)).toContain(made.body.id);
    const edited = await call(educator, 'PUT', `/education/contents/${made.body.id}`, {
      headline: 'Know your NIL rights',
      articleText: 'Read this first, again.',
    });
    expect(edited.body.status).toBe('UPDATED');
    expect((await call(outsider, 'GET', `/education/contents/${made.body.id}`)).status).toBe(404);
  });
});

describe('timed quizzes', () => {
  it('never sends the right answers before submission, grades on the server, then blocks used-up attempts', async () => {
    const quiz = await publishedQuiz(2);
    const started = await call(athlete, 'POST', `/education/quizzes/${quiz.id}/attempts`);
    expect(started.status).toBe(201);
    expect(JSON.stringify(started.body)).not.toMatch(/correct/i);
    expect(started.body.deadlineAt).toBeTruthy();
    const attemptId = started.body.id as string;
    expect((await call(outsider, 'GET', `/education/attempts/${attemptId}`)).status).toBe(404);
    expect(
      (await call(teammate, 'PUT', `/education/attempts/${attemptId}/answers`, { questionId: 'x', choiceIds: [] }))
        .status,
    ).toBe(404);

    // First attempt: wrong on purpose → not passed.
    const failed = await call(athlete, 'POST', `/education/attempts/${attemptId}/submit`, { answers: {} });
    expect(failed.status).toBe(200);
    expect(failed.body.result).toMatchObject({ passed: false, score: 0, state: 'NOT_PASSED', canRetry: true });
    expect(failed.body.result.questions[0].correctChoiceIds.length).toBeGreaterThan(0);
    expect((await call(athlete, 'POST', `/education/attempts/${attemptId}/submit`, {})).body.error.code).toBe(
      'QUIZ_ATTEMPT_CLOSED',
    );

    // Second attempt: all right → passed.
    const second = await call(athlete, 'POST', `/education/quizzes/${quiz.id}/attempts`);
    const answers = Object.fromEntries(quiz.quiz.questions.map((q) => [q.id, q.correctChoiceIds]));
    for (const [questionId, choiceIds] of Object.entries(answers)) {
      const saved = await call(athlete, 'PUT', `/education/attempts/${second.body.id}/answers`, {
        questionId,
        choiceIds,
      });
      expect(saved.status).toBe(200);
    }
    const passed = await call(athlete, 'POST', `/education/attempts/${second.body.id}/submit`, {});
    expect(passed.body.result).toMatchObject({ passed: true, score: 100, state: 'PASSED' });

    // The teammate fails twice: the third start is refused with the spec's message.
    for (let i = 0; i < 2; i++) {
      const a = await call(teammate, 'POST', `/education/quizzes/${quiz.id}/attempts`);
      await call(teammate, 'POST', `/education/attempts/${a.body.id}/submit`, {});
    }
    const third = await call(teammate, 'POST', `/education/quizzes/${quiz.id}/attempts`);
    expect(third.status).toBe(409);
    expect(third.body.error).toMatchObject({
      code: 'QUIZ_ATTEMPTS_USED',
      message: 'All quiz attempts have been used.',
    });
    const view = await call(teammate, 'GET', `/education/contents/${quiz.id}`);
    expect(view.body.quiz).toMatchObject({ state: 'COMPLETE', blockedReason: 'All quiz attempts have been used.' });
  });

  it("holds the deadline by the server's clock when the client lies about the time", async () => {
    const quiz = await publishedQuiz(null);
    const athleteActor = actorFor(athlete, schoolId, [{ role: 'STUDENT_ATHLETE' }]);
    const t0 = new Date();
    let now = t0;
    const deps: CoreDeps = { ...realDeps(), now: () => now };
    const opened = await startQuizAttempt(deps, athleteActor, quiz.id);
    expect(opened.deadlineAt).toBe(new Date(t0.getTime() + 10 * 60_000).toISOString());
    const [q0] = quiz.quiz.questions;

    // Nine minutes in, the answer counts.
    now = new Date(t0.getTime() + 9 * 60_000);
    await expect(
      answerQuestion(deps, athleteActor, { attemptId: opened.id, questionId: q0!.id, choiceIds: q0!.correctChoiceIds }),
    ).resolves.toMatchObject({ answered: 1 });

    // Eleven minutes in, the server refuses — however early the client says it is.
    now = new Date(t0.getTime() + 11 * 60_000);
    await expect(
      answerQuestion(deps, athleteActor, { attemptId: opened.id, questionId: q0!.id, choiceIds: [] }),
    ).rejects.toMatchObject({ code: 'QUIZ_TIME_UP' });
    const answers = Object.fromEntries(quiz.quiz.questions.map((q) => [q.id, q.correctChoiceIds]));
    await expect(submitAttempt(deps, athleteActor, { attemptId: opened.id, answers })).rejects.toMatchObject({
      code: 'QUIZ_TIME_UP',
    });
    // The attempt was closed on what was saved in time: one right of three, not the late full marks.
    const result = await call(athlete, 'GET', `/education/attempts/${opened.id}`);
    expect(result.body.result).toMatchObject({ correct: 1, total: 3, passed: false });

    // Over HTTP: an attempt whose deadline has passed on the server is refused even when the client's Date header
    // claims it is still the moment the attempt opened.
    const http = await call(athlete, 'POST', `/education/quizzes/${quiz.id}/attempts`);
    await t.database.db
      .updateTable('education_quiz_attempts')
      .set({ deadline_at: new Date(Date.now() - 60_000) })
      .where('id', '=', http.body.id)
      .execute();
    const late = await call(
      athlete,
      'PUT',
      `/education/attempts/${http.body.id}/answers`,
      { questionId: q0!.id, choiceIds: q0!.correctChoiceIds },
      { date: new Date(http.body.startedAt).toUTCString() },
    );
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('QUIZ_TIME_UP');
  });
});

describe('assignment workflow', () => {
  it('opens a My Tasks item per athlete of the team, marks overdue, and ends when everyone completed', async () => {
    const made = await call(educator, 'POST', '/education/contents', {
      kind: 'ARTICLE',
      headline: 'Agents and boosters',
      articleText: 'What an agent may do.',
      required: true,
      completeBy: daysFromToday(30),
    });
    await call(educator, 'POST', `/education/contents/${made.body.id}/publish`);
    const edu = actorFor(educator, schoolId, [{ role: 'EDUCATOR' }]);
    const assigned = await assignContent(
      realDeps(),
      edu,
      { id: made.body.id, teamIds: [teamId], dueDate: daysFromToday(30) },
      { remindInMs: 300, dueInMs: 1500 },
    );
    expect(assigned.athletes).toBe(2);
    expect(assigned.workflowId).toBe(`education-assignment:${assigned.assignmentId}`);
    const db = t.database.db;
    const tasks = await waitFor(async () => {
      const rows = await db.selectFrom('tasks').selectAll().where('workflow_id', '=', assigned.workflowId).execute();
      return rows.length === 2 && rows;
    });
    expect(new Set(tasks.map((r) => r.assignee_user_id))).toEqual(new Set([athlete.id, teammate.id]));

    // One completes before the due moment; the other turns overdue.
    expect((await call(athlete, 'POST', `/education/contents/${made.body.id}/complete`)).status).toBe(200);
    await waitFor(async () => {
      const row = await db
        .selectFrom('education_assignees')
        .select('status')
        .where('assignment_id', '=', assigned.assignmentId)
        .where('user_id', '=', teammate.id)
        .executeTakeFirst();
      return row?.status === 'OVERDUE';
    });
    const required = await call(teammate, 'GET', '/education/my?filter=required');
    expect(required.body.items.find((i: { id: string }) => i.id === made.body.id)?.progress).toBe('OVERDUE');

    await call(teammate, 'POST', `/education/contents/${made.body.id}/complete`);
    const handle = t.temporal.workflow.getHandle(assigned.workflowId);
    await expect(handle.result()).resolves.toMatchObject({ phase: 'COMPLETED', open: 0, reminded: true });
    const open = await db
      .selectFrom('tasks')
      .select('status')
      .where('workflow_id', '=', assigned.workflowId)
      .where('status', '=', 'OPEN')
      .execute();
    expect(open).toHaveLength(0);
  });

  it('ends at once when the content is recalled, cancelling the open items', async () => {
    const quiz = await publishedQuiz(null);
    const edu = actorFor(educator, schoolId, [{ role: 'EDUCATOR' }]);
    const assigned = await assignContent(
      realDeps(),
      edu,
      { id: quiz.id, userIds: [teammate.id], dueDate: daysFromToday(30) },
      { remindInMs: null, dueInMs: 600_000 },
    );
    const db = t.database.db;
    await waitFor(
      async () =>
        (await db.selectFrom('tasks').select('id').where('workflow_id', '=', assigned.workflowId).execute()).length ===
        1,
    );
    expect((await call(educator, 'POST', `/education/contents/${quiz.id}/recall`)).body.status).toBe('RECALLED');
    await expect(t.temporal.workflow.getHandle(assigned.workflowId).result()).resolves.toMatchObject({
      phase: 'RECALLED',
    });
    const task = await db
      .selectFrom('tasks')
      .select('status')
      .where('workflow_id', '=', assigned.workflowId)
      .executeTakeFirst();
    expect(task?.status).toBe('CANCELLED');
  });
});
