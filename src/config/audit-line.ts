// One line of the audit log: an entry's known fields in a fixed order, then `prev`, the link that
// chains it to the lines before it (audit-chain.ts). Pure: no file is touched here.
import * as z from 'zod';
import { ConfigError } from './errors.js';

/** One attempt of an action and how it ended. Holds no secret: no token, key or passphrase. */
export interface AuditEntry {
  /** ISO 8601, UTC, milliseconds. */
  readonly time: string;
  /**
   * Where the connection came from (setup.ts): profile, flags, env or demo. With flags or env the
   * line's baseUrl and workspaceId are what was used; lines of an older custody have none.
   */
  readonly setup?: string;
  /** The profile that lent the connection something; absent when flags or env gave it all. */
  readonly profile?: string;
  /** The server acted on: the base URL the console was connected to. */
  readonly baseUrl: string;
  readonly workspaceId: string;
  readonly keyId?: string;
  /** decline | approve | create (more may come: readers show unknown ones as they are). */
  readonly action: string;
  readonly transactionId?: string;
  /** The idempotency key of a create. */
  readonly externalId?: string;
  /**
   * What the action was on, as known when it was taken (the server's answer, else the row held,
   * else a create's body); lines of an older custody have none. The transaction's type (withdrawal…).
   */
  readonly transactionType?: string;
  /** The amount moved, a decimal string as the wire has it ("12.5"). */
  readonly amount?: string;
  readonly assetId?: string;
  /** The asset's symbol (USDC), when the console knew it. */
  readonly assetSymbol?: string;
  /** The destination address. */
  readonly toAddress?: string;
  /** The destination when it is one of the workspace's accounts. */
  readonly toAccountId?: string;
  /** The destination's name in the address book, when it is in it. */
  readonly addressBookName?: string;
  readonly reason?: string;
  /** The new status on success, else the error code (conflict, forbidden, network, bad-request…). */
  readonly result: string;
  /** The request's Correlation-Id, only when the server got (or may have got) the request. */
  readonly correlationId?: string;
}

/**
 * An entry as a line of the log holds it. `prev` is the hex SHA-256 that links the line into the
 * chain; lines written before the chain existed (or by an older custody) have none.
 */
export type StoredAuditEntry = AuditEntry & { readonly prev?: string };

/** Which entries to read; every given field must match. */
export interface AuditFilter {
  readonly transactionId?: string | undefined;
  readonly workspaceId?: string | undefined;
  /** Compared as a URL: `https://API.example/` matches `https://api.example`. */
  readonly baseUrl?: string | undefined;
}

const text = z.string().min(1).max(10_000);
const HASH = /^[0-9a-f]{64}$/;
/** A decimal as the wire writes amounts: digits, an optional fraction, no exponent. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The shape of a line, field by field: what is written is exactly these fields (nothing else an
 * object happens to carry can slip into the file), and what is read back must have them.
 */
const AuditEntrySchema = z.object({
  time: z.iso.datetime({ offset: true }),
  setup: text.optional(),
  profile: text.optional(),
  baseUrl: text,
  workspaceId: text,
  keyId: text.optional(),
  action: text,
  transactionId: text.optional(),
  externalId: text.optional(),
  transactionType: text.optional(),
  amount: z.string().max(100).regex(DECIMAL).optional(),
  assetId: text.optional(),
  assetSymbol: text.optional(),
  toAddress: text.optional(),
  toAccountId: text.optional(),
  addressBookName: text.optional(),
  reason: z.string().max(10_000).optional(),
  result: text,
  correlationId: text.optional(),
});

const StoredLineSchema = AuditEntrySchema.extend({ prev: z.string().regex(HASH).optional() });

const FIELDS = Object.keys(AuditEntrySchema.shape) as (keyof AuditEntry)[];

/** True for an amount a line can hold: a decimal string of at most 100 characters. */
export function isAuditAmount(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 100 && DECIMAL.test(value);
}

/** True for a chain link: 64 lowercase hex digits. */
export function isChainHash(value: unknown): value is string {
  return typeof value === 'string' && HASH.test(value);
}

/**
 * The entry as one line of JSON ending in a newline: its known fields in a fixed order, then
 * `prev` when given. Throws a ConfigError for an entry of the wrong shape.
 */
export function auditLine(entry: AuditEntry, prev?: string): string {
  const parsed = AuditEntrySchema.safeParse(entry);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`not a valid audit entry: ${issue?.path.join('.') || 'entry'}: ${issue?.message ?? 'invalid'}`);
  }
  if (prev !== undefined && !isChainHash(prev)) throw new ConfigError('not a valid audit chain link');
  const ordered: Record<string, unknown> = {};
  for (const field of FIELDS) if (parsed.data[field] !== undefined) ordered[field] = parsed.data[field];
  if (prev !== undefined) ordered.prev = prev;
  // JSON.stringify escapes \n and \r inside strings but not U+2028/U+2029, which some line
  // readers (Node 24's readline among them) take as line ends: escaped too, so the entry is one
  // line to every tool whatever the reason says.
  return `${JSON.stringify(ordered).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}\n`;
}

/** One line read back (without its newline): the entry, or undefined for anything else (torn, edited, foreign). */
export function parseAuditLine(line: string): StoredAuditEntry | undefined {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return undefined;
  }
  const parsed = StoredLineSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const entry: Record<string, unknown> = {};
  for (const field of FIELDS) if (parsed.data[field] !== undefined) entry[field] = parsed.data[field];
  if (parsed.data.prev !== undefined) entry.prev = parsed.data.prev;
  return entry as unknown as StoredAuditEntry;
}

/** The entry without its chain link: the fields a caller appended. */
export function withoutLink(entry: StoredAuditEntry): AuditEntry {
  const { prev: _prev, ...rest } = entry;
  return rest;
}

/**
 * A base URL in one spelling: lowercase scheme and host, no default port, no trailing slash.
 * Without a scheme it is https (the table shows https servers without one).
 */
export function normalizeServer(url: string): string {
  const given = url.trim();
  const trimmed = given.includes('://') ? given : `https://${given}`;
  try {
    const u = new URL(trimmed);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return trimmed.replace(/\/+$/, '');
  }
}

export function matchesFilter(entry: AuditEntry, filter: AuditFilter): boolean {
  if (filter.transactionId !== undefined && entry.transactionId !== filter.transactionId) return false;
  if (filter.workspaceId !== undefined && entry.workspaceId !== filter.workspaceId) return false;
  if (filter.baseUrl !== undefined && normalizeServer(entry.baseUrl) !== normalizeServer(filter.baseUrl)) return false;
  return true;
}
