// The words of `:tx`: a transactions view as the server is asked for it. Bare words are statuses
// and types (any of them), known ones only: a typo is refused with the word it was likely meant to
// be, never sent to match nothing; `status:` and `type:` send a word as given (one this version
// does not know yet). `key:value` words are the list's other filters (the OpenAPI's
// `GET /transactions` parameters). Pure: the words and names it resolves against come in.
//
//   :tx waiting-approval withdrawal asset:USDT created:24h
//   :tx to:0x39…9b80   :tx hash:5e1c…   :tx ext:payroll-2026-11   :tx id:0kylofwu7ea41rkrv700melm
import { type TransactionFilterQuery, unknownWordText } from '../../format/index.js';

export interface TxWordsRef {
  /** The statuses and types known (the contract's) or seen in the data: a bare word must be one. */
  readonly statuses: readonly string[];
  readonly types: readonly string[];
  readonly accounts: readonly { readonly accountId: string; readonly accountName: string }[];
  readonly assets: readonly { readonly assetId: string; readonly symbol?: string | undefined; readonly networkId?: string | undefined }[];
  /** Local clock, epoch ms (relative ranges such as `created:24h` end now). */
  readonly now: number;
  /** Minutes east of UTC for day-only dates (default: the process's local zone). */
  readonly tzOffsetMinutes?: number;
}

/** One applied filter as the title shows it: `[asset: USDT]`. */
export interface TxChip {
  readonly label: string;
  readonly value: string;
}

/** The keys whose value goes to the server as typed, and the query field each sets. */
const TEXT_FIELDS = {
  to: 'toAddress',
  from: 'fromAddress',
  address: 'address',
  hash: 'blockchainTxId',
  ext: 'externalId',
  id: 'transactionId',
} as const;

export type TxFilterWords = Omit<TransactionFilterQuery, 'isTerminated' | 'accountId' | 'accountIds'> & {
  readonly accountId?: string;
};

export type TxWordsResult =
  | { readonly ok: true; readonly filter: TxFilterWords; readonly chips: readonly TxChip[] }
  | { readonly ok: false; readonly error: string };

/** The `key:` words, with what each sets; aliases point at their name. */
export const TX_KEYS = {
  status: 'a status, sent as given (even one this version does not know)',
  type: 'a type, sent as given (even one this version does not know)',
  account: 'the account (name or the start of it)',
  asset: 'the asset (symbol, any network, or an asset id)',
  created: 'created in a range: 24h, 7d, 2026-11-01, 2026-11-01..2026-11-20, ..2026-11-01',
  updated: 'updated in a range (as created:)',
  to: 'the destination address',
  from: 'the source address',
  address: 'either address',
  hash: 'the blockchain transaction id',
  ext: 'the external id (the client\'s idempotency key)',
  id: 'the transaction id',
} as const;
export type TxKey = keyof typeof TX_KEYS;
const ALIASES: Readonly<Record<string, TxKey>> = { txid: 'hash', external: 'ext', externalid: 'ext', addr: 'address' };

function keyOf(word: string): TxKey | undefined {
  const k = word.toLowerCase();
  return Object.hasOwn(TX_KEYS, k) ? (k as TxKey) : ALIASES[k];
}

const DURATION = /^(\d+)(m|h|d|w)$/i;
const UNIT_MS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/;

function localOffsetMinutes(at: number): number {
  return -new Date(at).getTimezoneOffset();
}

/** A date (local day start, or a local minute) as epoch ms; undefined when it is not one. */
function dateMs(text: string, ref: TxWordsRef): { start: number; end: number } | undefined {
  const m = DATE.exec(text);
  if (m === null) return undefined;
  const [y, mo, d, h, mi] = [m[1], m[2], m[3], m[4], m[5]].map((v) => (v === undefined ? undefined : Number(v)));
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || (h !== undefined && h > 23) || (mi !== undefined && mi > 59)) return undefined;
  const utc = Date.UTC(y!, mo! - 1, d!, h ?? 0, mi ?? 0);
  if (new Date(utc).getUTCDate() !== d) return undefined; // 2026-02-30
  const offset = ref.tzOffsetMinutes ?? localOffsetMinutes(utc);
  const start = utc - offset * 60_000;
  return { start, end: start + (h === undefined ? 86_400_000 : 60_000) - 1 };
}

