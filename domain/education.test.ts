// fixed-date fixture: pure rules given their dates (a deadline counted from a given start; a complete-by date that checkContent never compares with today)
import { describe, expect, it } from 'vitest';
import {
  attemptDeadline,
  checkContent,
  checkQuiz,
  contentTransition,
  gradeQuiz,
  isPastDeadline,
  mayStartAttempt,
  publicQuestion,
  quizStateOf,
  reminderAt,
  shuffled,
  type QuestionInput,
} from './education';
import { ERRORS } from './errors';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
const codes = (r: { ok: boolean; problems?: { code: string }[] }) => (r.ok ? [] : r.problems!.map((p) => p.code));
const idOf = (q: number, c?: number) => (c === undefined ? `q${q}` : `q${q}c${c}`);
const mc: QuestionInput = {
  type: 'MULTIPLE_CHOICE',
  prompt: 'Which are NIL?',
  choices: ['a', 'b', 'c', 'd'],
  correct: [0, 2],
};
const settings = { timeLimitMinutes: 10, passingScore: 70 };

describe('content rules (part 2 §5 Education)', () => {
  it('refuses an article over 7,500 words with the spec wording', () => {
    expect(checkContent({ kind: 'ARTICLE', headline: 'NIL', articleText: words(7500) }).ok).toBe(true);
    const r = checkContent({ kind: 'ARTICLE', headline: 'NIL', articleText: words(7501) });
    expect(codes(r)).toEqual(['ARTICLE_TOO_LONG']);
    expect(ERRORS.ARTICLE_TOO_LONG.message).toBe('Article max 7500 words.');
  });

  it('keeps a description under 1,000 characters, a course description under 2,000', () => {
    const base = { headline: 'H', articleText: 'text' };
    expect(checkContent({ kind: 'ARTICLE', ...base, description: 'x'.repeat(999) }).ok).toBe(true);
    expect(codes(checkContent({ kind: 'ARTICLE', ...base, description: 'x'.repeat(1000) }))).toEqual([
      'CONTENT_DESCRIPTION_TOO_LONG',
    ]);
    const course = { kind: 'COURSE' as const, headline: 'C', moduleIds: ['m1'] };
    expect(checkContent({ ...course, description: 'x'.repeat(1999) }).ok).toBe(true);
    expect(codes(checkContent({ ...course, description: 'x'.repeat(2000) }))).toEqual(['COURSE_DESCRIPTION_TOO_LONG']);
    expect(ERRORS.CONTENT_DESCRIPTION_TOO_LONG.message).toContain('under 1000 characters');
    expect(ERRORS.COURSE_DESCRIPTION_TOO_LONG.message).toContain('under 2000');
  });

  it('needs a headline, a course its modules, a video an http(s) link, required content its complete-by date', () => {
    expect(codes(checkContent({ kind: 'PRESENTATION', headline: '  ' }))).toEqual(['MANDATORY_FIELD']);
    expect(codes(checkContent({ kind: 'COURSE', headline: 'C', moduleIds: [] }))).toEqual(['COURSE_MODULES_REQUIRED']);
    expect(codes(checkContent({ kind: 'VIDEO', headline: 'V', videoUrl: 'ftp://x' }))).toEqual(['INVALID_LINK']);
    expect(codes(checkContent({ kind: 'PRESENTATION', headline: 'P', required: true }))).toEqual([
      'CONTENT_COMPLETE_BY_REQUIRED',
    ]);
    const ok = checkContent({
      kind: 'COURSE',
      headline: ' C ',
      moduleIds: ['a', 'b', 'a'],
      required: true,
      completeBy: '2026-12-20',
    });
    expect(ok.ok && ok.value).toMatchObject({ headline: 'C', moduleIds: ['a', 'b'], required: true });
  });

  it('moves through saved, published, updated, recalled and archived', () => {
    expect(contentTransition('SAVED', 'publish')).toBe('PUBLISHED');
    expect(contentTransition('PUBLISHED', 'edit')).toBe('UPDATED');
    expect(contentTransition('UPDATED', 'recall')).toBe('RECALLED');
    expect(contentTransition('RECALLED', 'publish')).toBe('PUBLISHED');
    expect(contentTransition('SAVED', 'assign')).toBeNull();
    expect(contentTransition('ARCHIVED', 'edit')).toBeNull();
    expect(contentTransition('ARCHIVED', 'publish')).toBeNull();
  });
});

