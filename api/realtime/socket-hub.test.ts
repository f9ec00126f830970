import { describe, expect, it } from 'vitest';
import { parseAppEvent } from './parse-app-event';
import { SocketHub, type PushSocket } from './socket-hub';

function fakeSocket(open = true): PushSocket & { sent: string[]; closed: number | null } {
  return {
    readyState: open ? 1 : 3,
    sent: [],
    closed: null,
    send(data: string) {
      this.sent.push(data);
    },
    close(code?: number) {
      this.closed = code ?? 1000;
    },
  };
}

describe('SocketHub', () => {
  it('pushes to every open socket of the addressed user only', () => {
    const hub = new SocketHub();
    const a1 = fakeSocket();
    const a2 = fakeSocket();
    const closed = fakeSocket(false);
    const b = fakeSocket();
    hub.add('a', a1);
    const removeA2 = hub.add('a', a2);
    hub.add('a', closed);
    hub.add('b', b);
    expect(hub.push('a', { hello: 1 })).toBe(2);
    expect(a1.sent).toEqual(['{"hello":1}']);
    expect(b.sent).toEqual([]);
    removeA2();
    expect(hub.push('a', 'x')).toBe(1);
    expect(hub.push('nobody', 'x')).toBe(0);
  });

  it('knows whom it has sockets for, until their last socket is removed', () => {
    const hub = new SocketHub();
    const remove1 = hub.add('a', fakeSocket());
    const remove2 = hub.add('a', fakeSocket());
    expect(hub.isConnected('a')).toBe(true);
    expect(hub.isConnected('b')).toBe(false);
    remove1();
    expect(hub.isConnected('a')).toBe(true);
    remove2();
    expect(hub.isConnected('a')).toBe(false);
  });

  it('disconnects a user’s sockets', () => {
    const hub = new SocketHub();
    const s = fakeSocket();
    hub.add('a', s);
    hub.disconnect('a', 'signed out');
    expect(s.closed).toBe(4401);
    expect(hub.connectedUsers()).toBe(0);
  });
});

describe('parseAppEvent', () => {
  it('accepts the known events and ignores anything else', () => {
    expect(parseAppEvent('{"type":"notification","schoolId":"s","userId":"u","notificationId":"n"}')).toEqual({
      type: 'notification',
      schoolId: 's',
      userId: 'u',
      notificationId: 'n',
    });
    expect(parseAppEvent('{"type":"user_signed_out","schoolId":"s","userId":"u"}')).toEqual({
      type: 'user_signed_out',
      schoolId: 's',
      userId: 'u',
    });
    expect(parseAppEvent('{"type":"notification","schoolId":"s","userId":"u"}')).toBeNull();
    expect(parseAppEvent('{"type":"other","schoolId":"s","userId":"u"}')).toBeNull();
    expect(parseAppEvent('not json')).toBeNull();
    expect(parseAppEvent('42')).toBeNull();
  });
});
