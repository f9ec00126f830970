import type { ErrorCode } from './errors';
import { countWords } from './text';

/**
 * Education (issue 40; spec part 1 §3 "Content" and "Quiz", §4, part 2 §5 "Education" and §8): content an educator
 * or school admin writes, publishes and assigns, and quizzes whose time the server keeps. Pure rules only: the API,
 * the assignment workflow and the UI all read these.
 */

export const CONTENT_KINDS = ['ARTICLE', 'VIDEO', 'PRESENTATION', 'COURSE', 'QUIZ'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const CONTENT_KIND_LABELS: Record<ContentKind, string> = {
  ARTICLE: 'Article',
  VIDEO: 'Video',
  PRESENTATION: 'Presentation',
  COURSE: 'Course',
  QUIZ: 'Quiz',
};

/** Part 1 §4: saved to library, published, updated, archived, recalled from institutions. */
export const CONTENT_STATUSES = ['SAVED', 'PUBLISHED', 'UPDATED', 'ARCHIVED', 'RECALLED'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const CONTENT_STATUS_LABELS: Record<ContentStatus, string> = {
  SAVED: 'Saved to library',
  PUBLISHED: 'Published',
  UPDATED: 'Updated',
  ARCHIVED: 'Archived',
  RECALLED: 'Recalled',
};

export const EDUCATION_LIMITS = {
  /** Part 2 §5: "Article max 7500 words". */
  articleMaxWords: 7500,
  /** Part 2 §5: "Content description under 1000 characters; course description under 2000." */
  descriptionUnderChars: 1000,
  courseDescriptionUnderChars: 2000,
  /** Part 2 §5 and §9: "Quiz needs at least 4 multiple-choice answers; time limit max 10 minutes." */
  quizMinChoices: 4,
  quizMaxMinutes: 10,
  headlineMaxLength: 200,
  labelMaxLength: 100,
  maxEstimatedMinutes: 600,
  maxQuestions: 50,
  maxChoices: 10,
  choiceMaxLength: 500,
  promptMaxLength: 1000,
  maxAttempts: 20,
  maxModules: 50,
  urlMaxLength: 2000,
} as const;

export type ContentAction = 'edit' | 'publish' | 'archive' | 'recall' | 'assign';

/** Which state an action leads to from each state; absent means refused (EDUCATION_CONTENT_STATE). */
const TRANSITIONS: Record<ContentStatus, Partial<Record<ContentAction, ContentStatus>>> = {
  SAVED: { edit: 'SAVED', publish: 'PUBLISHED', archive: 'ARCHIVED' },
  PUBLISHED: { edit: 'UPDATED', archive: 'ARCHIVED', recall: 'RECALLED', assign: 'PUBLISHED' },
  UPDATED: { edit: 'UPDATED', archive: 'ARCHIVED', recall: 'RECALLED', assign: 'UPDATED' },
  RECALLED: { edit: 'RECALLED', publish: 'PUBLISHED', archive: 'ARCHIVED' },
  ARCHIVED: {},
};

/** The state after `action`, or null when the content's state refuses it. */
export function contentTransition(status: ContentStatus, action: ContentAction): ContentStatus | null {
  return TRANSITIONS[status][action] ?? null;
}

/** Athletes see published (or updated) content only. */
export function isVisibleToAthletes(status: ContentStatus): boolean {
  return status === 'PUBLISHED' || status === 'UPDATED';
}

export interface Problem {
  field: string;
  code: ErrorCode;
}
export type Checked<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

export interface ContentInput {
  kind: ContentKind;
  headline?: string | null;
  topic?: string | null;
  category?: string | null;
  author?: string | null;
  estimatedMinutes?: number | null;
  description?: string | null;
  articleText?: string | null;
  videoUrl?: string | null;
  thumbnailUrl?: string | null;
  required?: boolean;
  completeBy?: string | null;
  /** A course's modules, in order (content ids). */
  moduleIds?: string[];
}

export interface CheckedContent {
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
  moduleIds: string[];
}

const blankToNull = (s: string | null | undefined) => {
  const t = (s ?? '').trim();
  return t === '' ? null : t;
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Checks a piece of content against the spec's limits (each refusal in the catalogue's words). */
export function checkContent(input: ContentInput): Checked<CheckedContent> {
  const problems: Problem[] = [];
  const headline = blankToNull(input.headline);
  if (!headline) problems.push({ field: 'headline', code: 'MANDATORY_FIELD' });
  const description = blankToNull(input.description);
  const under =
    input.kind === 'COURSE' ? EDUCATION_LIMITS.courseDescriptionUnderChars : EDUCATION_LIMITS.descriptionUnderChars;
  if (description && description.length >= under) {
    problems.push({
      field: 'description',
      code: input.kind === 'COURSE' ? 'COURSE_DESCRIPTION_TOO_LONG' : 'CONTENT_DESCRIPTION_TOO_LONG',
    });
  }
  const articleText = input.kind === 'ARTICLE' ? blankToNull(input.articleText) : null;
  if (input.kind === 'ARTICLE') {
    if (!articleText) problems.push({ field: 'articleText', code: 'MANDATORY_FIELD' });
    else if (countWords(articleText) > EDUCATION_LIMITS.articleMaxWords) {
      problems.push({ field: 'articleText', code: 'ARTICLE_TOO_LONG' });
    }
  }
  const videoUrl = input.kind === 'VIDEO' ? blankToNull(input.videoUrl) : null;
  if (input.kind === 'VIDEO') {
    if (!videoUrl) problems.push({ field: 'videoUrl', code: 'MANDATORY_FIELD' });
    else if (!isHttpUrl(videoUrl)) problems.push({ field: 'videoUrl', code: 'INVALID_LINK' });
  }
  const thumbnailUrl = blankToNull(input.thumbnailUrl);
  if (thumbnailUrl && !isHttpUrl(thumbnailUrl)) problems.push({ field: 'thumbnailUrl', code: 'INVALID_LINK' });
  const moduleIds = input.kind === 'COURSE' ? [...new Set(input.moduleIds ?? [])] : [];
  if (input.kind === 'COURSE' && moduleIds.length === 0) {
    problems.push({ field: 'moduleIds', code: 'COURSE_MODULES_REQUIRED' });
  }
  const est = input.estimatedMinutes ?? null;
  if (est !== null && (!Number.isInteger(est) || est < 1 || est > EDUCATION_LIMITS.maxEstimatedMinutes)) {
    problems.push({ field: 'estimatedMinutes', code: 'VALIDATION_FAILED' });
  }
  const completeBy = blankToNull(input.completeBy);
  if (completeBy && !isRealDate(completeBy)) problems.push({ field: 'completeBy', code: 'VALIDATION_FAILED' });
  const required = input.required === true;
  if (required && !completeBy) problems.push({ field: 'completeBy', code: 'CONTENT_COMPLETE_BY_REQUIRED' });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      kind: input.kind,
      headline: headline!,
      topic: blankToNull(input.topic),
      category: blankToNull(input.category),
      author: blankToNull(input.author),
      estimatedMinutes: est,
      description,
      articleText,
      videoUrl,
      thumbnailUrl,
      required,
      completeBy,
      moduleIds,
    },
  };
}

