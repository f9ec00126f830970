import { describe, expect, it } from 'vitest';
import type { CaraCheck, CaraViolation } from './cara-check.api';
import { canDismissViolation, moveDecision, openWarnings, saveBlockedReasons } from './cara-check';

// fixed-date fixture: dismissal timestamps carried through the view, never compared with the clock.

const violation = (key: string, over: Partial<CaraViolation> = {}): CaraViolation =>
  ({
    key,
    ruleId: 'WEEKLY_HOURS_IN_SEASON',
    athleteId: 'a',
    athleteName: 'Avery Adams',
    message: 'Over 20 hours in the week',
    isNew: false,
    dismissal: null,
    ...over,
  }) as CaraViolation;

const check = (over: Partial<CaraCheck> = {}): CaraCheck => ({
  status: 'OK',
  error: null,
  blocking: [],
  violations: [],
  weeks: [],
  ...over,
});
const MULTI = { code: 'CARA_MULTIPLE_TEAMS', message: 'Multiple teams block CARA events.' };

describe('saving after the Bylaw 17 check', () => {
  it('is blocked only by the blocking list, in the catalogue’s words, each reason once', () => {
    expect(saveBlockedReasons(undefined)).toEqual([]);
    expect(saveBlockedReasons(check({ violations: [violation('w', { isNew: true })] }))).toEqual([]);
    expect(saveBlockedReasons(check({ blocking: [MULTI, MULTI] }))).toEqual(['Multiple teams block CARA events.']);
  });

  it('lists open warnings, the new ones first, without the dismissed', () => {
    const old = violation('old');
    const fresh = violation('new', { isNew: true });
    const gone = violation('gone', {
      isNew: true,
      dismissal: { reason: 'OTHER', note: 'n', dismissedAt: '2026-01-01T00:00:00Z' },
    });
    expect(openWarnings(check({ violations: [old, gone, fresh] })).map((v) => v.key)).toEqual(['new', 'old']);
  });

  it('shows each rule once before any rule repeats, so one athlete per line cannot hide another rule', () => {
    const blackout = (n: number) => violation(`blackout-${n}`, { isNew: true, ruleId: 'FINAL_EXAM_BLACKOUT' });
    const weekly = violation('weekly', { isNew: true });
    const daily = violation('daily', { isNew: true, ruleId: 'DAILY_HOURS' });
    const keys = openWarnings(check({ violations: [blackout(1), blackout(2), blackout(3), weekly, daily] })).map(
      (v) => v.key,
    );
    expect(keys.slice(0, 3).sort()).toEqual(['blackout-1', 'daily', 'weekly']);
    expect(keys.slice(3)).toEqual(['blackout-2', 'blackout-3']);
  });
});

describe('moving an event on the calendar', () => {
  it('saves at once when the event is not countable, cannot be checked, or stays within the limits', () => {
    expect(moveDecision(check({ status: 'NOT_COUNTABLE' }))).toEqual({ kind: 'save' });
    expect(
      moveDecision(
        check({ status: 'NOT_APPLICABLE', error: { code: 'NO_ACADEMIC_YEAR', message: 'No academic year.' } }),
      ),
    ).toEqual({ kind: 'save' });
    expect(moveDecision(check())).toEqual({ kind: 'save' });
    const dismissed = violation('d', {
      dismissal: { reason: 'OTHER', note: 'n', dismissedAt: '2026-01-01T00:00:00Z' },
    });
    expect(moveDecision(check({ violations: [dismissed] }))).toEqual({ kind: 'save' });
  });

  it('asks to confirm when the moved times leave warnings, listing them', () => {
    const decision = moveDecision(check({ violations: [violation('old'), violation('new', { isNew: true })] }));
    expect(decision.kind).toBe('confirm');
    expect(decision.kind === 'confirm' && decision.warnings.map((v) => v.key)).toEqual(['new', 'old']);
  });

  it('refuses a blocked move even with warnings', () => {
    expect(moveDecision(check({ blocking: [MULTI], violations: [violation('w', { isNew: true })] }))).toEqual({
      kind: 'refuse',
      reasons: ['Multiple teams block CARA events.'],
    });
  });
});

describe('dismissing from the log screen', () => {
  it('offers Dismiss on open violations to those who may dismiss', () => {
    expect(canDismissViolation({ canDismiss: true }, { dismissal: null })).toBe(true);
    expect(canDismissViolation({ canDismiss: false }, { dismissal: null })).toBe(false);
    expect(
      canDismissViolation(
        { canDismiss: true },
        { dismissal: { reason: 'OTHER', note: 'n', dismissedAt: '2026-01-01T00:00:00Z' } },
      ),
    ).toBe(false);
  });
});
