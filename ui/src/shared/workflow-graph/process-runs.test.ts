import { describe, expect, it } from 'vitest';
import { buildCanvasGraph } from './canvas-graph';
import { FIXED_PROCESSES } from './fixed-processes';
import type { StepRunState } from './packet-workflow';
import { loopCaptions, processDrawing } from './process-drawing';
import { caraLogRuns, disclosureRuns, invitationRuns, psaTransferRuns, rosterRolloverRuns } from './process-runs';

// fixed-date fixture: timestamps carried into the drawing, never compared with the clock.

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

function travelled(key: string, runs: StepRunState[]): string[] {
  const definition = FIXED_PROCESSES.find((p) => p.key === key)!.definition;
  const graph = buildCanvasGraph({ definition, runs: new Map(runs.map((r) => [r.stepId, r])), readOnly: true });
  return graph.edges.filter((e) => e.data?.travelled).map((e) => e.id);
}
const active = (runs: StepRunState[]) => runs.filter((r) => r.status === 'ACTIVE').map((r) => r.stepId);
const statusOf = (runs: StepRunState[], id: string) => runs.find((r) => r.stepId === id)?.status;
const at = '2026-11-23T10:00:00.000Z';

describe('roster rollover on its map', () => {
  it('names every step of the map in order for each status', () => {
    for (const status of ['NOT_STARTED', 'READY_FOR_REVIEW', 'COMPLETED'])
      expect(rosterRolloverRuns({ status }).map((r) => r.stepId)).toEqual(stepsOf('roster-rollover'));
    expect(rosterRolloverRuns({ status: 'SOMETHING_ELSE' })).toEqual([]);
  });

  it('waits on the coaches while declaring, nothing coloured yet', () => {
    const runs = rosterRolloverRuns({ status: 'NOT_STARTED', waitingOn: ['Casey Coach'], updatedAt: at });
    expect(runs[0]).toMatchObject({ stepId: 'rollover', status: 'ACTIVE', waitingOn: ['Casey Coach'], since: at });
    expect(active(runs)).toEqual(['rollover']);
    expect(travelled('roster-rollover', runs)).toEqual([]);
  });

  it('waits on the admins once submitted, with who submitted', () => {
    const runs = rosterRolloverRuns({
      status: 'READY_FOR_REVIEW',
      waitingOn: ['SCHOOL_ADMIN'],
      submittedBy: 'Casey Coach',
      submittedAt: at,
    });
    expect(runs[0]).toMatchObject({ status: 'DONE', decision: 'SUBMITTED', doneBy: 'Casey Coach', doneAt: at });
    expect(runs[1]).toMatchObject({ stepId: 'review', status: 'ACTIVE', waitingOn: ['SCHOOL_ADMIN'], since: at });
    expect(travelled('roster-rollover', runs)).toEqual(['rollover-review']);
  });

  it('colours the sent-back loop only while the roster is back with the coach', () => {
    const sentBack = rosterRolloverRuns({
      status: 'NOT_STARTED',
      decision: 'SENT_BACK',
      decidedBy: 'Dana Admin',
      decidedAt: at,
      loopsTaken: 1,
    });
    expect(active(sentBack)).toEqual(['rollover']);
    expect(sentBack[1]).toMatchObject({
      stepId: 'review',
      status: 'DONE',
      decision: 'SENT_BACK',
      doneBy: 'Dana Admin',
    });
    expect(travelled('roster-rollover', sentBack)).toEqual(['review-rollover']);
    // Resubmitted: the loop is history, the forward path shows the way.
    const again = rosterRolloverRuns({ status: 'READY_FOR_REVIEW', decision: 'SENT_BACK', loopsTaken: 1 });
    expect(again[0]).toMatchObject({ decision: 'RESUBMITTED' });
    expect(travelled('roster-rollover', again)).toEqual(['rollover-review']);
  });

  it('invites newcomers after approval, or skips the step when the admin chose not to', () => {
    const invited = rosterRolloverRuns({
      status: 'COMPLETED',
      decision: 'APPROVED',
      followUp: 'DONE',
      followUpCount: 3,
    });
    expect(invited.every((r) => r.status === 'DONE')).toBe(true);
    expect(invited[2]).toMatchObject({ decision: '3 athletes invited' });
    expect(travelled('roster-rollover', invited)).toEqual(['rollover-review', 'review-invite']);
    const quiet = rosterRolloverRuns({ status: 'COMPLETED', decision: 'APPROVED', followUp: 'SKIPPED' });
    expect(statusOf(quiet, 'invite')).toBe('SKIPPED');
    expect(travelled('roster-rollover', quiet)).toEqual(['rollover-review']);
  });

  it('counts the loops taken on the loop caption', () => {
    const process = FIXED_PROCESSES.find((p) => p.key === 'roster-rollover')!;
    expect(loopCaptions(process, 0)).toEqual({ 'review-rollover': 'sent back' });
    expect(loopCaptions(process, 2)).toEqual({ 'review-rollover': 'sent back · 2 times' });
    const drawn = processDrawing({ kind: 'roster-rollover', status: 'NOT_STARTED', updatedAt: at, loopsTaken: 1 });
    expect(drawn?.edgeLabels).toEqual({ 'review-rollover': 'sent back · 1 time' });
  });
});

