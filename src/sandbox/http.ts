// The HTTP edge: everything between node's request and the routes. It reads the raw target and
// the raw body (the token signs exactly those), answers every request with JSON and a
// Correlation-Id, and never lets an input (or a bug) take the server down.
import { type IncomingMessage, STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Context, Hono } from 'hono';
import type { Authenticator } from './auth.js';
import { newCorrelationId, pickCorrelationId } from './correlation.js';
import { errorBody, type Failure, failure, quote } from './errors.js';
import type { Faults } from './faults.js';
import type { Outcome, RequestContext } from './routes.js';
import type { LogSink, SandboxResponse, Tap } from './tap.js';
import type { WireJson } from './wire-json.js';

/** Bodies above this are refused with 413 (checked on Content-Length and on the bytes received). */
export const MAX_BODY_BYTES = 64 * 1024;
// Past the limit the rest of a body is read and dropped up to this much, so that the client gets
// to read the 413; beyond it the connection is closed at once.
const DRAIN_LIMIT_BYTES = 1024 * 1024;
// DELETE: the address book's records (the only DELETE of the API).
const ROUTED_METHODS = new Set(['GET', 'POST', 'DELETE', 'HEAD']);
// Only the path reaches Hono (the query is read from the raw target); the origin is a placeholder.
const ORIGIN = 'http://sandbox.invalid';
/** The mark of an answer refused because the state dir could not be written (not the API's own answer). */
const STATE_WRITE = 'state-write';

export interface EdgeDeps {
  app: Hono<{ Bindings: { ctx: RequestContext } }>;
  auth: Authenticator;
  faults: Faults;
  /** Runs the world up to now, before every request; a 503 Failure when a state dir cannot record it. */
  advance(): Failure | undefined;
  tap: Tap;
  log: LogSink;
}

type BodyRead = { kind: 'ok'; text: string } | { kind: 'too-large'; drained: boolean } | { kind: 'aborted' };

function readBody(req: IncomingMessage): Promise<BodyRead> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > DRAIN_LIMIT_BYTES) {
      resolve({ kind: 'too-large', drained: false });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyRead) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else if (size > DRAIN_LIMIT_BYTES) {
        req.pause();
        settle({ kind: 'too-large', drained: false });
      }
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) settle({ kind: 'too-large', drained: true });
      else settle({ kind: 'ok', text: Buffer.concat(chunks).toString('utf8') });
    });
    req.on('error', () => settle({ kind: 'aborted' }));
    req.on('aborted', () => settle({ kind: 'aborted' }));
  });
}

