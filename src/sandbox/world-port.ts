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
  CreateAddressBookRecord,
  CreateIntent,
  CreateSigningRequest,
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
import type { BookActionResult, DirectoryPort } from './directory-port.js';
import type { IntentResult, MarketPort } from './market-port.js';

export type ActionResult =
  | { ok: true; value: Transaction }
  | { ok: false; status: number; code: string; message: string };

export type SwapRouteResult =
  | { ok: true; value: DryRunTransaction }
  | { ok: false; status: number; code: string; message: string };

/** A dry run's answer: the transaction a create would make, or the create's own refusal. */
export type DryRunResult =
  | { ok: true; value: DryRunTransaction }
  | { ok: false; status: number; code: string; message: string };

/** Transaction operations (world/transaction-ops.ts); the dry run is a read: it changes nothing. */
export interface TransactionOpsPort {
  dryRun(body: CreateTransactionRequest, actor: string): DryRunResult;
}

export interface WorldPort {
  readonly workspace: Workspace;
  readonly members: readonly { userId: string; name: string }[];
  /** Members, the address book, transaction limits, the activity feed (reference-routes.ts). */
  readonly directory: DirectoryPort;
  /** Stakes, the asset price series, intents and the Canton passthrough (market-routes.ts). */
  readonly market: MarketPort;
  readonly ops: TransactionOpsPort;
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
  advance(): void;
  onChange(listener: (tx: Transaction) => void): () => void;
}

/**
 * Every way a request changes the world (or draws from its random streams), by name: arguments
 * are plain JSON, so a state dir can journal a call before it runs and replay it after a restart
 * (persist/). The routes call them only through a `Mutate`; mutations.ts applies them.
 */
export interface Mutations {
  create: { args: { body: CreateTransactionRequest; actor: string }; result: ActionResult & { created?: boolean } };
  decline: { args: { id: string; actor: string; reason?: string }; result: ActionResult };
  approve: { args: { id: string; actor: string }; result: ActionResult };
  cancel: { args: { id: string; actor: string; reason?: string }; result: ActionResult };
  swapRoute: { args: { body: SwapRouteRequest }; result: SwapRouteResult };
  // Transaction operations added for the API's twin (transaction-routes.ts).
  bulkCreate: { args: { items: CreateTransactionRequest[]; actor: string }; result: Transaction[] };
  acceptDepositOffer: { args: { id: string; actor: string; accept: boolean }; result: ActionResult };
  rejectOutgoingOffer: { args: { id: string; actor: string; accept: boolean }; result: ActionResult };
  createSigningRequest: { args: { id: string; actor: string; body: CreateSigningRequest }; result: ActionResult };
  createBookRecord: { args: { body: CreateAddressBookRecord; actor: string }; result: BookActionResult };
  deleteBookRecord: { args: { recordId: string; actor: string }; result: BookActionResult };
  createIntent: { args: { body: CreateIntent; actor: string }; result: IntentResult };
}

export type MutationName = keyof Mutations;

export type Mutate = <K extends MutationName>(name: K, args: Mutations[K]['args']) => Mutations[K]['result'];
