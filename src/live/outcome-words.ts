// Pure: how a failed write or quote is told. The client's errors carry what happened; these turn
// it into the outcome kinds of types.ts and words a person can act on (all safe to show: the
// client already scrubbed the server's text).
import type { NetworkError } from '../client/index.js';
import { ApiError, describeApiError } from '../client/index.js';

/** The write actions the audit log and the session's `forbidden` set know. */
export type WriteAction = 'decline' | 'approve' | 'create';

/**
 * The request field a 400's message names. The sandbox (and the API's validation) starts the
 * message with the dotted path: `fromAmount: must be greater than zero`, `params.quoteId: quote …
 * expired`. `body:` / `query:` name the whole request, not a field.
 */
export function fieldOf(message: string): string | undefined {
  const match = /^([A-Za-z_$][\w$-]*(?:\.[\w$-]+)*)\s*:\s/.exec(message.trim());
  const field = match?.[1];
  return field === undefined || field === 'body' || field === 'query' ? undefined : field;
}

/**
 * Whether a request that got no answer surely never reached the server: the connection was never
 * made (refused, no such host, no route, TLS refused). Anything else (a reset, a timeout after
 * sending) may have been acted on.
 */
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

export function surelyNotSent(err: NetworkError): boolean {
  return !err.timedOut && err.code !== undefined && NEVER_SENT.has(err.code);
}

const DOING: Record<WriteAction, string> = {
  decline: 'decline transactions',
  approve: 'approve transactions',
  create: 'create transactions',
};

const DONE: Record<WriteAction, string> = {
  decline: 'declined',
  approve: 'approved',
  create: 'created',
};

/** 409 on decline/approve: the row was refreshed; `status` is what it is now (if the refresh worked). */
export function conflictWords(action: WriteAction, err: ApiError, status: string | undefined): string {
  const server = err.message ? ` (the server said: ${err.message})` : '';
  if (action === 'create') {
    return `this externalId was already used for another request; nothing new was created${server}`;
  }
  if (status === undefined) return `someone approved or declined it first; the row could not be refreshed${server}`;
  if (status === 'waiting-approval') return `the server refused: ${err.message || 'conflict (409)'}; it is still waiting-approval`;
  return `someone approved or declined it first: it is now ${status}${server}`;
}

export function forbiddenWords(action: WriteAction, err: ApiError): string {
  const server = err.message ? ` (the server said: ${err.message})` : '';
  return `this key's role cannot ${DOING[action]} (403); the action is hidden for the rest of this session${server}`;
}

/**
 * No answer. `status` is the refreshed row's status when the outcome is unknown and a refresh
 * worked; `createdId` the transaction a lost create's externalId found.
 */
export function networkWords(
  action: WriteAction,
  err: NetworkError,
  changed: 'no' | 'unknown',
  status: string | undefined,
  createdId?: string,
): string {
  const why = err.timedOut ? `no answer in time (${err.message})` : err.message;
  if (changed === 'no') return `nothing was sent (${why}): nothing changed; try again`;
  if (action === 'create' && createdId !== undefined) {
    return `no answer (${why}), but it was created: ${createdId} is now ${status ?? 'unknown'}`;
  }
  if (action === 'create') {
    return `no answer (${why}): it may or may not have been ${DONE.create}; try again: the same externalId cannot create it twice`;
  }
  const now = status === undefined ? 'the row could not be refreshed' : `it is now ${status}`;
  return `no answer (${why}): it may or may not have been ${DONE[action]}; ${now}`;
}

/** A refusal other than 409/403: the server's own text for a 400 (it names the field), else our sentence. */
export function refusedWords(err: ApiError): string {
  if (err.status === 400 && err.message) return err.message;
  // describeApiError appends the correlation id; the outcome carries it on its own.
  const init: ConstructorParameters<typeof ApiError>[0] = {
    status: err.status,
    code: err.code,
    message: err.message,
    method: err.method,
    path: err.path,
  };
  if (err.retryAfterSeconds !== undefined) init.retryAfterSeconds = err.retryAfterSeconds;
  return describeApiError(new ApiError(init));
}
