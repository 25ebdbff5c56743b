// A tiny plain-HTTP forward proxy: it takes absolute-form request lines
// (`GET http://127.0.0.1:PORT/path?x HTTP/1.1`) for http:// targets and forwards them unchanged.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestProxy {
  url: string;
  /** The absolute-form targets it forwarded. */
  seen: string[];
  close(): Promise<void>;
}

export async function startForwardProxy(): Promise<TestProxy> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const target = req.url ?? '';
    seen.push(target);
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
    const upstream = request(
      { host: origin.hostname, port: origin.port, method: req.method, path, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  // A tunnel request is refused: the client must forward http:// targets in absolute form.
  server.on('connect', (_req, socket) => socket.end('HTTP/1.1 405 Method Not Allowed\r\n\r\n'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
