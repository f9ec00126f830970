import { describe, expect, it } from 'vitest';
import { describeNextStep, joinNames, type NextStepSource } from './next-step';

const workflow: NextStepSource['workflow'] = {
  steps: [
    { id: 'fill', kind: 'SUBMITTER', name: 'Athlete fills', actors: [{ kind: 'RECIPIENT' }], questionIds: [] },
    {
      id: 'review',
      kind: 'APPROVER',
      name: 'Compliance review',
      actors: [{ kind: 'USER', userId: 'u1', name: 'Dana Whitfield' }],
      questionIds: [],
    },
    { id: 'admin', kind: 'APPROVER', name: 'Admin', actors: [{ kind: 'ROLE', role: 'SCHOOL_ADMIN' }], questionIds: [] },
    {
      id: 'doctor',
      kind: 'EXTERNAL_SIGNER',
      name: 'Doctor signs',
      actors: [{ kind: 'EXTERNAL', email: 'doc@clinic.test', firstName: 'Ann', lastName: 'Lee' }],
      questionIds: [],
    },
  ],
};

const at = (activeStepId: string | null, extra: Partial<NextStepSource> = {}): NextStepSource => ({
  status: 'SUBMITTED',
  recipientName: 'Sam Athlete',
  activeStepId,
  workflow,
  steps: [],
  ...extra,
});

describe('what happens next after acting on a submission', () => {
  it('names the approver the live state waits on', () => {
    const source = at('review', { steps: [{ stepId: 'review', status: 'ACTIVE', waitingOn: ['Dana Whitfield'] }] });
    expect(describeNextStep(source)).toBe('Waiting for approval by Dana Whitfield.');
  });

  it("falls back to the step's actors and reads a role as its label", () => {
    expect(describeNextStep(at('review'))).toBe('Waiting for approval by Dana Whitfield.');
    expect(describeNextStep(at('admin'))).toBe('Waiting for approval by a school admin.');
    const coded = at('admin', { steps: [{ stepId: 'admin', status: 'ACTIVE', waitingOn: ['SCHOOL_ADMIN'] }] });
    expect(describeNextStep(coded)).toBe('Waiting for approval by a school admin.');
    const compliance = at('admin', { steps: [{ stepId: 'admin', status: 'ACTIVE', waitingOn: ['COMPLIANCE_STAFF'] }] });
    expect(describeNextStep(compliance)).toBe('Waiting for approval by a compliance staff member.');
    expect(describeNextStep(at('doctor'))).toBe('Waiting for Ann Lee to sign.');
    expect(describeNextStep(at('fill', { status: 'CHANGE_REQUESTED' }))).toBe(
      'Waiting for Sam Athlete to fill in their part.',
    );
  });

  it('leaves out the person who just acted and says nothing while the next step is unknown', () => {
    const phase = at('review', {
      steps: [{ stepId: 'review', status: 'ACTIVE', waitingOn: ['Dana Whitfield', 'Lee Park', 'Recipient'] }],
    });
    expect(describeNextStep(phase, 'Lee Park')).toBe('Waiting for approval by Dana Whitfield and Sam Athlete.');
    expect(describeNextStep(at(null))).toBeNull();
  });

  it('says the packet is complete once it is approved', () => {
    expect(describeNextStep(at(null, { status: 'APPROVED' }))).toBe('Every step is complete: the packet is approved.');
    expect(joinNames(['A', 'B', 'C'])).toBe('A, B and C');
  });
});
