// A scripted WebSocket server (ws) on a free loopback port, at `/ws` under an optional prefix.
// It records every connection and every client message; by default it verifies each SUBSCRIBE
// token (method SUBSCRIBE, path = uri, body `{}`) and answers with a snapshot frame.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Verifier, VerifyErr, VerifyOk } from '../../src/auth/index.js';

export interface ClientMessage {
  method: string;
  uri: string;
  headers: Record<string, string>;
  body?: unknown;
  /** For SUBSCRIBE when the server verifies. */
  verified?: VerifyOk | VerifyErr;
  raw: string;
}

export interface Conn {
  socket: WebSocket;
  messages: ClientMessage[];
  openedAt: number;
  closed?: { code: number; at: number };
  /** Sends a frame: `{status, headers: {Correlation-Id}, body}`; `body` as given (object or string). */
  frame(correlationId: string, body: unknown, status?: number): void;
}

export interface WsTestServer {
  /** The http:// base URL a client is given (with the prefix). */
  baseUrl: string;
  connections: Conn[];
  /** Called for each client message after it is recorded (default: snapshot on SUBSCRIBE). */
  onMessage: (conn: Conn, msg: ClientMessage) => void;
  /** The snapshot the default handler sends. */
  snapshot: unknown[];
  close(): Promise<void>;
}

export interface WsServerOptions {
  verifier?: Verifier;
  /** Default true; false makes a stalled server (it never answers pings). */
  autoPong?: boolean;
  prefix?: string;
}

export async function startWsServer(options: WsServerOptions = {}): Promise<WsTestServer> {
  const prefix = options.prefix ?? '';
  const http: Server = createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ server: http, path: `${prefix}/ws`, autoPong: options.autoPong ?? true });
  const state: WsTestServer = {
    baseUrl: '',
    connections: [],
    snapshot: [],
    onMessage: (conn, msg) => {
      if (msg.method !== 'SUBSCRIBE') return;
      const id = msg.headers['Correlation-Id'] as string;
      if (msg.verified && !msg.verified.ok) {
        conn.frame(id, { error: 'unauthorized', message: msg.verified.detail }, 401);
        return;
      }
      conn.frame(id, { transactions: state.snapshot });
    },
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
  wss.on('connection', (socket) => {
    const conn: Conn = {
      socket,
      messages: [],
      openedAt: Date.now(),
      frame(correlationId, body, status = 200) {
        socket.send(JSON.stringify({ status, headers: { 'Correlation-Id': correlationId }, body }));
      },
    };
    state.connections.push(conn);
    socket.on('close', (code) => {
      conn.closed = { code, at: Date.now() };
    });
    socket.on('message', async (data) => {
      const raw = data.toString();
      const parsed = JSON.parse(raw) as ClientMessage;
      const msg: ClientMessage = { ...parsed, raw };
      if (msg.method === 'SUBSCRIBE' && options.verifier) {
        msg.verified = await options.verifier.verify(msg.headers.Authorization, 'SUBSCRIBE', msg.uri, '{}');
      }
      conn.messages.push(msg);
      state.onMessage(conn, msg);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  state.baseUrl = `http://127.0.0.1:${port}${prefix}`;
  return state;
}

/** Polls until `check` returns true (or a value), or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | undefined | false,
  timeoutMs = 3_000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
