import { describe, expect, it } from 'vitest';
import { FIXED_PROCESSES } from './fixed-processes';
import { disclosureRuns, invitationRuns } from './process-runs';

const stepsOf = (key: string) => FIXED_PROCESSES.find((p) => p.key === key)!.definition.steps.map((s) => s.id);

describe('fixed process states on their maps', () => {
  it('names only steps of the disclosure review map, one active while it waits', () => {
    for (const status of ['DRAFT', 'PENDING', 'CHANGE_REQUESTED', 'APPROVED', 'REJECTED']) {
      const runs = disclosureRuns({
        status,
        reviewer: 'Dana Reyes',
        athlete: 'Ann Lee',
        updatedAt: '2026-11-23T10:00:00Z',
      });
      expect(runs.map((r) => r.stepId)).toEqual(stepsOf('disclosure-review'));
    }
    const pending = disclosureRuns({ status: 'PENDING', reviewer: 'Dana Reyes' });
    expect(pending.find((r) => r.status === 'ACTIVE')).toMatchObject({ stepId: 'review', waitingOn: ['Dana Reyes'] });
    const sentBack = disclosureRuns({ status: 'CHANGE_REQUESTED', athlete: 'Ann Lee' });
    expect(sentBack.find((r) => r.status === 'ACTIVE')).toMatchObject({ stepId: 'submit', waitingOn: ['Ann Lee'] });
    expect(disclosureRuns({ status: 'APPROVED' }).every((r) => r.status === 'DONE')).toBe(true);
  });

  it('places an invitation on its map and fails the waiting step on expiry', () => {
    expect(invitationRuns('PENDING').map((r) => r.stepId)).toEqual(stepsOf('invitation'));
    expect(invitationRuns('EXPIRED').find((r) => r.stepId === 'accept')).toMatchObject({
      status: 'FAILED',
      decision: 'EXPIRED',
    });
  });
});
