import type { CheckResult } from '../../../../api/cara/cara.schemas';

type Check = Pick<CheckResult, 'status' | 'blocking' | 'violations'>;
type Violation = CheckResult['violations'][number];

/**
 * What stops an event from being saved, in the catalogue's words (e.g. "Multiple teams block CARA events."); empty when
 * nothing does. Bylaw 17 warnings never stop a save: only the check's blocking list does.
 */
export function saveBlockedReasons(check: Pick<Check, 'blocking'> | null | undefined): string[] {
  return [...new Set((check?.blocking ?? []).map((b) => b.message))];
}

/**
 * The warnings a person should read before saving: open (not dismissed) violations, the ones the change causes first,
 * and within those each rule's first line before any rule's repeats. The list shows only its first lines, and a
 * week in the exam blackout gives one line per athlete: without the round, those would hide the weekly limit.
 */
export function openWarnings(check: Pick<Check, 'violations'> | null | undefined): Violation[] {
  const open = (check?.violations ?? []).filter((v) => !v.dismissal);
  const seen = new Map<string, number>();
  const round = new Map<Violation, number>();
  for (const v of open) {
    const group = `${v.isNew}:${v.ruleId}`;
    const n = seen.get(group) ?? 0;
    seen.set(group, n + 1);
    round.set(v, n);
  }
  return open.sort((a, b) => Number(b.isNew) - Number(a.isNew) || round.get(a)! - round.get(b)!);
}

/** What a drag or resize of an event on the calendar does once the Bylaw 17 check has answered. */
export type MoveDecision =
  { kind: 'save' } | { kind: 'confirm'; warnings: Violation[] } | { kind: 'refuse'; reasons: string[] };

/**
 * A move is refused when the check blocks it, asks for confirmation when the moved times leave open Bylaw 17 warnings
 * in the weeks they touch (those the move causes listed first), and is saved at once otherwise (not countable, not
 * checkable, or within the limits).
 */
export function moveDecision(check: Check): MoveDecision {
  const reasons = saveBlockedReasons(check);
  if (reasons.length > 0) return { kind: 'refuse', reasons };
  if (check.status !== 'OK') return { kind: 'save' };
  const warnings = openWarnings(check);
  return warnings.length > 0 ? { kind: 'confirm', warnings } : { kind: 'save' };
}

/** Whether a log's violation shows a Dismiss control: for those who may dismiss (coaches and admins of the team), while open. */
export function canDismissViolation(log: { canDismiss: boolean }, violation: { dismissal: unknown }): boolean {
  return log.canDismiss && !violation.dismissal;
}
