import { describe, expect, it } from 'vitest';
import { checkPacketWorkflow } from '../../domain/packet-workflow';
import { checkDefinition } from '../../form-engine';
import { demoPacketDefinitions } from './demo-packets';

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
});
