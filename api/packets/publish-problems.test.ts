import { describe, expect, it } from 'vitest';
import type { FormVersion } from '../../form-engine';
import { findPublishProblems, publishRefusal, type PublishCheckInput } from './publish-problems';

const version: FormVersion = {
  id: 'f1-v1',
  formId: 'f1',
  version: 1,
  name: 'Medical',
  kind: 'long',
  elements: [{ id: 'name', type: 'shortText', dataLabel: 'name', label: 'Name' }],
  conditions: [],
};

const ready: PublishCheckInput = {
  name: 'Medical packet',
  description: 'Before the season',
  formIds: ['f1'],
  forms: [{ formId: 'f1', name: 'Medical', published: true, definition: version }],
  workflow: {
    steps: [{ id: 's', kind: 'SUBMITTER', name: 'Fill', actors: [{ kind: 'RECIPIENT' }], questionIds: ['f1:name'] }],
    edges: [],
  },
  senders: { userIds: [], groups: ['SCHOOL_ADMINS'] },
};

describe('what blocks publishing a packet', () => {
  it('finds nothing in a packet that is ready', () => {
    expect(findPublishProblems(ready)).toEqual([]);
  });

  it('lists every problem at once, each with the tab or form where it is fixed', () => {
    const problems = findPublishProblems({
      ...ready,
      description: ' ',
      forms: [{ ...ready.forms[0]!, published: false }],
      workflow: { ...ready.workflow, steps: [{ ...ready.workflow.steps[0]!, questionIds: [] }] },
      senders: { userIds: [], groups: [] },
    });
    expect(problems.map((p) => [p.code, p.place])).toEqual([
      ['PACKET_NAME_OR_DESCRIPTION_EMPTY', 'basic'],
      ['PACKET_FORM_NOT_PUBLISHED', 'form'],
      ['PACKET_QUESTIONS_NOT_ALL_ASSIGNED', 'workflow'],
      ['PACKET_SEND_ACCESS_NOT_SET_UP', 'sender'],
    ]);
    expect(problems[1]).toMatchObject({ formId: 'f1', message: 'Publish the form “Medical” first.' });
    expect(problems[3]!.message).toBe('Send access not set up.');
  });

  it('refuses with the first problem and names every one in the details', () => {
    const problems = findPublishProblems({ ...ready, name: '', senders: { userIds: [], groups: [] } });
    const refusal = publishRefusal(problems);
    expect(refusal.code).toBe('PACKET_NAME_OR_DESCRIPTION_EMPTY');
    expect(refusal.details?.map((d) => d.field)).toEqual(['basic', 'sender']);
  });
});
