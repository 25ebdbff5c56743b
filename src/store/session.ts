// Who we are connected as and how the connection is doing: drives the header and the notices.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RoleAction } from '../format/index.js';
import { addNotice, clearCauses, dropNotice, type Notice, type NoticeSpec } from './notices.js';

export * from './notices.js';

export type ConnectionKind =
  | 'connecting' // first load and first socket not there yet
  | 'live' // the subscription is open: updates arrive as they happen
  | 'reconnecting' // the socket dropped; retrying, gap fill follows
  | 'polling' // no socket to be had: the list endpoint is polled instead
  | 'offline' // neither socket nor HTTP answers
  | 'logged-out'; // the server closed with 4000: nothing more will arrive

export interface Connection {
  readonly kind: ConnectionKind;
  /** Reconnect attempt, when reconnecting. */
  readonly attempt?: number;
  /** Local time the state began. */
  readonly since: number;
  /** Why, in words, when it is not live (e.g. "socket closed (1006)"). */
  readonly detail?: string;
}

/** Things the console can do that change something; a role or a 403 can take them away. */
/** The writes a session may be refused (format/roles.ts names them for the role table). */
export type ActionName = RoleAction;

export interface SessionState {
  readonly baseUrl: string;
  readonly workspaceId: string;
  readonly workspaceName?: string;
  readonly keyId?: string;
  readonly role?: string;
  readonly profile?: string;
  /** The embedded sandbox with a throwaway key. */
  readonly demo: boolean;
  readonly readOnly: boolean;
  readonly connection: Connection;
  /** Local time data was last confirmed current by the server (frame or successful read). */
  readonly freshAt?: number;
  /** Reads are backing off (429/503): what and until when. */
  readonly degraded?: { readonly reason: string; readonly until?: number };
  /** Server Date minus local clock, when beyond the tolerance worth mentioning. */
  readonly clockSkewMs?: number;
  /** Live notices, oldest first (store/notices.ts says how long each holds). */
  readonly notices: readonly Notice[];
  /** The last 50 messages said, cleared ones too (the messages overlay). */
  readonly messages: readonly Notice[];
  /** Actions refused with 403 in this session: hidden from then on. */
  readonly forbidden: ReadonlySet<ActionName>;
}

export interface SessionInit {
  readonly baseUrl: string;
  readonly workspaceId: string;
  readonly keyId?: string;
  readonly role?: string;
  readonly profile?: string;
  readonly demo?: boolean;
  readonly readOnly?: boolean;
  readonly now: number;
}

export function initialSession(init: SessionInit): SessionState {
  return {
    baseUrl: init.baseUrl,
    workspaceId: init.workspaceId,
    ...(init.keyId ? { keyId: init.keyId } : {}),
    ...(init.role ? { role: init.role } : {}),
    ...(init.profile ? { profile: init.profile } : {}),
    demo: init.demo ?? false,
    readOnly: init.readOnly ?? false,
    connection: { kind: 'connecting', since: init.now },
    notices: [],
    messages: [],
    forbidden: new Set(),
  };
}

/** Says a notice (store/notices.ts: a repeat of the same words is counted, other words replace). */
export function withNotice(state: SessionState, notice: NoticeSpec, now: number): SessionState {
  return { ...state, ...addNotice(state, notice, now) };
}

/** The notices waiting for these causes end (the same state when none does). */
export function withCauseCleared(
  state: SessionState,
  causes: string | readonly string[],
  now: number,
): SessionState {
  const book = clearCauses(state, typeof causes === 'string' ? [causes] : causes, now);
  return book.notices === state.notices ? state : { ...state, ...book };
}

export function withoutNotice(state: SessionState, id: number): SessionState {
  const book = dropNotice(state, id);
  return book.notices === state.notices ? state : { ...state, ...book };
}

/**
 * Sets the connection state. `since` is kept while the kind stays the same (reconnect attempt 1,
 * 2, 3 ... are one spell of reconnecting); the same state again returns the same object.
 */
export function withConnection(state: SessionState, connection: Omit<Connection, 'since'>, now: number): SessionState {
  const c = state.connection;
  const sameKind = c.kind === connection.kind;
  if (sameKind && c.attempt === connection.attempt && c.detail === connection.detail) return state;
  const next: Connection = { kind: connection.kind, since: sameKind ? c.since : now };
  return {
    ...state,
    connection: {
      ...next,
      ...(connection.attempt === undefined ? {} : { attempt: connection.attempt }),
      ...(connection.detail === undefined ? {} : { detail: connection.detail }),
    },
  };
}

/** Data confirmed current at `at` (never moves backwards). */
export function withFreshAt(state: SessionState, at: number): SessionState {
  return state.freshAt !== undefined && state.freshAt >= at ? state : { ...state, freshAt: at };
}

/** Reads are being refused with 429/503 (or, with undefined, no longer are). */
export function withDegraded(state: SessionState, degraded: SessionState['degraded']): SessionState {
  const d = state.degraded;
  if (d === degraded || (d && degraded && d.reason === degraded.reason && d.until === degraded.until)) return state;
  // An explicit undefined, not a missing key: zustand's setState merges, and would keep the old one.
  return { ...state, degraded };
}

export function withWorkspaceName(state: SessionState, workspaceName: string): SessionState {
  return state.workspaceName === workspaceName ? state : { ...state, workspaceName };
}

export function withForbidden(state: SessionState, action: ActionName): SessionState {
  if (state.forbidden.has(action)) return state;
  return { ...state, forbidden: new Set([...state.forbidden, action]) };
}

export type SessionStore = StoreApi<SessionState>;

export function createSessionStore(init: SessionInit): SessionStore {
  return createStore<SessionState>()(() => initialSession(init));
}
