// The address book the world starts with: named destinations (exchanges' deposit addresses,
// OTC desks, payroll and vendors, the company's own offline cold storage) on the world's networks,
// with memos where the network routes by one. A few are gone (deleted) and one awaits approval.
// Drawn from their own stream: the rest of the world's ids do not move when this list changes.

import type { Catalog } from './catalog.js';
import { makeAddress, makeMemo } from './formats.js';
import type { Person } from './people.js';
import { Rng, streamSeed } from './rng.js';
import type { AccountInfo, AccountRole } from './workspace.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

export type BookStatus = 'new' | 'active' | 'rejected' | 'deleted';

/** One address book record as the world keeps it (address-book.ts makes the wire form). */
export interface BookEntry {
  readonly recordId: string;
  readonly externalId: string;
  readonly recordType: 'address' | 'tag' | 'bank';
  readonly name: string;
  readonly networkId?: string;
  readonly address?: string;
  readonly memo?: string;
  readonly tag?: string;
  /** A bank record's currency (the fiat asset's symbol). */
  readonly currency?: string;
  /** Only these accounts may send to it; absent: every account. */
  readonly accountIds?: readonly string[];
  readonly createdAt: number;
  readonly createdBy: string;
  status: BookStatus;
  updatedAt: number;
  updatedBy: string;
  /** When it was deleted (status `deleted`). */
  deletedAt?: number;
  lastUsedAt?: number;
}

interface BookDef {
  name: string;
  networkId?: string;
  memo?: boolean;
  tag?: string;
  /** A bank account in this currency (a fiat withdrawal's destination). */
  bank?: string;
  /** How long before the start it was added. */
  ageMs: number;
  /** Index into the seeded people (0-4 the acting members, 5 the one who left). */
  creator: number;
  accounts?: AccountRole[];
  status?: 'new';
  /** Deleted this long before the start. */
  deletedAgoMs?: number;
}

const BOOK_DEFS: BookDef[] = [
  { name: 'Operating account — Commerzbank (EUR)', bank: 'EUR', ageMs: 620 * DAY, creator: 0 },
  { name: 'Operating account — JPMorgan Chase (USD)', bank: 'USD', ageMs: 615 * DAY, creator: 0 },
  { name: 'Ledger cold storage — BTC', networkId: 'BTC', ageMs: 600 * DAY, creator: 0 },
  { name: 'Ledger cold storage — ETH', networkId: 'ETH', ageMs: 598 * DAY, creator: 0 },
  { name: 'Kraken — BTC deposit', networkId: 'BTC', ageMs: 560 * DAY, creator: 1 },
  { name: 'Coinbase Prime — ETH', networkId: 'ETH', ageMs: 520 * DAY, creator: 1 },
  { name: 'Wintermute OTC — ETH', networkId: 'ETH', ageMs: 450 * DAY, creator: 5 },
  { name: 'Galaxy OTC — BTC', networkId: 'BTC', ageMs: 430 * DAY, creator: 5 },
  { name: 'Binance — TRX deposit', networkId: 'TRX', ageMs: 410 * DAY, creator: 2 },
  {
    name: 'Genesis OTC — BTC (closed)',
    networkId: 'BTC',
    ageMs: 390 * DAY,
    creator: 5,
    deletedAgoMs: 210 * DAY,
  },
  { name: 'Deel payroll — TRX', networkId: 'TRX', ageMs: 330 * DAY, creator: 4, accounts: ['payroll'] },
  { name: 'Deel payroll — ETH', networkId: 'ETH', ageMs: 328 * DAY, creator: 4, accounts: ['payroll'] },
  { name: 'Kraken — XRP deposit', networkId: 'XRP', memo: true, ageMs: 300 * DAY, creator: 1 },
  { name: 'Coinbase Prime — SOL', networkId: 'SOL', ageMs: 240 * DAY, creator: 3 },
  { name: 'Binance — TON deposit', networkId: 'TON', memo: true, ageMs: 200 * DAY, creator: 2 },
  { name: 'Cumberland settlement — SOL', networkId: 'SOL', ageMs: 180 * DAY, creator: 3 },
  { name: 'Bitstamp — XRP deposit', networkId: 'XRP', memo: true, ageMs: 150 * DAY, creator: 1 },
  { name: 'Aave treasury multisig — ETH', networkId: 'ETH', ageMs: 140 * DAY, creator: 3, accounts: ['defi'] },
  { name: 'GSR market making — SOL', networkId: 'SOL', ageMs: 120 * DAY, creator: 2 },
  { name: 'Acme Hosting (vendor) — TRX', networkId: 'TRX', ageMs: 110 * DAY, creator: 4 },
  { name: 'Northwind Capital', tag: 'northwind-capital', ageMs: 100 * DAY, creator: 0 },
  { name: 'Falcon OTC — ETH', networkId: 'ETH', ageMs: 90 * DAY, creator: 2, deletedAgoMs: 6 * MINUTE },
  { name: 'Sepolia faucet return', networkId: 'ETH-SEPOLIA', ageMs: 80 * DAY, creator: 3 },
  { name: 'Tonkeeper treasury — TON', networkId: 'TON', ageMs: 60 * DAY, creator: 0 },
  { name: 'OKX — ETH deposit', networkId: 'ETH', ageMs: 90 * MINUTE, creator: 1, status: 'new' },
];

