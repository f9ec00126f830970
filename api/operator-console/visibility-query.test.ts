import { describe, expect, it } from 'vitest';
import { buildVisibilityQuery, quoteValue } from './visibility-query';

// fixed-date fixture: the query is built from the instant it is given.

describe('buildVisibilityQuery', () => {
  it('joins the filters and always keeps to tagged processes', () => {
    expect(
      buildVisibilityQuery({
        schoolId: '0b9e6d8e-2f7a-4a53-9d6c-9e7f3f1a2b3c',
        module: 'invitation',
        status: 'Running',
        startedBefore: new Date('2026-11-23T10:00:00.000Z'),
      }),
    ).toBe(
      "SchoolId = '0b9e6d8e-2f7a-4a53-9d6c-9e7f3f1a2b3c' AND Module = 'invitation' AND ExecutionStatus = 'Running'" +
        " AND StartTime < '2026-11-23T10:00:00.000Z' AND Module IS NOT NULL",
    );
    expect(buildVisibilityQuery({})).toBe('Module IS NOT NULL');
  });

  it('escapes quotes so a value cannot widen the query', () => {
    expect(quoteValue("x' OR SchoolId != 'y")).toBe("'x\\' OR SchoolId != \\'y'");
    expect(buildVisibilityQuery({ workflowIds: ['a', "b'"] })).toBe(
      "WorkflowId IN ('a', 'b\\'') AND Module IS NOT NULL",
    );
  });
});
