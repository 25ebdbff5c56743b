import ky, { HTTPError, TimeoutError } from 'ky';
// Types only: the schemas themselves come from contract/.
import type * as z from 'zod';
import type { Signer } from '../auth/index.js';
import { ContractViolation, parseWire } from '../contract/index.js';
import {
  AnswerTooLargeError,
  ApiError,
  ContractError,
  NetworkError,
  safeText,
  sizeText,
  statusText,
} from './errors.js';
import { createSkewTracker, newCorrelationId, parseRetryAfter } from './headers.js';
import { codeOf, describeNetworkCode } from './network-errors.js';
import { createProxiedFetch, type ProxyEnv } from './proxy.js';
import { encodeQuery, type QueryValue } from './query.js';

/** One attempt of a call, for the live engine's freshness state and a debug log. No headers, no tokens. */
export interface RequestInfo {
  method: string;
  /** Without the query. */
  path: string;
  status?: number;
  durationMs: number;
  correlationId?: string;
  /** 1 for the first try, 2 for the first retry ... */
  attempt: number;
  /** Short text when nothing usable came back ('timed out after 15 s', 'connection refused' ...). */
  error?: string;
}

export interface ClientOptions {
  /** May include a path prefix; requests go to baseUrl + path. */
  baseUrl: string;
  signer: Signer;
  /** Per attempt; default 15000. Covers the whole answer, body included. */
  timeoutMs?: number;
  retry?: {
    /** Retries after the first attempt; default 3. */
    limit?: number;
    /** Cap of any one wait, Retry-After included; default 10000. */
    maxDelayMs?: number;
    /** First backoff step, doubled per retry, jittered; default 300. */
    baseDelayMs?: number;
  };
  /** Explicit proxy URL (profile/flag); otherwise HTTPS_PROXY/HTTP_PROXY/NO_PROXY from `env`. */
  proxy?: string;
  /** Where the proxy variables are read; default process.env. */
  env?: ProxyEnv;
  /** Injectable for tests; called as fetch(url, init). */
  fetch?: typeof fetch;
  /** Epoch ms; used for skew detection. */
  now?: () => number;
  /** Called when |server Date - local clock| goes beyond 30 s (once per entry into that state). */
  onClockSkew?: (skewMs: number) => void;
  /** After each attempt. */
  onRequest?: (info: RequestInfo) => void;
  /**
   * Largest answer body read, in bytes; default DEFAULT_MAX_RESPONSE_BYTES. A bigger one is not
   * read into memory: the call fails with an AnswerTooLargeError (a ContractError; never retried).
   */
  maxResponseBytes?: number;
  userAgent?: string;
}

export interface HttpRequest<T> {
  /** Only GET is retried: a POST or DELETE is a write, never repeated blindly. */
  method: 'GET' | 'POST' | 'DELETE';
  /** Starts with `/`; no query (use `query`). */
  path: string;
  query?: Record<string, QueryValue>;
  /** Serialized to JSON once; that text is signed and sent. */
  body?: unknown;
  schema: z.ZodType<T>;
  /** Accepted statuses; default any 2xx. */
  expectStatus?: number[];
  /** Aborts the call (and its retries); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface HttpResponse<T> {
  data: T;
  status: number;
  correlationId?: string;
}

export interface Http {
  request<T>(req: HttpRequest<T>): Promise<HttpResponse<T>>;
  /** Last measured server clock minus local clock, in ms. */
  readonly clockSkewMs: number | undefined;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_RETRY_LIMIT = 3;
export const DEFAULT_MAX_DELAY_MS = 10_000;
export const DEFAULT_BASE_DELAY_MS = 300;
/** A full page of 1000 transactions is a few MB; anything far beyond is refused unread. */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
const DEFAULT_USER_AGENT = 'custody-console';

// 429 and every 5xx are worth another try (for GET only); Retry-After is honoured on all of them.
const RETRY_STATUSES = [429, ...Array.from({ length: 100 }, (_, i) => 500 + i)];
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** The origin and the path prefix (no trailing slash) of a base URL. */
export function parseBaseUrl(baseUrl: string): { origin: string; prefix: string; host: string } {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError('baseUrl is not a valid URL (expected https://host[/prefix])');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError('baseUrl must start with http:// or https://');
  }
  // Never repeated in the message: it would print the password.
  if (url.username || url.password) throw new TypeError('baseUrl must not hold a user name or password');
  if (url.search || url.hash) throw new TypeError('baseUrl must not have a query or a fragment');
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, ''), host: url.host };
}

