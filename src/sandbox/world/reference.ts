// The people and rules around the money (design, "The sandbox"): members, the address book and
// the transaction limits, plus the facts of what happened while the world runs. Built once with
// the workspace, beside it in the core, so the past, the generator and the routes share them.

import type { TransactionLimit } from '../../contract/index.js';
import { addressKey } from '../../format/index.js';
import { AddressBook } from './address-book.js';
import { ActivityRing } from './activity-ring.js';
import { type BookEntry, seedAddressBook } from './book-seed.js';
import type { Catalog } from './catalog.js';
import type { HistoryTable } from './history-table.js';
import { buildLimits } from './limits.js';
import { Members } from './members.js';
import { type Person, seedPeople } from './people.js';
import type { TxRecord } from './records.js';
import { streamSeed } from './rng.js';
import type { WorkspaceData } from './workspace.js';

export class Reference {
  readonly members: Members;
  readonly book: AddressBook;
  /** The book as the world started (the past reads it; it never changes). */
  readonly bookSeeds: readonly BookEntry[];
  readonly limits: readonly TransactionLimit[];
  readonly ring = new ActivityRing();
  /** The seeded people, acting members first (the past's and the static feed's source). */
  readonly people: readonly Person[];

  constructor(seed: number, startMs: number, catalog: Catalog, data: WorkspaceData) {
    const workspaceId = data.workspace.workspaceId;
    this.people = seedPeople(seed, startMs, data.members);
    this.members = new Members(this.people, workspaceId, seed, startMs);
    this.bookSeeds = seedAddressBook(seed, startMs, catalog, data.accounts, this.people);
    const memoNetworks = new Set(
      [...catalog.networkById.values()].filter((n) => n.tags.includes('supports-memo')).map((n) => n.networkId),
    );
    this.book = new AddressBook(
      this.bookSeeds,
      {
        workspaceId,
        workspaceTag: data.workspace.tag ?? undefined,
        catalog,
        accountIds: new Set(data.accounts.map((a) => a.wire.accountId)),
        memoNetworks,
      },
      streamSeed(seed, 'address-book-live'),
    );
    this.limits = buildLimits({
      seed,
      startMs,
      workspaceId,
      policy: data.policy,
      accounts: data.accounts,
      people: this.people,
    });
  }

  /** The seeded bank record of a fiat currency (fixed: the past presents it the same forever). */
  bankFor(currency: string): string | undefined {
    return this.bookSeeds.find((e) => e.recordType === 'bank' && e.currency === currency)?.recordId;
  }

  /** Each book record's last use in the past (`lastUsedAt`): one pass over a typed column. */
  notePast(table: HistoryTable): void {
    const byCode = new Map<number, BookEntry>();
    for (const e of this.book.all()) {
      if (e.address === undefined) continue;
      const code = table.addresses.find(addressKey(e.address));
      if (code !== 0) byCode.set(code, e);
    }
    if (byCode.size === 0) return;
    const { toAddress, created } = table;
    for (let i = 0; i < table.count; i++) {
      const e = byCode.get(toAddress[i]!);
      if (e !== undefined) this.book.noteUse(e, created[i]!);
    }
  }

  // ---- what happened (the feed's live facts) ----

  /** A transaction made while the world runs, by a member (not an arriving deposit). */
  created(rec: TxRecord): void {
    const { createdAt: at, createdBy: userId, accountId, id: subject } = rec;
    this.ring.append({ at, kind: 'tx-created', userId, accountId, subject });
    if (rec.toAccountId !== undefined) return;
    const entry = this.book.destination(rec.networkId, rec.toAddress, rec.memo);
    if (entry !== undefined) this.book.noteUse(entry, rec.createdAt);
  }

  approved(rec: TxRecord, userId: string, at: number): void {
    this.ring.append({ at, kind: 'tx-approved', userId, accountId: rec.accountId, subject: rec.id });
  }

  /** Declined or canceled by a member, with the reason as it was given. */
  ended(rec: TxRecord, kind: 'tx-declined' | 'tx-canceled', userId: string, at: number, reason?: string): void {
    this.ring.append({
      at,
      kind,
      userId,
      accountId: rec.accountId,
      subject: rec.id,
      ...(reason === undefined ? {} : { reason }),
    });
  }

  completed(rec: TxRecord, at: number): void {
    this.ring.append({ at, kind: 'tx-completed', accountId: rec.accountId, subject: rec.id });
  }
}
