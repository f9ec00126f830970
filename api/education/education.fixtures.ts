import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';

/**
 * Test helper: a published quiz of the school with one open attempt of a person of the school, so the education id routes have
 * school-A rows to aim at (tenant isolation) without a workflow.
 */
export async function seedEducationRows(
  db: Kysely<Database>,
  schoolId: string,
  userId: string,
  tag: string,
): Promise<{ contentId: string; attemptId: string }> {
  const content = await db
    .insertInto('education_contents')
    .values({ school_id: schoolId, kind: 'QUIZ', headline: `Quiz ${tag}`, status: 'PUBLISHED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const question = {
    id: 'q0',
    type: 'BOOLEAN' as const,
    prompt: 'True?',
    choices: [
      { id: 'q0c0', text: 'True' },
      { id: 'q0c1', text: 'False' },
    ],
    correctChoiceIds: ['q0c0'],
  };
  await db
    .insertInto('education_quizzes')
    .values({
      content_id: content.id,
      school_id: schoolId,
      settings: JSON.stringify({
        shuffleQuestions: false,
        shuffleAnswers: false,
        maxAttempts: null,
        allowContinue: true,
        timeLimitMinutes: 10,
        passingScore: 100,
        dueDate: null,
        excludedEmails: [],
      }),
      questions: JSON.stringify([question]),
    })
    .execute();
  const attempt = await db
    .insertInto('education_quiz_attempts')
    .values({
      school_id: schoolId,
      content_id: content.id,
      user_id: userId,
      seq: 1,
      started_at: new Date(),
      deadline_at: null,
      question_order: JSON.stringify([{ id: 'q0', choices: ['q0c0', 'q0c1'] }]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { contentId: content.id, attemptId: attempt.id };
}
