// Pure: how a failed write or quote is told, worded once. The client's errors carry what happened;
// these turn it into the outcome kinds of types.ts and one complete sentence each (what happened
// and what it means), so a screen adds only which action it was and never says it again (all safe
// to show: the client already scrubbed the server's text).
import type { NetworkError } from '../client/index.js';
import { ApiError, describeApiError } from '../client/index.js';

/** The write actions the audit log and the session's `forbidden` set know. */
export type WriteAction = 'decline' | 'approve' | 'cancel' | 'create';

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

const DONE: Record<WriteAction, string> = {
  decline: 'declined',
  approve: 'approved',
  cancel: 'canceled',
  create: 'created',
};

/** The server's own words, when it gave some. */
function serverSays(err: ApiError): string | undefined {
  const text = err.message.trim();
  return text === '' ? undefined : text;
}

/**
 * 409. For decline/approve/cancel the row was refreshed: `status` is what it is now (undefined when the
 * refresh failed). A status other than waiting-approval says it all; the server's words, which
 * would say it again, are left out then. A create's 409 is an externalId used with another body.
 */
export function conflictWords(action: WriteAction, err: ApiError, status: string | undefined): string {
  if (action === 'create') {
    return `the server refused (409: ${serverSays(err) ?? 'this externalId was already used for another request'})`;
  }
  const refused = `the server refused (409: ${serverSays(err) ?? 'conflict'})`;
  if (status === undefined) return `${refused}; the row could not be refreshed`;
  if (action === 'cancel') {
    // Cancel applies before signing starts, not only while waiting: the status alone may not explain it.
    return status === 'canceled' ? 'it is already canceled' : `${refused}; it is now ${status}`;
  }
  if (status === 'waiting-approval') return `${refused}; it is still waiting-approval`;
  return `it is now ${status}, no longer waiting for approval`;
}

/** 403: a role too low or a revoked key; the session hides the action from now on (actions.ts). */
export function forbiddenWords(action: WriteAction, err: ApiError): string {
  const why = serverSays(err) ?? `its role may not ${action} transactions, or the key was revoked`;
  return `the server refused this key (403: ${why}); ${action} is hidden for the rest of this session`;
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
  if (changed === 'no') return `nothing was sent (${err.message}); try again`;
  // A timeout's message says "no answer from HOST within N s" already.
  const lost = err.timedOut ? err.message : `no answer (${err.message})`;
  if (action === 'create' && createdId !== undefined) {
    return `${lost}, but it was created: ${createdId} is now ${status ?? 'unknown'}`;
  }
  if (action === 'create') {
    return `${lost}: it may or may not have been ${DONE.create}; try again: the same externalId cannot create it twice`;
  }
  const now = status === undefined ? 'the row could not be refreshed' : `it is now ${status}`;
  return `${lost}: it may or may not have been ${DONE[action]}; ${now}`;
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
