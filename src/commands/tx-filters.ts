// The filters of `custody tx list`: the options, and what they ask the server for. Statuses, types
// and accounts mean what they mean to `watch` (its helpers, one meaning); --since/--until are
// creation times, as ISO dates or a span back from now written as `:tx` writes it (`24h`, `7d`).
// The time bound is fixed once, from the `now` handed in: an export never chases rows created
// after it started.
import type { Account, Asset } from '../contract/index.js';
import type { TransactionsListQuery } from '../client/index.js';
import { nearestWord, unknownWordText } from '../format/index.js';
import { parseRange } from '../view/query/tx-words.js';
import { bool, type OptionSpec, type ParsedValues, str, UsageError } from './cli.js';
import { listOptions, parseLimit } from './script/reading.js';
import { checkWords, listOption, resolveAccounts, txWordFlags } from './tx-words.js';

export const TX_SORTS = ['created', 'updated'] as const;
export type TxListSort = (typeof TX_SORTS)[number];

export const txListFlags = {
  ...txWordFlags,
  asset: {
    type: 'string',
    value: 'ID|SYMBOL',
    multiple: true,
    description: 'only transactions of this asset: its id, or a symbol (every network) (comma lists too)',
  },
  since: {
    type: 'string',
    value: 'WHEN',
    description: 'created at or after: 2026-01-01, 2026-01-01T09:30Z (UTC unless an offset is given), or 24h, 7d back from now',
  },
  until: {
    type: 'string',
    value: 'WHEN',
    description: 'created at or before (a date: through its end), as --since; default: when the command started',
  },
  sort: { type: 'string', value: 'created|updated', values: TX_SORTS, description: 'order by creation time (default) or last update' },
  'oldest-first': { type: 'boolean', description: 'oldest first (default: newest first)' },
  ...listOptions,
} as const satisfies Readonly<Record<string, OptionSpec>>;


/** What `tx list` reads: the server's query, and how much of it. */
export interface TxListRequest {
  /** Filters, the sort, and the creation-time bounds (createdAtTo always set: fixed at `now`). */
  readonly query: TransactionsListQuery;
  readonly all: boolean;
  /** Total cap on rows (not a page size); undefined: no cap. */
  readonly limit: number | undefined;
}

export interface TxListContext {
  /** Epoch ms when the command started: spans count back from it, and it is the default --until. */
  readonly now: number;
  /** Every account (asked only when --account is given). */
  readonly accounts: () => Promise<readonly Account[]>;
  /** Every asset (asked only when --asset is given). */
  readonly assets: () => Promise<readonly Pick<Asset, 'assetId' | 'symbol'>[]>;
  /** Where a note goes (a status sent --as-given); default: nowhere. */
  readonly note?: (text: string) => void;
}

// ---- times -----------------------------------------------------------------------------------------

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const SPAN = /^\d+[a-z]+$/i;

/**
 * An ISO date or date-time as the epoch-ms range it names: a date is its whole UTC day, a minute
 * its whole minute, and so on down to the millisecond. UTC unless an offset (`Z`, `+02:00`) is given.
 */
