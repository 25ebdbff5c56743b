// The pickers' search: active accounts by name, and assets of the dictionary by symbol, name or
// id, of the account's network family only. Pure, so the list under a picker and the key that
// picks from it always agree.
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

/**
 * Whether an asset lives on a testnet, as the dictionary marks its network; undefined when the
 * network is not in the dictionary (nothing says, so the asset is not hidden). An asset without a
 * network (fiat) is mainnet.
 */
export function assetIsTestnet(dictionary: DictionaryState, assetId: string): boolean | undefined {
  const networkId = dictionary.assets.get(assetId)?.networkId;
  if (networkId == null || networkId === '') return false;
  const network = dictionary.networks.get(networkId);
  return network === undefined ? undefined : network.isTestnet === true;
}

/** What narrows and orders an asset search beside the typed text. */
export interface AssetScope {
  /** The chosen account's family: only assets of it are offered (undefined: no account yet). */
  readonly testnet?: boolean;
  /** The network of the asset on the other side: among equal matches, its assets come first. */
  readonly nearNetworkId?: string;
}

/** The scope of the `field` picker for the form as it stands: the account's family, the other side's network. */
export function assetScope(
  dictionary: DictionaryState,
  workspace: WorkspaceState,
  form: { readonly accountId?: string; readonly fromAssetId?: string },
  field: 'from' | 'to',
): AssetScope {
  const account = form.accountId === undefined ? undefined : workspace.accountsById.get(form.accountId);
  const near = field === 'to' && form.fromAssetId !== undefined ? dictionary.assets.get(form.fromAssetId)?.networkId : undefined;
  return {
    ...(account !== undefined ? { testnet: account.isTestnet === true } : {}),
    ...(near != null && near !== '' ? { nearNetworkId: near } : {}),
  };
}

/**
 * Dictionary assets matching the query (from MIN_ASSET_QUERY characters on), best first: by how
 * well they match, then those on `scope.nearNetworkId`, then by symbol, network and id. A mainnet
 * account is never offered a testnet asset, nor the reverse.
 */
export function assetCandidates(dictionary: DictionaryState, query: string, scope: AssetScope = {}): Candidate[] {
  const q = query.trim().toLowerCase();
  if ([...q].length < MIN_ASSET_QUERY) return [];
  const found: { c: Candidate; rank: number; near: number }[] = [];
  for (const [assetId, record] of dictionary.assets) {
    if (scope.testnet !== undefined) {
      const testnet = assetIsTestnet(dictionary, assetId);
      if (testnet !== undefined && testnet !== scope.testnet) continue;
    }
    const asset = assetLabel(dictionary, assetId);
    const r = rank(asset, assetId, q);
    if (r === undefined) continue;
    const label = labelText(asset, false);
    const near = scope.nearNetworkId !== undefined && record.networkId === scope.nearNetworkId ? 0 : 1;
    found.push({ c: { id: assetId, label, asset }, rank: r, near });
  }
  return found
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        a.near - b.near ||
        a.c.asset!.symbol.localeCompare(b.c.asset!.symbol) ||
        a.c.asset!.network.localeCompare(b.c.asset!.network) ||
        a.c.id.localeCompare(b.c.id, undefined, { numeric: true }),
    )
    .slice(0, MAX_CANDIDATES)
    .map((f) => f.c);
}
