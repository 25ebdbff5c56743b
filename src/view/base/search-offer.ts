// `/` filters the rows the console holds. When the text looks like something the server can find
// by itself (a transaction id, an address, a blockchain hash), the list offers to ask it: the
// history may hold the answer far beyond what is loaded.
import type { TxFilter } from '../../store/ui.js';

export interface SearchOffer {
  /** What the text looks like, in words. */
  readonly kind: 'transaction id' | 'blockchain transaction id' | 'address';
  readonly text: string;
  /** The `:tx` filter that asks the server. */
  readonly filter: TxFilter;
  /** How the title shows it (`[address: …]`). */
  readonly chip: { readonly label: string; readonly value: string };
}

/** The id of the offer's row in the transactions list (never a transaction id: it has a space). */
export const SEARCH_ROW_ID = ' search';

const ID = /^[a-z0-9]{24}$/;
const HASH = /^(0x)?[0-9a-fA-F]{64}$/;
const ADDRESS = [
  /^0x[0-9a-fA-F]{40}$/, // EVM
  /^(bc1|tb1|ltc1)[02-9ac-hj-np-z]{8,87}$/i, // bech32
  /^[1-9A-HJ-NP-Za-km-z]{25,44}$/, // base58: Bitcoin legacy, Tron, Solana, XRP
  /^(EQ|UQ|kQ|0Q)[A-Za-z0-9_-]{46}$/, // TON
];

/** The server search a `/` text stands for, or undefined (a name, a status, part of something). */
export function searchOffer(filter: string): SearchOffer | undefined {
  const text = filter.trim();
  if (text === '' || text.startsWith('!')) return undefined;
  if (ID.test(text) && !/^\d+$/.test(text)) {
    return { kind: 'transaction id', text, filter: { transactionId: text }, chip: { label: 'id', value: text } };
  }
  if (HASH.test(text)) {
    return { kind: 'blockchain transaction id', text, filter: { blockchainTxId: text }, chip: { label: 'hash', value: text } };
  }
  if (ADDRESS.some((re) => re.test(text))) {
    return { kind: 'address', text, filter: { address: text }, chip: { label: 'address', value: text } };
  }
  return undefined;
}
