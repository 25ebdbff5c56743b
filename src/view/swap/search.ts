// The pickers' search: active accounts by name, and assets of the dictionary by symbol, name or
// id. Pure, so the list under a picker and the key that picks from it always agree.
import type { Account } from '../../contract/index.js';
import type { DictionaryState, WorkspaceState } from '../../store/index.js';
import { type AssetLabel, assetLabel, labelText } from './fields.js';

/** Asset search starts at this many characters: one letter matches half the dictionary. */
export const MIN_ASSET_QUERY = 2;
/** At most this many candidates under a picker. */
export const MAX_CANDIDATES = 8;

export interface Candidate {
  readonly id: string;
  /** The text of the row: an account's name, or an asset's symbol, name and network (Unicode). */
  readonly label: string;
  readonly asset?: AssetLabel;
}

/**
 * Active accounts whose name contains the query (any case): names that start with it first (Enter
 * picks the top one, and "Tra" means Trading, not DeFi Strategies), then by name.
 */
export function accountCandidates(workspace: WorkspaceState, query: string): Candidate[] {
  const q = query.trim().toLowerCase();
  const starts = (a: Account) => (a.accountName.toLowerCase().startsWith(q) ? 0 : 1);
  return workspace.accounts
    .filter((a: Account) => a.status === 'active')
    .filter((a) => q === '' || a.accountName.toLowerCase().includes(q))
    .sort((a, b) => starts(a) - starts(b) || a.accountName.localeCompare(b.accountName))
    .slice(0, MAX_CANDIDATES)
    .map((a) => ({ id: a.accountId, label: a.accountName }));
}

/**
 * How well an asset matches, lower is better; undefined: no match. An exact symbol or id first,
 * then symbols that start with the query, names that start with it, then anything containing it.
 */
function rank(l: AssetLabel, assetId: string, q: string): number | undefined {
  const symbol = l.symbol.toLowerCase();
  const name = l.name.toLowerCase();
  if (symbol === q || assetId.toLowerCase() === q) return 0;
  if (symbol.startsWith(q)) return 1;
  if (name.startsWith(q)) return 2;
  if (symbol.includes(q) || name.includes(q) || l.network.toLowerCase().includes(q)) return 3;
  return undefined;
}

/** Dictionary assets matching the query (from MIN_ASSET_QUERY characters on), best first. */
export function assetCandidates(dictionary: DictionaryState, query: string): Candidate[] {
  const q = query.trim().toLowerCase();
  if ([...q].length < MIN_ASSET_QUERY) return [];
  const found: { c: Candidate; rank: number }[] = [];
  for (const assetId of dictionary.assets.keys()) {
    const asset = assetLabel(dictionary, assetId);
    const r = rank(asset, assetId, q);
    if (r === undefined) continue;
    const label = labelText(asset, false);
    found.push({ c: { id: assetId, label, asset }, rank: r });
  }
  return found
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        a.c.asset!.symbol.localeCompare(b.c.asset!.symbol) ||
        a.c.asset!.network.localeCompare(b.c.asset!.network) ||
        a.c.id.localeCompare(b.c.id, undefined, { numeric: true }),
    )
    .slice(0, MAX_CANDIDATES)
    .map((f) => f.c);
}
