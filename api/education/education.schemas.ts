import { Type } from 'typebox';
import {
  ASSIGNEE_STATUSES,
  CONTENT_KINDS,
  CONTENT_STATUSES,
  EDUCATION_LIMITS as L,
  QUESTION_TYPES,
  QUIZ_STATES,
} from '../../domain/education';
import { refusals } from '../shared/refusals';
import { IsoDate, Nullable, SingleLine, Timestamp, Uuid } from '../shared/schemas';

const closed = { additionalProperties: false } as const;
const Kind = Type.Enum([...CONTENT_KINDS]);
const Status = Type.Enum([...CONTENT_STATUSES]);
const QuizState = Type.Enum([...QUIZ_STATES]);
const AssigneeStatus = Type.Enum([...ASSIGNEE_STATUSES]);
const Label = Nullable(SingleLine({ maxLength: L.labelMaxLength }));
const Url = Nullable(Type.String({ maxLength: L.urlMaxLength }));

export const KindParams = Type.Object({ kind: Kind }, closed);
export const AttemptParams = Type.Object({ id: Uuid }, closed);

const QuestionBody = Type.Object(
  {
    type: Type.Enum([...QUESTION_TYPES]),
    prompt: Type.String({ maxLength: L.promptMaxLength }),
    choices: Type.Optional(Type.Array(Type.String({ maxLength: L.choiceMaxLength }), { maxItems: L.maxChoices })),
    correct: Type.Array(Type.Integer({ minimum: 0, maximum: L.maxChoices }), { maxItems: L.maxChoices }),
  },
  closed,
);

const SettingsBody = Type.Object(
  {
    shuffleQuestions: Type.Optional(Type.Boolean()),
    shuffleAnswers: Type.Optional(Type.Boolean()),
    maxAttempts: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: L.maxAttempts }))),
    allowContinue: Type.Optional(Type.Boolean()),
    timeLimitMinutes: Type.Number({ minimum: 0, maximum: 1000 }),
    passingScore: Type.Integer({ minimum: 0, maximum: 100 }),
    dueDate: Type.Optional(Nullable(IsoDate)),
    excludedEmails: Type.Optional(Type.Array(Type.String({ maxLength: 254 }), { maxItems: 200 })),
  },
  closed,
);

const contentFields = {
  headline: SingleLine({ maxLength: L.headlineMaxLength }),
  topic: Type.Optional(Label),
  category: Type.Optional(Label),
  author: Type.Optional(Label),
  estimatedMinutes: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: L.maxEstimatedMinutes }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: L.courseDescriptionUnderChars + 1000 }))),
  articleText: Type.Optional(Nullable(Type.String({ maxLength: 200_000 }))),
  videoUrl: Type.Optional(Url),
  thumbnailUrl: Type.Optional(Url),
  required: Type.Optional(Type.Boolean()),
  completeBy: Type.Optional(Nullable(IsoDate)),
  moduleIds: Type.Optional(Type.Array(Uuid, { maxItems: L.maxModules })),
  quiz: Type.Optional(
    Type.Object({ settings: SettingsBody, questions: Type.Array(QuestionBody, { maxItems: L.maxQuestions }) }, closed),
  ),
};

export const CreateContentBody = Type.Object({ kind: Kind, ...contentFields }, closed);
export const EditContentBody = Type.Object(contentFields, closed);

const ContentFields = {
  id: Uuid,
  kind: Kind,
  headline: Type.String(),
  topic: Nullable(Type.String()),
  category: Nullable(Type.String()),
  author: Nullable(Type.String()),
  estimatedMinutes: Nullable(Type.Integer()),
  description: Nullable(Type.String()),
  thumbnailUrl: Nullable(Type.String()),
  required: Type.Boolean(),
};

export const ContentRowDto = Type.Object(
  {
    ...ContentFields,
    articleText: Nullable(Type.String()),
    videoUrl: Nullable(Type.String()),
    completeBy: Nullable(IsoDate),
    status: Status,
    createdAt: Timestamp,
    updatedAt: Timestamp,
    publishedAt: Nullable(Timestamp),
  },
  closed,
);

