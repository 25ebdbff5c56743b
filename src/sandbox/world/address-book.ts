// The workspace's address book while the world runs: the seeded records (book-seed.ts) and those
// the API adds, the OpenAPI's list filters, create (idempotent on externalId, like transactions)
// and delete (the OpenAPI's "Deactivate": the record stays, status `deleted`), and the lookup of a
// destination (network + address, + memo where the network routes by one).

import type {
  AddressBookQuery,
  AddressBookRecord,
  CreateAddressBookRecord,
} from '../../contract/index.js';
import { addressKey } from '../../format/index.js';
import type { BookEntry } from './book-seed.js';
import { type BookInput, readBookInput } from './book-input.js';
import { canonicalJson, depthExceeds } from './canonical.js';
import type { Catalog } from './catalog.js';
import { Rng } from './rng.js';
import { pageNumber } from './paging.js';

export const DEFAULT_BOOK_LIMIT = 500;
const MAX_DEPTH = 32;

export type BookError = {
  ok: false;
  status: 400 | 404 | 409;
  code: 'bad-request' | 'not-found' | 'conflict';
  message: string;
};
export type BookResult = { ok: true; value: AddressBookRecord; created?: boolean } | BookError;

const bad = (message: string): BookError => ({ ok: false, status: 400, code: 'bad-request', message });
const conflict = (message: string): BookError => ({ ok: false, status: 409, code: 'conflict', message });


/** The key a destination is matched on: EVM addresses compare case-insensitively. */
function destinationKey(networkId: string, address: string): string {
  return `${networkId}\n${addressKey(address)}`;
}

function wire(workspaceId: string, e: BookEntry): AddressBookRecord {
  const out: AddressBookRecord = {
    recordId: e.recordId,
    externalId: e.externalId,
    workspaceId,
    recordType: e.recordType,
    name: e.name,
    status: e.status,
    createdAt: String(e.createdAt),
    createdBy: e.createdBy,
    updatedAt: String(e.updatedAt),
    updatedBy: e.updatedBy,
  };
  if (e.networkId !== undefined) out.networkId = e.networkId;
  if (e.address !== undefined) out.address = e.address;
  if (e.memo !== undefined) out.memo = e.memo;
  if (e.tag !== undefined) out.tag = e.tag;
  if (e.accountIds !== undefined) out.accountIds = [...e.accountIds];
  if (e.lastUsedAt !== undefined) out.lastUsedAt = String(e.lastUsedAt);
  return out;
}

export interface BookContext {
  readonly workspaceId: string;
  readonly workspaceTag: string | undefined;
  readonly catalog: Catalog;
  readonly accountIds: ReadonlySet<string>;
  /** Which networks route by memo (an exchange's deposit address is shared; the memo says whose). */
  readonly memoNetworks: ReadonlySet<string>;
}

export class AddressBook {
  private readonly entries: BookEntry[];
  private readonly byId = new Map<string, BookEntry>();
  /** externalId → the record and the canonical body that made it (seeded ones have none). */
  private readonly byExternalId = new Map<string, { entry: BookEntry; fingerprint?: string }>();
  private readonly rng: Rng;
  /** destinationKey → records; dropped whenever a record is added or deleted. */
  private index: Map<string, BookEntry[]> | undefined;

  constructor(
    seeds: readonly BookEntry[],
    private readonly ctx: BookContext,
    rngSeed: number,
  ) {
    this.entries = seeds.map((e) => ({ ...e }));
    for (const e of this.entries) {
      this.byId.set(e.recordId, e);
      this.byExternalId.set(e.externalId, { entry: e });
    }
    this.rng = new Rng(rngSeed);
  }

  /** Every record, seeded first then in order of creation (do not mutate). */
  all(): readonly BookEntry[] {
    return this.entries;
  }