describe('quiz rules', () => {
  it('refuses fewer than 4 multiple-choice answers and a time limit over 10 minutes, in the spec wording', () => {
    expect(checkQuiz(settings, [mc], idOf).ok).toBe(true);
    expect(codes(checkQuiz(settings, [{ ...mc, choices: ['a', 'b', 'c'], correct: [0] }], idOf))).toEqual([
      'QUIZ_TOO_FEW_CHOICES',
    ]);
    expect(codes(checkQuiz({ ...settings, timeLimitMinutes: 11 }, [mc], idOf))).toEqual(['QUIZ_TIME_LIMIT_TOO_LONG']);
    expect(ERRORS.QUIZ_TOO_FEW_CHOICES.message).toBe('Quiz needs at least 4 multiple-choice answers.');
    expect(ERRORS.QUIZ_TIME_LIMIT_TOO_LONG.message).toBe('Quiz time limit max 10 minutes.');
  });

  it('gives true/false its two choices and a single select exactly one right answer', () => {
    const r = checkQuiz(settings, [{ type: 'BOOLEAN', prompt: 'True?', correct: [1] }], idOf);
    expect(r.ok && r.value.questions[0]!.choices.map((c) => c.text)).toEqual(['True', 'False']);
    expect(
      codes(
        checkQuiz(settings, [{ type: 'SINGLE_SELECT', prompt: 'One', choices: ['a', 'b'], correct: [0, 1] }], idOf),
      ),
    ).toEqual(['QUIZ_QUESTION_INVALID']);
    expect(codes(checkQuiz(settings, [], idOf))).toEqual(['QUIZ_QUESTIONS_REQUIRED']);
  });

  it('grades on exact right choices and never shows them before submission', () => {
    const r = checkQuiz(settings, [mc, { type: 'BOOLEAN', prompt: 'T', correct: [0] }], idOf);
    if (!r.ok) throw new Error('quiz should pass');
    const qs = r.value.questions;
    expect(JSON.stringify(qs.map((q) => publicQuestion(q)))).not.toContain('correct');
    expect(gradeQuiz(qs, { q0: ['q0c2', 'q0c0'], q1: ['q1c0'] }, 70)).toMatchObject({ score: 100, passed: true });
    expect(gradeQuiz(qs, { q0: ['q0c0'], q1: ['q1c0'] }, 70)).toMatchObject({ correct: 1, score: 50, passed: false });
  });

  it('blocks retaking once the attempts are used (spec §4) and names the states', () => {
    expect(mayStartAttempt(1, 2, false)).toBeNull();
    expect(mayStartAttempt(2, 2, false)).toBe('QUIZ_ATTEMPTS_USED');
    expect(mayStartAttempt(0, null, true)).toBe('QUIZ_ALREADY_PASSED');
    expect(quizStateOf([], 2)).toBe('ASSIGNED');
    expect(quizStateOf([{ passed: false }], 2)).toBe('NOT_PASSED');
    expect(quizStateOf([{ passed: false }, { passed: false }], 2)).toBe('COMPLETE');
    expect(quizStateOf([{ passed: false }, { passed: true }], 2)).toBe('PASSED');
  });

  it('fixes the deadline when the attempt opens; only the server clock decides', () => {
    const start = new Date('2026-12-04T10:00:00Z');
    const deadline = attemptDeadline(start, 10, false)!;
    expect(deadline.toISOString()).toBe('2026-12-04T10:10:00.000Z');
    expect(isPastDeadline(deadline, new Date('2026-12-04T10:10:01Z'))).toBe(false);
    expect(isPastDeadline(deadline, new Date('2026-12-04T10:10:03Z'))).toBe(true);
    expect(attemptDeadline(start, 10, true)).toBeNull();
  });

  it('shuffles the same way for the same seed', () => {
    const items = [1, 2, 3, 4, 5, 6];
    expect(shuffled(items, 42)).toEqual(shuffled(items, 42));
    expect([...shuffled(items, 42)].sort()).toEqual(items);
  });

  it('reminds two days before the due date, or halfway when less is left', () => {
    const now = 0;
    expect(reminderAt(now, 10 * 86_400_000)).toBe(8 * 86_400_000);
    expect(reminderAt(now, 2 * 86_400_000)).toBe(86_400_000);
    expect(reminderAt(now, 30_000)).toBeNull();
  });
});