export const LibraryQuery = Type.Object(
  {
    status: Type.Optional(Status),
    kind: Type.Optional(Kind),
    q: Type.Optional(Type.String({ maxLength: 100 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  },
  closed,
);

export const LibraryDto = Type.Object(
  {
    items: Type.Array(ContentRowDto),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
    timeZone: Type.String(),
  },
  closed,
);

const QuizQuestionDto = Type.Object(
  {
    id: Type.String(),
    type: Type.Enum([...QUESTION_TYPES]),
    prompt: Type.String(),
    choices: Type.Array(Type.Object({ id: Type.String(), text: Type.String() }, closed)),
    correctChoiceIds: Type.Array(Type.String()),
  },
  closed,
);

const QuizSettingsDto = Type.Object(
  {
    shuffleQuestions: Type.Boolean(),
    shuffleAnswers: Type.Boolean(),
    maxAttempts: Nullable(Type.Integer()),
    allowContinue: Type.Boolean(),
    timeLimitMinutes: Type.Number(),
    passingScore: Type.Integer(),
    dueDate: Nullable(IsoDate),
    excludedEmails: Type.Array(Type.String()),
  },
  closed,
);

const ProgressRowDto = Type.Object(
  {
    assignmentId: Uuid,
    dueDate: IsoDate,
    assignmentStatus: Type.String(),
    userId: Uuid,
    name: Type.String(),
    status: AssigneeStatus,
    completedAt: Nullable(Timestamp),
  },
  closed,
);

export const EditorDto = Type.Object(
  {
    ...ContentRowDto.properties,
    moduleIds: Type.Array(Uuid),
    quiz: Nullable(Type.Object({ settings: QuizSettingsDto, questions: Type.Array(QuizQuestionDto) }, closed)),
    progress: Type.Array(ProgressRowDto),
    actions: Type.Object(
      {
        canEdit: Type.Boolean(),
        canPublish: Type.Boolean(),
        canArchive: Type.Boolean(),
        canRecall: Type.Boolean(),
        canAssign: Type.Boolean(),
      },
      closed,
    ),
    timeZone: Type.String(),
  },
  closed,
);

export const AssignBody = Type.Object(
  {
    userIds: Type.Optional(Type.Array(Uuid, { maxItems: 5000 })),
    teamIds: Type.Optional(Type.Array(Uuid, { maxItems: 100 })),
    dueDate: Type.Optional(Nullable(IsoDate)),
  },
  closed,
);

export const AssignDto = Type.Object(
  { assignmentId: Uuid, workflowId: Type.String(), athletes: Type.Integer(), dueDate: IsoDate },
  closed,
);

export const HomeDto = Type.Object(
  {
    counts: Type.Object(
      {
        SAVED: Type.Optional(Type.Integer()),
        PUBLISHED: Type.Optional(Type.Integer()),
        UPDATED: Type.Optional(Type.Integer()),
        ARCHIVED: Type.Optional(Type.Integer()),
        RECALLED: Type.Optional(Type.Integer()),
      },
      closed,
    ),
    assignments: Type.Array(
      Type.Object(
        {
          id: Uuid,
          contentId: Uuid,
          headline: Type.String(),
          kind: Kind,
          dueDate: IsoDate,
          status: Type.String(),
          total: Type.Integer(),
          completed: Type.Integer(),
          overdue: Type.Integer(),
        },
        closed,
      ),
    ),
    recent: Type.Array(ContentRowDto),
    timeZone: Type.String(),
  },
  closed,
);

export const MyQuery = Type.Object(
  {
    filter: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('required')])),
    category: Type.Optional(Type.String({ maxLength: 100 })),
    kind: Type.Optional(Kind),
  },
  closed,
);

export const MyDto = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          ...ContentFields,
          dueDate: Nullable(IsoDate),
          progress: Type.Enum(['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED', 'OVERDUE']),
          completedAt: Nullable(Timestamp),
        },
        closed,
      ),
    ),
    categories: Type.Array(Type.String()),
    timeZone: Type.String(),
  },
  closed,
);