/** A failed attempt (no response), as thrown from inside ky so that its retry logic sees it. */
class AttemptFailure extends Error {
  constructor(
    message: string,
    readonly kind: 'network' | 'timeout' | 'aborted',
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/** An answer body over the size limit (thrown inside an attempt; never retried). */
class ResponseTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the answer was larger than ${limit} bytes`);
  }
}

/** The body as text, reading no more than `limit` bytes of it. */
async function readCapped(res: Response, limit: number): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await res.body?.cancel().catch(() => undefined);
    throw new ResponseTooLarge(limit);
  }
  if (res.body === null) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new ResponseTooLarge(limit);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Reads the `{error, message}` envelope leniently. */
function readEnvelope(text: string, status: number): { code: string; message: string } {
  const fallback = { code: `http-${status}`, message: `${status} ${statusText(status)}` };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return fallback;
  }
  if (typeof body !== 'object' || body === null) return fallback;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error !== 'string' || error === '') return fallback;
  return {
    code: safeText(error).slice(0, 100),
    message: typeof message === 'string' && message.trim() !== '' ? message : fallback.message,
  };
}

export function createHttp(opts: ClientOptions): Http {
  const base = parseBaseUrl(opts.baseUrl);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxDelayMs = opts.retry?.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  const baseDelayMs = opts.retry?.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
  const now = opts.now ?? Date.now;
  const skew = createSkewTracker(now, opts.onClockSkew);
  const userAgent = opts.userAgent ?? DEFAULT_USER_AGENT;
  const maxResponseBytes = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;

  let transport: Promise<{ fetch: typeof fetch; dispatcher?: unknown; proxyHost?: string }> | undefined;
  const getTransport = () => {
    transport ??= (async () => {
      if (opts.fetch) return { fetch: opts.fetch };
      const proxied = await createProxiedFetch({ proxy: opts.proxy, env: opts.env }, base.origin);
      return proxied ?? { fetch: globalThis.fetch };
    })();
    return transport;
  };

  const report = (info: RequestInfo) => {
    try {
      opts.onRequest?.(info);
    } catch {
      // a listener's bug must not fail the request
    }
  };

  // ky runs `beforeRequest` before EVERY attempt, retries included (`beforeRetry` runs only
  // between attempts), so signing there gives each attempt its own fresh, single-use token.
  const api = ky.create({
    timeout: timeoutMs,
    throwHttpErrors: true,
    retry: {
      limit: opts.retry?.limit ?? DEFAULT_RETRY_LIMIT,
      // decline/approve/create/delete must never be repeated blindly: only GET is retried.
      methods: ['get'],
      statusCodes: RETRY_STATUSES,
      afterStatusCodes: RETRY_STATUSES,
      maxRetryAfter: maxDelayMs,
      backoffLimit: maxDelayMs,
      delay: (attempt) => baseDelayMs * 2 ** (attempt - 1),
      // "Equal jitter": at least half the step, so a struggling server is not hit at once.
      jitter: (delay) => delay / 2 + (Math.random() * delay) / 2,
      retryOnTimeout: true,
      // Only answers, network failures and timeouts are retried; anything else (a signer
      // failure, an abort by the caller) ends the call.
      shouldRetry: ({ error }) => {
        if (error instanceof HTTPError || error instanceof TimeoutError) return undefined;
        if (error instanceof AttemptFailure && error.kind !== 'aborted') return undefined;
        return false;
      },
    },
  });

  async function request<T>(req: HttpRequest<T>): Promise<HttpResponse<T>> {
    const { method } = req;
    if (method !== 'GET' && method !== 'POST' && method !== 'DELETE') {
      throw new TypeError('method must be GET, POST or DELETE');
    }
    if (typeof req.path !== 'string' || !req.path.startsWith('/') || /[?#\s]/.test(req.path)) {
      throw new TypeError('path must start with "/" and hold no query, fragment or spaces');
    }
    // Built once: this exact text is signed and is the request target sent.
    const pathWithQuery = base.prefix + req.path + encodeQuery(req.query);
    const url = base.origin + pathWithQuery;
    const parsed = new URL(url);
    if (parsed.pathname + parsed.search !== pathWithQuery || parsed.origin !== base.origin) {
      // The URL parser would normalize it (dot segments, characters it escapes): the server
      // would hash another string than the one we sign.
      throw new TypeError(`the request target of ${method} ${req.path} would not be sent as signed`);
    }
    const bodyText = req.body === undefined ? undefined : JSON.stringify(req.body);
    const signedBody = bodyText ?? '';
    const correlationId = newCorrelationId();
    const endpoint = `${method} ${req.path}`;
    const tokens: string[] = [];
    const { fetch: baseFetch, dispatcher, proxyHost } = await getTransport();

    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Correlation-Id': correlationId,
      'User-Agent': userAgent,
    };
    if (bodyText !== undefined) headers['Content-Type'] = 'application/json';

    let attempt = 0;
    // One attempt: the whole answer, body included, is read under ky's per-attempt timeout.
    const attemptFetch = async (input: Request | URL | string): Promise<Response> => {
      attempt += 1;
      const n = attempt;
      const started = performance.now();
      const request = input as Request;
      try {
        const init: Omit<RequestInit, 'dispatcher'> & { dispatcher?: unknown } = {
          method,
          headers: Object.fromEntries(request.headers),
          signal: request.signal,
          redirect: 'manual',
        };
        if (bodyText !== undefined) init.body = bodyText;
        if (dispatcher !== undefined) init.dispatcher = dispatcher;
        // `url`, not ky's Request: the target string is handed over exactly as it was signed.
        const res = await baseFetch(url, init as RequestInit);
        let text: string;
        try {
          text = await readCapped(res, maxResponseBytes);
        } catch (err) {
          if (!(err instanceof ResponseTooLarge)) throw err;
          report({
            method,
            path: req.path,
            status: res.status,
            durationMs: performance.now() - started,
            attempt: n,
            error: 'answer too large',
          });
          throw err;
        }
        skew.observe(res.headers.get('date'));
        const info: RequestInfo = {
          method,
          path: req.path,
          status: res.status,
          durationMs: performance.now() - started,
          attempt: n,
        };
        const echoed = res.headers.get('correlation-id');
        if (echoed) info.correlationId = echoed;
        report(info);
        return new Response(NULL_BODY_STATUSES.has(res.status) ? null : text, {
          status: res.status,
          statusText: res.statusText,
          headers: res.headers,
        });
      } catch (err) {
        // Reported above; refused unread, not a network failure.
        if (err instanceof ResponseTooLarge) throw err;
        let failure: AttemptFailure;
        if (req.signal?.aborted) failure = new AttemptFailure('aborted', 'aborted', undefined);
        else if (request.signal?.aborted) {
          failure = new AttemptFailure(`timed out after ${timeoutMs / 1000} s`, 'timeout', undefined);
        } else {
          const code = codeOf(err);
          failure = new AttemptFailure(describeNetworkCode(code, err), 'network', code);
        }
        report({
          method,
          path: req.path,
          durationMs: performance.now() - started,
          attempt: n,
          error: failure.message,
        });
        throw failure;
      }
    };

    let response: Response;
    try {
      const options: Parameters<typeof api>[1] = {
        method,
        headers,
        fetch: attemptFetch,
        hooks: {
          beforeRequest: [
            async (request) => {
              const token = await opts.signer.sign({ method, pathWithQuery, body: signedBody });
              tokens.push(token);
              request.headers.set('Authorization', `ApiKey ${token}`);
            },
          ],
        },
      };
      if (req.signal) options.signal = req.signal;
      response = await api(url, options);
    } catch (err) {
      if (req.signal?.aborted) throw req.signal.reason;
      if (err instanceof ResponseTooLarge) {
        throw new AnswerTooLargeError({
          message: `${endpoint} answered with more than ${sizeText(err.limit)}: not read`,
          field: '',
          endpoint,
          correlationId,
          limitBytes: err.limit,
        });
      }
      if (err instanceof HTTPError) throw await toApiError(err.response);
      if (err instanceof TimeoutError || (err instanceof AttemptFailure && err.kind === 'timeout')) {
        throw new NetworkError({
          message: `no answer from ${base.host} within ${timeoutMs / 1000} s`,
          method,
          path: req.path,
          timedOut: true,
          correlationId,
        });
      }
      if (err instanceof AttemptFailure) {
        const init: ConstructorParameters<typeof NetworkError>[0] = {
          message: `${base.host}: ${err.message}${proxyHost === undefined ? '' : ` (through proxy ${proxyHost})`}`,
          method,
          path: req.path,
          correlationId,
        };
        if (err.code !== undefined) init.code = err.code;
        throw new NetworkError(init);
      }
      throw err;
    }

    const answeredId = response.headers.get('correlation-id') || correlationId;
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new NetworkError({
        message: `${base.host}: the answer was cut off`,
        method,
        path: req.path,
        correlationId,
      });
    }
    if (req.expectStatus && !req.expectStatus.includes(response.status)) {
      throw new ContractError({
        message: `${endpoint} answered ${response.status} where ${req.expectStatus.join(' or ')} was expected`,
        field: '',
        endpoint,
        correlationId: answeredId,
      });
    }
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (json === undefined) {
      throw new ContractError({
        message: `${endpoint} answered ${response.status} with a body that is not JSON`,
        field: '',
        endpoint,
        correlationId: answeredId,
      });
    }
    try {
      return {
        data: parseWire(req.schema, json, `answer to ${endpoint}`),
        status: response.status,
        correlationId: answeredId,
      };
    } catch (err) {
      if (!(err instanceof ContractViolation)) throw err;
      throw new ContractError({
        message: safeText(err.message, tokens),
        field: err.issues[0]?.path ?? '',
        endpoint,
        correlationId: answeredId,
        issues: err.issues,
      });
    }

    async function toApiError(res: Response): Promise<ApiError> {
      let text = '';
      try {
        text = await res.text();
      } catch {
        // the status alone still says what happened
      }
      const envelope = readEnvelope(text, res.status);
      const init: ConstructorParameters<typeof ApiError>[0] = {
        status: res.status,
        code: envelope.code,
        message: safeText(envelope.message, tokens),
        correlationId: res.headers.get('correlation-id') || correlationId,
        method,
        path: req.path,
      };
      const retryAfter = parseRetryAfter(res.headers.get('retry-after'), now());
      if (retryAfter !== undefined) init.retryAfterSeconds = retryAfter;
      return new ApiError(init);
    }
  }

  return {
    request,
    get clockSkewMs() {
      return skew.skewMs;
    },
  };
}
