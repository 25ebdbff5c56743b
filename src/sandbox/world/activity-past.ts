// The past's activities without an object per past transaction: while the history table is built,
// four small columns per record (who created it, who approved it, how long the approvals took, how
// it ended and by whom: 7 bytes, 7 MB at a million) let the feed walk the past newest first and
// filter by member, account and type from typed arrays alone. Text is written only for the rows a
// page shows (the record is made again from its index then), and for a `search`.

import type { HistoryTable } from './history-table.js';
import { isIncoming, type TxRecord } from './records.js';
import { mix } from './rng.js';

const SECOND = 1000;
const HOUR = 3_600_000;

/** How a past transaction ended, as far as the feed cares. */
export const END_NONE = 0;
export const END_COMPLETED = 1;
export const END_CANCELED = 2;
export const END_DECLINED = 3;

/** Event kinds of one record, also the low bits of its order key (record * 16 + kind). */
export const EV_CREATED = 0;
/** Approvals are EV_APPROVED + k (k < 8). */
export const EV_APPROVED = 1;
export const EV_ENDED = 15;

export const PAST_TYPES = [
  'transaction-created',
  'transaction-approved',
  'transaction-declined',
  'transaction-canceled',
  'transaction-completed',
] as const;
const T_CREATED = 0;
const T_APPROVED = 1;
const T_DECLINED = 2;
const T_CANCELED = 3;
const T_COMPLETED = 4;

export interface PastEvent {
  readonly at: number;
  /** record * 16 + kind: the order among equal times, and what the event is. */
  readonly key: number;
  readonly record: number;
  readonly kind: number;
  /** Member code (1-based; 0 none). */
  readonly user: number;
  readonly type: (typeof PAST_TYPES)[number];
}

/** What a page lets through, decided from the columns alone: 1 = let through. */
export interface PastFilter {
  /** By the history table's account code. */
  readonly accounts?: Uint8Array;
  /** By member code (index 0: events without a member). */
  readonly users?: Uint8Array;
  /** By index into PAST_TYPES. */
  readonly types: Uint8Array;
}

export class PastActivities {
  private creator = new Uint8Array(0);
  private approvers = new Uint8Array(0);
  private span = new Uint32Array(0);
  private ending = new Uint8Array(0);
  private table: HistoryTable | undefined;
  /** userId → member code (1-based); only the seeded people act in the past. */
  private readonly codeOf = new Map<string, number>();
  /** Member code → userId (code - 1). */
  readonly userIds: readonly string[];

  constructor(
    people: readonly string[],
    private readonly seed: number,
  ) {
    // Eight bits of approvers: the seeded people fit (acting members first).
    people.slice(0, 8).forEach((userId, i) => this.codeOf.set(userId, i + 1));
    this.userIds = people.slice(0, 8);
  }

  code(userId: string): number {
    return this.codeOf.get(userId) ?? 0;
  }

  /** Sizes the columns; call before the table fills them. */
  prepare(count: number): void {
    this.creator = new Uint8Array(count);
    this.approvers = new Uint8Array(count);
    this.span = new Uint32Array(count);
    this.ending = new Uint8Array(count);
  }

  /** The history table's observer: record `i` as it is filled in. */
  observe(i: number, rec: TxRecord): void {
    if (i >= this.creator.length) return;
    if (rec.createdBy !== '' && !isIncoming(rec.type)) this.creator[i] = this.code(rec.createdBy);
    const a = rec.appr;
    let mask = 0;
    if (a !== undefined && !a.skip) for (const who of a.approvedBy) mask |= 1 << (this.code(who) - 1);
    this.approvers[i] = mask & 0xff;
    if (mask !== 0) {
      const full = rec.status === 'completed' || rec.status === 'failed-on-blockchain' || rec.status === 'error';
      // Approvals came before the security delay and signing (history.ts draws them in that order).
      const delay = a?.delayHours !== undefined ? a.delayHours * HOUR : 0;
      const end = full
        ? (rec.broadcastAt ?? rec.updatedAt) - delay - 25 * SECOND
        : rec.createdAt + (rec.updatedAt - rec.createdAt) / 2;
      this.span[i] = Math.max(1, Math.floor((end - rec.createdAt) / SECOND));
    }
    let end = END_NONE;
    let actor = 0;
    if (rec.status === 'completed') end = END_COMPLETED;
    else if (rec.status === 'canceled') {
      const waiting = a !== undefined && !a.skip && a.approvedBy.length < a.number;
      const pool = waiting ? a.available.filter((m) => !a.approvedBy.includes(m)) : [];
      if (pool.length > 0) {
        end = END_DECLINED;
        actor = this.code(pool[mix(this.seed, i) % pool.length]!);
      } else {
        end = END_CANCELED;
        actor = this.creator[i]!;
      }
    }
    this.ending[i] = end | (actor << 2);
  }