export function parseIsoRange(text: string): { start: number; end: number } | undefined {
  const m = ISO.exec(text.trim());
  if (m === null) return undefined;
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => (m[i] === undefined ? undefined : Number(m[i])));
  const frac = m[7];
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31) return undefined;
  if ((h ?? 0) > 23 || (mi ?? 0) > 59 || (s ?? 0) > 59) return undefined;
  const ms = frac === undefined ? 0 : Number(frac.padEnd(3, '0'));
  const utc = Date.UTC(y!, mo! - 1, d!, h ?? 0, mi ?? 0, s ?? 0, ms);
  if (new Date(utc).getUTCDate() !== d) return undefined; // 2026-02-30
  const zone = m[8];
  let offsetMin = 0;
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const [oh, om] = [Number(digits.slice(0, 2)), Number(digits.slice(2))];
    if (oh > 23 || om > 59) return undefined;
    offsetMin = (zone[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const start = utc - offsetMin * 60_000;
  const unit = h === undefined ? 86_400_000 : s === undefined ? 60_000 : frac === undefined ? 1_000 : 1;
  return { start, end: start + unit - 1 };
}

/**
 * `--since`/`--until` as epoch ms: the start (since) or the end (until) of what an ISO form names,
 * or `now` minus a span (`24h`, `7d`: the `:tx` words' reading of it). Refused: exit 2.
 */
export function parseWhen(flag: 'since' | 'until', text: string, now: number): number {
  const iso = parseIsoRange(text);
  if (iso !== undefined) return flag === 'since' ? iso.start : iso.end;
  if (SPAN.test(text.trim())) {
    const r = parseRange(text.trim(), { statuses: [], types: [], accounts: [], assets: [], now, tzOffsetMinutes: 0 });
    // Its refusal of a span it reads (`0h`) says why; other words get this command's text below.
    if (typeof r === 'string' && /^\d+[mhdw]$/i.test(text.trim())) throw new UsageError(`--${flag}: ${r}`);
    if (typeof r !== 'string' && r.from !== undefined && r.to === undefined) return r.from;
  }
  throw new UsageError(
    `--${flag} ${JSON.stringify(text)}: not a time (2026-01-01, 2026-01-01T09:30:00Z, 2026-01-01T09:30+02:00, or 24h, 7d back from now)`,
  );
}

// ---- the rest --------------------------------------------------------------------------------------

/** `--sort`: a known sort, or refused with the nearest one (exit 2). */
export function parseSort(text: string | undefined): TxListSort {
  if (text === undefined) return 'created';
  const t = text.trim().toLowerCase();
  if ((TX_SORTS as readonly string[]).includes(t)) return t as TxListSort;
  throw new UsageError(`--sort: ${unknownWordText(text, TX_SORTS, 'sort')}`);
}

/**
 * `--asset` values to asset ids: an exact id, else every asset with that symbol (any network, case
 * ignored, as `:tx asset:` reads it). Unknown: refused with the nearest symbol (exit 2).
 */
export function resolveAssets(values: readonly string[], assets: readonly Pick<Asset, 'assetId' | 'symbol'>[]): string[] {
  const ids = new Set<string>();
  for (const value of values) {
    if (assets.some((a) => a.assetId === value)) {
      ids.add(value);
      continue;
    }
    const bySymbol = assets.filter((a) => (a.symbol ?? '').toLowerCase() === value.toLowerCase());
    if (bySymbol.length === 0) {
      const symbols = [...new Set(assets.map((a) => a.symbol).filter((s): s is string => typeof s === 'string' && s !== ''))];
      const near = nearestWord(value, symbols);
      throw new UsageError(`--asset: no asset has the id or symbol '${value}'${near === undefined ? '' : `: did you mean ${near}?`}`);
    }
    for (const a of bySymbol) ids.add(a.assetId);
  }
  return [...ids];
}

/**
 * The parsed options to what `tx list` asks for. Every refusal is a UsageError (exit 2), an
 * account name two accounts share or no account has among them.
 */
export async function txListQuery(values: ParsedValues, ctx: TxListContext): Promise<TxListRequest> {
  const statuses = listOption(values, 'status');
  const types = listOption(values, 'type');
  checkWords({ status: statuses, type: types }, bool(values, 'as-given'), ctx.note ?? (() => undefined));
  const sort = parseSort(str(values, 'sort'));
  const limit = parseLimit(str(values, 'limit'));
  const sinceText = str(values, 'since');
  const untilText = str(values, 'until');
  const since = sinceText === undefined ? undefined : parseWhen('since', sinceText, ctx.now);
  const until = untilText === undefined ? ctx.now : parseWhen('until', untilText, ctx.now);
  if (since !== undefined && since > until) {
    throw new UsageError(`--since ${sinceText} is after ${untilText === undefined ? 'now' : `--until ${untilText}`}: nothing to list`);
  }
  const accountWords = listOption(values, 'account');
  const assetWords = listOption(values, 'asset');
  const accountIds = accountWords.length === 0 ? [] : [...new Set(await resolveAccounts(accountWords, await ctx.accounts()))];
  const assetIds = assetWords.length === 0 ? [] : resolveAssets(assetWords, await ctx.assets());

  const query: TransactionsListQuery = {
    ...(statuses.length > 0 ? { transactionStatuses: statuses } : {}),
    ...(types.length > 0 ? { transactionTypes: types } : {}),
    ...(accountIds.length > 0 ? { accountIds } : {}),
    ...(assetIds.length > 0 ? { assetIds } : {}),
    ...(since !== undefined ? { createdAtFrom: String(Math.max(0, since)) } : {}),
    createdAtTo: String(Math.max(0, until)),
    sortBy: sort === 'updated' ? 'updated' : 'activity',
    sortDirection: bool(values, 'oldest-first') ? 'ASC' : 'DESC',
  };
  return { query, all: bool(values, 'all'), limit };
}
