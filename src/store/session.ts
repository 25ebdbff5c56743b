// Who we are connected as and how the connection is doing: drives the header and the notices.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ActionName } from '../domain/actions.js';
import { addNotice, clearAnswers, clearCauses, CONNECTION_CAUSE, dropNotice, type Notice, type NoticeSpec } from './notices.js';

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

/**
 * Which setup the session uses, as config/setup.ts derives it (this room may not import config;
 * commands/console.ts hands that record over, so the two shapes are checked against each other
 * there). The header and the audit lines name it.
 */
export interface SessionSetup {
  /** profile | flags | env | demo: where base URL, workspace and key came from. */
  readonly origin: 'profile' | 'flags' | 'env' | 'demo';
  /** The profile that lent the connection something. */
  readonly profile?: string;
  /** "production": the header says so in the danger colour. */
  readonly tone?: 'production';
  /** The server's host (and port). */
  readonly host: string;
}

/**
 * The setup in one word or two, as the header and `custody audit` name it: the profile, "flags" or
 * "env" (with the profile they override: "prod+flags"), or "demo". Pure; the fields may come
 * from an audit line, so any origin is taken.
 */
export function setupLabel(setup: {
  readonly origin?: string | undefined;
  readonly profile?: string | undefined;
}): string | undefined {
  const { origin, profile } = setup;
  if (origin === undefined || origin === 'profile') return profile;
  return profile === undefined ? origin : `${profile}+${origin}`;
}

/** The host of a base URL (the URL itself when it does not parse). */
function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** The writes a session may be refused (a role or a 403 takes them away): domain/actions.ts. */
export type { ActionName };

export interface SessionState {
  readonly baseUrl: string;
  readonly workspaceId: string;
  readonly workspaceName?: string;
  readonly keyId?: string;
  readonly role?: string;
  readonly setup: SessionSetup;
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
  /**
   * Which setup (config/setup.ts). Without one (tests, tools) the connection was given directly,
   * as flags give it: origin `flags` (or `demo`), the base URL's host.
   */
  readonly setup?: SessionSetup;
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
    setup: sessionSetup(init),
    demo: init.demo ?? false,
    readOnly: init.readOnly ?? false,
    connection: { kind: 'connecting', since: init.now },
    notices: [],
    messages: [],
    forbidden: new Set(),
  };
}

/** The setup's own fields only: config's record also carries base URL and workspace, kept above. */
function sessionSetup(init: SessionInit): SessionSetup {
  const given = init.setup;
  if (given === undefined) return { origin: init.demo ? 'demo' : 'flags', host: hostOf(init.baseUrl) };
  return {
    origin: given.origin,
    ...(given.profile !== undefined ? { profile: given.profile } : {}),
    ...(given.tone !== undefined ? { tone: given.tone } : {}),
    host: given.host,
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

/** The person's next command: the answers to their earlier ones end (the same state when none is live). */
export function withAnswersCleared(state: SessionState): SessionState {
  const book = clearAnswers(state);
  return book.notices === state.notices ? state : { ...state, ...book };
}

/**
 * Sets the connection state. `since` is kept while the kind stays the same (reconnect attempt 1,
 * 2, 3 ... are one spell of reconnecting); the same state again returns the same object. Back to
 * live, the notices the connection caused (CONNECTION_CAUSE) end.
 */
export function withConnection(state: SessionState, connection: Omit<Connection, 'since'>, now: number): SessionState {
  const c = state.connection;
  const sameKind = c.kind === connection.kind;
  if (sameKind && c.attempt === connection.attempt && c.detail === connection.detail) return state;
  const next: Connection = { kind: connection.kind, since: sameKind ? c.since : now };
  const back = connection.kind === 'live' && !sameKind ? clearCauses(state, [CONNECTION_CAUSE], now) : state;
  return {
    ...state,
    ...(back.notices === state.notices ? {} : { notices: back.notices, messages: back.messages }),
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
