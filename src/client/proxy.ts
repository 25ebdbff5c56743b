import type * as Undici from 'undici';
import type { Dispatcher } from 'undici';
import { parseNoProxy } from './no-proxy.js';

// Proxies: an explicit proxy URL (profile or flag) carries every request; otherwise
// HTTPS_PROXY / HTTP_PROXY / NO_PROXY (either case) from the environment. `proxyFor` is the one
// decision for both transports (HTTP through undici, the WebSocket through a CONNECT tunnel), so
// a host is never proxied by one and not the other. undici is loaded only when a proxy is used
// (a direct connection uses Node's built-in fetch).

export type ProxyEnv = Readonly<Record<string, string | undefined>>;

export interface ProxySettings {
  /** Explicit proxy for every request. */
  proxy?: string | undefined;
  /** Where HTTP(S)_PROXY / NO_PROXY are read; default process.env. */
  env?: ProxyEnv | undefined;
}

function pick(env: ProxyEnv, name: string): string {
  return env[name.toLowerCase()] ?? env[name.toUpperCase()] ?? '';
}

/** What the settings ask for, or undefined for a direct connection. Pure. */
export function proxyPlan(
  settings: ProxySettings,
):
  | { kind: 'explicit'; uri: string }
  | { kind: 'env'; httpProxy: string; httpsProxy: string; noProxy: string }
  | undefined {
  if (settings.proxy) return { kind: 'explicit', uri: settings.proxy };
  const env = settings.env ?? process.env;
  const httpProxy = pick(env, 'http_proxy');
  const httpsProxy = pick(env, 'https_proxy');
  if (!httpProxy && !httpsProxy) return undefined;
  return { kind: 'env', httpProxy, httpsProxy, noProxy: pick(env, 'no_proxy') };
}

/** The proxy chosen for one target. */
export interface ProxyRoute {
  /** The proxy URL, credentials included: never shown, never logged. */
  readonly url: URL;
  /** `host:port` of the proxy (no credentials): what messages name. */
  readonly host: string;
  /** Where it was set, for messages: 'the proxy setting', 'HTTPS_PROXY' or 'HTTP_PROXY'. */
  readonly from: string;
}

function unusable(from: string): TypeError {
  // The value may hold credentials: it is never repeated in a message.
  return new TypeError(`${from} is not a usable proxy URL (expected http://host:port or https://host:port)`);
}

/** A proxy value as a URL; `host:port` alone means http:// (as curl reads it). */
function proxyRoute(value: string, from: string): ProxyRoute {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text.includes('://') ? text : `http://${text}`);
  } catch {
    throw unusable(from);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') throw unusable(from);
  const host = url.port ? url.host : `${url.host}:${url.protocol === 'https:' ? 443 : 80}`;
  return { url, host, from };
}

/**
 * Which proxy carries a connection to `target` (http, https, ws or wss), or undefined for a
 * direct one. ws:// is decided as http:// and wss:// as https://: an explicit proxy carries every
 * target; else https targets use HTTPS_PROXY (HTTP_PROXY when only that is set, as undici does),
 * http targets HTTP_PROXY, unless NO_PROXY names the host (see no-proxy.ts). Throws a TypeError
 * (naming the setting, not its value) when the proxy URL is unusable.
 */
export function proxyFor(settings: ProxySettings, target: string | URL): ProxyRoute | undefined {
  const plan = proxyPlan(settings);
  if (!plan) return undefined;
  if (plan.kind === 'explicit') return proxyRoute(plan.uri, 'the proxy setting');
  const url = typeof target === 'string' ? new URL(target) : target;
  const secure = url.protocol === 'https:' || url.protocol === 'wss:';
  const [value, from] =
    secure && plan.httpsProxy ? [plan.httpsProxy, 'HTTPS_PROXY'] : [plan.httpProxy, 'HTTP_PROXY'];
  if (!value) return undefined;
  if (parseNoProxy(plan.noProxy).matches(url)) return undefined;
  return proxyRoute(value, from);
}

export interface ProxiedFetch {
  fetch: typeof fetch;
  dispatcher: Dispatcher;
  /** `host:port` of the proxy, for messages. */
  proxyHost: string;
}

/**
 * undici's own fetch with a proxy dispatcher for `target`'s origin, or undefined when `target` is
 * reached directly. (Node's built-in fetch is another undici and must not be handed this one's
 * dispatchers.) Plain `http://` targets are forwarded in absolute form, as curl does; `https://`
 * targets are tunnelled with CONNECT.
 */
export async function createProxiedFetch(
  settings: ProxySettings,
  target: string | URL,
): Promise<ProxiedFetch | undefined> {
  const route = proxyFor(settings, target);
  if (!route) return undefined;
  // undici is CommonJS: Node's import() names its exports, but the bundle's chunk (esbuild) has
  // only `default`; module.exports is `default` in both.
  const loaded = (await import('undici')) as typeof Undici & { default?: typeof Undici };
  const undici = loaded.default ?? loaded;
  let dispatcher: Dispatcher;
  try {
    dispatcher = new undici.ProxyAgent({ uri: route.url.href, proxyTunnel: false });
  } catch {
    throw unusable(route.from);
  }
  return { fetch: undici.fetch as unknown as typeof fetch, dispatcher, proxyHost: route.host };
}
