import { BlockList, isIP } from 'node:net';

// NO_PROXY, read one way for every transport (HTTP and the WebSocket), so the same host is never
// proxied by one and not the other. curl's rules, which undici's EnvHttpProxyAgent also follows,
// made a little more forgiving where tools disagree:
// - entries are separated by commas and/or white space; empty ones are skipped; case is ignored;
// - `*` (as an entry of its own) sends everything direct;
// - `name`, `.name` and `*.name` all mean the name itself and every host under it
//   (proxy-from-env would take `name` as exact and `.name` as subdomains only);
// - `entry:port` limits the entry to that port (the URL's port, or 80/443 when it has none);
// - an IP address matches only that address (never as a suffix: `0.0.1` is not `127.0.0.1`);
//   IPv6 with or without brackets (`[::1]:8080` when a port is given);
// - `address/bits` (CIDR) matches the addresses in that range.

interface NameRule {
  kind: 'name';
  name: string;
  port: number;
}
interface AddressRule {
  kind: 'address';
  block: BlockList;
  port: number;
}
type Rule = NameRule | AddressRule | { kind: 'all' };

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'ws:': 80, 'https:': 443, 'wss:': 443 };

/** The host name as URL writes it (lower case, punycode, IPs canonical), or undefined if none. */
function canonicalHost(host: string): string | undefined {
  // URL would read `a/b` as host `a`: anything but a host is no entry.
  if (/[/?#@\\]/.test(host)) return undefined;
  try {
    const { hostname } = new URL(`http://${host}`);
    return hostname === '' ? undefined : hostname;
  } catch {
    return undefined;
  }
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** `host:port`, `[v6]:port`, or a bare IPv6 address (its colons are not a port). */
function splitPort(entry: string): { host: string; port: number } {
  const bracketed = /^(\[[^\]]*\])(?::(\d+))?$/.exec(entry);
  if (bracketed) return { host: bracketed[1] as string, port: Number(bracketed[2] ?? 0) };
  if (entry.indexOf(':') !== entry.lastIndexOf(':')) return { host: entry, port: 0 };
  const named = /^(.+):(\d+)$/.exec(entry);
  return named ? { host: named[1] as string, port: Number(named[2]) } : { host: entry, port: 0 };
}

function addressRule(address: string, bits: number | undefined, port: number): AddressRule | undefined {
  const family = isIP(address);
  if (family === 0) return undefined;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const block = new BlockList();
  if (bits === undefined) block.addAddress(address, type);
  else if (bits <= (family === 4 ? 32 : 128)) block.addSubnet(address, bits, type);
  else return undefined;
  return { kind: 'address', block, port };
}

/** One entry, or undefined when it can match nothing (it is then ignored, as curl does). */
function parseEntry(raw: string): Rule | undefined {
  const entry = raw.toLowerCase();
  if (entry === '*') return { kind: 'all' };
  const { host, port } = splitPort(entry);
  if (port > 65_535) return undefined;
  const bare = stripBrackets(host);
  const cidr = /^(.+)\/(\d{1,3})$/.exec(bare);
  if (cidr) return addressRule(cidr[1] as string, Number(cidr[2]), port);
  if (isIP(bare) !== 0) return addressRule(bare, undefined, port);
  const name = canonicalHost(host.replace(/^\*/, '').replace(/^\.+/, '').replace(/\.+$/, ''));
  if (name === undefined || name.includes('*')) return undefined;
  // URL made it an address (`127.1` is 127.0.0.1).
  if (isIP(stripBrackets(name)) !== 0) return addressRule(stripBrackets(name), undefined, port);
  return { kind: 'name', name, port };
}

/** NO_PROXY parsed once; `matches` says whether a target URL goes direct. */
export interface NoProxy {
  matches(target: URL): boolean;
}

export function parseNoProxy(value: string): NoProxy {
  const rules = value
    .split(/[,\s]+/)
    .filter((entry) => entry !== '')
    .map(parseEntry)
    .filter((rule) => rule !== undefined);
  return {
    matches(target) {
      if (rules.length === 0) return false;
      const host = stripBrackets(target.hostname).replace(/\.+$/, '');
      const port = target.port === '' ? (DEFAULT_PORTS[target.protocol] ?? 0) : Number(target.port);
      const family = isIP(host);
      return rules.some((rule) => {
        if (rule.kind === 'all') return true;
        if (rule.port !== 0 && rule.port !== port) return false;
        if (rule.kind === 'address') {
          return family !== 0 && rule.block.check(host, family === 4 ? 'ipv4' : 'ipv6');
        }
        return family === 0 && (host === rule.name || host.endsWith(`.${rule.name}`));
      });
    },
  };
}
