/** The part of a WebSocket the hub uses (kept structural so the hub is testable without sockets). */
export interface PushSocket {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

/** This process's open sockets per user; events arrive via Postgres NOTIFY, so every API instance pushes its own. */
export class SocketHub {
  private readonly byUser = new Map<string, Set<PushSocket>>();
  private readonly bySchool = new Map<string, Set<PushSocket>>();

  add(userId: string, socket: PushSocket, schoolId?: string): () => void {
    const set = this.byUser.get(userId) ?? new Set<PushSocket>();
    set.add(socket);
    this.byUser.set(userId, set);
    const school = schoolId ? (this.bySchool.get(schoolId) ?? new Set<PushSocket>()) : null;
    if (schoolId && school) {
      school.add(socket);
      this.bySchool.set(schoolId, school);
    }
    return () => {
      set.delete(socket);
      if (set.size === 0) this.byUser.delete(userId);
      if (schoolId && school) {
        school.delete(socket);
        if (school.size === 0) this.bySchool.delete(schoolId);
      }
    };
  }

  /** Sends to every open socket of a school's users (ids-only change events; each browser refetches). */
  pushSchool(schoolId: string, message: unknown): number {
    const set = this.bySchool.get(schoolId);
    if (!set) return 0;
    const data = JSON.stringify(message);
    let sent = 0;
    for (const socket of set) {
      if (socket.readyState !== OPEN) continue;
      socket.send(data);
      sent += 1;
    }
    return sent;
  }

  /** Sends to every open socket of the user; returns how many got it. */
  push(userId: string, message: unknown): number {
    const set = this.byUser.get(userId);
    if (!set) return 0;
    const data = JSON.stringify(message);
    let sent = 0;
    for (const socket of set) {
      if (socket.readyState !== OPEN) continue;
      socket.send(data);
      sent += 1;
    }
    return sent;
  }

  /** Whether the user has a socket open here (a notification is read from the database only for such a user). */
  isConnected(userId: string): boolean {
    return this.byUser.has(userId);
  }

  /** Closes a user's sockets, e.g. when the account is deactivated. */
  disconnect(userId: string, reason: string): void {
    for (const socket of this.byUser.get(userId) ?? []) socket.close(4401, reason);
    this.byUser.delete(userId);
  }

  connectedUsers(): number {
    return this.byUser.size;
  }
}