  attach(table: HistoryTable): void {
    this.table = table;
  }

  get history(): HistoryTable | undefined {
    return this.table;
  }

  get count(): number {
    return this.table?.count ?? 0;
  }

  /** A declined past transaction's reason: none was kept, so one is drawn from plausible ones. */
  reasonOf(i: number): string {
    return PAST_REASONS[mix(this.seed ^ 0x5eaf00d, i) % PAST_REASONS.length]!;
  }

  /** The events of record `i` the filter lets through, newest first. */
  eventsOf(i: number, f: PastFilter, out: PastEvent[]): void {
    const t = this.table!;
    const users = f.users;
    const pass = (type: number, user: number) => f.types[type] === 1 && (users === undefined || users[user] === 1);
    const created = t.created[i]!;
    const ending = this.ending[i]!;
    const end = ending & 3;
    if (end !== END_NONE) {
      const type = end === END_COMPLETED ? T_COMPLETED : end === END_DECLINED ? T_DECLINED : T_CANCELED;
      const user = ending >> 2;
      if (pass(type, user)) {
        const key = i * 16 + EV_ENDED;
        out.push({ at: t.updated[i]!, key, record: i, kind: EV_ENDED, user, type: PAST_TYPES[type] });
      }
    }
    const mask = this.approvers[i]!;
    if (mask !== 0 && f.types[T_APPROVED] === 1) {
      const codes: number[] = [];
      for (let b = 0; b < 8; b++) if (mask & (1 << b)) codes.push(b + 1);
      const spanMs = this.span[i]! * SECOND;
      for (let k = codes.length - 1; k >= 0; k--) {
        const user = codes[k]!;
        if (users !== undefined && users[user] !== 1) continue;
        const at = created + Math.floor((spanMs * (k + 1)) / codes.length);
        const kind = EV_APPROVED + k;
        out.push({ at, key: i * 16 + kind, record: i, kind, user, type: PAST_TYPES[T_APPROVED] });
      }
    }
    const creator = this.creator[i]!;
    if (creator !== 0 && pass(T_CREATED, creator)) {
      const key = i * 16 + EV_CREATED;
      out.push({ at: created, key, record: i, kind: EV_CREATED, user: creator, type: PAST_TYPES[T_CREATED] });
    }
  }

  /**
   * The past's events the filter lets through, newest first (time, then key, descending). Records
   * are taken in the order of their last change; every event of a record comes at or before it,
   * so an event is handed out once no record still to come can have a later one.
   */
  *walk(f: PastFilter, records = Infinity): Generator<PastEvent> {
    const t = this.table;
    if (t === undefined) return;
    const order = t.byUpdated;
    const accounts = f.accounts;
    const pending: PastEvent[] = [];
    const batch: PastEvent[] = [];
    // `records`: only the newest that many (by their last change) are read.
    const last = Math.max(0, order.length - records);
    for (let p = order.length - 1; p >= last; p--) {
      const i = order[p]!;
      if (accounts === undefined || accounts[t.account[i]!] === 1) {
        batch.length = 0;
        this.eventsOf(i, f, batch);
        for (const e of batch) push(pending, e);
      }
      if (pending.length === 0) continue;
      const next = p > last ? t.updated[order[p - 1]!]! : -Infinity;
      while (pending.length > 0 && pending[0]!.at > next) yield pop(pending);
    }
    while (pending.length > 0) yield pop(pending);
  }
}

const PAST_REASONS = [
  'Destination not verified with the counterparty',
  'Amount does not match the agreed settlement',
  'Duplicate of an earlier request',
  'Wrong network for this counterparty',
  'Not approved in the weekly treasury call',
  'Requested from the wrong vault',
];

// ---- a max-heap of events by (at, key) ----

function later(a: PastEvent, b: PastEvent): boolean {
  return a.at > b.at || (a.at === b.at && a.key > b.key);
}

function push(heap: PastEvent[], e: PastEvent): void {
  heap.push(e);
  let i = heap.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!later(heap[i]!, heap[parent]!)) break;
    [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
    i = parent;
  }
}

function pop(heap: PastEvent[]): PastEvent {
  const top = heap[0]!;
  const last = heap.pop()!;
  if (heap.length > 0) {
    heap[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && later(heap[l]!, heap[m]!)) m = l;
      if (r < heap.length && later(heap[r]!, heap[m]!)) m = r;
      if (m === i) break;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  }
  return top;
}
