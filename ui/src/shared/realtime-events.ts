/**
 * Browser events the app's one WebSocket (app/use-realtime.ts) re-broadcasts so any screen can react without a
 * socket of its own.
 */
export const SUBMISSION_CHANGED_EVENT = 'app:submission-changed';

export interface SubmissionChangedDetail {
  type: 'submission_changed';
  submissionId: string;
  sentPacketId: string;
}

/** Calls `onChange` for every announced submission change until the returned function is called. */
export function onSubmissionChanged(onChange: (detail: SubmissionChangedDetail) => void): () => void {
  const listener = (event: Event) => onChange((event as CustomEvent<SubmissionChangedDetail>).detail);
  window.addEventListener(SUBMISSION_CHANGED_EVENT, listener);
  return () => window.removeEventListener(SUBMISSION_CHANGED_EVENT, listener);
}
