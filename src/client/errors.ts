import { STATUS_CODES } from 'node:http';
import type { ContractIssue } from '../contract/index.js';

// The three ways a call fails. Their messages are safe to show and to log: they never carry the
// Authorization header, a token or key material (server text is scrubbed of anything token-like).

const JWT_LIKE = /eyJ[\w-]*\.[\w-]+\.[\w-]*/g;
// C0/C1 controls and DEL: a server's text must not drive the terminal (escape sequences).
const CONTROL = /[\u0000-\u001f\u007f-\u009f]+/g;
const MAX_SERVER_TEXT = 500;

/** Server-provided text made safe for one line of a screen or a log. */
export function safeText(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join('[redacted]');
  out = out.replace(JWT_LIKE, '[redacted token]').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return out.length > MAX_SERVER_TEXT ? `${out.slice(0, MAX_SERVER_TEXT - 1)}…` : out;
}

export function statusText(status: number): string {
  return STATUS_CODES[status] ?? 'Unknown Status';
}

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  correlationId?: string;
  retryAfterSeconds?: number;
  method: string;
  path: string;
}

/** The server answered with an error status. `message` is the server's own text (safe to show). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The envelope's `error`, or `http-<status>` when the body was not an envelope. */
  readonly code: string;
  readonly correlationId?: string;
  readonly retryAfterSeconds?: number;
  readonly method: string;
  /** Without the query. */
  readonly path: string;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    if (init.correlationId !== undefined) this.correlationId = init.correlationId;
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
    this.method = init.method;
    this.path = init.path;
  }
}

export interface ContractErrorInit {
  message: string;
  field: string;
  endpoint: string;
  correlationId?: string;
  issues?: readonly ContractIssue[];
}

/** A response (or a WebSocket frame) did not match the contract. */
export class ContractError extends Error {
  override readonly name = 'ContractError';
  /** Dotted path of the first field at fault (`transactions.0.createdAt`); '' for the body itself. */
  readonly field: string;
  /** `GET /workspaces/ws1/transactions`, `SUBSCRIBE /workspaces/ws1/transactions` ... */
  readonly endpoint: string;
  readonly correlationId?: string;
  readonly issues: readonly ContractIssue[];

  constructor(init: ContractErrorInit) {
    super(init.message);
    this.field = init.field;
    this.endpoint = init.endpoint;
    if (init.correlationId !== undefined) this.correlationId = init.correlationId;
    this.issues = init.issues ?? [];
  }
}

/** A size limit in words: "32 MB", "64 KB". */
export function sizeText(bytes: number): string {
  const MB = 1024 * 1024;
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * An answer over the client's size limit, refused unread. Asking the same again gets the same: a
 * paged read asks for fewer rows instead (paging.ts).
 */
export class AnswerTooLargeError extends ContractError {
  /** The limit it passed (ClientOptions.maxResponseBytes). */
  readonly limitBytes: number;

  constructor(init: ContractErrorInit & { limitBytes: number }) {
    const { limitBytes, ...rest } = init;
    super(rest);
    this.limitBytes = limitBytes;
  }
}

export interface NetworkErrorInit {
  message: string;
  method: string;
  path: string;
  timedOut?: boolean;
  /** The system or undici error code when there is one (ECONNREFUSED, ENOTFOUND ...). */
  code?: string;
  correlationId?: string;
}

/** Nothing (usable) came back: refused, reset, DNS, TLS, proxy, timeout. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly method: string;
  readonly path: string;
  readonly timedOut: boolean;
  readonly code?: string;
  /** The Correlation-Id the client sent (the server may have logged it). */
  readonly correlationId?: string;

  constructor(init: NetworkErrorInit) {
    super(init.message);
    this.method = init.method;
    this.path = init.path;
    this.timedOut = init.timedOut ?? false;
    if (init.code !== undefined) this.code = init.code;
    if (init.correlationId !== undefined) this.correlationId = init.correlationId;
  }
}

function withCorrelation(line: string, correlationId: string | undefined): string {
  return correlationId ? `${line} (correlation id ${correlationId})` : line;
}

/** What the server said, when it adds something to our own sentence. */
function serverSays(err: ApiError): string {
  const message = err.message.trim();
  const plain = `${err.status} ${statusText(err.status)}`;
  return message && message !== plain ? `: ${message}` : '';
}

/** One line a person can act on. */
export function describeApiError(err: ApiError): string {
  const says = serverSays(err);
  const on = `${err.method} ${err.path}`;
  let line: string;
  switch (err.status) {
    case 400:
      line = `the server refused ${on} as invalid${says}`;
      break;
    case 401:
      line =
        'not authenticated (401): key not yet accepted, or a rotated-out key id is still used; ' +
        `also check this computer's clock${says}`;
      break;
    case 403:
      line = `forbidden (403): key unknown or revoked, or its role does not allow ${on}${says}`;
      break;
    case 404:
      line =
        err.code === 'pair-not-available'
          ? `this pair cannot be swapped (404 pair-not-available)${says}`
          : `not found (404): ${on}${says}`;
      break;
    case 409:
      line = `conflict (409): the record is not in a state that allows this; refresh and look again${says}`;
      break;
    case 413:
      line = `request too large (413)${says}`;
      break;
    case 429:
      line =
        err.retryAfterSeconds !== undefined
          ? `rate limited, retry in ${err.retryAfterSeconds}s${says}`
          : `rate limited, retry in a moment${says}`;
      break;
    default:
      if (err.status >= 500) {
        line = `the server failed (${err.status} ${statusText(err.status)}) on ${on}; try again later${says}`;
      } else if (err.status >= 300 && err.status < 400) {
        line = `the server redirected ${on} (${err.status}); check the base URL${says}`;
      } else {
        line = `${on} failed with ${err.status} ${err.code}${says}`;
      }
  }
  return withCorrelation(line, err.correlationId);
}

/** One line for any error a client call can throw (ApiError, ContractError, NetworkError, other). */
export function describeClientError(err: unknown): string {
  if (err instanceof ApiError) return describeApiError(err);
  if (err instanceof ContractError) {
    return withCorrelation(`unexpected answer from the server: ${err.message}`, err.correlationId);
  }
  if (err instanceof NetworkError) {
    const what = err.timedOut ? 'no answer in time' : 'cannot reach the server';
    return `${what} (${err.method} ${err.path}): ${err.message}`;
  }
  if (err instanceof Error) return safeText(err.message);
  return 'unknown error';
}
