// The world: one workspace with its dictionary, vaults, addresses, history and living
// transactions, as plain data behind methods. No HTTP here: the server maps requests onto these
// methods and their results onto responses.

import type {
  Account,
  AccountsQuery,
  Address,
  AddressesQuery,
  Asset,
  AssetMarketPrice,
  Balance,
  BalancesQuery,
  CreateTransactionRequest,
  Network,
  SwapRouteRequest,
  SymbolMarketPrice,
  SymbolRecord,
  Transaction,
  TransactionEvent,
  Workspace,
} from '../../contract/index.js';
import type { ActionRecord } from './action-log.js';
import { listBalances, oneBalance } from './balances-list.js';
import {
  type ActionResult,
  approveTransaction,
  cancelTransaction,
  createTransaction,
  type CreateResult,
  declineTransaction,
} from './actions.js';
import type { Clock } from './clock.js';
import { Core } from './core.js';
import * as dictionary from './dictionary.js';
import type { AssetsFilter, SymbolPricesFilter, SymbolsFilter } from './dictionary.js';
import { type Directory, loadPastWithDirectory } from './directory.js';
import {
  compileFilter,
  factsOfTransaction,
  testFacts,
  type TxFilter,
  type WorldTransactionsQuery,
} from './filter.js';
import { Generator } from './generator.js';
import { MarketOps } from './market-ops.js';
import { DEFAULT_LIST_LIMIT, has, lower, page, pageNumber } from './paging.js';
import { startWork } from './initial.js';
import { step } from './lifecycle.js';
import { eventsOf } from './present.js';
import { swapRoute, type RouteResult } from './swap.js';
import { TransactionOps } from './transaction-ops.js';
import type { Member } from './workspace.js';

export interface WorldOptions {
  /** Default 1. */
  seed?: number;
  clock: Clock;
  /** Past transactions; default 3000. */
  history?: number;
  /** New transactions appear on their own (and at least three wait for approval); default true. */
  generator?: boolean;
  /**
   * How many times faster than designed the world's work runs (steps, arrivals, price ticks);
   * default 1. Its times are the clock's all the same: a sped-up world never stamps the future.
   */
  pace?: number;
}

/** What a list may embed: events with includeEvents, the signing request with includeCurrentSigningRequest. */
export type EmbedOptions = Pick<WorldTransactionsQuery, 'includeEvents' | 'includeCurrentSigningRequest'>;

export interface WorldStats {
  transactions: number;
  live: number;
  quotes: number;
}

export const TICK_MS = 1000;
/** Past transactions made at start when the options name no number. */
export const DEFAULT_HISTORY = 3000;
/** After a clock jump, at most this much of price ticks and generated work is replayed. */
const TICK_CATCH_UP_MS = 600_000;
const GENERATOR_CATCH_UP_MS = 60_000;
const MAX_STEPS_PER_ADVANCE = 250_000;
const DEFAULT_TX_LIMIT = 100;


export class World {
  readonly clock: Clock;
  readonly seed: number;
  readonly workspace: Workspace;
  readonly members: readonly Member[];
  /** Members, the address book, the limits and the activity feed (directory.ts). */
  readonly directory: Directory;
  readonly market = new MarketOps(() => this.core, () => this.advance()); // stakes, prices, intents
  /** Dry run, bulk create, offers and signing requests (transaction-ops.ts). */
  readonly ops: TransactionOps;
  private readonly core: Core;
  private readonly generator: Generator | undefined;
  private nextTick: number;
  private readonly tickMs: number;
  private advancing = false;
  /** While a step or an arrival runs: the world time it was due (see the constructor). */
  private dueAt: number | undefined;
  private lastQuoteSweep: number;

