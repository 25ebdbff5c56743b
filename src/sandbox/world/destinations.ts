// Where the world's new withdrawals go: an address book record most of the time, an address
// nobody recorded sometimes, so both are always on screen. A vault that sends only to the book
// (`extra.onlyAddressBookWithdrawals`) never picks an unknown address.

import type { Core } from './core.js';
import { makeAddress, makeMemo } from './formats.js';
import { BOOK_SHARE } from './history.js';
import type { TxRecord } from './records.js';
import type { Rng } from './rng.js';
import type { AccountInfo } from './workspace.js';

export interface Destination {
  readonly address: string;
  readonly memo?: string;
  /** An address book record's (its name is in the book). */
  readonly known: boolean;
}

/**
 * An external destination for a withdrawal from `account` on `networkId`. `known` forces the kind
 * (true: a book record, false: an unknown address) where the vault allows it. Undefined when the
 * vault sends only to the book and the book has no record it may use on this network.
 */
export function externalDestination(
  core: Core,
  rng: Rng,
  account: AccountInfo,
  networkId: string,
  known?: boolean,
): Destination | undefined {
  const records = core.ref.book.usable(account.wire.accountId, networkId);
  const onlyBook = account.wire.extra?.onlyAddressBookWithdrawals === true;
  const wantKnown = onlyBook || (known ?? rng.chance(BOOK_SHARE));
  if (wantKnown && records.length > 0) {
    const e = rng.pick(records);
    return { address: e.address!, ...(e.memo === undefined ? {} : { memo: e.memo }), known: true };
  }
  if (onlyBook) return undefined;
  const network = core.catalog.network(networkId)!;
  const address = makeAddress(rng, network.addressKind);
  const memo = network.tags.includes('supports-memo') && rng.chance(0.5) ? makeMemo(rng, networkId) : undefined;
  return { address, ...(memo === undefined ? {} : { memo }), known: false };
}

/**
 * The kind of destination the waiting queue lacks: true when no waiting withdrawal goes to a book
 * record, false when none goes to an unknown address, undefined when both are there.
 */
export function missingKind(core: Core, waiting: Iterable<TxRecord>): boolean | undefined {
  let known = false;
  let unknown = false;
  for (const r of waiting) {
    if (r.type !== 'withdrawal' || r.toAccountId !== undefined || r.toAddress === undefined) continue;
    if (core.ref.book.destination(r.networkId, r.toAddress, r.memo) !== undefined) known = true;
    else unknown = true;
  }
  return !known ? true : !unknown ? false : undefined;
}