describe('CARA log on its map', () => {
  const survey = { open: true, athletes: 4, answered: 1, disputed: 0 };

  it('names every step of the map in order for each status', () => {
    for (const status of ['NOT_STARTED', 'READY', 'SUBMITTED', 'REJECTED', 'RESUBMITTED', 'APPROVED'])
      expect(caraLogRuns({ status, survey }).map((r) => r.stepId)).toEqual(stepsOf('cara-log'));
  });

  it('waits for the period to end before the log exists', () => {
    const runs = caraLogRuns({ status: 'NOT_STARTED', updatedAt: at });
    expect(runs[0]).toMatchObject({ stepId: 'submit', status: 'ACTIVE', waitingOn: ['the end of the period'] });
    expect(statusOf(runs, 'survey')).toBe('PENDING');
    expect(travelled('cara-log', runs)).toEqual([]);
  });

  it('waits on the submitters while ready, and on the athletes still to answer the survey', () => {
    const runs = caraLogRuns({ status: 'READY', waitingOn: ['Casey Coach'], survey });
    expect(active(runs)).toEqual(['submit', 'survey']);
    expect(runs[1]).toMatchObject({ waitingOn: ['3 athletes'] });
    expect(travelled('cara-log', runs)).toEqual([]);
  });

  it('is in review once submitted; a team without a survey skips that step', () => {
    const runs = caraLogRuns({
      status: 'SUBMITTED',
      submittedBy: 'Casey Coach',
      submittedAt: at,
      waitingOn: ['Dana Admin'],
      survey: null,
    });
    expect(active(runs)).toEqual(['review']);
    expect(runs[0]).toMatchObject({ status: 'DONE', decision: 'SUBMITTED', doneBy: 'Casey Coach' });
    expect(statusOf(runs, 'survey')).toBe('SKIPPED');
    expect(runs[2]).toMatchObject({ waitingOn: ['Dana Admin'] });
    const nobodyAsked = caraLogRuns({
      status: 'SUBMITTED',
      survey: { open: true, athletes: 0, answered: 0, disputed: 0 },
    });
    expect(statusOf(nobodyAsked, 'survey')).toBe('SKIPPED');
  });

  it('colours the rejected loop only while the log is back with the submitters', () => {
    const rejected = caraLogRuns({
      status: 'REJECTED',
      decision: 'REJECTED',
      decidedBy: 'Dana Admin',
      loopsTaken: 1,
      survey: { open: false, athletes: 4, answered: 4, disputed: 1 },
    });
    expect(active(rejected)).toEqual(['submit']);
    expect(rejected[1]).toMatchObject({ status: 'DONE', decision: '4 of 4 answered, 1 disputed' });
    expect(travelled('cara-log', rejected)).toEqual(['survey-review', 'review-submit']);
    const resubmitted = caraLogRuns({ status: 'RESUBMITTED', decision: 'REJECTED', loopsTaken: 1, survey: null });
    expect(resubmitted[0]).toMatchObject({ decision: 'RESUBMITTED' });
    expect(travelled('cara-log', resubmitted)).not.toContain('review-submit');
    // An admin reopening an approved log sends it back the same way.
    const reopened = caraLogRuns({ status: 'READY', decision: 'REOPENED', decidedBy: 'Dana Admin', survey: null });
    expect(reopened[2]).toMatchObject({ status: 'DONE', decision: 'REOPENED' });
    expect(travelled('cara-log', reopened)).toContain('review-submit');
  });

  it('is all done once approved with the survey closed', () => {
    const runs = caraLogRuns({
      status: 'APPROVED',
      decision: 'APPROVED',
      survey: { open: false, athletes: 2, answered: 2, disputed: 0 },
    });
    expect(runs.every((r) => r.status === 'DONE')).toBe(true);
    expect(travelled('cara-log', runs)).toEqual(['submit-survey', 'survey-review']);
  });
});

describe('prospect transfer on its map', () => {
  it('names every step of the map in order for each status', () => {
    for (const status of ['PENDING', 'APPROVED', 'REJECTED'])
      expect(psaTransferRuns({ status }).map((r) => r.stepId)).toEqual(stepsOf('psa-transfer'));
  });

  it('waits on the school admins after the coach requested it', () => {
    const runs = psaTransferRuns({ status: 'PENDING', submittedBy: 'Casey Coach', submittedAt: at, waitingOn: [] });
    expect(runs[0]).toMatchObject({ status: 'DONE', decision: 'REQUESTED', doneBy: 'Casey Coach' });
    expect(runs[1]).toMatchObject({ stepId: 'approve', status: 'ACTIVE', waitingOn: ['SCHOOL_ADMIN'] });
    expect(travelled('psa-transfer', runs)).toEqual(['request-approve']);
  });

  it('invites the athlete once approved, and fails the approval step on rejection', () => {
    const approved = psaTransferRuns({ status: 'APPROVED', decision: 'APPROVED', followUp: 'DONE' });
    expect(approved.every((r) => r.status === 'DONE')).toBe(true);
    expect(travelled('psa-transfer', approved)).toEqual(['request-approve', 'approve-notify']);
    const known = psaTransferRuns({ status: 'APPROVED', decision: 'APPROVED', followUp: 'SKIPPED' });
    expect(statusOf(known, 'notify')).toBe('SKIPPED');
    const rejected = psaTransferRuns({ status: 'REJECTED', decision: 'REJECTED', decidedBy: 'Dana Admin' });
    expect(rejected[1]).toMatchObject({ status: 'FAILED', decision: 'REJECTED', doneBy: 'Dana Admin' });
    expect(statusOf(rejected, 'notify')).toBe('PENDING');
    expect(active(rejected)).toEqual([]);
  });
});
