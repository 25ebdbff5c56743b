// The world's state and the few operations every part uses: stamping and applying a change
// (updatedAt strictly increasing, terminatedAt at terminal statuses, onChange in order),
// scheduling a transaction's next step, and the approval policy.

import { isTerminalStatus, type QuoteDetails, type Transaction } from '../../contract/index.js';
import { compareDecimal } from '../../format/index.js';
import { ActionLog } from './action-log.js';
import { Ledger } from './balances.js';
import { type AssetInfo, Catalog } from './catalog.js';
import type { Clock } from './clock.js';
import { Heap } from './heap.js';
import { Market, type PriceSnapshot } from './market.js';
import { usdValue } from './money.js';
import { type PresentContext, presentTransaction } from './present.js';
import { type Approval, isIncoming, newLive, type TxRecord } from './records.js';
import { Reference } from './reference.js';
import { mix, Rng, streamSeed } from './rng.js';
import { TxStore } from './store.js';
import { type AccountInfo, buildWorkspace, limitFor, type WorkspaceData } from './workspace.js';

/** A swap quote handed out by the swap route, remembered for `POST /transactions`. */
export interface QuoteRecord {
  readonly quoteId: string;
  readonly accountId: string;
  readonly fromAssetId: string;
  readonly toAssetId: string;
  readonly fromAmount: string;
  readonly toAmount: string;
  readonly expiresAt: number;
  readonly details: QuoteDetails;
  readonly snap: PriceSnapshot;
  usedBy: string | undefined;
}

/** Types the approval policy looks at: those that send value out of the workspace. */
const POLICY_TYPES = new Set(['withdrawal', 'swap-aggregator', 'bridge', 'fiat-out']);

export class Core implements PresentContext {
  readonly catalog = new Catalog();
  readonly market: Market;
  readonly data: WorkspaceData;
  /** Members, the address book, the limits and the live activity facts (reference.ts). */
  readonly ref: Reference;
  readonly workspaceId: string;
  readonly store = new TxStore();
  readonly heap = new Heap<TxRecord>();
  readonly accountById = new Map<string, AccountInfo>();
  readonly listeners = new Set<(tx: Transaction) => void>();
  readonly quotes = new Map<string, QuoteRecord>();
  /** `accountId \n externalId` → transaction created through the API. */
  readonly idempotency = new Map<string, TxRecord>();
  /** Balances per account and asset, moved by every insert and change below. */
  readonly balances: Ledger;
  /** What API keys did, with the reasons they gave (the feed reads `ref`'s facts, which keep them too). */
  readonly actionLog = new ActionLog();
  /** Streams: price ticks, the generator, API actions (quote ids ...). */
  readonly tickRng: Rng;
  readonly genRng: Rng;
  readonly actionRng: Rng;
  /** Offers and stalled signing requests (offers.ts): a stream of their own, so the others draw as before. */
  readonly offerRng: Rng;
  private readonly liveBase: number;
  private serial = 0;
  readonly startMs: number;

  constructor(
    readonly seed: number,
    readonly clock: Clock,
    readonly generator: boolean,
    /** How many times faster than designed the world's work runs (--speed); the clock stays real. */
    readonly pace = 1,
  ) {
    this.startMs = clock.now();
    this.market = new Market(this.catalog, seed, this.startMs);
    this.data = buildWorkspace(seed, this.startMs, this.catalog);
    this.ref = new Reference(seed, this.startMs, this.catalog, this.data);
    this.workspaceId = this.data.workspace.workspaceId;
    for (const a of this.data.accounts) this.accountById.set(a.wire.accountId, a);
    this.balances = new Ledger(this);
    this.tickRng = new Rng(streamSeed(seed, 'ticks'));
    this.genRng = new Rng(streamSeed(seed, 'generator'));
    this.actionRng = new Rng(streamSeed(seed, 'actions'));
    this.offerRng = new Rng(streamSeed(seed, 'offers'));
    this.liveBase = streamSeed(seed, 'live');
  }

  get members() {
    return this.data.members;
  }

  /** The owner: every demo key acts as this member, and it may approve everything. */
  get owner(): string {
    return this.data.members[0]!.userId;
  }

  /**
   * A seed for the next transaction made while the world runs; its id is the seed's first draw.
   * A past record's id comes a few draws into its own stream, so the two can meet (about once
   * in 4 billion pairs, a few times a day beside a million past records): such a seed is skipped.
   */
  nextSeed(): number {
    const { seed, serial } = this.freeSeed();
    this.serial = serial + 1;
    return seed;
  }

