// An HTTP proxy in front of a sandbox that forwards every request as it came (target, headers and
// body untouched, so signatures still verify) and lets a test rewrite what comes back: a body
// replaced (garbage JSON, wrong types, missing fields, a huge payload) or the answer lost after
// the server acted on the request (the socket destroyed once the upstream answer arrived).
// WebSocket upgrades are not proxied: point the realtime client at the sandbox itself.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Exchange {
  method: string;
  /** The raw target, query included. */
  url: string;
  path: string;
  requestBody: string;
  status: number;
  /** The body the sandbox sent (before any rewrite). */
  body: string;
}

/** What to do with one answer: pass it, replace it, or lose it. */
export type Tamper =
  | { kind: 'pass' }
  | { kind: 'replace'; body: string | Buffer; status?: number }
  | { kind: 'lose' };

export interface TamperProxy {
  readonly baseUrl: string;
  /** Every exchange forwarded, in order. */
  readonly exchanges: Exchange[];
  /** Decides per answer; default pass. */
  setTamper(fn: ((x: Exchange) => Tamper) | undefined): void;
  close(): Promise<void>;
}

function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export async function startTamperProxy(upstreamPort: number): Promise<TamperProxy> {
  let tamper: ((x: Exchange) => Tamper) | undefined;
  const exchanges: Exchange[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer(async (req, res) => {
    const requestBody = await readAll(req);
    const headers: IncomingHttpHeaders = { ...req.headers, host: `127.0.0.1:${upstreamPort}` };
    const up = httpRequest({ host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers });
    up.on('error', () => res.destroy());
    up.on('response', async (answer) => {
      const body = await readAll(answer);
      const url = req.url ?? '';
      const x: Exchange = {
        method: req.method ?? '',
        url,
        path: url.split('?')[0]!,
        requestBody: requestBody.toString('utf8'),
        status: answer.statusCode ?? 0,
        body: body.toString('utf8'),
      };
      exchanges.push(x);
      const what = tamper?.(x) ?? { kind: 'pass' };
      if (what.kind === 'lose') {
        res.socket?.resetAndDestroy();
        return;
      }
      const out = what.kind === 'replace' ? Buffer.from(what.body) : body;
      const outHeaders: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && name !== 'content-length' && name !== 'transfer-encoding' && name !== 'connection') {
          outHeaders[name] = value;
        }
      }
      outHeaders['content-length'] = String(out.length);
      res.writeHead(what.kind === 'replace' ? (what.status ?? x.status) : x.status, outHeaders);
      res.end(out);
    });
    up.end(requestBody);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    exchanges,
    setTamper(fn) {
      tamper = fn;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
