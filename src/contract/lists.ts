import * as z from 'zod';
import { AccountSchema } from './account.js';
import { AddressSchema } from './address.js';
import { AssetSchema } from './asset.js';
import { NetworkSchema } from './network.js';
import { AssetMarketPriceSchema, SymbolMarketPriceSchema } from './prices.js';
import { optionalNullable } from './scalars.js';
import { SymbolRecordSchema } from './symbol.js';
import { TransactionSchema, toWireTransaction, type WireTransaction } from './transaction.js';
import { type TransactionEmbedded, TransactionEmbeddedSchema } from './transaction-embedded.js';
import { TransactionEventSchema } from './transaction-event.js';
import { acceptEmbedded } from './wire-embedded.js';
import { WorkspaceSchema } from './workspace.js';

// List envelopes. None carries a total or a cursor: a full page means there may be more.

/** An array the OpenAPI does not mark required: absent or null reads as empty. */
function listOrEmpty<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((items): z.output<T>[] => items ?? []);
}

export const AccountListSchema = z.looseObject({ accounts: z.array(AccountSchema) });
export type AccountList = z.infer<typeof AccountListSchema>;

export const AddressListSchema = z.looseObject({ addresses: z.array(AddressSchema) });
export type AddressList = z.infer<typeof AddressListSchema>;

/** `GET .../transactions` and every WebSocket success frame body. */
export const TransactionListSchema = acceptEmbedded(
  z.looseObject({
    transactions: z.array(TransactionSchema),
    embedded: optionalNullable(TransactionEmbeddedSchema),
  }),
);
export type TransactionList = z.infer<typeof TransactionListSchema>;
export type WireTransactionList = {
  [key: string]: unknown;
  transactions: WireTransaction[];
  _embedded?: TransactionEmbedded | null;
};

/** The wire form of a list: every transaction and the envelope carry `_embedded`. */
export function toWireTransactionList(list: TransactionList): WireTransactionList {
  const { embedded, transactions, ...rest } = list;
  const wire: WireTransactionList = { ...rest, transactions: transactions.map(toWireTransaction) };
  if (embedded !== undefined) wire._embedded = embedded;
  return wire;
}

export const TransactionEventListSchema = z.looseObject({ events: z.array(TransactionEventSchema) });
export type TransactionEventList = z.infer<typeof TransactionEventListSchema>;

export const NetworkListSchema = z.looseObject({ networks: listOrEmpty(NetworkSchema) });
export type NetworkList = z.infer<typeof NetworkListSchema>;

export const AssetListSchema = z.looseObject({ assets: listOrEmpty(AssetSchema) });
export type AssetList = z.infer<typeof AssetListSchema>;

export const SymbolListSchema = z.looseObject({ symbols: z.array(SymbolRecordSchema) });
export type SymbolList = z.infer<typeof SymbolListSchema>;

export const SymbolMarketPriceListSchema = z.looseObject({ prices: z.array(SymbolMarketPriceSchema) });
export type SymbolMarketPriceList = z.infer<typeof SymbolMarketPriceListSchema>;

export const AssetMarketPriceListSchema = z.looseObject({ prices: z.array(AssetMarketPriceSchema) });
export type AssetMarketPriceList = z.infer<typeof AssetMarketPriceListSchema>;

/** `GET /workspaces`: the workspace the calling key is bound to (wire notes §5). */
export const WorkspaceListSchema = z.looseObject({ workspaces: z.array(WorkspaceSchema) });
export type WorkspaceList = z.infer<typeof WorkspaceListSchema>;
