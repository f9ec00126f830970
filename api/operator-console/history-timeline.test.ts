import { defaultPayloadConverter } from '@temporalio/common';
import proto from '@temporalio/proto';
import { describe, expect, it } from 'vitest';
import { buildTimeline } from './history-timeline';

const EventType = proto.temporal.api.enums.v1.EventType;

describe('the history timeline', () => {
  it('names a role waited on and keeps ids and step names as they are', () => {
    const [entry] = buildTimeline([
      {
        eventId: 12 as never,
        eventType: EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES,
        upsertWorkflowSearchAttributesEventAttributes: {
          searchAttributes: {
            indexedFields: {
              WaitingOn: defaultPayloadConverter.toPayload(['SCHOOL_ADMIN', 'team:7f0c']),
              StepName: defaultPayloadConverter.toPayload('review'),
              Module: defaultPayloadConverter.toPayload(null),
            },
          },
        },
      },
    ]);
    expect(entry?.title).toBe('Step or tags changed');
    expect(entry?.detail).toBe('WaitingOn = School admin, team:7f0c; StepName = review; Module cleared');
  });
});