  /**
   * The OpenAPI's filters, ANDed. Decision: without `statuses`, deleted records are left out (a
   * deleted destination is no longer in the book); `statuses=deleted` lists them. `sortBy`
   * date-added (the default), type or name; ascending unless `sortDirection` is DESC; ties by
   * recordId. `limit` defaults to 500.
   */
  list(q: AddressBookQuery = {}): AddressBookRecord[] {
    const ids = q.recordIds === undefined ? undefined : new Set(q.recordIds);
    const networks = q.networkIds === undefined ? undefined : new Set(q.networkIds);
    const addresses = q.addresses === undefined ? undefined : new Set(q.addresses.map(addressKey));
    const types = [...(q.recordTypes ?? []), ...(q.recordType === undefined ? [] : [q.recordType])];
    const statuses = q.statuses === undefined ? undefined : new Set<string>(q.statuses);
    const tag = q.tag?.toLowerCase();
    const found = this.entries.filter(
      (e) =>
        (ids === undefined || ids.has(e.recordId)) &&
        (networks === undefined || (e.networkId !== undefined && networks.has(e.networkId))) &&
        (addresses === undefined || (e.address !== undefined && addresses.has(addressKey(e.address)))) &&
        (q.memo === undefined || e.memo === q.memo) &&
        (tag === undefined || e.tag?.toLowerCase() === tag) &&
        (types.length === 0 || types.includes(e.recordType)) &&
        (statuses === undefined ? e.status !== 'deleted' : statuses.has(e.status)),
    );
    const sign = q.sortDirection === 'DESC' ? -1 : 1;
    const key = (e: BookEntry): string | number =>
      q.sortBy === 'name' ? e.name.toLowerCase() : q.sortBy === 'type' ? e.recordType : e.createdAt;
    found.sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      const order = ka < kb ? -1 : ka > kb ? 1 : a.recordId < b.recordId ? -1 : a.recordId > b.recordId ? 1 : 0;
      return sign * order;
    });
    const start = pageNumber(q.offset, 0);
    return found
      .slice(start, start + pageNumber(q.limit, DEFAULT_BOOK_LIMIT))
      .map((e) => wire(this.ctx.workspaceId, e));
  }

  get(recordId: string): AddressBookRecord | undefined {
    const e = this.byId.get(recordId);
    return e === undefined ? undefined : wire(this.ctx.workspaceId, e);
  }

  entry(recordId: string): BookEntry | undefined {
    return this.byId.get(recordId);
  }

  /** The record (not deleted, not rejected) a destination goes to, if the book has one. */
  destination(networkId: string | undefined, address: string | undefined, memo?: string): BookEntry | undefined {
    return this.match(networkId, address, memo, true);
  }

  /** The record of a destination whatever its status (a description names a deleted one too). */
  named(networkId: string | undefined, address: string | undefined, memo?: string): BookEntry | undefined {
    return this.match(networkId, address, memo, false);
  }

  private match(
    networkId: string | undefined,
    address: string | undefined,
    memo: string | undefined,
    current: boolean,
  ): BookEntry | undefined {
    if (networkId === undefined || address === undefined) return undefined;
    // Read for every row of the feed: an index by destination, rebuilt when the book changes.
    this.index ??= this.indexed();
    const withMemo = this.ctx.memoNetworks.has(networkId);
    let found: BookEntry | undefined;
    for (const e of this.index.get(destinationKey(networkId, address)) ?? []) {
      if (withMemo && (e.memo ?? '') !== (memo ?? '')) continue;
      if (e.status === 'active' || e.status === 'new') return e;
      if (!current) found ??= e;
    }
    return found;
  }

  private indexed(): Map<string, BookEntry[]> {
    const index = new Map<string, BookEntry[]>();
    for (const e of this.entries) {
      if (e.networkId === undefined || e.address === undefined) continue;
      const key = destinationKey(e.networkId, e.address);
      index.set(key, [...(index.get(key) ?? []), e]);
    }
    return index;
  }

  /** Active address records `accountId` may send to on `networkId` (the generator's choices). */
  usable(accountId: string, networkId: string): BookEntry[] {
    return this.entries.filter(
      (e) =>
        e.status === 'active' &&
        e.recordType === 'address' &&
        e.networkId === networkId &&
        (e.accountIds === undefined || e.accountIds.includes(accountId)),
    );
  }

  noteUse(e: BookEntry, at: number): void {
    if (e.lastUsedAt === undefined || at > e.lastUsedAt) e.lastUsedAt = at;
  }

  /** `POST`: 201 with the new record, 200 with the same one for a replay, 409 on a conflict. */
  create(body: CreateAddressBookRecord, actor: string, now: number): BookResult {
    if (depthExceeds(body, MAX_DEPTH)) return bad(`body: nested deeper than ${MAX_DEPTH} levels`);
    const fingerprint = canonicalJson(body);
    const known = this.byExternalId.get(body.externalId);
    if (known !== undefined) {
      if (known.fingerprint === fingerprint) {
        return { ok: true, value: wire(this.ctx.workspaceId, known.entry), created: false };
      }
      const used = `address book record ${known.entry.recordId}`;
      return conflict(`externalId ${JSON.stringify(body.externalId)} was already used for ${used} with a different body`);
    }
    const input: BookInput = readBookInput(body, this.ctx.catalog, this.ctx.accountIds, this.ctx.workspaceTag);
    if (!input.ok) return bad(input.message);
    const clash = this.clash(input);
    if (clash !== undefined) {
      return conflict(`already in the address book as ${JSON.stringify(clash.name)} (record ${clash.recordId})`);
    }
    const entry: BookEntry = {
      recordId: this.rng.id(),
      externalId: body.externalId,
      recordType: input.recordType,
      name: input.name,
      ...(input.networkId === undefined ? {} : { networkId: input.networkId }),
      ...(input.address === undefined ? {} : { address: input.address }),
      ...(input.memo === undefined ? {} : { memo: input.memo }),
      ...(input.tag === undefined ? {} : { tag: input.tag }),
      ...(input.accountIds === undefined ? {} : { accountIds: input.accountIds }),
      createdAt: now,
      createdBy: actor,
      // Decision: no approval workflow for the book in the sandbox: a record is active at once.
      status: 'active',
      updatedAt: now,
      updatedBy: actor,
    };
    this.entries.push(entry);
    this.index = undefined;
    this.byId.set(entry.recordId, entry);
    this.byExternalId.set(entry.externalId, { entry, fingerprint });
    return { ok: true, value: wire(this.ctx.workspaceId, entry), created: true };
  }

  /** `DELETE`: status `deleted` (kept, readable by id); a second delete is a 409. */
  remove(recordId: string, actor: string, now: number): BookResult {
    const e = this.byId.get(recordId);
    if (e === undefined)
      return {
        ok: false,
        status: 404,
        code: 'not-found',
        message: `no address book record with id ${JSON.stringify(recordId)}`,
      };
    if (e.status === 'deleted') return conflict(`address book record ${recordId} is already deleted`);
    e.status = 'deleted';
    this.index = undefined;
    e.deletedAt = now;
    e.updatedAt = now;
    e.updatedBy = actor;
    return { ok: true, value: wire(this.ctx.workspaceId, e) };
  }

  /** A live record the new one would duplicate: same destination, or same workspace tag. */
  private clash(input: Extract<BookInput, { ok: true }>): BookEntry | undefined {
    if (input.recordType === 'tag') {
      return this.entries.find((e) => e.status !== 'deleted' && e.status !== 'rejected' && e.tag === input.tag);
    }
    if (input.recordType !== 'address') return undefined;
    const same = this.destination(input.networkId, input.address, input.memo);
    return same;
  }
}
