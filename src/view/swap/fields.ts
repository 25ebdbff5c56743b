// The swap form's fields: which are shown (token ids only for assets that need one), in what
// order, and how a chosen account or asset reads.
import type { Account, Asset } from '../../contract/index.js';
import type { DictionaryState, WorkspaceState } from '../../store/index.js';
import type { PickerField, SwapField, SwapForm } from '../../store/swap.js';

export const FIELD_LABELS: Readonly<Record<SwapField, string>> = {
  account: 'account',
  from: 'from',
  to: 'to',
  side: 'amount is',
  amount: 'amount',
  fromTokenId: 'from token id',
  toTokenId: 'to token id',
};

// Token standards whose every token is distinct (an NFT, a lock position): a swap names the token.
const DISTINCT_TOKEN_STANDARDS = new Set(['erc721', 'erc1155']);

/** Whether a swap of this asset must name a token id (NFT collections and lock positions). */
export function needsTokenId(asset: Asset | undefined): boolean {
  if (asset === undefined) return false;
  if (asset.assetType === 'nft') return true;
  const standard = asset.contractInformation?.standard;
  return standard != null && DISTINCT_TOKEN_STANDARDS.has(standard);
}

/** The fields on screen now, in Tab order. */
export function visibleFields(form: SwapForm, dictionary: DictionaryState): SwapField[] {
  const fields: SwapField[] = ['account', 'from', 'to', 'side', 'amount'];
  if (form.fromAssetId !== undefined && needsTokenId(dictionary.assets.get(form.fromAssetId)))
    fields.push('fromTokenId');
  if (form.toAssetId !== undefined && needsTokenId(dictionary.assets.get(form.toAssetId)))
    fields.push('toTokenId');
  return fields;
}

/** The field `delta` steps from `focus`, wrapping around. */
export function stepField(fields: readonly SwapField[], focus: SwapField, delta: number): SwapField {
  const i = fields.indexOf(focus);
  if (i < 0) return fields[0]!;
  return fields[(i + delta + fields.length) % fields.length]!;
}

export interface AssetLabel {
  readonly symbol: string;
  /** The symbol's name ("Bitcoin"); empty when the dictionary has none. */
  readonly name: string;
  /** The network's name, or its id. */
  readonly network: string;
}

export function assetLabel(dictionary: DictionaryState, assetId: string): AssetLabel {
  const asset = dictionary.assets.get(assetId);
  if (asset === undefined) return { symbol: assetId, name: '', network: '' };
  const symbolRecord = asset.symbolId ? dictionary.symbols.get(asset.symbolId) : undefined;
  const networkId = asset.networkId ?? '';
  return {
    symbol: asset.symbol || symbolRecord?.symbol || assetId,
    name: symbolRecord?.name ?? '',
    network: (networkId && dictionary.networks.get(networkId)?.name) || networkId || 'fiat',
  };
}

/** "USDT · Tether USD · Ethereum" ("USDT / Tether USD / Ethereum" in ASCII). */
export function labelText(l: AssetLabel, ascii: boolean): string {
  return [l.symbol, l.name, l.network].filter((s) => s !== '').join(ascii ? ' / ' : ' · ');
}

export function assetText(dictionary: DictionaryState, assetId: string, ascii = false): string {
  return labelText(assetLabel(dictionary, assetId), ascii);
}

export function accountText(workspace: WorkspaceState, accountId: string): string {
  const a: Account | undefined = workspace.accountsById.get(accountId);
  return a?.accountName || accountId;
}

/** What a picker field holds: the chosen id, if any. */
export function pickedId(form: SwapForm, field: PickerField): string | undefined {
  return field === 'account' ? form.accountId : field === 'from' ? form.fromAssetId : form.toAssetId;
}