  constructor(opts: WorldOptions) {
    const seed = Number.isFinite(opts.seed) ? Math.floor(opts.seed!) >>> 0 : 1;
    this.clock = opts.clock;
    this.seed = seed;
    const pace = opts.pace !== undefined && Number.isFinite(opts.pace) && opts.pace > 0 ? opts.pace : 1;
    // The world's own work reads the time it was due, not the time advance() got to it: what it
    // stamps then depends on world time alone, whenever the server calls advance (a state dir
    // need not journal those calls, and a replay stamps the same times).
    const base = opts.clock;
    const core = new Core(seed, { now: () => this.dueAt ?? base.now() }, opts.generator ?? true, pace);
    this.core = core;
    this.workspace = { ...core.data.workspace };
    this.members = core.data.members.map((m) => ({ ...m }));
    const history = Math.max(0, Math.floor(opts.history ?? DEFAULT_HISTORY));
    this.directory = loadPastWithDirectory(core, history, () => this.advance());
    startWork(core);
    this.ops = new TransactionOps(core, () => this.advance());
    this.generator = core.generator ? new Generator(core) : undefined;
    this.tickMs = core.paced(TICK_MS);
    this.nextTick = core.startMs + this.tickMs;
    this.lastQuoteSweep = core.startMs;
    this.generator?.topUp();
  }

  // ---- dictionary (dictionary.ts) ----

  networks(filter: { networkIds?: readonly string[] } = {}): Network[] {
    return dictionary.networks(this.core, filter);
  }

  network(id: string): Network | undefined {
    return dictionary.network(this.core, id);
  }

  assets(filter: AssetsFilter = {}): Asset[] {
    return dictionary.assets(this.core, filter);
  }

  asset(id: string): Asset | undefined {
    return dictionary.asset(this.core, id);
  }

  symbols(filter: SymbolsFilter = {}): SymbolRecord[] {
    return dictionary.symbols(this.core, filter);
  }

  symbolPrices(filter: SymbolPricesFilter = {}): SymbolMarketPrice[] {
    return dictionary.symbolPrices(this.core, filter);
  }

  assetPrices(filter: { baseAssetIds?: readonly string[] } = {}): AssetMarketPrice[] {
    return dictionary.assetPrices(this.core, filter);
  }

  // ---- workspace data ----

  /**
   * `isDefiVault`: the Account schema has no field for it, so it is decided by what the vault is
   * for in this world (its role): only "DeFi Strategies" is a DeFi vault.
   */
  accounts(q: AccountsQuery = {}): Account[] {
    const list = this.core.data.accounts
      .filter(
        ({ wire: a, role }) =>
          has(q.accountTypes, a.accountType) &&
          !(q.excludedAccountTypes ?? []).includes(a.accountType) &&
          has(q.statuses, a.status) &&
          has(q.accountIds, a.accountId) &&
          (q.isTestnet === undefined || (a.isTestnet === true) === q.isTestnet) &&
          (q.isDefiVault === undefined || (role === 'defi') === q.isDefiVault),
      )
      .map((a) => a.wire);
    return page(list, q.limit, q.offset, DEFAULT_LIST_LIMIT).map((a) => structuredClone(a));
  }

  account(id: string): Account | undefined {
    const a = this.core.accountById.get(id);
    return a === undefined ? undefined : structuredClone(a.wire);
  }

  /** Sorted by createdAt then addressId, ascending unless sortDirection is DESC. */
  addresses(q: AddressesQuery = {}): Address[] {
    const address = q.address === undefined || q.address === '' ? undefined : q.address.toLowerCase();
    const list = this.core.data.addresses.filter(
      (a) =>
        (q.accountId === undefined || a.accountId === q.accountId) &&
        has(q.addressIds, a.addressId) &&
        (q.externalId === undefined || a.externalId === q.externalId) &&
        has(q.accountTypes, a.accountType) &&
        (q.networkId === undefined || a.networkId === q.networkId) &&
        (address === undefined || lower(a.address) === address) &&
        has(q.statuses, a.status),
    );
    const sign = lower(q.sortDirection) === 'desc' ? -1 : 1;
    list.sort(
      (a, b) => sign * (Number(a.createdAt) - Number(b.createdAt) || (a.addressId < b.addressId ? -1 : 1)),
    );
    return page(list, q.limit, q.offset, DEFAULT_LIST_LIMIT).map((a) => structuredClone(a));
  }

