// Where a swap or a bridge created from the form puts the funds: the account and its address on
// the receiving network, in full. It is what the person confirms, so it is wrapped, never cut (as
// the decline dialog shows a counterparty).
import type { DictionaryState, WorkspaceState } from '../../store/index.js';
import { wordWrap } from '../draw/detail-kit.js';
import type { Segment } from '../base/segments.js';
import type { Token } from '../base/theme.js';
import { assetLabel } from './fields.js';

/** Columns before a card row's value: two spaces and the label column. */
export const CARD_LABEL = 21;

/** A card row whose value continues under itself when it is longer than the line. */
export function wrappedRow(label: string, value: string, width: number, token?: Token): (readonly Segment[])[] {
  const pad = ' '.repeat(CARD_LABEL);
  // The last column is left free, as on every line the pane draws.
  return wordWrap(value, Math.max(12, width - CARD_LABEL - 1)).map((piece, i) => [
    { text: i === 0 ? `  ${label.padEnd(CARD_LABEL - 2)}` : pad, token: 'muted' },
    { text: piece, ...(token ? { token } : {}) },
  ]);
}

/** "Trading, TcML9JK6tkYCTVtWPQtAvuZ9v7QpKFQzDwaHNk (Tron)", or the account's name alone. */
export function destinationText(
  ref: { readonly dictionary: DictionaryState; readonly workspace: WorkspaceState },
  accountId: string,
  toAssetId: string | null | undefined,
): string | undefined {
  const networkId = toAssetId == null ? undefined : ref.dictionary.assets.get(toAssetId)?.networkId;
  if (networkId == null) return undefined;
  const account = ref.workspace.accountsById.get(accountId)?.accountName ?? accountId;
  const address = ref.workspace.addresses.find((a) => a.accountId === accountId && a.networkId === networkId);
  const network = assetLabel(ref.dictionary, toAssetId!).network;
  return address?.address ? `${account}, ${address.address} (${network})` : `${account}'s address on ${network}`;
}
