import type { Dispatcher } from 'undici';

// Proxies: an explicit proxy URL (profile or flag) carries every request; otherwise
// HTTPS_PROXY / HTTP_PROXY / NO_PROXY (either case) from the environment, through undici's
// EnvHttpProxyAgent. A dispatcher is made only when some proxy is configured, and undici is
// loaded only then (a direct connection uses Node's built-in fetch).

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

export interface ProxiedFetch {
  fetch: typeof fetch;
  dispatcher: Dispatcher;
}

/**
 * undici's own fetch with a proxy dispatcher (Node's built-in fetch is another undici and must not
 * be handed this one's dispatchers). Plain `http://` targets are forwarded in absolute form, as
 * curl does; `https://` targets are tunnelled with CONNECT.
 */
export async function createProxiedFetch(settings: ProxySettings): Promise<ProxiedFetch | undefined> {
  const plan = proxyPlan(settings);
  if (!plan) return undefined;
  const undici = await import('undici');
  let dispatcher: Dispatcher;
  try {
    dispatcher =
      plan.kind === 'explicit'
        ? new undici.ProxyAgent({ uri: plan.uri, proxyTunnel: false })
        : // Empty strings (not undefined) so undici does not read process.env behind our back.
          new undici.EnvHttpProxyAgent({
            httpProxy: plan.httpProxy,
            httpsProxy: plan.httpsProxy,
            noProxy: plan.noProxy,
            proxyTunnel: false,
          });
  } catch {
    // The proxy URL may hold credentials: it is never repeated in a message.
    throw new TypeError('the proxy setting is not a valid URL (expected http://host:port)');
  }
  return { fetch: undici.fetch as unknown as typeof fetch, dispatcher };
}