const QuizSummaryDto = Type.Object(
  {
    questionCount: Type.Integer(),
    timeLimitMinutes: Type.Number(),
    passingScore: Type.Integer(),
    maxAttempts: Nullable(Type.Integer()),
    allowContinue: Type.Boolean(),
    dueDate: Nullable(IsoDate),
    state: QuizState,
    attemptsUsed: Type.Integer(),
    openAttemptId: Nullable(Uuid),
    blockedReason: Nullable(Type.String()),
    attempts: Type.Array(
      Type.Object(
        { id: Uuid, seq: Type.Integer(), submittedAt: Timestamp, score: Type.Integer(), passed: Type.Boolean() },
        closed,
      ),
    ),
  },
  closed,
);

export const OpenContentDto = Type.Object(
  {
    ...ContentFields,
    articleText: Nullable(Type.String()),
    videoUrl: Nullable(Type.String()),
    completeBy: Nullable(IsoDate),
    completedAt: Nullable(Timestamp),
    modules: Type.Array(
      Type.Object(
        {
          id: Uuid,
          kind: Kind,
          headline: Type.String(),
          estimatedMinutes: Nullable(Type.Integer()),
          completed: Type.Boolean(),
        },
        closed,
      ),
    ),
    quiz: Nullable(QuizSummaryDto),
    timeZone: Type.String(),
  },
  closed,
);

const PublicQuestionDto = Type.Object(
  {
    id: Type.String(),
    type: Type.Enum([...QUESTION_TYPES]),
    prompt: Type.String(),
    multiple: Type.Boolean(),
    choices: Type.Array(Type.Object({ id: Type.String(), text: Type.String() }, closed)),
  },
  closed,
);

export const OpenAttemptDto = Type.Object(
  {
    id: Uuid,
    contentId: Uuid,
    seq: Type.Integer(),
    startedAt: Timestamp,
    deadlineAt: Nullable(Timestamp),
    serverNow: Timestamp,
    maxAttempts: Nullable(Type.Integer()),
    questions: Type.Array(PublicQuestionDto),
    answers: Type.Record(Type.String(), Type.Array(Type.String())),
  },
  closed,
);

const ResultDto = Type.Object(
  {
    id: Uuid,
    contentId: Uuid,
    headline: Type.String(),
    seq: Type.Integer(),
    submittedAt: Timestamp,
    score: Type.Integer(),
    passed: Type.Boolean(),
    passingScore: Type.Integer(),
    correct: Type.Integer(),
    total: Type.Integer(),
    state: QuizState,
    attemptsUsed: Type.Integer(),
    maxAttempts: Nullable(Type.Integer()),
    canRetry: Type.Boolean(),
    blockedReason: Nullable(Type.String()),
    questions: Type.Array(
      Type.Object(
        {
          id: Type.String(),
          prompt: Type.String(),
          choices: Type.Array(Type.Object({ id: Type.String(), text: Type.String() }, closed)),
          chosen: Type.Array(Type.String()),
          correctChoiceIds: Type.Array(Type.String()),
          correct: Type.Boolean(),
        },
        closed,
      ),
    ),
  },
  closed,
);

export const AttemptDto = Type.Object({ open: Nullable(OpenAttemptDto), result: Nullable(ResultDto) }, closed);

export const AnswerBody = Type.Object(
  {
    questionId: Type.String({ maxLength: 100 }),
    choiceIds: Type.Array(Type.String({ maxLength: 100 }), { maxItems: L.maxChoices }),
  },
  closed,
);
export const AnswerDto = Type.Object({ attemptId: Uuid, answered: Type.Integer(), serverNow: Timestamp }, closed);
export const SubmitBody = Type.Object(
  {
    answers: Type.Optional(
      Type.Record(
        Type.String({ maxLength: 100 }),
        Type.Array(Type.String({ maxLength: 100 }), { maxItems: L.maxChoices }),
      ),
    ),
  },
  closed,
);

