import { describe, expect, it } from 'vitest';
import { parseRealtimeMessage, realtimeUrl, reconnectDelay } from './realtime-message';

// fixed-date fixture: a timestamp inside a parsed message, never compared with the clock.

describe('realtime messages', () => {
  it('builds the socket URL on the page host', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/api/v1/realtime');
    expect(realtimeUrl({ protocol: 'https:', host: 'app.example.edu' })).toBe('wss://app.example.edu/api/v1/realtime');
  });

  it('recognises notification frames and ignores anything else', () => {
    const n = {
      id: 'n1',
      title: 'Hi',
      module: 'account',
      status: 'invite',
      readAt: null,
      createdAt: '2026-01-01T00:00:00Z',
    };
    expect(parseRealtimeMessage(JSON.stringify({ type: 'notification', notification: n }))).toEqual({
      type: 'notification',
      notification: n,
    });
    expect(parseRealtimeMessage('not json')).toEqual({ type: 'other' });
    expect(parseRealtimeMessage(JSON.stringify({ type: 'notification' }))).toEqual({ type: 'other' });
    expect(parseRealtimeMessage(JSON.stringify({ type: 'ping' }))).toEqual({ type: 'other' });
  });

  it("reads a change of the person's tasks (ids only: the screens refetch)", () => {
    expect(parseRealtimeMessage(JSON.stringify({ type: 'tasks_changed' }))).toEqual({ type: 'tasks_changed' });
  });

  it('backs off up to 30 seconds', () => {
    expect(reconnectDelay(0)).toBe(1000);
    expect(reconnectDelay(3)).toBe(8000);
    expect(reconnectDelay(20)).toBe(30_000);
  });
});
