// The header's connection state, derived from what the engine knows. Pure, so it is a table test.
import type { RealtimeState } from '../client/index.js';
import type { Connection } from '../store/index.js';

export interface ConnectionFacts {
  /** The realtime client's own state. */
  readonly socket: RealtimeState;
  /** A snapshot arrived on the current socket: frames are flowing. */
  readonly subscribed: boolean;
  /** The console was live at least once (a later `connecting` is a reconnect). */
  readonly everLive: boolean;
  /** The list endpoint is polled because no subscription could be had for a while. */
  readonly polling: boolean;
  /** The last read failed to reach the server at all (NetworkError), in words. */
  readonly httpDown?: string;
  /** Why the subscription was refused (an error frame), in words. */
  readonly refused?: string;
  /** Close code of the last socket that dropped. */
  readonly lastCloseCode?: number;
  /** Why it closed, in words, when the code does not say (a frame over the size limit). */
  readonly lastCloseWhy?: string;
}

export function deriveConnection(f: ConnectionFacts): Omit<Connection, 'since'> {
  const { socket } = f;
  if (socket.kind === 'logged-out') {
    return { kind: 'logged-out', detail: 'the server logged this key out (close 4000); nothing more will arrive' };
  }
  if (f.subscribed && socket.kind === 'open') return { kind: 'live' };
  if (f.httpDown !== undefined && (f.polling || socket.kind !== 'open')) {
    return { kind: 'offline', detail: f.httpDown };
  }
  const why =
    f.refused ??
    f.lastCloseWhy ??
    (f.lastCloseCode === undefined ? 'no live socket' : `socket closed (${f.lastCloseCode})`);
  if (f.polling) return { kind: 'polling', detail: why };
  if (socket.kind === 'closed') return { kind: 'offline', detail: 'the live connection was closed' };
  if (socket.kind === 'reconnecting') return { kind: 'reconnecting', attempt: socket.attempt, detail: why };
  const retrying = socket.kind === 'connecting' && socket.attempt > 1;
  if (f.everLive || f.refused !== undefined || retrying) {
    return socket.kind === 'connecting'
      ? { kind: 'reconnecting', attempt: socket.attempt, detail: why }
      : { kind: 'reconnecting', detail: why };
  }
  return { kind: 'connecting' };
}
