import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { assignContent, completeContent, startQuizAttempt, submitAttempt } from '../../api/education/education.service';
import { coreDepsOf, type Actor } from '../../api/shared/use-case';
import { educationAssignmentWorkflowId } from '../../domain/education';
import { permissionsFor } from '../../domain/permissions';
import type { Database } from '../../migrations/database';
import { signInDemoPerson, waitForRow } from './demo-person';

const DAY = 86_400_000;
const isoDaysFrom = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

interface Made {
  id: string;
  kind: string;
  quiz: { questions: { id: string; correctChoiceIds: string[]; choices: { id: string }[] }[] } | null;
}

/**
 * Education (issue 40), made through the API the screens use and so by the real `education-assignment` workflow:
 * the educator writes two articles, a video and a quiz, puts them in a required course and assigns the course to
 * Football with a due date ten days out. Some Football athletes are done (all modules, the quiz passed on a second
 * try), one is part-way, the rest have not started. The quiz is also assigned on its own with a due moment that
 * passes while the demo loads, so those who have not passed it show as overdue (the compressed timing is for demo
 * data only, never a route). Runs once.
 */
export async function loadDemoEducation(app: FastifyInstance): Promise<{ loaded: boolean }> {
  const { db } = app.deps.database as { db: Kysely<Database> };
  const educatorRow = await db
    .selectFrom('users')
    .select(['id', 'school_id', 'first_name', 'last_name'])
    .where('email', '=', 'educator@demo.edu')
    .executeTakeFirst();
  if (!educatorRow) return { loaded: false };
  const schoolId = educatorRow.school_id;
  if (await db.selectFrom('education_contents').select('id').where('school_id', '=', schoolId).executeTakeFirst()) {
    return { loaded: false };
  }
  const team = await db
    .selectFrom('sport_teams')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('name', '=', 'Football')
    .executeTakeFirst();
  if (!team) return { loaded: false };
  const athletes = await db
    .selectFrom('athlete_profiles as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name'])
    .where('p.school_id', '=', schoolId)
    .where('p.sport_team_id', '=', team.id)
    .where('u.status', '!=', 'INACTIVE')
    .orderBy('u.email')
    .execute();
  // The demo athlete stays not started, so their login shows the required course, the quiz and My Tasks items.
  const others = athletes.filter((a) => a.email !== 'athlete@demo.edu');
  const educator = await signInDemoPerson(app, db, 'educator@demo.edu');
  try {
    const make = async (body: Record<string, unknown>) => {
      const made = await educator.call<Made>('POST', '/api/v1/education/contents', body);
      await educator.call('POST', `/api/v1/education/contents/${made.id}/publish`);
      return made;
    };
    const rights = await make({
      kind: 'ARTICLE',
      headline: 'Your NIL rights and duties',
      topic: 'Name, image and likeness',
      category: 'NIL basics',
      author: 'Compliance office',
      estimatedMinutes: 8,
      description: 'What you may earn from your name, image and likeness, and what you must disclose.',
      articleText: [
        'You may earn money from your name, image and likeness: social posts, appearances, camps and autographs.',
        'Every deal must be disclosed to the compliance office before you start, with its payor, amount and dates.',
        'A deal may not be an inducement to enrol, and it may not pay you for athletic performance.',
      ].join('\n\n'),
    });
    const boosters = await make({
      kind: 'ARTICLE',
      headline: 'Boosters, agents and collectives',
      category: 'NIL basics',
      author: 'Compliance office',
      estimatedMinutes: 6,
      description: 'Who may pay you, and who must be registered in the state before they represent you.',
      articleText:
        'An agent who represents you in NIL deals must be registered in the state.\n\nBoosters may take part in NIL deals, but never as a recruiting inducement.',
    });
    const video = await make({
      kind: 'VIDEO',
      headline: 'Disclosing a deal, step by step',
      category: 'NIL basics',
      estimatedMinutes: 4,
      videoUrl: 'https://example.org/videos/disclosing-a-deal.mp4',
    });
    const quiz = await make({
      kind: 'QUIZ',
      headline: 'NIL basics quiz',
      category: 'NIL basics',
      description: 'Five minutes, pass at 80%, three attempts.',
      quiz: {
        settings: { timeLimitMinutes: 5, passingScore: 80, maxAttempts: 3, shuffleAnswers: true, allowContinue: true },
        questions: [
          {
            type: 'MULTIPLE_CHOICE',
            prompt: 'Which of these must you disclose?',
            choices: [
              'A paid social post',
              'A paid camp appearance',
              'A birthday gift from your aunt',
              'Your class schedule',
            ],
            correct: [0, 1],
          },
          { type: 'BOOLEAN', prompt: 'A booster may pay you to choose this school.', correct: [1] },
          {
            type: 'SINGLE_SELECT',
            prompt: 'Who must an agent be registered with?',
            choices: ['The state', 'The team captain', 'Nobody'],
            correct: [0],
          },
          { type: 'BOOLEAN', prompt: 'You disclose a deal before it starts.', correct: [0] },
          {
            type: 'SINGLE_SELECT',
            prompt: 'Where do you disclose a deal?',
            choices: ['In the app, under New disclosure', 'By text to a coach', 'On social media'],
            correct: [0],
          },
        ],
      },
    });
    const course = await make({
      kind: 'COURSE',
      headline: 'NIL essentials',
      category: 'NIL basics',
      author: 'Compliance office',
      estimatedMinutes: 25,
      description: 'The required course for every Football student-athlete: two readings, a video and the quiz.',
      required: true,
      completeBy: isoDaysFrom(10),
      moduleIds: [rights.id, boosters.id, video.id, quiz.id],
    });
    const courseAssignment = await educator.call<{ assignmentId: string }>(
      'POST',
      `/api/v1/education/contents/${course.id}/assignments`,
      { teamIds: [team.id], dueDate: isoDaysFrom(10) },
    );
    await waitForRow(
      'education tasks',
      () =>
        db
          .selectFrom('tasks')
          .select('id')
          .where('workflow_id', '=', educationAssignmentWorkflowId(courseAssignment.assignmentId))
          .executeTakeFirst(),
      Boolean,
    );
    // The quiz on its own, due at once: those who have not passed it by then turn overdue.
    const deps = coreDepsOf(app.deps);
    const actorOf = (
      user: { id: string; first_name: string; last_name: string },
      role: 'EDUCATOR' | 'STUDENT_ATHLETE',
    ): Actor => ({
      userId: user.id,
      firstName: user.first_name,
      lastName: user.last_name,
      schoolId,
      timeZone: 'UTC',
      permissions: permissionsFor([{ role }]),
      ip: null,
      userAgent: null,
    });
    const quizAssignment = await assignContent(
      deps,
      actorOf(educatorRow, 'EDUCATOR'),
      { id: quiz.id, teamIds: [team.id], dueDate: isoDaysFrom(0) },
      { remindInMs: 1000, dueInMs: 4000 },
    );
    const right = Object.fromEntries((quiz.quiz?.questions ?? []).map((q) => [q.id, q.correctChoiceIds]));
    const wrong = Object.fromEntries(
      (quiz.quiz?.questions ?? []).map((q) => [q.id, [q.choices.find((c) => !q.correctChoiceIds.includes(c.id))!.id]]),
    );
    // The athletes act through the same use cases as their screens (most of the demo team has not signed up yet,
    // so they have no session of their own).
    const takeQuiz = async (actor: Actor, answers: Record<string, string[]>) => {
      const attempt = await startQuizAttempt(deps, actor, quiz.id);
      await submitAttempt(deps, actor, { attemptId: attempt.id, answers });
    };
    // The first half finish everything (the quiz passed on the second try); one is part-way and failed the quiz once.
    const done = others.slice(0, Math.ceil(others.length / 2));
    for (const a of done) {
      const actor = actorOf(a, 'STUDENT_ATHLETE');
      for (const m of [rights, boosters, video]) await completeContent(deps, actor, m.id);
      await takeQuiz(actor, wrong);
      await takeQuiz(actor, right);
    }
    const partWay = others[done.length];
    if (partWay) {
      const actor = actorOf(partWay, 'STUDENT_ATHLETE');
      await completeContent(deps, actor, rights.id);
      await takeQuiz(actor, wrong);
    }
    await waitForRow(
      'the quiz assignment overdue',
      () =>
        db
          .selectFrom('education_assignments')
          .select('status')
          .where('id', '=', quizAssignment.assignmentId)
          .executeTakeFirst(),
      (row) => row?.status === 'OVERDUE' || row?.status === 'COMPLETED',
    );
  } finally {
    await educator.signOut();
  }
  return { loaded: true };
}
