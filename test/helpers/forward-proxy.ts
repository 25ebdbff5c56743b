// A tiny forward proxy on loopback. It takes absolute-form request lines
// (`GET http://127.0.0.1:PORT/path?x HTTP/1.1`) for http:// targets and forwards them unchanged,
// and, when asked, opens CONNECT tunnels (the live WebSocket goes through one). It can require
// Proxy-Authorization, refuse tunnels with a status, or stay silent; it records what it saw.
import { createServer, request } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';

/**
 * What a CONNECT gets: 'tunnel' opens it; a number answers with that status (the default, 405,
 * makes a client forward http:// targets in absolute form); 'silent' never answers.
 */
export type ConnectMode = 'tunnel' | 'silent' | number;

export interface ForwardProxyOptions {
  connect?: ConnectMode;
  /** Requests and CONNECTs without `Proxy-Authorization: Basic base64(user:password)` get 407. */
  auth?: { user: string; password: string };
  /** Host names the proxy resolves itself (a test name → 127.0.0.1). */
  hosts?: Record<string, string>;
}

export interface TestProxy {
  /** Without credentials. */
  url: string;
  /** host:port, as messages should name the proxy. */
  host: string;
  /** The absolute-form targets it forwarded. */
  seen: string[];
  /** host:port of every CONNECT asked for (refused ones too), in order. */
  connects: string[];
  /** The Proxy-Authorization header of every request and CONNECT, in order ('' when absent). */
  authorizations: string[];
  /** Client connections to the proxy that are still open. */
  openSockets(): number;
  setConnect(mode: ConnectMode): void;
  close(): Promise<void>;
}

export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

export async function startForwardProxy(opts: ForwardProxyOptions = {}): Promise<TestProxy> {
  const seen: string[] = [];
  const connects: string[] = [];
  const authorizations: string[] = [];
  const sockets = new Set<Socket>();
  let mode: ConnectMode = opts.connect ?? 405;
  const expected = opts.auth && basicAuth(opts.auth.user, opts.auth.password);
  const resolve = (host: string) => opts.hosts?.[host] ?? host;
  /** Records the header; false when authentication is required and it is wrong. */
  const authorized = (header: string | undefined): boolean => {
    authorizations.push(header ?? '');
    return expected === undefined || header === expected;
  };

  const server = createServer((req, res) => {
    const target = req.url ?? '';
    seen.push(target);
    if (!authorized(req.headers['proxy-authorization'])) {
      res.writeHead(407, { 'Proxy-Authenticate': 'Basic realm="test"' }).end();
      return;
    }
    let origin: URL;
    try {
      origin = new URL(target);
    } catch {
      res.writeHead(400).end('absolute-form target expected');
      return;
    }
    // The raw path with query, cut from the raw target (never re-serialized by URL).
    const path = target.slice(origin.origin.length) || '/';
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    delete headers['proxy-authorization'];
    const upstream = request(
      { host: resolve(origin.hostname), port: origin.port, method: req.method, path, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    connects.push(target);
    client.on('error', () => undefined);
    // The client hung up: so does the proxy (a CONNECT socket is left half-open otherwise).
    client.on('end', () => client.destroy());
    if (!authorized(req.headers['proxy-authorization'])) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n');
      return;
    }
    if (mode === 'silent') return;
    if (typeof mode === 'number') {
      client.end(`HTTP/1.1 ${mode} Refused\r\n\r\n`);
      return;
    }
    const split = /^(.+):(\d+)$/.exec(target);
    if (!split) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const host = split[1]!.replace(/^\[|\]$/g, '');
    const upstream = connect(Number(split[2]), resolve(host));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    upstream.once('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      client.pipe(upstream);
      upstream.pipe(client);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    seen,
    connects,
    authorizations,
    openSockets: () => [...sockets].filter((s) => !s.destroyed).length,
    setConnect(next) {
      mode = next;
    },
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
