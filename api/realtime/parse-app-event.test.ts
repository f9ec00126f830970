import { describe, expect, it } from 'vitest';
import { parseAppEvent } from './parse-app-event';

describe('app events', () => {
  it('reads a task change for a person or, without one, for a role of the school', () => {
    expect(parseAppEvent(JSON.stringify({ type: 'tasks_changed', schoolId: 's1', userId: 'u1' }))).toEqual({
      type: 'tasks_changed',
      schoolId: 's1',
      userId: 'u1',
    });
    expect(parseAppEvent(JSON.stringify({ type: 'tasks_changed', schoolId: 's1', userId: null }))).toEqual({
      type: 'tasks_changed',
      schoolId: 's1',
      userId: null,
    });
    expect(parseAppEvent(JSON.stringify({ type: 'tasks_changed' }))).toBeNull();
  });
});
