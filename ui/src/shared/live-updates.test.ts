import { describe, expect, it } from 'vitest';
import { ApiError, isStateMovedOn } from './api';
import { getRealtimeMode, setRealtimeMode } from './realtime-status';

describe('live updates', () => {
  it('tells a refusal because someone acted first from a real error', () => {
    expect(isStateMovedOn(new ApiError(409, 'ALREADY_DECIDED', 'This step has already been decided.'))).toBe(true);
    expect(isStateMovedOn(new ApiError(409, 'WORKFLOW_NOT_RUNNING', 'This process has already ended.'))).toBe(true);
    expect(isStateMovedOn(new ApiError(409, 'EMAIL_EXISTS', 'Email exists.'))).toBe(false);
    expect(isStateMovedOn(new ApiError(400, 'ALREADY_DECIDED', 'x'))).toBe(false);
    expect(isStateMovedOn(new Error('x'))).toBe(false);
  });

  it('keeps one realtime mode for the whole app', () => {
    setRealtimeMode('polling');
    expect(getRealtimeMode()).toBe('polling');
    setRealtimeMode('live');
    expect(getRealtimeMode()).toBe('live');
  });
});
