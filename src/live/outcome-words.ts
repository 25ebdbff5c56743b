// Pure: how a failed write or quote is told, worded once. The client's errors carry what happened;
// these turn it into the outcome kinds of types.ts and one complete sentence each (what happened
// and what it means), so a screen adds only which action it was and never says it again (all safe
// to show: the client already scrubbed the server's text).
import type { NetworkError } from '../client/index.js';
import { type ApiError, describeApiError } from '../client/index.js';
import { ACTIONS, type ActionName, type DecisionSpec, isDecision } from '../domain/actions.js';
import { withoutCorrelation } from './notices.js';

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

/** The server's own words, when it gave some. */
function serverSays(err: ApiError): string | undefined {
  const text = err.message.trim();
  return text === '' ? undefined : text;
}

/**
 * 409. For a decision the row was refreshed: `status` is what it is now (undefined when the refresh
 * failed). A decision that applies to one status: a status other than that one says it all, and
 * the server's words, which would say it again, are left out. One that applies to several (cancel,
 * before signing starts): the status alone may not explain it, so the server's words stay. A
 * create's 409 is an externalId used with another body.
 */
export function conflictWords(action: ActionName, err: ApiError, status: string | undefined): string {
  if (!isDecision(action)) {
    return `the server refused (409: ${serverSays(err) ?? 'this externalId was already used for another request'})`;
  }
  const spec: DecisionSpec = ACTIONS[action];
  const refused = `the server refused (409: ${serverSays(err) ?? 'conflict'})`;
  if (status === undefined) return `${refused}; the row could not be refreshed`;
  if (status === spec.done) return `it is already ${status}`;
  if (spec.statuses.length > 1) return `${refused}; it is now ${status}`;
  if (spec.statuses.includes(status)) return `${refused}; it is still ${status}`;
  return `it is now ${status}, no longer ${spec.which}`;
}

/** 403: a role too low or a revoked key; the session hides the action from now on (actions.ts). */
export function forbiddenWords(action: ActionName, err: ApiError): string {
  const why = serverSays(err) ?? `its role may not ${action} transactions, or the key was revoked`;
  return `the server refused this key (403: ${why}); ${action} is hidden for the rest of this session`;
}

/**
 * No answer. `status` is the refreshed row's status when the outcome is unknown and a refresh
 * worked; `createdId` the transaction a lost create's externalId found.
 */
export function networkWords(
  action: ActionName,
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
    return `${lost}: it may or may not have been ${ACTIONS.create.done}; try again: the same externalId cannot create it twice`;
  }
  const now = status === undefined ? 'the row could not be refreshed' : `it is now ${status}`;
  return `${lost}: it may or may not have been ${ACTIONS[action].done}; ${now}`;
}

/** A refusal other than 409/403: the server's own text for a 400 (it names the field), else our sentence. */
export function refusedWords(err: ApiError): string {
  if (err.status === 400 && err.message) return err.message;
  // describeApiError appends the correlation id; the outcome carries it on its own.
  return describeApiError(withoutCorrelation(err));
}