const CONTENT_RULES = {
  MANDATORY_FIELD: 'when the headline is blank, an article has no text, a video no link, or a quiz no settings',
  ARTICLE_TOO_LONG: `when an article has more than ${L.articleMaxWords} words`,
  CONTENT_DESCRIPTION_TOO_LONG: `when a description has ${L.descriptionUnderChars} characters or more`,
  COURSE_DESCRIPTION_TOO_LONG: `when a course's description has ${L.courseDescriptionUnderChars} characters or more`,
  COURSE_MODULES_REQUIRED: "when a course lists no modules, or one that is not the school's content (or a course)",
  CONTENT_COMPLETE_BY_REQUIRED: 'when required content has no complete-by date',
  INVALID_LINK: 'when a video or thumbnail link is not http or https',
  QUIZ_TOO_FEW_CHOICES: `when a multiple-choice question has fewer than ${L.quizMinChoices} answers`,
  QUIZ_TIME_LIMIT_TOO_LONG: `when the time limit is over ${L.quizMaxMinutes} minutes`,
  QUIZ_QUESTIONS_REQUIRED: 'when a quiz has no questions',
  QUIZ_QUESTION_INVALID: 'when a question has not exactly one right answer (multiple choice: at least one)',
  VALIDATION_FAILED: 'when a number or date is out of range',
};

export const CREATE_CONTENT_DESCRIPTION = `Saves new content to the library. ${refusals({
  FORBIDDEN: 'when the person is not an educator or school admin',
  ...CONTENT_RULES,
})}`;
export const EDIT_CONTENT_DESCRIPTION = `Edits content; published content becomes updated. ${refusals({
  FORBIDDEN: 'when the person is not an educator or school admin',
  NOT_FOUND: "when the content is not the school's",
  CONTENT_STATE_INVALID: 'when the content is archived',
  ...CONTENT_RULES,
})}`;
export const STATUS_DESCRIPTION = `Publishes, archives or recalls content; archiving or recalling ends its assignments. ${refusals(
  {
    FORBIDDEN: 'when the person is not an educator or school admin',
    NOT_FOUND: "when the content is not the school's",
    CONTENT_STATE_INVALID: 'when the content is in a state that refuses the action',
  },
)}`;
export const ASSIGN_DESCRIPTION = `Assigns published content to athletes and teams with a due date; starts education-assignment:<id>. ${refusals(
  {
    FORBIDDEN: 'when the person is not an educator or school admin',
    NOT_FOUND: "when the content is not the school's",
    CONTENT_NOT_ASSIGNABLE: 'when the content is not published',
    MANDATORY_FIELD: 'when neither the body nor the content gives a due date',
    VALIDATION_FAILED: 'when the due date is in the past',
    NO_ELIGIBLE_RECIPIENTS: 'when no active athlete of the school is among the people and teams',
    WORKFLOW_UNAVAILABLE: 'when the assignment process cannot start (nothing is stored)',
  },
)}`;
export const COMPLETE_DESCRIPTION = `Marks an article, video or presentation completed by the athlete. ${refusals({
  NOT_FOUND: "when the content is not the school's or not published",
  CONTENT_STATE_INVALID: 'for a quiz (passing completes it) or a course (its modules complete it)',
})}`;
export const START_ATTEMPT_DESCRIPTION = `Opens a quiz attempt; the server fixes its deadline. ${refusals({
  NOT_FOUND: "when the quiz is not the school's or not published",
  QUIZ_ATTEMPTS_USED: 'when every allowed attempt has been used',
  QUIZ_ALREADY_PASSED: 'when the athlete has already passed the quiz',
})}`;
export const ANSWER_DESCRIPTION = `Saves one answer of an open attempt. ${refusals({
  NOT_FOUND: "when the attempt is not the athlete's own",
  QUIZ_ATTEMPT_CLOSED: 'when the attempt was already submitted',
  QUIZ_TIME_UP: "when the server's clock has passed the attempt's deadline",
  VALIDATION_FAILED: 'when the question or a choice is not part of the quiz, or a single-answer question gets several',
})}`;
export const SUBMIT_DESCRIPTION = `Submits an attempt and grades it on the server; the right answers come back only now. ${refusals(
  {
    NOT_FOUND: "when the attempt is not the athlete's own",
    QUIZ_ATTEMPT_CLOSED: 'when the attempt was already submitted',
    QUIZ_TIME_UP:
      "when the server's clock has passed the deadline (the attempt is closed on the answers saved in time)",
    VALIDATION_FAILED: 'when an answer names a question or choice not in the quiz',
  },
)}`;

export const AudienceDto = Type.Object(
  {
    teams: Type.Array(Type.Object({ id: Uuid, name: Type.String(), athletes: Type.Integer() }, closed)),
    athletes: Type.Array(Type.Object({ id: Uuid, name: Type.String() }, closed)),
  },
  closed,
);