  /** The seed nextSeed() would return now, without taking it: the dry run previews the next create. */
  peekSeed(): number {
    return this.freeSeed().seed;
  }

  /** The first live seed from the serial on whose id no record has. */
  private freeSeed(): { seed: number; serial: number } {
    for (let serial = this.serial; ; serial++) {
      const seed = mix(this.liveBase, serial);
      if (!this.store.has(new Rng(seed).id())) return { seed, serial };
    }
  }

  /**
   * A designed wait at the world's pace: `--speed 10` makes every step, arrival and tick come ten
   * times sooner, while every time stamped stays the clock's (never ahead of the real one).
   */
  paced(ms: number): number {
    return this.pace === 1 ? ms : Math.max(1, Math.round(ms / this.pace));
  }

  /** A record's own random stream, written back after use. */
  withRng<T>(rec: TxRecord, fn: (rng: Rng) => T): T {
    const live = rec.live!;
    const rng = new Rng(live.rng);
    const out = fn(rng);
    live.rng = rng.state;
    return out;
  }

  activeAccounts(testnet?: boolean): AccountInfo[] {
    return this.data.accounts.filter(
      (a) =>
        a.wire.status === 'active' &&
        a.assetIds.length > 0 &&
        (testnet === undefined || a.wire.isTestnet === testnet),
    );
  }

  /** Current USD value of an amount; undefined for assets without a market (testnets). */
  usd(asset: AssetInfo, amount: string): string | undefined {
    const price = this.market.price(asset.symbolId);
    return price === undefined ? undefined : usdValue(amount, price);
  }

  /** The approval a new transaction gets from the workspace's transaction limits. */
  approvalFor(
    type: string,
    asset: AssetInfo,
    amount: string,
    toAccountId: string | undefined,
  ): Approval | undefined {
    const { policy } = this.data;
    if (toAccountId !== undefined) {
      return {
        limitId: policy.internal.limitId,
        number: 0,
        approvedBy: [],
        available: [],
        skip: true,
        delayHours: undefined,
        delayExpiresAt: undefined,
      };
    }
    if (!POLICY_TYPES.has(type)) return undefined;
    const limit = limitFor(policy, this.usd(asset, amount), compareDecimal);
    if (limit === undefined) return undefined;
    return {
      limitId: limit.limitId,
      number: limit.number,
      approvedBy: [],
      available: limit.approvers,
      skip: false,
      delayHours: limit.delayHours,
      delayExpiresAt: undefined,
    };
  }

  present(rec: TxRecord, opts?: { events?: boolean; signingRequest?: boolean }): Transaction {
    return presentTransaction(this, rec, opts);
  }

  private emit(rec: TxRecord): void {
    if (this.listeners.size === 0) return;
    const tx = this.present(rec);
    for (const listener of [...this.listeners]) {
      try {
        listener(tx);
      } catch {
        // A listener's failure is its own; the world goes on (and the others still hear it).
      }
    }
  }

  /** Adds a new transaction (stamped by its own createdAt/updatedAt) and announces it. */
  insert(rec: TxRecord): void {
    this.store.insert(rec);
    this.balances.added(rec);
    if (rec.createdBy !== '' && !isIncoming(rec.type)) this.ref.created(rec);
    this.emit(rec);
  }

  /**
   * One change of a transaction: `mutate` gets the change's stamp (the clock, or 1 ms after the
   * previous change when the clock has not moved past it, so updatedAt always increases).
   */
  change(rec: TxRecord, mutate: (at: number) => void): number {
    const at = Math.max(this.clock.now(), rec.updatedAt + 1);
    const before = rec.status;
    this.store.update(rec, () => {
      mutate(at);
      rec.updatedAt = at;
      if (isTerminalStatus(rec.status) && rec.terminatedAt === undefined) rec.terminatedAt = at;
    });
    this.balances.changed(rec, before);
    if (isTerminalStatus(rec.status)) this.unschedule(rec);
    this.emit(rec);
    return at;
  }

  schedule(rec: TxRecord, due: number): void {
    const live = rec.live;
    if (live === undefined) return;
    live.ver += 1;
    live.due = due;
    this.heap.push(due, rec, live.ver);
  }

  unschedule(rec: TxRecord): void {
    const live = rec.live;
    if (live === undefined) return;
    live.ver += 1;
    live.due = Number.NaN;
  }

  /** A new record's live state, with the price snapshot its USD figures will use. */
  newLive(seed: number, auto: boolean) {
    const live = newLive(mix(seed, 0x5eed), auto);
    live.snap = this.market.snapshot();
    return live;
  }
}