// ---- Quizzes ----

export const QUESTION_TYPES = ['MULTIPLE_CHOICE', 'BOOLEAN', 'SINGLE_SELECT'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  MULTIPLE_CHOICE: 'Multiple choice',
  BOOLEAN: 'True or false',
  SINGLE_SELECT: 'Single select',
};

export interface QuestionInput {
  type: QuestionType;
  prompt: string;
  /** For BOOLEAN the choices are always "True" and "False"; what is sent is ignored. */
  choices?: string[];
  /** Indexes into `choices` of the right answers: exactly one, except multiple choice (one or more). */
  correct: number[];
}

export interface QuizQuestion {
  id: string;
  type: QuestionType;
  prompt: string;
  choices: { id: string; text: string }[];
  correctChoiceIds: string[];
}

export interface QuizSettingsInput {
  shuffleQuestions?: boolean;
  shuffleAnswers?: boolean;
  /** null: no limit on attempts. */
  maxAttempts?: number | null;
  /** Allow continue: an attempt left open may be resumed (while its time lasts) instead of counting as given up. */
  allowContinue?: boolean;
  timeLimitMinutes: number;
  passingScore: number;
  dueDate?: string | null;
  /** Accessibility exclusions: these students' e-mails get no time limit. */
  excludedEmails?: string[];
}

export interface QuizSettings {
  shuffleQuestions: boolean;
  shuffleAnswers: boolean;
  maxAttempts: number | null;
  allowContinue: boolean;
  timeLimitMinutes: number;
  passingScore: number;
  dueDate: string | null;
  excludedEmails: string[];
}

