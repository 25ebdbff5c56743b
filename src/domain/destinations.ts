// Where the money goes: a transaction's destination (or an incoming one's source) as an
// address-book record, one of the workspace's own accounts, unknown, or unread. Pure: directory
// (+ accounts, dictionary) + record → answer. Every function takes junk without throwing: the
// wire's text is the server's, not ours.
import type { Account, Address, AddressBookRecord, Transaction } from '../contract/index.js';
import { addressKey, shortId } from '../format/index.js';
import { assetInfo } from './asset.js';
import { type DictionaryFacts, type DirectoryFacts, NO_DIRECTORY, type ReferenceState } from './facts.js';
import { isIncomingType } from './transaction.js';
import { clean, nonBlank, SHORT_ID } from './wire-text.js';

export type Destination =
  | { kind: 'book'; name: string; record: AddressBookRecord }
  | { kind: 'account'; name: string; accountId: string }
  | { kind: 'unknown' }
  | { kind: 'unread'; why: string }
  | { kind: 'none' };

/** What destinationOf may also look at: networks (memos, the network of an asset), own addresses. */
export interface DestinationRef {
  readonly dictionary?: DictionaryFacts;
  /** The workspace's own deposit addresses (stores.workspace.addresses). */
  readonly addresses?: readonly Address[];
}

function usable(r: AddressBookRecord): boolean {
  return r.status === 'active' || r.status === 'new';
}

function appliesToAccount(r: AddressBookRecord, accountId: string): boolean {
  const only = r.accountIds;
  return !Array.isArray(only) || only.length === 0 || only.includes(accountId);
}

// One index per book (and per address list), built the first time it is asked: the list column
// asks for every row, and a `/` search for every row held.
const bookIndexes = new WeakMap<readonly AddressBookRecord[], Map<string, AddressBookRecord[]>>();
const bookById = new WeakMap<readonly AddressBookRecord[], Map<string, AddressBookRecord>>();
const ownIndexes = new WeakMap<readonly Address[], Map<string, Address[]>>();

function indexOf<T>(
  cache: WeakMap<readonly T[], Map<string, T[]>>,
  list: readonly T[],
  key: (item: T) => string | undefined,
): Map<string, T[]> {
  let index = cache.get(list);
  if (index !== undefined) return index;
  index = new Map();
  for (const item of list) {
    const k = key(item);
    if (k === undefined) continue;
    const bucket = index.get(k);
    if (bucket === undefined) index.set(k, [item]);
    else bucket.push(item);
  }
  cache.set(list, index);
  return index;
}

function keyOf(address: unknown): string | undefined {
  const a = nonBlank(address);
  return a === undefined ? undefined : addressKey(a);
}

/** The network a transaction runs on: its params, else its asset's, else its chain details'. */
function networkOf(tx: Transaction, ref: DestinationRef | undefined): string | undefined {
  const assetId = tx.params?.assetId ?? undefined;
  const fromAsset =
    ref?.dictionary === undefined || assetId == null
      ? undefined
      : assetInfo(ref.dictionary, assetId).networkId;
  return nonBlank(tx.params?.networkId) ?? fromAsset ?? nonBlank(tx.extra?.blockchainDetails?.[0]?.networkId);
}

/**
 * Whether two memos name the same destination on a network: ignored where the network has no memos;
 * compared where it has them, and where the network is unknown (a memo may then matter: the safe side).
 */
function memoMatches(
  networkId: string | undefined,
  a: string | undefined,
  b: string | undefined,
  ref: DestinationRef | undefined,
): boolean {
  const network = networkId === undefined ? undefined : ref?.dictionary?.networks.get(networkId);
  if (network != null && !(network.tags ?? []).includes('supports-memo')) return true;
  return (a ?? '') === (b ?? '');
}

function sameNetwork(record: string | undefined, tx: string | undefined): boolean {
  // A record or a transaction without a network matches on the address alone.
  return record === undefined || tx === undefined || record === tx;
}

