import { describe, expect, it } from 'vitest';
import { checkPacketWorkflow } from '../../domain/packet-workflow';
import { checkDefinition } from '../../form-engine';
import { DEMO_SEND_HISTORY } from './demo-packet-history';
import { demoPacketDefinitions, demoProcessPacketDefinitions } from './demo-packets';

describe('demo packet', () => {
  it('has valid forms and a valid submitter → approver-with-signature workflow', () => {
    const { ids, medical, contact, workflow } = demoPacketDefinitions();
    expect(checkDefinition(medical)).toEqual([]);
    expect(checkDefinition(contact)).toEqual([]);
    const forms = [
      { formId: ids.medical, version: medical },
      { formId: ids.contact, version: contact },
    ];
    expect(checkPacketWorkflow(workflow, forms)).toEqual([]);
    expect(workflow.steps.map((s) => s.kind)).toEqual(['SUBMITTER', 'APPROVER_WITH_SIGNATURE']);
  });

  it('has valid packets behind the two stuck processes: a named approver, and a welcome letter first', () => {
    const { ids, contact } = demoPacketDefinitions();
    const forms = [{ formId: ids.contact, version: contact }];
    const { awayTrip, conditioning } = demoProcessPacketDefinitions({
      userId: '6f1e2c3a-0b4d-4e5f-8a9b-0c1d2e3f4a99',
      name: 'Lena Ortiz',
    });
    expect(checkPacketWorkflow(awayTrip, forms)).toEqual([]);
    expect(checkPacketWorkflow(conditioning, forms)).toEqual([]);
    expect(awayTrip.steps[1]!.actors).toEqual([expect.objectContaining({ kind: 'USER' })]);
    expect(conditioning.steps.map((s) => s.kind)).toEqual(['EMAIL_NOTIFICATION', 'SUBMITTER']);
  });
});

describe('demo send history', () => {
  it('keeps fourteen sends of fifty-three submissions, open ones only in the latest send', () => {
    expect(DEMO_SEND_HISTORY).toHaveLength(14);
    expect(DEMO_SEND_HISTORY.reduce((n, s) => n + s.outcomes.length, 0)).toBe(53);
    const latest = Math.min(...DEMO_SEND_HISTORY.map((s) => s.daysAgo));
    for (const send of DEMO_SEND_HISTORY) {
      const open = send.outcomes.some((o) => o === 'S' || o === 'P');
      // A workflow's expiry timer counts from its real start: an open submission in an old send would be a lie.
      expect(open).toBe(send.daysAgo === latest);
    }
  });
});
