/** Events other processes (activities, other API instances) send on EVENTS_CHANNEL. */
export type AppEvent =
  | { type: 'notification'; schoolId: string; userId: string; notificationId: string }
  | { type: 'user_signed_out'; schoolId: string; userId: string }
  | { type: 'submission_changed'; schoolId: string; submissionId: string; sentPacketId: string }
  /** A task was opened, closed or reassigned; userId is null for a role task (anyone of the school may hold it). */
  | { type: 'tasks_changed'; schoolId: string; userId: string | null };

/** Parses a NOTIFY payload; anything unexpected is ignored rather than trusted. */
export function parseAppEvent(payload: string): AppEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : null);
  const schoolId = str('schoolId');
  if (v.type === 'submission_changed') {
    const submissionId = str('submissionId');
    const sentPacketId = str('sentPacketId');
    return schoolId && submissionId && sentPacketId
      ? { type: 'submission_changed', schoolId, submissionId, sentPacketId }
      : null;
  }
  if (v.type === 'tasks_changed') return schoolId ? { type: 'tasks_changed', schoolId, userId: str('userId') } : null;
  const userId = str('userId');
  if (!schoolId || !userId) return null;
  if (v.type === 'notification') {
    const notificationId = str('notificationId');
    return notificationId ? { type: 'notification', schoolId, userId, notificationId } : null;
  }
  if (v.type === 'user_signed_out') return { type: 'user_signed_out', schoolId, userId };
  return null;
}
