// The world's people and rules, without HTTP: the past's activities walked from typed columns
// come out exactly as a brute force sorts them; the live facts stay bounded; creating book records
// from any body never throws; the world's withdrawals go to the book most of the time, a book-only
// vault never to an unknown address; the approval queue keeps both kinds of destination.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreateAddressBookRecordSchema } from '../../../src/contract/index.js';
import { ActivityRing } from '../../../src/sandbox/world/activity-ring.js';
import { PAST_TYPES, PastActivities, type PastEvent } from '../../../src/sandbox/world/activity-past.js';
import { Core } from '../../../src/sandbox/world/core.js';
import { missingKind } from '../../../src/sandbox/world/destinations.js';
import { HistoryTable } from '../../../src/sandbox/world/history-table.js';
import { createManualClock } from '../../../src/sandbox/world/index.js';
import { parseBody } from '../../../src/sandbox/validation.js';
import { bookBodyArb } from '../fuzz/reference-cases.js';
import { harness, START } from './helpers.js';

function pastOf(count: number) {
  const core = new Core(3, createManualClock(START), false);
  const past = new PastActivities(
    core.ref.people.map((p) => p.userId),
    3,
  );
  past.prepare(count);
  const table = new HistoryTable(core, count, (i, rec) => past.observe(i, rec));
  past.attach(table);
  return { core, past, table };
}

const ALL = { types: Uint8Array.from(PAST_TYPES, () => 1) };

