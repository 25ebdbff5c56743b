// An asset id as people read it: its symbol and decimals, from the dictionary. Pure.
import { showHidden } from '../format/index.js';
import type { DictionaryFacts } from './facts.js';

export interface AssetInfo {
  readonly symbol: string;
  /** Decimal places, when the dictionary knows them. */
  readonly decimals?: number;
  readonly networkId?: string;
  readonly symbolId?: string;
}

/** Symbol and decimals of an asset id; unknown ids show as their raw text. */
export function assetInfo(
  state: Pick<DictionaryFacts, 'assets' | 'symbols'>,
  assetId: string | null | undefined,
): AssetInfo {
  if (assetId == null) return { symbol: '' };
  const asset = state.assets.get(assetId);
  if (asset === undefined) return { symbol: assetId };
  const decimals = asset.decimals == null ? undefined : Number(asset.decimals);
  const symbol = asset.symbol || (asset.symbolId ? state.symbols.get(asset.symbolId)?.symbol : undefined) || assetId;
  return {
    // A symbol is an identifier: "USDT" and "USDT" with a zero-width space must not look alike.
    symbol: showHidden(symbol),
    ...(decimals !== undefined && Number.isInteger(decimals) ? { decimals } : {}),
    ...(asset.networkId ? { networkId: asset.networkId } : {}),
    ...(asset.symbolId ? { symbolId: asset.symbolId } : {}),
  };
}
