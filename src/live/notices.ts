// What a failure says in the notice area, and what ends it. Keyed, so a failure that repeats
// (every poll, every retry) is one notice with a count, not a flood; the words leave out what
// changes from one attempt to the next (the correlation id, which read hit a shared cause), so a
// repeat is the same message and is counted. Those go into the notice's detail (the messages
// overlay shows it). Each notice names its cause; the engine clears it when that cause reports
// success, so "cannot reach the server" never outlives the outage.
import {
  type AnswerTooLargeError,
  ApiError,
  ContractError,
  describeApiError,
  describeClientError,
  NetworkError,
  sizeText,
} from '../client/index.js';
import { formatCount, formatDuration } from '../format/index.js';
import type { NoticeSpec as StoreNoticeSpec } from '../store/index.js';

export type NoticeSpec = StoreNoticeSpec & { readonly key: string };

/** The server can be reached: any answer ends it. */
export const SERVER_CAUSE = 'server';
/** The key is not accepted (401): any answer ends it. */
export const AUTH_CAUSE = 'auth';
/** Reads are refused for load (429/503): any answer ends it, as it ends `session.degraded`. */
export const BUSY_CAUSE = 'busy';
/** The live subscription (refused, a proxy in the way): ends when frames flow again. */
export const SOCKET_CAUSE = 'socket';
/** The feed's reads (catch-ups, polls): one answered ends another's failure. */
export const FEED_CAUSE = 'read:feed';
/** The audit log could not be written: ends when a line is written. */
export const AUDIT_CAUSE = 'audit';
/** The ceiling on the unfinished work left some out: ends when a complete read of it fits. */
export const CEILING_CAUSE = 'ceiling';

/** What any answer from the server ends. */
export const ANSWERED_CAUSES: readonly string[] = [SERVER_CAUSE, AUTH_CAUSE, BUSY_CAUSE];

/** A read's own failures (a 404, its endpoint's 403, an answer off the contract): its success ends them. */
export function readCause(what: string): string {
  return `read:${what}`;
}

/** The error without its correlation id: the id differs on every attempt, and goes into the detail. */
export function withoutCorrelation(err: ApiError): ApiError {
  const init: ConstructorParameters<typeof ApiError>[0] = {
    status: err.status,
    code: err.code,
    message: err.message,
    method: err.method,
    path: err.path,
  };
  if (err.retryAfterSeconds !== undefined) init.retryAfterSeconds = err.retryAfterSeconds;
  return new ApiError(init);
}

/**
 * `what` names the work that failed, in words ("loading accounts", "catching up"); `read` is the
 * cause a failure of that work alone waits for (default: `read:<what>`).
 */
export function noticeFor(err: unknown, what: string, read = readCause(what)): NoticeSpec {
  const detail = `${what}: ${describeClientError(err)}`;
  if (err instanceof ApiError) {
    const said = err.message.trim();
    if (err.status === 401) {
      // Every read fails alike until the key is accepted: one notice, whichever read hit it.
      const text = `${describeApiError(withoutCorrelation(err))}; retrying with backoff`;
      return { level: 'error', key: 'auth:401', cause: AUTH_CAUSE, text, detail };
    }
    if (err.status === 403) {
      // A revoked key refuses every read in the same words (one notice); a role refuses each
      // endpoint in its own (one notice each).
      const why = said === '' ? 'the key is unknown or revoked, or its role does not allow this read' : said;
      const text = `forbidden (403): ${why}; retrying with backoff`;
      return { level: 'error', key: `auth:403:${said}`, cause: read, text, detail };
    }
    if (err.status === 429 || err.status === 503) {
      const text =
        err.status === 429
          ? 'rate limited by the server (429): reads slow down and try again'
          : 'the server is unavailable (503): reads slow down and try again';
      return { level: 'warn', key: `busy:${err.status}`, cause: BUSY_CAUSE, text, detail };
    }
    const text = `${what}: ${describeApiError(withoutCorrelation(err))}`;
    return { level: 'warn', key: `http:${err.status}:${what}`, cause: read, text, detail };
  }
  if (err instanceof ContractError) {
    const text = `${what}: skipped: unexpected answer from the server: ${err.message}`;
    return { level: 'warn', key: `contract:${what}`, cause: read, text, detail };
  }
  if (err instanceof NetworkError) {
    // The reason, not the request: every read fails alike while the server is away.
    const text = err.timedOut ? err.message : `cannot reach the server: ${err.message}`;
    return { level: 'warn', key: 'network', cause: SERVER_CAUSE, text, detail };
  }
  const text = `${what} failed: ${describeClientError(err)}`;
  return { level: 'error', key: `bug:${what}`, cause: read, text, detail };
}

/** An event: the frame is skipped, and what changed lately is read again (nothing is lost). */
export function malformedFrameNotice(err: ContractError): NoticeSpec {
  return {
    level: 'warn',
    key: 'frame:malformed',
    text: 'skipped a malformed live update; what changed lately is read again',
    detail: describeClientError(err),
  };
}

/** Records left out of what is shown: nothing brings them back, so the notice holds. */
export function skippedRecordsNotice(count: number, err: ContractError, what: string): NoticeSpec {
  const records = count === 1 ? 'a transaction' : `${count} transactions`;
  return {
    level: 'warn',
    key: `contract:${what}`,
    sticky: true,
    text: `${what}: skipped ${records} that did not match the contract`,
    detail: describeClientError(err),
  };
}

/** The ceiling on the unfinished work held (store/ceiling.ts) was reached: which are kept. */
export function ceilingNotice(limit: number): NoticeSpec {
  const n = formatCount(limit);
  return {
    level: 'warn',
    key: 'ceiling',
    cause: CEILING_CAUSE,
    text:
      `more than ${n} unfinished transactions: the ${n} most urgent are held (waiting for approval first, ` +
      'then the nearest expiry or end of security delay); the rest are left out',
  };
}

/** A read's refusal for size: a later read of the same list that is whole ends it. */
export function sizeCause(what: string): string {
  return `size:${what}`;
}

/**
 * A paged read stopped at a record over the answer size limit even alone (client/paging.ts): what
 * was read before it is kept, and this says why the rest is missing. `what` names the read as its
 * failures do ("loading members"); `noun` counts what was kept.
 */
export function tooLargeNotice(
  what: string,
  kept: number,
  noun: string,
  err: AnswerTooLargeError,
  cause = sizeCause(what),
): NoticeSpec {
  return {
    level: 'warn',
    key: `too-large:${what}`,
    cause,
    text:
      `${what}: a record is over the ${sizeText(err.limitBytes)} answer limit even alone; ` +
      `${formatCount(kept)} ${noun} read before it are kept, the rest was refused`,
    detail: describeClientError(err),
  };
}

/** Why the socket closed when the server sent a frame over the size limit, and when it tries again. */
export function frameTooLargeText(limitBytes: number, delayMs: number): string {
  return (
    `the server sent a live update of more than ${sizeText(limitBytes)} (refused unread); ` +
    `reconnecting in ${formatDuration(delayMs)}`
  );
}