/** The Response a route hands back: the outcome as JSON. */
/** Turns a route's outcome into the Response the edge writes out, as `json` writes it. */
export function createSendOutcome(json: WireJson) {
  return (_c: Context, outcome: Outcome): Response => {
    const body = outcome.ok ? outcome.body : errorBody(outcome);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!outcome.ok && outcome.headers) Object.assign(headers, outcome.headers);
    return new Response(json(body), { status: outcome.status, headers });
  };
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** The part of a target before `?` (and `#`). */
function pathOf(target: string): string {
  const end = target.search(/[?#]/);
  return end < 0 ? target : target.slice(0, end);
}

/** The part after `?`, without a fragment. */
function queryOf(target: string): string {
  const q = target.indexOf('?');
  if (q < 0) return '';
  const rest = target.slice(q + 1);
  const hash = rest.indexOf('#');
  return hash < 0 ? rest : rest.slice(0, hash);
}

const baseHeaders = (correlationId: string): Record<string, string> => ({
  'content-type': 'application/json',
  'correlation-id': correlationId,
  'cache-control': 'no-store',
  // It never pretends to be the production service.
  server: 'custody-sandbox',
});

export function createRequestListener(deps: EdgeDeps) {
  const { app, auth, faults, tap, log } = deps;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const correlationId = pickCorrelationId(req.headers['correlation-id']);
    const method = req.method ?? 'GET';
    const target = req.url ?? '/';
    let chaos: SandboxResponse['chaos'];
    let close = false;

    const answer = async (status: number, body: string, extra?: Readonly<Record<string, string>>) => {
      const delay = faults.latencyMs();
      if (delay > 0) await sleep(delay);
      const headers = baseHeaders(correlationId);
      if (extra) for (const [name, value] of Object.entries(extra)) headers[name.toLowerCase()] = value;
      headers['content-length'] = String(Buffer.byteLength(body));
      if (close) headers.connection = 'close';
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(status, headers);
        res.end(body);
      }
      const record: SandboxResponse = { kind: 'http', method, target, status, headers, body };
      if (chaos) record.chaos = chaos;
      tap(record);
      const ms = (performance.now() - started).toFixed(1);
      log(`${quote(method, 16)} ${quote(target, 300)} ${status} ${ms}ms`);
    };
    const refuse = (f: Failure) => answer(f.status, JSON.stringify(errorBody(f)), f.headers);

    try {
      if (!target.startsWith('/')) {
        close = true;
        return await refuse(failure('bad-request', 'the request target must be a path starting with "/"'));
      }
      const body = await readBody(req);
      if (body.kind === 'aborted') return;
      if (body.kind === 'too-large') {
        close = !body.drained;
        return await refuse(
          failure('payload-too-large', `the body is larger than ${MAX_BODY_BYTES} bytes (64 KiB)`),
        );
      }
      const fault = faults.httpFault();
      if (fault) {
        chaos = fault.chaos;
        return await refuse(fault);
      }
      const stalled = deps.advance();
      if (stalled) {
        chaos = STATE_WRITE;
        return await refuse(stalled);
      }
      const authorization = req.headers.authorization;
      const path = pathOf(target);
      const verdict = await auth.authenticate(authorization, method, target, body.text, req.socket.remoteAddress);
      if (!verdict.ok) return await refuse(verdict);
      if (!ROUTED_METHODS.has(method)) {
        return await refuse(failure('not-found', `no endpoint ${quote(method, 16)} ${quote(path, 200)}`));
      }
      const ctx: RequestContext = {
        method,
        target,
        path,
        rawQuery: queryOf(target),
        body: body.text,
        correlationId,
        key: verdict.key,
      };
      let request: Request;
      try {
        request = new Request(ORIGIN + path, { method });
      } catch {
        return await refuse(failure('bad-request', 'the request target is not a valid path'));
      }
      const response = await app.fetch(request, { ctx });
      // The routes' only 503: a state dir that could not record the change (routes.ts).
      if (response.status === 503) chaos = STATE_WRITE;
      const extra: Record<string, string> = {};
      const retryAfter = response.headers.get('retry-after');
      if (retryAfter) extra['retry-after'] = retryAfter;
      return await answer(response.status, await response.text(), extra);
    } catch (err) {
      // Only a bug gets here: every refusal above is a value. Logged in full, answered plainly.
      const where = `${quote(method, 16)} ${quote(pathOf(target), 200)}`;
      log(`sandbox bug on ${where} (correlation id ${correlationId}): ${bugText(err)}`);
      const message = `the sandbox failed on this request: a bug in the sandbox (correlation id ${correlationId})`;
      return answer(500, JSON.stringify({ error: 'internal-error', message }));
    }
  }

  return (req: IncomingMessage, res: ServerResponse): void => {
    // Nothing of a request may become an unhandled error: the socket's own errors end it quietly.
    req.on('error', () => {});
    res.on('error', () => {});
    handle(req, res).catch((err: unknown) => {
      log(`sandbox bug while answering: ${bugText(err)}`);
      if (!res.headersSent) res.destroy();
    });
  };
}

export function bugText(err: unknown): string {
  return err instanceof Error ? (err.stack ?? err.message) : String(err);
}

/**
 * Writes a whole answer on a raw socket (no request object: node could not parse the request, or
 * it is an upgrade), taps and logs it, then drops the connection once the answer is flushed.
 */
export function answerOnSocket(
  socket: Duplex,
  status: number,
  failureBody: { error: string; message: string },
  tap: Tap,
  log: LogSink,
  request: { method: string; target: string } = { method: '', target: '' },
): void {
  const body = JSON.stringify(failureBody);
  const headers = {
    ...baseHeaders(newCorrelationId()),
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const reason = STATUS_CODES[status] ?? 'Error';
  // Dropped once flushed (as node does after a parse error), so that a client never queues its
  // next request on a connection nobody reads any more.
  socket.write(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n${body}`, () => socket.destroy());
  tap({ kind: 'http', method: request.method, target: request.target, status, headers, body });
  log(`${quote(request.method || '-', 16)} ${quote(request.target || '(unparsed)', 300)} ${status}`);
}

/** A request node could not parse (bad request line, headers too large, timed out): still JSON. */
export function createClientErrorHandler(tap: Tap, log: LogSink) {
  return (err: NodeJS.ErrnoException, socket: Socket): void => {
    socket.on('error', () => {});
    // A response already under way on this connection cannot be followed by another status line.
    const busy = (socket as Socket & { _httpMessage?: unknown })._httpMessage != null;
    if (err.code === 'ECONNRESET' || !socket.writable || busy) {
      socket.destroy();
      return;
    }
    const timedOut = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const message = timedOut
      ? 'the request did not arrive in time'
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? 'the request line and headers are larger than 16 KiB'
        : `the request is not valid HTTP/1.1 (${err.code ?? 'parse error'})`;
    // 400 even for a timeout: wire notes §3 pairs `bad-request` with 400 and has no 408.
    answerOnSocket(socket, 400, { error: 'bad-request', message }, tap, log);
  };
}