/** A range word: `24h` (the last 24 hours), a date (that day), `a..b`, `..b`, `a..`. */
export function parseRange(text: string, ref: TxWordsRef): { from?: number; to?: number } | string {
  const dur = DURATION.exec(text);
  if (dur !== null) {
    const ms = Number(dur[1]) * UNIT_MS[dur[2]!.toLowerCase()]!;
    if (ms <= 0) return `${text}: a range must be longer than nothing`;
    return { from: ref.now - ms };
  }
  const dots = text.indexOf('..');
  if (dots < 0) {
    const day = dateMs(text, ref);
    return day === undefined ? `${text}: not a range (24h, 7d, 2026-11-01, or a..b)` : { from: day.start, to: day.end };
  }
  const a = text.slice(0, dots);
  const b = text.slice(dots + 2);
  const from = a === '' ? undefined : dateMs(a, ref);
  const to = b === '' ? undefined : dateMs(b, ref);
  if ((a !== '' && from === undefined) || (b !== '' && to === undefined) || (a === '' && b === '')) {
    return `${text}: not a range (dates as 2026-11-01 or 2026-11-01 14:30, around ..)`;
  }
  if (from !== undefined && to !== undefined && from.start > to.end) return `${text}: the range ends before it starts`;
  return { ...(from ? { from: from.start } : {}), ...(to ? { to: to.end } : {}) };
}

function listOf(words: readonly string[]): string {
  return words.length <= 4 ? words.join(', ') : `${words.slice(0, 4).join(', ')} and ${words.length - 4} more`;
}

/**
 * The filters of `:tx WORDS`. No words: every transaction. A word that means nothing is an error
 * naming it (never silently a smaller view); the same key twice keeps the last.
 */