  /** Compiled per call (microseconds): a query object the caller reuses may have changed. */
  private filterOf(q: WorldTransactionsQuery): TxFilter {
    return compileFilter(q);
  }

  /**
   * Every filter of wire notes §5 (and the OpenAPI extras when present). Decision: `sortBy`
   * `updated` orders by updatedAt, `activity` (the default) by createdAt; `sortDirection`
   * defaults to DESC; ties go by transactionId in the same direction (DESC: the greater id
   * first), so pages never overlap. `limit` defaults to 100. The time filters include both ends
   * (`createdAtFrom <= createdAt <= createdAtTo`, the same for updatedAt and terminatedAt; an
   * unfinished transaction has no terminatedAt, so a terminatedAt bound leaves it out): a keyset
   * page from the last record held starts with that record's millisecond again.
   */
  transactions(q: WorldTransactionsQuery = {}): Transaction[] {
    const records = this.core.store.page({
      filter: this.filterOf(q),
      sortBy: q.sortBy === 'updated' ? 'updatedAt' : 'createdAt',
      descending: lower(q.sortDirection) !== 'asc',
      offset: pageNumber(q.offset, 0),
      limit: pageNumber(q.limit, DEFAULT_TX_LIMIT),
    });
    const opts = {
      events: q.includeEvents === true,
      signingRequest: q.includeCurrentSigningRequest === true,
    };
    return records.map((r) => this.core.present(r, opts));
  }

  /** One transaction with its events (and its signing request while it is being signed). */
  transaction(id: string): Transaction | undefined {
    const rec = this.core.store.get(id);
    return rec === undefined ? undefined : this.core.present(rec, { events: true, signingRequest: true });
  }

  /** A transaction shaped as a list with these options would return it (WebSocket frames). */
  transactionAs(id: string, opts: EmbedOptions = {}): Transaction | undefined {
    const rec = this.core.store.get(id);
    if (rec === undefined) return undefined;
    return this.core.present(rec, {
      events: opts.includeEvents === true,
      signingRequest: opts.includeCurrentSigningRequest === true,
    });
  }

  /** Oldest first. */
  events(id: string): TransactionEvent[] | undefined {
    const rec = this.core.store.get(id);
    return rec === undefined ? undefined : eventsOf(this.core, rec);
  }

  /** The filter predicate of transactions() (paging and sorting aside), for WebSocket fan-out. */
  matches(tx: Transaction, q: WorldTransactionsQuery): boolean {
    return testFacts(this.filterOf(q), factsOfTransaction(tx));
  }

  /** Balances per account and asset (balances-list.ts: the OpenAPI's filters, nonEmpty, paging). */
  balances(q: BalancesQuery = {}): Balance[] {
    return listBalances(this.core.balances, q, this.workspace.workspaceId);
  }

  balance(id: string): Balance | undefined {
    return oneBalance(this.core.balances, id, this.workspace.workspaceId);
  }

  // ---- actions ----

  decline(id: string, actor: string, reason?: string): ActionResult {
    this.advance();
    return declineTransaction(this.core, id, actor, reason);
  }

  approve(id: string, actor: string): ActionResult {
    this.advance();
    return approveTransaction(this.core, id, actor);
  }

  cancel(id: string, actor: string, reason?: string): ActionResult {
    this.advance();
    return cancelTransaction(this.core, id, actor, reason);
  }

  create(body: CreateTransactionRequest, actor: string): CreateResult {
    this.advance();
    return createTransaction(this.core, body, actor);
  }

