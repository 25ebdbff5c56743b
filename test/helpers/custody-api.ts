// A small custody API on a free loopback port for command tests: it verifies every signature
// with auth's verifier and answers the calls init and doctor make. Keys have the states of the
// wire notes (§2): accepted, pending (401) and revoked (403); an unknown key id is 403 too.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { createVerifier, type PublicJwk, publicHalf } from '../../src/auth/index.js';

export type KeyState = 'accepted' | 'pending' | 'revoked';

export interface ApiWorkspace {
  workspaceId: string;
  name: string;
  tag: string;
}

export interface TestApi {
  /** `http://127.0.0.1:PORT` */
  url: string;
  workspaces: ApiWorkspace[];
  /** Added to the server's clock: its Date header and its check of `iat`. */
  clockOffsetMs: number;
  /** Leave out the Date header. */
  noDate: boolean;
  /** Every request: method, raw target, Authorization header (for the secrets test), answer status. */
  requests: Array<{ method: string; target: string; authorization: string | undefined; status: number }>;
  register(jwk: PublicJwk, state?: KeyState): void;
  setState(kid: string, state: KeyState): void;
  /** Consulted for a kid not registered (e.g. to accept a key init just wrote). */
  lookup?: (kid: string) => PublicJwk | undefined;
  close(): Promise<void>;
}

const servers: TestApi[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

export const ACCOUNT = {
  accountId: 'acc1',
  accountName: 'Treasury',
  accountType: 'vault',
  externalId: 'ext1',
  status: 'active',
  workspaceId: 'ws1',
  createdAt: '1749219350000',
};

export async function startApi(
  workspaces: ApiWorkspace[] = [{ workspaceId: 'ws1', name: 'Acme Treasury', tag: 'acme' }],
): Promise<TestApi> {
  const keys = new Map<string, { jwk: PublicJwk; state: KeyState }>();
  const api: TestApi = {
    url: '',
    workspaces,
    clockOffsetMs: 0,
    noDate: false,
    requests: [],
    register(jwk, state = 'accepted') {
      keys.set(jwk.kid, { jwk: publicHalf(jwk), state });
    },
    setState(kid, state) {
      const k = keys.get(kid);
      if (!k) throw new Error(`no key ${kid}`);
      k.state = state;
    },
    close: async () => {},
  };
  const now = () => Date.now() + api.clockOffsetMs;
  const resolve = (kid: string): PublicJwk | undefined => keys.get(kid)?.jwk ?? api.lookup?.(kid);
  const verifier = createVerifier({ resolveKey: resolve, now });

  const send = (res: ServerResponse, status: number, body: unknown) => {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'Correlation-Id': '0123456789abcdef0123456789abcdef',
    };
    if (!api.noDate) headers.Date = new Date(now()).toUTCString();
    else res.sendDate = false;
    res.writeHead(status, headers);
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: string, message: string) =>
    send(res, status, { error: code, message });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const target = req.url ?? '/';
    const method = req.method ?? 'GET';
    let body = '';
    for await (const chunk of req) body += chunk;
    const auth = req.headers.authorization;
    const result = await verifier.verify(auth, method, target, body);
    if (!result.ok) {
      if (result.reason === 'unknown-kid') return reply(res, 403, 'forbidden', 'unknown API key');
      return reply(res, 401, 'unauthorized', result.detail);
    }
    const state = keys.get(result.kid)?.state ?? 'accepted';
    if (state === 'pending') return reply(res, 401, 'unauthorized', 'the API key is not accepted yet');
    if (state === 'revoked') return reply(res, 403, 'forbidden', 'the API key was revoked');
    const pathOnly = target.split('?')[0]!;
    const parts = pathOnly.split('/').filter(Boolean);
    if (method === 'GET' && parts.length === 1 && parts[0] === 'workspaces') {
      send(res, 200, { workspaces: api.workspaces });
      return 200;
    }
    if (method === 'GET' && parts[0] === 'workspaces' && parts.length >= 2) {
      const ws = api.workspaces.find((w) => w.workspaceId === decodeURIComponent(parts[1]!));
      if (!ws) return reply(res, 404, 'not-found', 'workspace not found');
      if (parts.length === 2) {
        send(res, 200, ws);
        return 200;
      }
      if (parts.length === 3 && parts[2] === 'accounts') {
        send(res, 200, { accounts: [{ ...ACCOUNT, workspaceId: ws.workspaceId }] });
        return 200;
      }
    }
    return reply(res, 404, 'not-found', 'no such endpoint');
  }
  function reply(res: ServerResponse, status: number, code: string, message: string): number {
    error(res, status, code, message);
    return status;
  }

  const server = createServer((req, res) => {
    const entry = {
      method: req.method ?? '',
      target: req.url ?? '',
      authorization: req.headers.authorization,
      status: 0,
    };
    api.requests.push(entry);
    handle(req, res).then(
      (status) => {
        entry.status = status;
      },
      () => {
        entry.status = 500;
        if (!res.headersSent) error(res, 500, 'internal', 'test server failed');
      },
    );
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.close = () =>
    new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    });
  servers.push(api);
  return api;
}

/** A base URL on which nothing listens (a port just freed). */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((ok) => server.close(() => ok()));
  return `http://127.0.0.1:${port}`;
}