/** Checks quiz settings and questions; `idOf` names each question and choice (ids are stable across edits). */
export function checkQuiz(
  settings: QuizSettingsInput,
  questions: QuestionInput[],
  idOf: (question: number, choice?: number) => string,
): Checked<{ settings: QuizSettings; questions: QuizQuestion[] }> {
  const problems: Problem[] = [];
  const minutes = settings.timeLimitMinutes;
  if (!Number.isFinite(minutes) || minutes <= 0)
    problems.push({ field: 'timeLimitMinutes', code: 'VALIDATION_FAILED' });
  else if (minutes > EDUCATION_LIMITS.quizMaxMinutes) {
    problems.push({ field: 'timeLimitMinutes', code: 'QUIZ_TIME_LIMIT_TOO_LONG' });
  }
  const passing = settings.passingScore;
  if (!Number.isInteger(passing) || passing < 0 || passing > 100) {
    problems.push({ field: 'passingScore', code: 'VALIDATION_FAILED' });
  }
  const maxAttempts = settings.maxAttempts ?? null;
  if (maxAttempts !== null && (!Number.isInteger(maxAttempts) || maxAttempts < 1)) {
    problems.push({ field: 'maxAttempts', code: 'VALIDATION_FAILED' });
  }
  const dueDate = blankToNull(settings.dueDate);
  if (dueDate && !isRealDate(dueDate)) problems.push({ field: 'dueDate', code: 'VALIDATION_FAILED' });
  if (questions.length === 0) problems.push({ field: 'questions', code: 'QUIZ_QUESTIONS_REQUIRED' });
  const out: QuizQuestion[] = [];
  questions.forEach((q, i) => {
    const field = `questions/${i}`;
    const prompt = (q.prompt ?? '').trim();
    if (!prompt) problems.push({ field: `${field}/prompt`, code: 'MANDATORY_FIELD' });
    const texts = q.type === 'BOOLEAN' ? ['True', 'False'] : (q.choices ?? []).map((c) => c.trim());
    if (q.type === 'MULTIPLE_CHOICE' && texts.length < EDUCATION_LIMITS.quizMinChoices) {
      problems.push({ field: `${field}/choices`, code: 'QUIZ_TOO_FEW_CHOICES' });
    }
    if (q.type === 'SINGLE_SELECT' && texts.length < 2) {
      problems.push({ field: `${field}/choices`, code: 'QUIZ_QUESTION_INVALID' });
    }
    if (texts.some((t) => t === '')) problems.push({ field: `${field}/choices`, code: 'MANDATORY_FIELD' });
    const correct = [...new Set(q.correct ?? [])];
    const inRange = correct.every((c) => Number.isInteger(c) && c >= 0 && c < texts.length);
    const countOk = q.type === 'MULTIPLE_CHOICE' ? correct.length >= 1 : correct.length === 1;
    if (!inRange || !countOk) problems.push({ field: `${field}/correct`, code: 'QUIZ_QUESTION_INVALID' });
    const choices = texts.map((text, c) => ({ id: idOf(i, c), text }));
    out.push({
      id: idOf(i),
      type: q.type,
      prompt,
      choices,
      correctChoiceIds: inRange ? correct.sort((a, b) => a - b).map((c) => choices[c]!.id) : [],
    });
  });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      settings: {
        shuffleQuestions: settings.shuffleQuestions === true,
        shuffleAnswers: settings.shuffleAnswers === true,
        maxAttempts,
        allowContinue: settings.allowContinue === true,
        timeLimitMinutes: minutes,
        passingScore: passing,
        dueDate,
        excludedEmails: [...new Set((settings.excludedEmails ?? []).map((e) => e.trim().toLowerCase()))].filter(
          Boolean,
        ),
      },
      questions: out,
    },
  };
}

/** A question as the athlete sees it before submitting: never the right answers. */
export interface PublicQuestion {
  id: string;
  type: QuestionType;
  prompt: string;
  multiple: boolean;
  choices: { id: string; text: string }[];
}

export function publicQuestion(q: QuizQuestion, choiceOrder?: string[]): PublicQuestion {
  const choices = choiceOrder
    ? choiceOrder.map((id) => q.choices.find((c) => c.id === id)).filter((c): c is { id: string; text: string } => !!c)
    : q.choices;
  return { id: q.id, type: q.type, prompt: q.prompt, multiple: q.type === 'MULTIPLE_CHOICE', choices };
}