export function parseTxWords(words: readonly string[], ref: TxWordsRef): TxWordsResult {
  const statuses = new Set(ref.statuses.map((s) => s.toLowerCase()));
  const types = new Set(ref.types.map((t) => t.toLowerCase()));
  const wantStatuses: string[] = [];
  const wantTypes: string[] = [];
  const filter: Record<string, unknown> = {};
  const chips = new Map<string, string>();
  for (const word of words) {
    const colon = word.indexOf(':');
    if (colon < 0) {
      const w = word.toLowerCase();
      if (statuses.has(w)) wantStatuses.push(w);
      else if (types.has(w)) wantTypes.push(w);
      else {
        const near = unknownWordText(word, [...ref.statuses, ...ref.types]);
        // Nothing near: say what a word may be instead.
        const hint = near.includes('did you mean') ? '' : ` (a status, a type, or ${Object.keys(TX_KEYS).map((k) => `${k}:`).join(' ')})`;
        return { ok: false, error: `${near}${hint}` };
      }
      continue;
    }
    const key = keyOf(word.slice(0, colon));
    const value = word.slice(colon + 1);
    if (key === undefined) {
      return { ok: false, error: `:tx ${word}: unknown key "${word.slice(0, colon)}" (${Object.keys(TX_KEYS).join(', ')})` };
    }
    if (value === '') return { ok: false, error: `:tx ${key}: needs a value (${TX_KEYS[key]})` };
    switch (key) {
      case 'status':
        wantStatuses.push(value.toLowerCase());
        break;
      case 'type':
        wantTypes.push(value.toLowerCase());
        break;
      case 'account': {
        const wanted = value.toLowerCase();
        const exact = ref.accounts.filter((a) => a.accountName.toLowerCase() === wanted);
        const found = exact.length > 0 ? exact : ref.accounts.filter((a) => a.accountName.toLowerCase().startsWith(wanted));
        if (found.length === 0) return { ok: false, error: `:tx account:${value}: no account name starts with "${value}"` };
        if (found.length > 1) {
          return { ok: false, error: `:tx account:${value}: ${found.length} accounts match (${listOf(found.map((a) => a.accountName))}); type more of the name` };
        }
        filter.accountId = found[0]!.accountId;
        chips.set('account', found[0]!.accountName);
        break;
      }
      case 'asset': {
        const bySymbol = ref.assets.filter((a) => (a.symbol ?? '').toLowerCase() === value.toLowerCase());
        const ids = bySymbol.length > 0 ? bySymbol.map((a) => a.assetId) : ref.assets.filter((a) => a.assetId === value).map((a) => a.assetId);
        if (ids.length === 0) return { ok: false, error: `:tx asset:${value}: no asset with that symbol or id` };
        filter.assetIds = ids;
        chips.set('asset', bySymbol.length > 0 ? (bySymbol[0]!.symbol ?? value) : value);
        break;
      }
      case 'created':
      case 'updated': {
        const r = parseRange(value, ref);
        if (typeof r === 'string') return { ok: false, error: `:tx ${key}:${r}` };
        delete filter[`${key}AtFrom`];
        delete filter[`${key}AtTo`];
        if (r.from !== undefined) filter[`${key}AtFrom`] = String(Math.max(0, r.from));
        if (r.to !== undefined) filter[`${key}AtTo`] = String(Math.max(0, r.to));
        chips.set(key, value);
        break;
      }
      default:
        // A key that takes its text as it is: one query field each.
        filter[TEXT_FIELDS[key]] = value;
        chips.set(key, value);
    }
  }
  if (wantStatuses.length > 0) {
    const unique = [...new Set(wantStatuses)];
    filter.transactionStatuses = unique;
    chips.set('status', unique.join(','));
  }
  if (wantTypes.length > 0) {
    const unique = [...new Set(wantTypes)];
    filter.transactionTypes = unique;
    chips.set('type', unique.join(','));
  }
  const order = ['status', 'type', 'account', 'asset', 'created', 'updated', 'to', 'from', 'address', 'hash', 'ext', 'id'];
  return {
    ok: true,
    filter: filter as TxFilterWords,
    chips: order.filter((k) => chips.has(k)).map((label) => ({ label, value: chips.get(label)! })),
  };
}

/** What the word being typed after `:tx` may become: statuses, types, keys, and a key's values. */
export function txWordCandidates(word: string, ref: Pick<TxWordsRef, 'statuses' | 'types' | 'accounts' | 'assets'>): string[] {
  const colon = word.indexOf(':');
  const lower = word.toLowerCase();
  if (colon < 0) {
    const pool = [...ref.statuses, ...ref.types, ...Object.keys(TX_KEYS).map((k) => `${k}:`)];
    return [...new Set(pool)].filter((c) => c.toLowerCase().startsWith(lower));
  }
  const key = keyOf(word.slice(0, colon));
  const typed = word.slice(colon + 1).toLowerCase();
  const head = word.slice(0, colon + 1);
  let values: string[] = [];
  if (key === 'account') values = ref.accounts.map((a) => (/\s/.test(a.accountName) ? `"${a.accountName}"` : a.accountName));
  else if (key === 'asset') values = [...new Set(ref.assets.map((a) => a.symbol).filter((s): s is string => !!s))].sort();
  else if (key === 'created' || key === 'updated') values = ['1h', '24h', '7d', '30d'];
  else if (key === 'status') values = [...ref.statuses];
  else if (key === 'type') values = [...ref.types];
  const bare = typed.replace(/^"/, '');
  return values.filter((v) => v.replace(/^"/, '').toLowerCase().startsWith(bare)).map((v) => `${head}${v}`);
}

/** The words of a line: spaces split them, except inside double quotes (`account:"Ops Hot"`). */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let quoted = false;
  let started = false;
  for (const ch of text) {
    if (ch === '"') {
      quoted = !quoted;
      started = true;
    } else if (!quoted && /\s/.test(ch)) {
      if (started) words.push(word);
      word = '';
      started = false;
    } else {
      word += ch;
      started = true;
    }
  }
  if (started) words.push(word);
  return words;
}
