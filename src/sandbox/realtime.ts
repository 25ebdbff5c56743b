// The live subscription on `/ws` (wire notes §6): SUBSCRIBE → snapshot frame, then one frame per
// change of a matching transaction; several subscriptions per socket keyed by Correlation-Id;
// UNSUBSCRIBE; idle close; and the socket faults of --chaos (drop, close 4001, stall, garbage).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { type TransactionsQuery, TransactionsQuerySchema, toWireTransaction } from '../contract/index.js';
import { roleGrants } from '../format/index.js';
import type { Authenticator } from './auth.js';
import { newCorrelationId } from './correlation.js';
import { type Failure, failure, quote } from './errors.js';
import type { Faults, SocketFaults } from './faults.js';
import { answerOnSocket, bugText } from './http.js';
import type { KeyState } from './keys.js';
import type { LogSink, SandboxResponse, Tap } from './tap.js';
import { knownParams, parseQuery } from './validation.js';
import type { WorldPort } from './world-port.js';
import type { WireJson } from './wire-json.js';

/** Largest client message (bytes); ws closes the socket with 1009 beyond it. */
const MAX_MESSAGE_BYTES = 64 * 1024;
/** Subscriptions one socket may hold at once. */
const MAX_SUBSCRIPTIONS_PER_SOCKET = 100;
// A client that reads slower than this much queued output is dropped rather than buffered forever.
const MAX_BUFFERED_BYTES = 32 * 1024 * 1024;
// A subscription's Correlation-Id is echoed as it came: visible ASCII, bounded.
const CORRELATION_ID = /^[\x21-\x7e]{1,128}$/;
const SHUTDOWN_GRACE_MS = 1_000;
const URI = /^\/workspaces\/([^/?#]+)\/transactions(?:\?([^#]*))?$/;

export interface RealtimeDeps {
  world: WorldPort;
  auth: Authenticator;
  faults: Faults;
  idleTimeoutMs: number;
  advance(): void;
  /** The JSON text of a frame's body (wire-json.ts). */
  json: WireJson;
  tap: Tap;
  log: LogSink;
}

interface Sub {
  readonly correlationId: string;
  readonly uri: string;
  readonly query: TransactionsQuery;
  readonly kid: string;
}

interface Conn {
  readonly ws: WebSocket;
  readonly remoteAddress: string | undefined;
  readonly subs: Map<string, Sub>;
  lastSeen: number;
  stalled: boolean;
}

export interface RealtimeHub extends SocketFaults {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Ends the subscriptions made with a key that may no longer be used. */
  keyChanged(kid: string, state: KeyState): void;
  stats(): { sockets: number; subscriptions: number; stalled: number };
  close(): Promise<void>;
}

const known = knownParams(TransactionsQuerySchema);

/** A header of a client message, looked up without regard to case. */
function header(headers: unknown, name: string): unknown {
  if (typeof headers !== 'object' || headers === null) return undefined;
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === lower) return value;
  return undefined;
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function createRealtimeHub(deps: RealtimeDeps): RealtimeHub {
  const { world, auth, faults, tap, log } = deps;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    // Pongs are sent by hand so that a stalled socket can stop answering.
    autoPong: false,
    clientTracking: false,
    perMessageDeflate: false,
  });
  const conns = new Set<Conn>();
  let closing = false;
  // A handshake ws refuses (no key, bad version ...) is answered like any bad request: JSON.
  wss.on('wsClientError', (err: Error, socket: Duplex, req: IncomingMessage) => {
    const request = { method: req.method ?? '', target: req.url ?? '' };
    answerOnSocket(socket, 400, { error: 'bad-request', message: `WebSocket handshake: ${err.message}` }, tap, log, request);
  });

  function send(conn: Conn, method: string, uri: string, status: number, correlationId: string, body: unknown) {
    sendText(conn, method, uri, status, correlationId, deps.json(body));
  }

  /** Sends one frame whose body is already JSON text; chaos may garble it, the tap sees it. */
  function sendText(conn: Conn, method: string, uri: string, status: number, correlationId: string, body: string) {
    if (conn.stalled || conn.ws.readyState !== conn.ws.OPEN) return;
    if (conn.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      log(`ws client too slow (${conn.ws.bufferedAmount} bytes queued): dropped`);
      conn.ws.terminate();
      return;
    }
    const headers = { 'Correlation-Id': correlationId };
    let text = `{"status":${status},"headers":${JSON.stringify(headers)},"body":${body}}`;
    const record: SandboxResponse = { kind: 'ws', method, target: uri, status, headers, body: text };
    if (faults.garbage()) {
      // Cut in half: never valid JSON (the closing brace is gone).
      text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
      record.body = text;
      record.chaos = 'garbage';
    }
    conn.ws.send(text);
    tap(record);
  }

  function refuse(conn: Conn, method: string, uri: string, correlationId: string, f: Failure) {
    send(conn, method, uri, f.status, correlationId, { error: f.error, message: f.message });
  }

  /** A live frame; the transaction's JSON is spliced in as already serialized. */
  function push(conn: Conn, sub: Sub, transactionJson: string) {
    sendText(conn, 'PUSH', sub.uri, 200, sub.correlationId, `{"transactions":[${transactionJson}]}`);
  }

  async function subscribe(conn: Conn, msg: Record<string, unknown>, uri: string, correlationId: string) {
    const authorization = header(msg.headers, 'Authorization');
    const body = msg.body;
    // The token signs the body as text: the object form as JSON.stringify writes it (`{}`).
    const bodyText = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    deps.advance();
    const verdict = await auth.authenticate(
      typeof authorization === 'string' ? authorization : undefined,
      'SUBSCRIBE',
      uri,
      bodyText,
      conn.remoteAddress,
    );
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    if (!verdict.ok) return refuse(conn, 'SUBSCRIBE', uri, correlationId, verdict);
    if (!roleGrants(verdict.key.role, 'core')) {
      const message = `role ${verdict.key.role} cannot subscribe to transactions`;
      return refuse(conn, 'SUBSCRIBE', uri, correlationId, failure('forbidden', message));
    }
    const match = URI.exec(uri);
    if (!match) {
      const message = 'uri: expected /workspaces/{workspaceId}/transactions with the list filters';
      return refuse(conn, 'SUBSCRIBE', uri, correlationId, failure('bad-request', message));
    }
    const workspaceId = decodeSegment(match[1]!);
    if (workspaceId !== world.workspace.workspaceId) {
      const message = `this key is bound to workspace ${world.workspace.workspaceId}, not ${quote(workspaceId ?? match[1]!, 80)}`;
      return refuse(conn, 'SUBSCRIBE', uri, correlationId, failure('forbidden', message));
    }
    const query = parseQuery(TransactionsQuerySchema, known, match[2] ?? '');
    if (!query.ok) return refuse(conn, 'SUBSCRIBE', uri, correlationId, query);
    if (!conn.subs.has(correlationId) && conn.subs.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
      const message = `too many subscriptions on one socket (at most ${MAX_SUBSCRIPTIONS_PER_SOCKET})`;
      return refuse(conn, 'SUBSCRIBE', uri, correlationId, failure('bad-request', message));
    }
    // limit=0: an empty snapshot, then live frames only.
    const snapshot = query.value.limit === '0' ? [] : world.transactions(query.value);
    conn.subs.set(correlationId, { correlationId, uri, query: query.value, kid: verdict.key.kid });
    send(conn, 'SUBSCRIBE', uri, 200, correlationId, { transactions: snapshot.map(toWireTransaction) });
  }

  async function onMessage(conn: Conn, data: RawData, isBinary: boolean): Promise<void> {
    const text = (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer)).toString('utf8');
    let msg: unknown;
    try {
      msg = isBinary ? undefined : JSON.parse(text);
    } catch {
      msg = undefined;
    }
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
      const message = 'message: expected a JSON object {method, uri, headers, body}';
      return refuse(conn, '', '', newCorrelationId(), failure('bad-request', message));
    }
    const m = msg as Record<string, unknown>;
    const method = typeof m.method === 'string' ? quote(m.method, 16) : '';
    const uri = typeof m.uri === 'string' ? m.uri : '';
    const sentId = header(m.headers, 'Correlation-Id');
    const idOk = typeof sentId === 'string' && CORRELATION_ID.test(sentId);
    const correlationId = idOk ? sentId : newCorrelationId();
    if (m.method !== 'SUBSCRIBE' && m.method !== 'UNSUBSCRIBE') {
      return refuse(conn, method, uri, correlationId, failure('bad-request', 'method: expected SUBSCRIBE or UNSUBSCRIBE'));
    }
    if (typeof m.uri !== 'string') {
      return refuse(conn, method, uri, correlationId, failure('bad-request', 'uri: expected a string'));
    }
    if (!idOk) {
      const message = 'headers.Correlation-Id: expected 1 to 128 visible ASCII characters';
      return refuse(conn, method, uri, correlationId, failure('bad-request', message));
    }
    if (m.method === 'UNSUBSCRIBE') {
      // Ends this socket's own subscription; nothing to prove, nothing to answer.
      conn.subs.delete(correlationId);
      return;
    }
    return subscribe(conn, m, uri, correlationId);
  }

  function onConnection(ws: WebSocket, req: IncomingMessage): void {
    const conn: Conn = {
      ws,
      remoteAddress: req.socket.remoteAddress,
      subs: new Map(),
      lastSeen: performance.now(),
      stalled: false,
    };
    conns.add(conn);
    ws.on('error', (err) => log(`ws error: ${err.message}`));
    ws.on('close', () => conns.delete(conn));
    ws.on('ping', (data) => {
      conn.lastSeen = performance.now();
      if (conn.stalled || ws.readyState !== ws.OPEN) return;
      ws.pong(data);
    });
    ws.on('pong', () => {
      conn.lastSeen = performance.now();
    });
    ws.on('message', (data, isBinary) => {
      conn.lastSeen = performance.now();
      onMessage(conn, data, isBinary).catch((err: unknown) => {
        log(`sandbox bug on a WebSocket message: ${bugText(err)}`);
        const message = 'the sandbox failed on this message: a bug in the sandbox';
        send(conn, '', '', 500, newCorrelationId(), { error: 'internal-error', message });
      });
    });
  }

  const unsubscribeWorld = world.onChange((tx) => {
    // One text per shape of the transaction (with or without events, signing request), shared by
    // every subscription that wants that shape; shaped exactly as the list would show it.
    const shapes = new Map<string, string | undefined>();
    for (const conn of conns) {
      if (conn.stalled) continue;
      for (const sub of conn.subs.values()) {
        let hit = false;
        try {
          hit = world.matches(tx, sub.query);
        } catch (err) {
          log(`sandbox bug matching a subscription: ${bugText(err)}`);
        }
        if (!hit) continue;
        const { includeEvents, includeCurrentSigningRequest } = sub.query;
        const shape = `${includeEvents === true}|${includeCurrentSigningRequest === true}`;
        if (!shapes.has(shape)) {
          const shaped = world.transactionAs(tx.transactionId, { includeEvents, includeCurrentSigningRequest });
          shapes.set(shape, shaped && deps.json(toWireTransaction(shaped)));
        }
        const text = shapes.get(shape);
        if (text !== undefined) push(conn, sub, text);
      }
    }
  });

  const idleEveryMs = Math.max(20, Math.min(1_000, deps.idleTimeoutMs / 4));
  const idleTimer = setInterval(() => {
    const now = performance.now();
    for (const conn of conns) {
      if (now - conn.lastSeen > deps.idleTimeoutMs && conn.ws.readyState === conn.ws.OPEN) {
        conn.ws.close(1000, `idle for ${Math.round(deps.idleTimeoutMs / 1000)} s without a ping`);
      }
    }
  }, idleEveryMs);
  idleTimer.unref();

  let closed: Promise<void> | undefined;

  return {
    handleUpgrade(req, socket, head) {
      socket.on('error', () => {});
      if (closing) {
        socket.destroy();
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req));
    },
    keyChanged(kid, state) {
      if (state === 'active') return;
      const f =
        state === 'revoked'
          ? failure('forbidden', 'key was revoked')
          : failure('unauthorized', state === 'pending' ? 'key not yet accepted' : 'key was rotated out');
      for (const conn of conns) {
        for (const sub of [...conn.subs.values()]) {
          if (sub.kid !== kid) continue;
          conn.subs.delete(sub.correlationId);
          refuse(conn, 'PUSH', sub.uri, sub.correlationId, f);
        }
      }
    },
    dropAll() {
      for (const conn of conns) conn.ws.terminate();
    },
    closeAll4001() {
      for (const conn of conns) if (conn.ws.readyState === conn.ws.OPEN) conn.ws.close(4001, 'token refresh');
    },
    stallOne(pick) {
      const open = [...conns].filter((conn) => !conn.stalled && conn.ws.readyState === conn.ws.OPEN);
      if (open.length === 0) return;
      const conn = open[pick(open.length)] ?? open[0]!;
      conn.stalled = true;
      log('chaos: one socket stalls (no frames, no pongs)');
    },
    stats() {
      let subscriptions = 0;
      let stalled = 0;
      for (const conn of conns) {
        subscriptions += conn.subs.size;
        if (conn.stalled) stalled += 1;
      }
      return { sockets: conns.size, subscriptions, stalled };
    },
    close() {
      closed ??= (async () => {
        closing = true;
        clearInterval(idleTimer);
        unsubscribeWorld();
        const pending = [...conns].map(
          (conn) =>
            new Promise<void>((resolve) => {
              if (conn.ws.readyState === conn.ws.CLOSED) {
                resolve();
                return;
              }
              conn.ws.once('close', () => resolve());
              const timer = setTimeout(() => {
                conn.ws.terminate();
                resolve();
              }, SHUTDOWN_GRACE_MS);
              timer.unref();
              conn.ws.once('close', () => clearTimeout(timer));
              if (conn.ws.readyState === conn.ws.OPEN) conn.ws.close(1001, 'sandbox shutting down');
            }),
        );
        await Promise.all(pending);
        await new Promise<void>((resolve) => wss.close(() => resolve()));
      })();
      return closed;
    },
  };
}