/** A seeded shuffle (mulberry32 + Fisher–Yates): an attempt keeps the one order it opened with. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export type Answers = Record<string, string[]>;

/** Grades answers: a question scores when exactly its right choices are chosen. Score is a whole percent. */
export function gradeQuiz(
  questions: QuizQuestion[],
  answers: Answers,
  passingScore: number,
): { correct: number; total: number; score: number; passed: boolean; results: { id: string; correct: boolean }[] } {
  const results = questions.map((q) => {
    const given = [...new Set(answers[q.id] ?? [])].sort();
    const right = [...q.correctChoiceIds].sort();
    return { id: q.id, correct: given.length === right.length && given.every((g, i) => g === right[i]) };
  });
  const correct = results.filter((r) => r.correct).length;
  const total = questions.length;
  const score = total === 0 ? 0 : Math.round((correct / total) * 100);
  return { correct, total, score, passed: score >= passingScore, results };
}

/** Part 1 §4 quiz states for one athlete: assigned, passed, not passed, complete (no attempts left). */
export const QUIZ_STATES = ['ASSIGNED', 'PASSED', 'NOT_PASSED', 'COMPLETE'] as const;
export type QuizState = (typeof QUIZ_STATES)[number];
export const QUIZ_STATE_LABELS: Record<QuizState, string> = {
  ASSIGNED: 'Assigned',
  PASSED: 'Passed',
  NOT_PASSED: 'Not passed',
  COMPLETE: 'Complete',
};

export function quizStateOf(submitted: { passed: boolean }[], maxAttempts: number | null): QuizState {
  if (submitted.some((a) => a.passed)) return 'PASSED';
  if (submitted.length === 0) return 'ASSIGNED';
  if (maxAttempts !== null && submitted.length >= maxAttempts) return 'COMPLETE';
  return 'NOT_PASSED';
}

/** Whether another attempt may open (used-up attempts block retaking: QUIZ_ATTEMPTS_USED). */
export function mayStartAttempt(submittedCount: number, maxAttempts: number | null, passed: boolean): ErrorCode | null {
  if (passed) return 'QUIZ_ALREADY_PASSED';
  if (maxAttempts !== null && submittedCount >= maxAttempts) return 'QUIZ_ATTEMPTS_USED';
  return null;
}

/**
 * The server keeps time: an attempt's deadline is fixed when it opens (an excluded student's attempt has none), and
 * an answer or submission is refused once the server's clock reaches it. A small grace covers the network trip.
 */
export const ATTEMPT_GRACE_MS = 2_000;

export function attemptDeadline(startedAt: Date, timeLimitMinutes: number, excluded: boolean): Date | null {
  return excluded ? null : new Date(startedAt.getTime() + timeLimitMinutes * 60_000);
}

export function isPastDeadline(deadline: Date | null, now: Date): boolean {
  return deadline !== null && now.getTime() > deadline.getTime() + ATTEMPT_GRACE_MS;
}

// ---- Assignment (the `education-assignment:<id>` workflow) ----

export const educationAssignmentWorkflowId = (assignmentId: string) => `education-assignment:${assignmentId}`;

export const ASSIGNEE_STATUSES = ['ASSIGNED', 'IN_PROGRESS', 'COMPLETED', 'OVERDUE'] as const;
export type AssigneeStatus = (typeof ASSIGNEE_STATUSES)[number];
export const ASSIGNEE_STATUS_LABELS: Record<AssigneeStatus, string> = {
  ASSIGNED: 'Not started',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  OVERDUE: 'Overdue',
};

export interface EducationAssignmentInput {
  schoolId: string;
  assignmentId: string;
  /** When the reminder goes out (epoch ms); null: none. */
  remindAt: number | null;
  /** When unfinished items turn overdue (epoch ms). */
  dueAt: number;
}

export interface EducationAssignmentState {
  phase: 'OPEN' | 'OVERDUE' | 'COMPLETED' | 'RECALLED';
  open: number;
  reminded: boolean;
}

/** The default reminder: two days before the due date (or halfway, when less time is left). */
export function reminderAt(now: number, dueAt: number): number | null {
  const twoDays = 2 * 86_400_000;
  if (dueAt - now <= 60_000) return null;
  return dueAt - now > twoDays * 2 ? dueAt - twoDays : now + Math.floor((dueAt - now) / 2);
}

/** The end of the due date in the school's zone is approximated by the end of that day in UTC + 1 day margin. */
export function dueAtOf(dueDate: string): number {
  return Date.parse(`${dueDate}T23:59:59Z`);
}