/** The address-book record for a network, address and memo, as seen from an account. */
export function bookRecordFor(
  book: readonly AddressBookRecord[],
  where: { networkId?: string; address: string; memo?: string; accountId: string },
  ref?: DestinationRef,
): AddressBookRecord | undefined {
  const key = keyOf(where.address);
  if (key === undefined) return undefined;
  const candidates = indexOf(bookIndexes, book, (r) => keyOf(r.address)).get(key) ?? [];
  const fits = candidates.filter(
    (r) =>
      usable(r) &&
      appliesToAccount(r, where.accountId) &&
      sameNetwork(nonBlank(r.networkId), where.networkId) &&
      memoMatches(where.networkId ?? nonBlank(r.networkId), nonBlank(r.memo), where.memo, ref),
  );
  // A record on the very network is a better match than one without a network.
  return fits.find((r) => nonBlank(r.networkId) !== undefined) ?? fits[0];
}

function ownAccountAt(
  accountsById: ReadonlyMap<string, Account>,
  addresses: readonly Address[] | undefined,
  networkId: string | undefined,
  address: string,
): { name: string; accountId: string } | undefined {
  if (addresses === undefined) return undefined;
  const key = keyOf(address);
  if (key === undefined) return undefined;
  const mine = indexOf(ownIndexes, addresses, (a) => keyOf(a.address)).get(key) ?? [];
  const hit = mine.find((a) => a.accountId != null && sameNetwork(a.networkId, networkId));
  if (hit?.accountId == null) return undefined;
  return { name: accountLabel(accountsById, hit.accountId), accountId: hit.accountId };
}

function accountLabel(accountsById: ReadonlyMap<string, Account> | undefined, accountId: string): string {
  const name = clean(accountsById?.get(accountId)?.accountName, false);
  return name !== '' ? name : `account ${shortId(accountId, SHORT_ID)}`;
}

function unreadWhy(state: ReferenceState): string | undefined {
  switch (state) {
    case 'loading':
      return 'address book loading';
    case 'forbidden':
      return "the key's role may not read the address book";
    case 'failed':
      return 'the address book could not be read';
    default:
      return undefined;
  }
}

/**
 * Where an outgoing transaction sends its money: an address-book record (network + address, and
 * the memo where the network uses memos; EVM addresses in any case), one of the workspace's own
 * accounts (by id, or an address of its own), unknown, unread (the book is not read), or none (an
 * incoming transaction, or one without a destination).
 */
export function destinationOf(
  dir: DirectoryFacts,
  accountsById: ReadonlyMap<string, Account>,
  tx: Transaction,
  ref?: DestinationRef,
): Destination {
  if (tx == null || typeof tx !== 'object') return { kind: 'none' };
  dir ??= NO_DIRECTORY;
  const p = tx.params ?? {};
  const extra = tx.extra ?? {};
  const toAccount = nonBlank(p.toAccountId) ?? nonBlank(extra.toAccountId);
  const address = nonBlank(p.toAddress) ?? nonBlank(extra.toAddress);
  const recordId = nonBlank(p.toAddressBookRecordId);
  const workspaceTag = nonBlank(p.toWorkspaceTag);
  // A deposit's `extra.toAddress` is the workspace's own receiving address, not a destination.
  if (isIncomingType(tx.transactionType) && nonBlank(p.toAddress) === undefined && nonBlank(p.toAccountId) === undefined)
    return { kind: 'none' };
  if (toAccount !== undefined) return { kind: 'account', name: accountLabel(accountsById, toAccount), accountId: toAccount };
  if (address === undefined && recordId === undefined && workspaceTag === undefined) return { kind: 'none' };
  const networkId = networkOf(tx, ref);
  if (address !== undefined) {
    const own = ownAccountAt(accountsById, ref?.addresses, networkId, address);
    if (own !== undefined) return { kind: 'account', ...own };
  }
  const book = Array.isArray(dir.book) ? dir.book : [];
  const why = unreadWhy(dir.bookState);
  // A refresh that failed keeps the book read before; with nothing read, nothing can be said.
  if (why !== undefined && !(dir.bookState === 'failed' && book.length > 0)) return { kind: 'unread', why };
  const accountId = typeof tx.accountId === 'string' ? tx.accountId : '';
  const found = recordFor(book, { recordId, address, workspaceTag, networkId, accountId, tx }, ref);
  return found === undefined ? { kind: 'unknown' } : { kind: 'book', name: clean(found.name, false), record: found };
}