  /** What API keys did (approve, decline, cancel, create), oldest first, with the reasons given. */
  actionLog(transactionId?: string): ActionRecord[] {
    return transactionId === undefined ? this.core.actionLog.list() : this.core.actionLog.of(transactionId);
  }

  swapRoute(body: SwapRouteRequest): RouteResult {
    this.advance();
    return swapRoute(this.core, body);
  }

  // ---- time ----

  /**
   * Runs everything due up to the clock's now, in world-time order: price ticks, lifecycle
   * steps (expiries and colleagues' approvals among them), generated transactions. Cheap when
   * nothing is due. After a long jump only the last TICK_CATCH_UP_MS of ticks and
   * GENERATOR_CATCH_UP_MS of generated work are replayed; every live transaction still
   * finishes the steps that fell due.
   */
  advance(beforeTimed?: () => void): void {
    if (this.advancing) return;
    this.advancing = true;
    // What depends on when advance() is called, not only on world time: a catch-up after a long
    // pause, topping the approval queue up, the sweep of old quotes. `beforeTimed` runs once
    // before the first of them (a state dir journals the call there; it may throw to stop it).
    let told = beforeTimed === undefined;
    const timed = () => {
      if (!told) beforeTimed!();
      told = true;
    };
    try {
      const core = this.core;
      const now = core.clock.now();
      const gen = this.generator;
      if (this.nextTick <= now - TICK_CATCH_UP_MS || (gen !== undefined && gen.next < now - GENERATOR_CATCH_UP_MS)) {
        timed();
        if (this.nextTick <= now - TICK_CATCH_UP_MS) {
          this.nextTick += (Math.floor((now - TICK_CATCH_UP_MS - this.nextTick) / this.tickMs) + 1) * this.tickMs;
        }
        if (gen !== undefined && gen.next < now - GENERATOR_CATCH_UP_MS) gen.next = now - GENERATOR_CATCH_UP_MS;
      }
      let work = 0;
      for (; work < MAX_STEPS_PER_ADVANCE; work++) {
        const top = core.heap.peek();
        if (top !== undefined && top.item.live?.ver !== top.ver) {
          core.heap.pop();
          continue;
        }
        const stepAt = top?.due ?? Infinity;
        const genAt = gen?.next ?? Infinity;
        const t = Math.min(this.nextTick, stepAt, genAt);
        if (t > now) break;
        if (this.nextTick === t) {
          core.market.tick(core.tickRng, t);
          this.nextTick += this.tickMs;
        } else if (stepAt === t) {
          core.heap.pop();
          this.runDue(t, () => step(core, top!.item, t));
        } else {
          this.runDue(t, () => gen!.run(t));
        }
      }
      // Work left over runs at the next call, before anything timed by this one.
      if (work >= MAX_STEPS_PER_ADVANCE) return;
      if (gen?.topUpDue()) {
        timed();
        gen.topUp();
      }
      if (now - this.lastQuoteSweep >= 60_000) {
        timed();
        this.lastQuoteSweep = now;
        // Expired quotes are kept an hour, so that using one late says "expired", not "unknown".
        for (const [id, q] of core.quotes) if (q.expiresAt < now - 3_600_000) core.quotes.delete(id);
      }
    } finally {
      this.advancing = false;
    }
  }

  private runDue(t: number, work: () => void): void {
    this.dueAt = t;
    try {
      work();
    } finally {
      this.dueAt = undefined;
    }
  }

  /** After every creation or change of a transaction, in order, once per change. */
  onChange(listener: (tx: Transaction) => void): () => void {
    const wrapped = (tx: Transaction) => listener(tx);
    this.core.listeners.add(wrapped);
    return () => {
      this.core.listeners.delete(wrapped);
    };
  }

  stats(): WorldStats {
    return {
      transactions: this.core.store.size,
      live: this.core.store.countLive(),
      quotes: this.core.quotes.size,
    };
  }
}

export function createWorld(opts: WorldOptions): World {
  return new World(opts);
}