/** The name of the record deleted minutes before the start (initial.ts sends to its address). */
export const RECENTLY_DELETED = 'Falcon OTC — ETH';

export function seedAddressBook(
  seed: number,
  startMs: number,
  catalog: Catalog,
  accounts: readonly AccountInfo[],
  people: readonly Person[],
): BookEntry[] {
  const rng = new Rng(streamSeed(seed, 'address-book'));
  const owner = people[0]!.userId;
  return BOOK_DEFS.map((def): BookEntry => {
    const createdAt = startMs - def.ageMs - rng.int(Math.min(def.ageMs / 10, DAY));
    const createdBy = people[def.creator]?.userId ?? owner;
    const network = def.networkId === undefined ? undefined : catalog.network(def.networkId)!;
    const accountIds = def.accounts?.flatMap(
      (role) => accounts.find((a) => a.role === role)?.wire.accountId ?? [],
    );
    const deletedAt = def.deletedAgoMs === undefined ? undefined : startMs - def.deletedAgoMs;
    // Deleted by an acting member (the one who left cannot have deleted anything after leaving).
    const deletedBy = people[1 + rng.int(4)]!.userId;
    const entry: BookEntry = {
      recordId: rng.id(),
      externalId: rng.id(),
      recordType: def.tag !== undefined ? 'tag' : def.bank !== undefined ? 'bank' : 'address',
      name: def.name,
      ...(network === undefined
        ? {}
        : { networkId: network.networkId, address: makeAddress(rng, network.addressKind) }),
      ...(def.memo && network !== undefined ? { memo: makeMemo(rng, network.networkId) } : {}),
      ...(def.tag === undefined ? {} : { tag: def.tag }),
      ...(def.bank === undefined ? {} : { currency: def.bank }),
      ...(accountIds === undefined ? {} : { accountIds }),
      createdAt,
      createdBy,
      status: deletedAt !== undefined ? 'deleted' : (def.status ?? 'active'),
      updatedAt: deletedAt ?? createdAt,
      updatedBy: deletedAt === undefined ? createdBy : deletedBy,
    };
    if (deletedAt !== undefined) entry.deletedAt = deletedAt;
    return entry;
  });
}

/** Whether a past transaction made at `at` from `accountId` could have gone to `e`. */
export function usableAt(e: BookEntry, accountId: string, at: number): boolean {
  return (
    e.recordType === 'address' &&
    e.address !== undefined &&
    e.status !== 'new' &&
    e.status !== 'rejected' &&
    e.createdAt < at &&
    (e.deletedAt === undefined || e.deletedAt > at) &&
    (e.accountIds === undefined || e.accountIds.includes(accountId))
  );
}