function recordFor(
  book: readonly AddressBookRecord[],
  q: {
    recordId?: string;
    address?: string;
    workspaceTag?: string;
    networkId?: string;
    accountId: string;
    tx: Transaction;
  },
  ref: DestinationRef | undefined,
): AddressBookRecord | undefined {
  if (q.address !== undefined) {
    const memo = nonBlank(q.tx.params?.memo) ?? nonBlank(q.tx.extra?.memo);
    const hit = bookRecordFor(
      book,
      {
        address: q.address,
        accountId: q.accountId,
        ...(q.networkId !== undefined ? { networkId: q.networkId } : {}),
        ...(memo !== undefined ? { memo } : {}),
      },
      ref,
    );
    if (hit !== undefined) return hit;
  }
  if (q.recordId !== undefined) {
    let byId = bookById.get(book);
    if (byId === undefined) {
      byId = new Map(book.map((r) => [r.recordId, r]));
      bookById.set(book, byId);
    }
    const r = byId.get(q.recordId);
    // The record the service was told to use counts only when its address is the one sent to.
    const sameAddress = q.address === undefined || r?.address == null || keyOf(r.address) === keyOf(q.address);
    if (r !== undefined && usable(r) && appliesToAccount(r, q.accountId) && sameAddress) return r;
  }
  if (q.workspaceTag !== undefined) {
    return book.find((r) => usable(r) && r.recordType === 'tag' && nonBlank(r.tag) === q.workspaceTag);
  }
  return undefined;
}

/**
 * Where an incoming transaction came from, named like a destination: an own account, or an
 * address-book record of the sender's address (network + address; a sender's memo is not its).
 */
export function sourceOf(
  dir: DirectoryFacts,
  accountsById: ReadonlyMap<string, Account>,
  tx: Transaction,
  ref?: DestinationRef,
): Destination {
  if (tx == null || typeof tx !== 'object') return { kind: 'none' };
  dir ??= NO_DIRECTORY;
  const extra = tx.extra ?? {};
  const fromAccount = nonBlank(extra.fromAccountId);
  if (fromAccount !== undefined)
    return { kind: 'account', name: accountLabel(accountsById, fromAccount), accountId: fromAccount };
  const address = nonBlank(extra.fromAddress);
  if (address === undefined) return { kind: 'none' };
  const networkId = networkOf(tx, ref);
  const own = ownAccountAt(accountsById, ref?.addresses, networkId, address);
  if (own !== undefined) return { kind: 'account', ...own };
  const why = unreadWhy(dir.bookState);
  const book = Array.isArray(dir.book) ? dir.book : [];
  if (why !== undefined && !(dir.bookState === 'failed' && book.length > 0)) return { kind: 'unread', why };
  const accountId = typeof tx.accountId === 'string' ? tx.accountId : '';
  const key = keyOf(address);
  const candidates = key === undefined ? [] : (indexOf(bookIndexes, book, (r) => keyOf(r.address)).get(key) ?? []);
  const hit = candidates.find(
    (r) => usable(r) && appliesToAccount(r, accountId) && sameNetwork(nonBlank(r.networkId), networkId),
  );
  return hit === undefined ? { kind: 'unknown' } : { kind: 'book', name: clean(hit.name, false), record: hit };
}

/** The words beside a destination address: "Kraken hot (address book)", "not in address book". */
export function destinationWords(d: Destination): string {
  switch (d.kind) {
    case 'book':
      return `${d.name} (address book)`;
    case 'account':
      return `${d.name} (own account)`;
    case 'unknown':
      return 'not in address book';
    case 'unread':
      return `address book not read: ${d.why.replace(/^address book /, '')}`;
    default:
      return '';
  }
}
