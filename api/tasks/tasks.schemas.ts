import { Type, type Static } from 'typebox';
import { Nullable, Timestamp, Uuid } from '../shared/schemas';

/** One open step waiting on the signed-in person, wherever it comes from. */
export const MyTaskDto = Type.Object({
  id: Type.String(),
  /** The module that opened it ('packet-submission', 'disclosure', …); the UI labels it. */
  module: Type.String(),
  title: Type.String(),
  stepName: Type.String(),
  /** Where the person acts (an app path). */
  url: Nullable(Type.String()),
  createdAt: Timestamp,
  dueAt: Nullable(Timestamp),
  overdue: Type.Boolean(),
  /** Waiting on the person themselves, or on a role they hold ("any school admin"). */
  assignedTo: Type.Union([Type.Literal('me'), Type.Literal('role')]),
  /** The student-athlete the step is about, and their team, when the module names one. */
  subject: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  team: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
});
export type MyTaskDto = Static<typeof MyTaskDto>;

export const MY_TASK_DUE = ['overdue', 'today', 'week', 'later', 'none'] as const;
export const MY_TASK_SORTS = ['due', 'oldest', 'newest'] as const;

export const MyTasksQuery = Type.Object({
  module: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  due: Type.Optional(Type.Enum(MY_TASK_DUE)),
  teamId: Type.Optional(Uuid),
  sort: Type.Optional(Type.Enum(MY_TASK_SORTS)),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
});
export type MyTasksQuery = Static<typeof MyTasksQuery>;

export const MyTaskList = Type.Object({
  items: Type.Array(MyTaskDto),
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
});

export const MyTaskCounts = Type.Object({
  total: Type.Integer(),
  overdue: Type.Integer(),
  /** Open tasks per module. */
  byModule: Type.Record(Type.String(), Type.Integer()),
});
export type MyTaskCounts = Static<typeof MyTaskCounts>;

export const MyTeamList = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      sport: Type.String(),
      gender: Type.String(),
      /** Open tasks waiting on the person about this team's athletes. */
      waiting: Type.Integer(),
    }),
  ),
});

/** Open tasks of the school past their due date (counted up to 500), and the most overdue ones. */
export const OverdueTasks = Type.Object({
  total: Type.Integer(),
  byModule: Type.Record(Type.String(), Type.Integer()),
  items: Type.Array(
    Type.Object({
      id: Type.String(),
      module: Type.String(),
      title: Type.String(),
      stepName: Type.String(),
      dueAt: Timestamp,
    }),
  ),
});
export type OverdueTasks = Static<typeof OverdueTasks>;
