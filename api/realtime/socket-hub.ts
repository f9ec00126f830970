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

  add(userId: string, socket: PushSocket): () => void {
    const set = this.byUser.get(userId) ?? new Set<PushSocket>();
    set.add(socket);
    this.byUser.set(userId, set);
    return () => {
      set.delete(socket);
      if (set.size === 0) this.byUser.delete(userId);
    };
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

  /** Closes a user's sockets, e.g. when the account is deactivated. */
  disconnect(userId: string, reason: string): void {
    for (const socket of this.byUser.get(userId) ?? []) socket.close(4401, reason);
    this.byUser.delete(userId);
  }

  connectedUsers(): number {
    return this.byUser.size;
  }
}
