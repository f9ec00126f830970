import type { CaraActor, CaraLogStatus, CaraSurveyAnswer } from './bylaw17/cara';

/**
 * What the CARA log process (workflows/cara/cara-log.workflow.ts) shares with the API and its activities: the
 * process's type name, its Updates by name with their arguments, and the state an Update answers. The API starts the
 * process and sends the Updates by these names, so neither it nor an activity imports the workflow file.
 */
export type { CaraActor, CaraLogInput, CaraSurveyAnswer } from './bylaw17/cara';

export const CARA_LOG_WORKFLOW_TYPE = 'caraLogWorkflow';

/** The state every Update answers with. */
export interface CaraLogWorkflowState {
  status: CaraLogStatus;
  reminded: boolean;
  surveyClosed: boolean;
  revision: number;
}

/** The Updates a person sends to a log's process (each validator checks the actor's role and the log's state). */
export const CARA_LOG_UPDATES = {
  submit: 'submitCaraLog',
  review: 'reviewCaraLog',
  reopen: 'reopenCaraLog',
  answerSurvey: 'answerCaraSurvey',
} as const;

/** The argument of each Update. */
export interface CaraLogUpdateArgs {
  submit: { actor: CaraActor; notes?: string | null };
  review: { actor: CaraActor; decision: 'APPROVE' | 'REJECT'; notes?: string | null };
  reopen: { actor: CaraActor; notes?: string | null };
  answerSurvey: { actor: CaraActor; answers: CaraSurveyAnswer[] };
}

export const CARA_LOG_STATE_QUERY = 'caraLogState';
