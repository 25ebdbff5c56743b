// A scripted HTTP server on a free loopback port that records every request exactly as it
// arrived: the raw request target (`req.url`), the headers and the raw body text.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Verifier, VerifyErr, VerifyOk } from '../../src/auth/index.js';

export interface RecordedRequest {
  method: string;
  /** The raw request target, query included, as the client sent it. */
  url: string;
  /** The target without the query. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Set when the server verifies signatures. */
  verified?: VerifyOk | VerifyErr;
  /** 1-based, over the server's life. */
  seq: number;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is (wins over json). */
  text?: string;
  /** Waits before answering. */
  delayMs?: number;
  /** Destroys the socket instead of answering (a network error). */
  destroy?: boolean;
  /** Never answers (a timeout). */
  hang?: boolean;
}

export type Handler = (req: RecordedRequest) => Reply | Promise<Reply>;

export interface TestServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  requests: RecordedRequest[];
  setHandler(handler: Handler): void;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** When given, every request is verified (raw target, raw body); failures answer 401. */
  verifier?: Verifier;
  /** Value of the Date header; default the real clock. */
  date?: () => Date;
}

function send(res: ServerResponse, reply: Reply, date: Date): void {
  const body = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
  const headers: Record<string, string> = { date: date.toUTCString(), ...reply.headers };
  if (reply.text === undefined && reply.json !== undefined && !headers['content-type']) {
    headers['content-type'] = 'application/json';
  }
  res.sendDate = false;
  res.writeHead(reply.status ?? 200, headers);
  res.end(body);
}

export async function startHttpServer(handler: Handler, options: ServerOptions = {}): Promise<TestServer> {
  let current = handler;
  let seq = 0;
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      seq += 1;
      const url = req.url ?? '';
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url,
        path: url.split('?')[0] ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        seq,
      };
      requests.push(recorded);
      const date = options.date?.() ?? new Date();
      if (options.verifier) {
        recorded.verified = await options.verifier.verify(
          req.headers.authorization,
          recorded.method,
          url,
          recorded.body,
        );
        if (!recorded.verified.ok) {
          send(
            res,
            { status: 401, json: { error: 'unauthorized', message: recorded.verified.detail } },
            date,
          );
          return;
        }
      }
      const reply = await current(recorded);
      if (reply.hang) return;
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (reply.destroy) {
        req.socket.destroy();
        return;
      }
      send(res, reply, date);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    setHandler(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A free port with nothing listening on it (for "connection refused"). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
