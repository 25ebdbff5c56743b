// The finished history, compact: a million past transactions as columns of what the list filters
// read (times, small codes for status, type, vault, assets, known addresses) plus hash indexes of
// the texts a query may name (id, externalId, chain hash, counterpart addresses). A record itself
// is made again from its index (history.ts) only when a page or a lookup shows it. Past records
// never change: every one is terminal, so no action or step reaches them.

import { isTerminalStatus } from '../../contract/index.js';
import { addressKey } from './filter.js';
import { HashIndex, textHash } from './hash-index.js';
import { type PastContext, PastSource } from './history.js';
import type { TxRecord } from './records.js';

/** Small texts ↔ codes 1..max; 0 means "none" in every column. */
export class Codes {
  private readonly byText = new Map<string, number>();
  readonly texts: string[] = [''];

  constructor(private readonly max: number) {}

  code(text: string): number {
    let c = this.byText.get(text);
    if (c === undefined) {
      c = this.texts.length;
      if (c > this.max) throw new RangeError(`more than ${this.max} distinct values in a history column`);
      this.byText.set(text, c);
      this.texts.push(text);
    }
    return c;
  }

  /** 0 when the text never occurs. */
  find(text: string): number {
    return this.byText.get(text) ?? 0;
  }

  /** Codes seen so far, plus the 0 of "none". */
  get size(): number {
    return this.texts.length;
  }
}

/** Address column value of a counterpart address that is no workspace address (see byTo/byFrom). */
const OTHER_ADDRESS = 0xffff;

export class HistoryTable {
  readonly count: number;
  readonly created: Float64Array;
  /** Also terminatedAt: a past record ends with its last change. */
  readonly updated: Float64Array;
  readonly status: Uint8Array;
  readonly type: Uint8Array;
  readonly account: Uint8Array;
  readonly toAccount: Uint8Array;
  readonly asset: Uint16Array;
  readonly asset2: Uint16Array;
  /** Workspace and address book addresses by code; anything else is OTHER_ADDRESS (byTo / byFrom). */
  readonly toAddress: Uint16Array;
  readonly fromAddress: Uint16Array;
  readonly statuses = new Codes(0xff);
  readonly types = new Codes(0xff);
  readonly accounts = new Codes(0xff);
  readonly assets = new Codes(0xfffe);
  /** addressKey() of every workspace address and of the seeded address book's. */
  readonly addresses = new Codes(OTHER_ADDRESS - 1);
  readonly byId: HashIndex;
  readonly byExternalId: HashIndex;
  /** Lower-cased chain transaction hashes. */
  readonly byHash: HashIndex;
  /** addressKey() of counterpart addresses that are no workspace address. */
  readonly byTo: HashIndex;
  readonly byFrom: HashIndex;
  /** Record indexes sorted by (createdAt, id) and by (updatedAt, id), ascending. */
  readonly byCreated: Uint32Array;
  readonly byUpdated: Uint32Array;
  /** The longest time from creation to the last change: bounds one order by the other's range. */
  readonly maxSpan: number;
  private readonly source: PastSource;

