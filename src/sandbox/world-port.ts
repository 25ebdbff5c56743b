// What the server needs of the world (src/sandbox/world/, built beside this): the subset of its
// API the routes, the realtime hub and startSandbox call. The world satisfies it structurally;
// index.ts hands the real one in, so a drift shows up as a type error there.
import type {
  Account,
  AccountsQuery,
  Address,
  AddressesQuery,
  Asset,
  AssetMarketPrice,
  AssetPricesQuery,
  AssetsQuery,
  Balance,
  BalancesQuery,
  CreateTransactionRequest,
  DryRunTransaction,
  Network,
  NetworksQuery,
  SwapRouteRequest,
  SymbolMarketPrice,
  SymbolPricesQuery,
  SymbolRecord,
  SymbolsQuery,
  Transaction,
  TransactionEvent,
  TransactionsQuery,
  Workspace,
} from '../contract/index.js';
import type { DirectoryPort } from './directory-port.js';

export type ActionResult =
  | { ok: true; value: Transaction }
  | { ok: false; status: number; code: string; message: string };

export type SwapRouteResult =
  | { ok: true; value: DryRunTransaction }
  | { ok: false; status: number; code: string; message: string };

export interface WorldPort {
  readonly workspace: Workspace;
  readonly members: readonly { userId: string; name: string }[];
  /** Members, the address book, transaction limits, the activity feed (reference-routes.ts). */
  readonly directory: DirectoryPort;
  networks(filter?: NetworksQuery): Network[];
  network(id: string): Network | undefined;
  assets(filter?: AssetsQuery): Asset[];
  asset(id: string): Asset | undefined;
  symbols(filter?: SymbolsQuery): SymbolRecord[];
  symbolPrices(filter?: SymbolPricesQuery): SymbolMarketPrice[];
  assetPrices(filter?: AssetPricesQuery): AssetMarketPrice[];
  accounts(q: AccountsQuery): Account[];
  account(id: string): Account | undefined;
  addresses(q: AddressesQuery): Address[];
  balances(q: BalancesQuery): Balance[];
  balance(id: string): Balance | undefined;
  transactions(q: TransactionsQuery): Transaction[];
  transaction(id: string): Transaction | undefined;
  /** The transaction as a list with these options shows it (what a live frame carries). */
  transactionAs(
    id: string,
    opts: Pick<TransactionsQuery, 'includeEvents' | 'includeCurrentSigningRequest'>,
  ): Transaction | undefined;
  events(id: string): TransactionEvent[] | undefined;
  matches(tx: Transaction, q: TransactionsQuery): boolean;
  decline(id: string, actor: string, reason?: string): ActionResult;
  approve(id: string, actor: string): ActionResult;
  cancel(id: string, actor: string, reason?: string): ActionResult;
  create(body: CreateTransactionRequest, actor: string): ActionResult & { created?: boolean };
  swapRoute(body: SwapRouteRequest): SwapRouteResult;
  advance(): void;
  onChange(listener: (tx: Transaction) => void): () => void;
}
