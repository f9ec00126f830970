import { useSyncExternalStore } from 'react';

/**
 * Whether the app's live connection works (app/use-realtime.ts). When the socket cannot connect (a page opened on
 * another address than the configured one is refused, a proxy without WebSockets), the app refreshes what is on
 * screen every POLL_INTERVAL_MS instead, and the header says so discreetly.
 */
export type RealtimeMode = 'connecting' | 'live' | 'polling';

export const POLL_INTERVAL_MS = 10_000;
/** Failed connection attempts in a row (never opened) after which the app polls. */
export const FAILURES_BEFORE_POLLING = 2;

let mode: RealtimeMode = 'connecting';
const listeners = new Set<() => void>();

export function setRealtimeMode(next: RealtimeMode): void {
  if (next === mode) return;
  mode = next;
  for (const listener of listeners) listener();
}

export function getRealtimeMode(): RealtimeMode {
  return mode;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRealtimeMode(): RealtimeMode {
  return useSyncExternalStore(subscribe, getRealtimeMode, getRealtimeMode);
}
