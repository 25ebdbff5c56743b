import type { Agent } from 'node:http';
import type { HttpsProxyAgent } from 'https-proxy-agent';
import type WebSocket from 'ws';
import { NetworkError, type NetworkErrorInit, safeText } from './errors.js';
import { type ProxyRoute, type ProxySettings, proxyFor } from './proxy.js';

// The live WebSocket through a proxy: the same decision as HTTP (proxyFor), then a CONNECT tunnel
// per connection attempt (https-proxy-agent; for a ws:// target it hands back the plain tunnelled
// socket, for wss:// it starts TLS inside the tunnel). A failure that is the proxy's (refused,
// unreachable, silent) becomes a ProxyError naming the proxy's host, never its credentials.

/** The proxy, not the server, stopped the connection. `message` names the proxy's host:port. */
export class ProxyError extends NetworkError {
  /** `host:port` of the proxy. */
  readonly proxyHost: string;
  /** The proxy's answer to CONNECT when it refused the tunnel (403, 407, 502 ...). */
  readonly status?: number;

  constructor(init: NetworkErrorInit & { proxyHost: string; status?: number }) {
    super(init);
    this.proxyHost = init.proxyHost;
    if (init.status !== undefined) this.status = init.status;
  }
}

/** One connection attempt through the proxy. */
export interface TunnelAttempt {
  /** For `new WebSocket(url, { agent })`. */
  readonly agent: Agent;
  /**
   * Follows the socket made with `agent`: until the proxy answers CONNECT (ws's handshake timeout
   * does not run before that), and reports a failure that was the proxy's.
   */
  watch(ws: WebSocket, onProxyError: (err: ProxyError) => void): void;
  /** Drops the connection to the proxy while CONNECT is unanswered (the client is closing). */
  abort(): void;
}

export interface SocketRoute {
  /** Rejects with a TypeError (naming the setting, not its value) when the proxy URL is unusable. */
  attempt(): Promise<TunnelAttempt>;
}

// Loaded on the first proxied connection only: a direct console never pays for it.
let agentModule: Promise<{ HttpsProxyAgent: typeof HttpsProxyAgent }> | undefined;

const NET_WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ENOTFOUND: 'host not found (DNS)',
  EAI_AGAIN: 'host name lookup failed (DNS)',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS certificate chain holds a self-signed certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate cannot be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not match the host name',
};

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function refusalHint(status: number, withCredentials: boolean): string {
  if (status === 407) {
    return withCredentials
      ? ': the proxy refused the user name and password in the proxy URL'
      : ': the proxy wants a user name and password (http://user:password@host:port)';
  }
  if (status === 403) return ': the proxy does not allow this destination';
  return '';
}

/**
 * How the realtime client reaches `url` (ws:// or wss://): undefined for a direct connection,
 * else a tunnel through the proxy that `settings` choose for it. `path` and `timeoutMs` are for
 * the error: the socket's path and how long CONNECT may go unanswered.
 */
export function socketRoute(
  settings: ProxySettings,
  url: string,
  opts: { path: string; timeoutMs: number },
): SocketRoute | undefined {
  let route: ProxyRoute | undefined;
  try {
    route = proxyFor(settings, url);
  } catch (err) {
    // Said on every attempt (as HTTP says it on every call): the console still polls meanwhile.
    return { attempt: () => Promise.reject(err) };
  }
  if (!route) return undefined;
  const { url: proxyUrl, host: proxyHost } = route;
  const target = new URL(url).host;
  const withCredentials = proxyUrl.username !== '' || proxyUrl.password !== '';
  const authorization = withCredentials
    ? `Basic ${Buffer.from(`${decoded(proxyUrl.username)}:${decoded(proxyUrl.password)}`).toString('base64')}`
    : '';
  // The agent is given the URL without credentials and sends them as a header of its own: its
  // debug output (DEBUG=https-proxy-agent) prints the URL, never the headers.
  const bareUrl = new URL(proxyUrl.href);
  bareUrl.username = '';
  bareUrl.password = '';
  const secrets = [authorization.slice('Basic '.length), proxyUrl.password, decoded(proxyUrl.password)].filter(
    (s) => s.length >= 3,
  );

  function proxyError(message: string, extra: Partial<NetworkErrorInit> & { status?: number } = {}): ProxyError {
    return new ProxyError({ message, method: 'GET', path: opts.path, proxyHost, ...extra });
  }

  async function attempt(): Promise<TunnelAttempt> {
    const { HttpsProxyAgent: TunnelAgent } = await (agentModule ??= import('https-proxy-agent'));
    const controller = new AbortController();
    const agent = new TunnelAgent(bareUrl, {
      headers: authorization ? { 'Proxy-Authorization': authorization } : {},
      // Reaches net/tls.connect: aborting it drops the connection to a proxy that stays silent.
      signal: controller.signal,
    } as ConstructorParameters<typeof TunnelAgent>[1]);
    let answer: { statusCode: number; statusText: string } | undefined;
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    agent.once('proxyConnect', (connect: { statusCode: number; statusText: string }) => {
      answer = connect;
      clearTimeout(timer);
    });

    function failure(err: unknown): ProxyError | undefined {
      if (answer?.statusCode === 200) return undefined; // the tunnel is up: not the proxy's doing
      if (answer) {
        const { statusCode: status } = answer;
        const words = `${status} ${safeText(answer.statusText, secrets)}`.trim();
        return proxyError(
          `proxy ${proxyHost} refused the tunnel to ${target} (${words})${refusalHint(status, withCredentials)}`,
          { status },
        );
      }
      if (timedOut) {
        return proxyError(`proxy ${proxyHost} did not answer CONNECT within ${opts.timeoutMs / 1000} s`, {
          timedOut: true,
        });
      }
      const { code, message } = err as { code?: unknown; message?: unknown };
      if (typeof code === 'string' && NET_WORDS[code]) {
        return proxyError(`cannot reach proxy ${proxyHost} (${NET_WORDS[code]})`, { code });
      }
      if (typeof message === 'string' && message.startsWith('Proxy connection ended')) {
        return proxyError(`proxy ${proxyHost} closed the connection without answering CONNECT`);
      }
      const says = safeText(typeof message === 'string' ? message : String(err), secrets);
      return proxyError(`proxy ${proxyHost}: ${says}`, typeof code === 'string' ? { code } : {});
    }

    return {
      agent,
      watch(ws, onProxyError) {
        if (answer === undefined) {
          timer = setTimeout(() => {
            timedOut = true;
            controller.abort();
            ws.terminate();
          }, opts.timeoutMs);
        }
        ws.once('error', (err) => {
          clearTimeout(timer);
          const found = failure(err);
          if (found) onProxyError(found);
        });
        ws.once('close', () => clearTimeout(timer));
      },
      abort() {
        clearTimeout(timer);
        if (answer === undefined) controller.abort();
      },
    };
  }

  return { attempt };
}