describe('the past as activities', () => {
  const { past, table } = pastOf(1500);
  const everything: PastEvent[] = [];
  for (let i = 0; i < table.count; i++) past.eventsOf(i, ALL, everything);
  everything.sort((a, b) => b.at - a.at || b.key - a.key);

  it('walks newest first exactly as a brute force sorts every event', () => {
    expect(everything.length).toBeGreaterThan(table.count);
    expect([...past.walk(ALL)]).toEqual(everything);
  });

  it('filters by account, member and type from the columns, in the same order', () => {
    const account = table.account[7]!;
    const accounts = new Uint8Array(table.accounts.size);
    accounts[account] = 1;
    const users = new Uint8Array(9);
    users[2] = 1;
    const types = Uint8Array.from(PAST_TYPES, (t) =>
      t === 'transaction-approved' || t === 'transaction-created' ? 1 : 0,
    );
    const got = [...past.walk({ accounts, users, types })];
    const expected = everything.filter(
      (e) =>
        table.account[e.record] === account &&
        e.user === 2 &&
        (e.type === 'transaction-approved' || e.type === 'transaction-created'),
    );
    expect(got.length).toBeGreaterThan(0);
    expect(got).toEqual(expected);
  });

  it('reads only the newest records when told to (a search budget)', () => {
    const newest = new Set(Array.from(table.byUpdated.slice(-100)));
    const got = [...past.walk(ALL, 100)];
    expect(got.length).toBeGreaterThan(100);
    expect(got.every((e) => newest.has(e.record))).toBe(true);
    expect(got).toEqual(everything.filter((e) => newest.has(e.record)));
    const times = got.map((e) => e.at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('tells how each past transaction ended: declines by an approver, with a plausible reason', () => {
    const declined = everything.filter((e) => e.type === 'transaction-declined');
    const canceled = everything.filter((e) => e.type === 'transaction-canceled');
    expect(declined.length).toBeGreaterThan(0);
    expect(canceled.length).toBeGreaterThan(0);
    for (const e of declined) {
      const rec = table.record(e.record);
      expect(rec.status).toBe('canceled');
      expect(rec.appr?.available).toContain(past.userIds[e.user - 1]);
      expect(past.reasonOf(e.record).length).toBeGreaterThan(10);
    }
    for (const e of everything.filter((x) => x.type === 'transaction-approved')) {
      const rec = table.record(e.record);
      expect(rec.appr?.approvedBy).toContain(past.userIds[e.user - 1]);
      expect(e.at).toBeGreaterThan(rec.createdAt);
      expect(e.at).toBeLessThan(rec.updatedAt);
    }
  });
});

describe('live facts', () => {
  it('stay in time order, placing a late one, and are let go past their bound', () => {
    const ring = new ActivityRing(8);
    for (let i = 0; i < 20; i++) ring.append({ at: 1000 + i * 10, kind: 'tx-created', subject: `t${i}` });
    ring.append({ at: 1001, kind: 'tx-approved', subject: 'late' });
    expect(ring.size).toBeLessThanOrEqual(10);
    const times = ring.list().map((f) => f.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(ring.list().at(-1)!.subject).toBe('t19');
  });
});

describe('the feed while the world runs', () => {
  it("colleagues' approvals and completions arrive, newest first, after the start-up work", () => {
    const h = harness({ history: 50 });
    const before = h.world.directory.activities({ limit: '1000' });
    expect(before.some((a) => a.activityType === 'transaction-created' && Number(a.createdAt) < START)).toBe(true);
    // The payroll withdrawal's colleague approves it 90 s in; confirmations complete others.
    h.run(5 * 60_000, 1000);
    const after = h.world.directory.activities({ limit: '1000' });
    const fresh = after.filter((a) => Number(a.createdAt) > START);
    const approvals = fresh.filter((a) => a.activityType === 'transaction-approved');
    expect(approvals.some((a) => a.userId === h.member(1))).toBe(true);
    expect(fresh.some((a) => a.activityType === 'transaction-completed')).toBe(true);
    const times = after.map((a) => Number(a.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('address book records from any body', () => {
  it('never throws: a record, a replay, or a 400/409 with a message', () => {
    const h = harness({ history: 0 });
    const accountIds = h.world.accounts({}).map((a) => a.accountId);
    fc.assert(
      fc.property(bookBodyArb(['ETH', 'BTC', 'XRP', 'TON', 'SOL'], accountIds), (raw) => {
        const body = parseBody(CreateAddressBookRecordSchema, JSON.stringify(raw));
        if (!body.ok) return;
        const result = h.world.directory.createBookRecord(body.value, h.owner);
        if (result.ok) expect(h.world.directory.bookRecord(result.value.recordId)).toEqual(result.value);
        else {
          expect([400, 409]).toContain(result.status);
          expect(result.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 400, seed: 13 },
    );
  });
});

describe("the world's withdrawals and the book", () => {
  it('the generator sends most external withdrawals to the book; the book-only vault never elsewhere', () => {
    const h = harness({ history: 0, generator: true });
    h.run(40 * 60_000, 1000);
    const cold = h.accountId('Treasury Cold');
    const book = h.world.directory.book({});
    const inBook = (tx: { params?: Record<string, unknown> | null }) =>
      book.some((r) => r.networkId === tx.params?.networkId && r.address === tx.params?.toAddress);
    const made = h.world
      .transactions({ transactionTypes: ['withdrawal'], limit: '1000', createdAtFrom: String(START) })
      .filter((t) => t.params?.toAccountId === undefined);
    expect(made.length).toBeGreaterThan(40);
    const known = made.filter(inBook).length;
    expect(known / made.length).toBeGreaterThan(0.55);
    expect(known).toBeLessThan(made.length);
    for (const t of made.filter((x) => x.accountId === cold)) expect(inBook(t), t.transactionId).toBe(true);
  });

  it('the past book-only vault sent only to the book or its own vaults', () => {
    const h = harness({ history: 3000 });
    const cold = h.accountId('Treasury Cold');
    const book = h.world.directory.book({ statuses: ['active', 'deleted'] });
    const out = h.world.transactions({ accountId: cold, transactionTypes: ['withdrawal'], limit: '1000' });
    expect(out.length).toBeGreaterThan(20);
    for (const t of out) {
      if (t.params?.toAccountId !== undefined) continue;
      const record = book.find((r) => r.address === t.params?.toAddress);
      expect(record, t.transactionId).toBeDefined();
      expect(t.params?.toAddressBookRecordId).toBe(record!.recordId);
    }
  });

  it('the approval queue is told which kind of destination it lacks', () => {
    const { core } = pastOf(0);
    const [record] = core.ref.book.usable(core.data.accounts[0]!.wire.accountId, 'ETH');
    const tx = (toAddress: string) =>
      ({ type: 'withdrawal', toAccountId: undefined, toAddress, networkId: 'ETH', memo: undefined }) as never;
    expect(missingKind(core, [])).toBe(true);
    expect(missingKind(core, [tx(record!.address!)])).toBe(false);
    expect(missingKind(core, [tx(`0x${'9'.repeat(40)}`)])).toBe(true);
    expect(missingKind(core, [tx(record!.address!), tx(`0x${'9'.repeat(40)}`)])).toBeUndefined();
  });
});