  /** `observe` sees each record once, as it is filled in (balances fold the past this way). */
  constructor(core: PastContext, count: number, observe?: (i: number, rec: TxRecord) => void) {
    const n = Math.max(0, Math.floor(count));
    this.count = n;
    this.source = new PastSource(core, n);
    for (const a of core.data.accounts) this.accounts.code(a.wire.accountId);
    for (const a of core.data.addresses) if (a.address != null) this.addresses.code(addressKey(a.address));
    // Address book destinations recur thousands of times: a code each, never the hash index
    // (equal hashes would pile up in one probe run there).
    for (const e of core.ref.bookSeeds) if (e.address !== undefined) this.addresses.code(addressKey(e.address));
    this.created = new Float64Array(n);
    this.updated = new Float64Array(n);
    this.status = new Uint8Array(n);
    this.type = new Uint8Array(n);
    this.account = new Uint8Array(n);
    this.toAccount = new Uint8Array(n);
    this.asset = new Uint16Array(n);
    this.asset2 = new Uint16Array(n);
    this.toAddress = new Uint16Array(n);
    this.fromAddress = new Uint16Array(n);
    this.byId = new HashIndex(n);
    this.byExternalId = new HashIndex(n);
    this.byHash = new HashIndex(n);
    this.byTo = new HashIndex(n / 2);
    this.byFrom = new HashIndex(n / 2);
    let maxSpan = 0;
    for (let i = 0; i < n; i++) {
      let rec = this.source.record(i);
      while (this.indexOf(rec.id) >= 0) rec = this.source.redraw(i);
      this.fill(i, rec);
      observe?.(i, rec);
      maxSpan = Math.max(maxSpan, rec.updatedAt - rec.createdAt);
    }
    this.maxSpan = maxSpan;
    this.byCreated = this.sorted(this.created);
    this.byUpdated = this.sorted(this.updated);
  }

  private fill(i: number, rec: TxRecord): void {
    // What the columns leave out must be what every past record has; a change to history.ts that
    // breaks this would otherwise answer filters wrongly without a sound.
    if (
      !isTerminalStatus(rec.status) ||
      rec.terminatedAt !== rec.updatedAt ||
      rec.live !== undefined ||
      rec.fromAccountId !== undefined
    ) {
      throw new Error(`past record ${i} does not fit the history table`);
    }
    this.created[i] = rec.createdAt;
    this.updated[i] = rec.updatedAt;
    this.status[i] = this.statuses.code(rec.status);
    this.type[i] = this.types.code(rec.type);
    this.account[i] = this.accounts.code(rec.accountId);
    this.toAccount[i] = rec.toAccountId === undefined ? 0 : this.accounts.code(rec.toAccountId);
    this.asset[i] = this.assets.code(rec.assetId);
    this.asset2[i] = rec.asset2 === undefined ? 0 : this.assets.code(rec.asset2);
    this.toAddress[i] = this.addressCode(rec.toAddress, this.byTo, i);
    this.fromAddress[i] = this.addressCode(rec.fromAddress, this.byFrom, i);
    this.byId.add(textHash(rec.id), i);
    this.byExternalId.add(textHash(rec.externalId), i);
    if (rec.txHash !== undefined) this.byHash.add(textHash(rec.txHash.toLowerCase()), i);
  }

  private addressCode(address: string | undefined, index: HashIndex, i: number): number {
    if (address === undefined) return 0;
    const key = addressKey(address);
    const code = this.addresses.find(key);
    if (code !== 0) return code;
    index.add(textHash(key), i);
    return OTHER_ADDRESS;
  }

  private sorted(keys: Float64Array): Uint32Array {
    const order = new Uint32Array(this.count);
    for (let i = 0; i < order.length; i++) order[i] = i;
    // Equal times are rare (a few hundred in a million); only then are ids made again.
    return order.sort((a, b) => keys[a]! - keys[b]! || this.compareIds(a, b));
  }

  /** Record `i`, made again (a new object each time). */
  record(i: number): TxRecord {
    return this.source.record(i);
  }

  idOf(i: number): string {
    return this.source.idOf(i);
  }

  compareIds(a: number, b: number): number {
    const ia = this.idOf(a);
    const ib = this.idOf(b);
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  }

  /** The record index with this id, or -1. */
  indexOf(id: string): number {
    for (const i of this.byId.find(textHash(id))) if (this.idOf(i) === id) return i;
    return -1;
  }

  get(id: string): TxRecord | undefined {
    const i = this.indexOf(id);
    return i < 0 ? undefined : this.record(i);
  }

  /** Assets that occur in the history (the `used` filters). */
  usedAssets(): string[] {
    return this.assets.texts.slice(1);
  }
}
