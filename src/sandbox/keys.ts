// The key registry: kid → public JWK, role, state, the member who owns it, optional IP allow list.
import { BlockList, isIP } from 'node:net';
import { type PrivateJwk, type PublicJwk, publicHalf, validateJwk } from '../auth/index.js';
import { KEY_STATES } from '../contract/index.js';
import { isRole, ROLES, type Role } from '../format/index.js';

export type KeyState = (typeof KEY_STATES)[number];

export interface KeyOptions {
  /** Default `active`. */
  state?: KeyState;
  /** The member the key acts for; default the workspace owner. */
  userId?: string;
  /** Exact IPv4/IPv6 addresses or IPv4/IPv6 CIDR ranges; absent = any address. */
  allowIps?: string[];
}

/** A key as the sandbox's caller registers it (`startSandbox({ keys })`). */
export interface KeySpec extends KeyOptions {
  jwk: PublicJwk | PrivateJwk;
  role: Role;
}

export interface KeyEntry {
  readonly kid: string;
  readonly jwk: PublicJwk;
  readonly role: Role;
  state: KeyState;
  readonly userId: string;
  readonly allowIps?: readonly string[];
  readonly allow?: BlockList;
}

function isKeyState(value: unknown): value is KeyState {
  return typeof value === 'string' && (KEY_STATES as readonly string[]).includes(value);
}

/** `::ffff:127.0.0.1` → `127.0.0.1`: a dual-stack socket reports IPv4 callers that way. */
export function normalizeIp(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address.toLowerCase();
}

/** A BlockList (used as an allow list) from exact addresses and CIDR ranges; throws on a bad entry. */
export function parseAllowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const text = String(entry).trim();
    const slash = text.indexOf('/');
    const address = normalizeIp(slash < 0 ? text : text.slice(0, slash));
    const family = isIP(address);
    if (family === 0) throw new TypeError(`allowIps: "${text}" is not an IP address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (slash < 0) {
      list.addAddress(address, type);
      continue;
    }
    const prefixText = text.slice(slash + 1);
    const prefix = Number(prefixText);
    if (!/^\d{1,3}$/.test(prefixText) || prefix > (family === 4 ? 32 : 128)) {
      throw new TypeError(`allowIps: "${text}" has a bad prefix length`);
    }
    list.addSubnet(address, prefix, type);
  }
  return list;
}

/** True when `address` (a socket's remote address) is on the key's allow list. */
export function ipAllowed(allow: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const ip = normalizeIp(address);
  const family = isIP(ip);
  if (family === 0) return false;
  return allow.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

export interface KeyRegistry {
  register(jwk: PublicJwk | PrivateJwk, role: Role, opts?: KeyOptions): KeyEntry;
  setState(kid: string, state: KeyState): KeyEntry;
  get(kid: string): KeyEntry | undefined;
  list(): KeyEntry[];
}

/** `defaultUserId` is the member a key acts for when its options name none. */
export function createKeyRegistry(defaultUserId: string): KeyRegistry {
  const keys = new Map<string, KeyEntry>();
  return {
    register(jwk, role, opts = {}) {
      // Only the public half is kept, whatever was passed in.
      const pub = publicHalf(validateJwk(jwk, 'key'));
      if (!isRole(role)) throw new TypeError(`role must be one of ${ROLES.join(', ')}`);
      const state = opts.state ?? 'active';
      if (!isKeyState(state)) throw new TypeError(`state must be one of ${KEY_STATES.join(', ')}`);
      const userId = opts.userId ?? defaultUserId;
      if (typeof userId !== 'string' || userId === '') throw new TypeError('userId must be a non-empty string');
      const entry: KeyEntry = { kid: pub.kid, jwk: pub, role, state, userId };
      const withAllow =
        opts.allowIps === undefined
          ? entry
          : { ...entry, allowIps: [...opts.allowIps], allow: parseAllowList(opts.allowIps) };
      keys.set(pub.kid, withAllow);
      return withAllow;
    },
    setState(kid, state) {
      const entry = keys.get(kid);
      if (!entry) throw new RangeError('no key with that kid is registered');
      if (!isKeyState(state)) throw new TypeError(`state must be one of ${KEY_STATES.join(', ')}`);
      entry.state = state;
      return entry;
    },
    get: (kid) => keys.get(kid),
    list: () => [...keys.values()],
  };
}
