// The engine of `custody watch` on a real sandbox: live updates as records, filters (on the
// server and here), the history first, a socket drop followed by a gap fill that prints what was
// missed exactly once, polling without a socket, a refused key at start, malformed frames.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeOptions } from '../../src/client/index.js';
import type { Transaction } from '../../src/contract/index.js';
import { createWatch, type Watch, type WatchFilter, type WatchOptions, type WatchReport } from '../../src/live/watch.js';
import {
  createPrintedVersions,
  filterQuery,
  matchesFilter,
  NO_FILTER,
} from '../../src/live/watch-filter.js';
import { compareUpdatedAt } from '../../src/store/index.js';
import { closedPort } from '../helpers/http-server.js';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';
import { createInWorld, type Gate, serverTruth, sleep, startGate } from './helpers.js';

let fx: SandboxFixture;
const watches: Watch[] = [];

beforeAll(async () => {
  fx = await startTestSandbox({ history: 300 });
});
afterEach(() => {
  for (const w of watches.splice(0)) w.stop();
  fx.sandbox.setChaos(undefined);
});
afterAll(async () => {
  await fx.close();
});

interface Watching {
  watch: Watch;
  printed: Transaction[];
  reports: WatchReport[];
}

function watchOn(
  o: Partial<Omit<WatchOptions, 'print' | 'report' | 'realtime'>> & { realtime?: Partial<RealtimeOptions> } = {},
): Watching {
  const printed: Transaction[] = [];
  const reports: WatchReport[] = [];
  const { realtime: rt, ...rest } = o;
  const watch = createWatch({
    api: fx.client(),
    realtime: fx.realtime('full-access', { reconnectStepMs: 50, reconnectMaxMs: 200, ...rt }),
    filter: NO_FILTER,
    retryBaseMs: 100,
    retryMaxMs: 500,
    ...rest,
    print: (tx) => printed.push(tx),
    report: (line) => reports.push(line),
  });
  watches.push(watch);
  return { watch, printed, reports };
}

const key = (tx: Transaction) => `${tx.transactionId}@${tx.updatedAt ?? ''}`;

/** No (id, updatedAt) twice, and each id's versions go forward in time. */
function expectOncePerVersionInOrder(printed: readonly Transaction[]): void {
  const keys = printed.map(key);
  expect(new Set(keys).size).toBe(keys.length);
  const last = new Map<string, Transaction>();
  for (const tx of printed) {
    const before = last.get(tx.transactionId);
    if (before) expect(compareUpdatedAt(tx.updatedAt, before.updatedAt)).toBeGreaterThan(0);
    last.set(tx.transactionId, tx);
  }
}

/** Every (id, updatedAt) on the server now. */
async function versionsNow(): Promise<Set<string>> {
  return new Set([...(await serverTruth(fx)).values()].map(key));
}

/** Server records changed since `before` was taken: each one's current version must be printed. */
async function changedSince(before: Set<string>, filter: WatchFilter = NO_FILTER): Promise<Transaction[]> {
  const truth = await serverTruth(fx);
  return [...truth.values()].filter((tx) => !before.has(key(tx)) && matchesFilter(tx, filter));
}

describe('the filter and the memory of printed versions (pure)', () => {
  const tx = (over: Partial<Transaction>): Transaction =>
    ({
      transactionId: 't1',
      externalId: 'e',
      status: 'new',
      transactionType: 'withdrawal',
      workspaceId: 'w',
      accountId: 'a1',
      accountType: 'vault',
      createdAt: '1',
      updatedAt: '10',
      ...over,
    }) as Transaction;

  it.each([
    [NO_FILTER, {}, true],
    [{ ...NO_FILTER, statuses: ['new'] }, {}, true],
    [{ ...NO_FILTER, statuses: ['waiting-approval'] }, {}, false],
    [{ ...NO_FILTER, statuses: ['completed', 'new'] }, {}, true],
    [{ ...NO_FILTER, types: ['deposit'] }, {}, false],
    [{ ...NO_FILTER, types: ['deposit', 'withdrawal'] }, {}, true],
    [{ ...NO_FILTER, accountIds: ['a2'] }, {}, false],
    [{ statuses: ['new'], types: ['withdrawal'], accountIds: ['a1'] }, {}, true],
    [{ statuses: ['new'], types: ['withdrawal'], accountIds: ['a1'] }, { accountId: 'a9' }, false],
    // Enums are open: a status this version does not know is compared as text.
    [{ ...NO_FILTER, statuses: ['brand-new-status'] }, { status: 'brand-new-status' }, true],
  ] as [WatchFilter, Partial<Transaction>, boolean][])('matchesFilter(%j, %j) = %s', (filter, over, expected) => {
    expect(matchesFilter(tx(over), filter)).toBe(expected);
  });

  it('filterQuery sends only the filters given, under their list names', () => {
    expect(filterQuery(NO_FILTER)).toEqual({});
    expect(filterQuery({ statuses: ['new'], types: [], accountIds: ['a', 'b'] })).toEqual({
      transactionStatuses: ['new'],
      accountIds: ['a', 'b'],
    });
  });

  it.each([
    ['a new id', [], { updatedAt: '10' }, true],
    ['the same version', [{ updatedAt: '10' }], { updatedAt: '10' }, false],
    ['an older version', [{ updatedAt: '10' }], { updatedAt: '9' }, false],
    ['a newer version', [{ updatedAt: '10' }], { updatedAt: '11' }, true],
    ['a longer (larger) number', [{ updatedAt: '999' }], { updatedAt: '1000' }, true],
    ['no updatedAt after one was printed', [{ updatedAt: '10' }], { updatedAt: null }, false],
    ['no updatedAt twice', [{ updatedAt: null }], { updatedAt: null }, false],
  ] as [string, Partial<Transaction>[], Partial<Transaction>, boolean][])('isNew: %s', (_, before, next, expected) => {
    const printed = createPrintedVersions();
    for (const b of before) printed.remember(tx(b));
    expect(printed.isNew(tx(next))).toBe(expected);
  });

  it('forgets the least recently printed id past its bound', () => {
    const printed = createPrintedVersions(2);
    printed.remember(tx({ transactionId: 'a' }));
    printed.remember(tx({ transactionId: 'b' }));
    printed.remember(tx({ transactionId: 'a', updatedAt: '11' })); // a is the most recent now
    printed.remember(tx({ transactionId: 'c' }));
    expect(printed.size).toBe(2);
    expect(printed.isNew(tx({ transactionId: 'b' }))).toBe(true);
    expect(printed.isNew(tx({ transactionId: 'a', updatedAt: '11' }))).toBe(false);
  });
});

describe('live updates', () => {
  it('prints nothing old, then every change as it happens, each version once', async () => {
    const { watch, printed, reports } = watchOn();
    const before = await versionsNow();
    await watch.start();
    expect(printed).toEqual([]); // live only: the 300 past transactions are not printed
    expect(reports.map((r) => r.text)).toContain(`live on workspace ${fx.workspaceId}`);

    const ids = await createInWorld(fx, 3);
    await waitUntil(() => ids.every((id) => printed.some((tx) => tx.transactionId === id)), 3_000, 'the new ones');
    for (let i = 0; i < 5; i++) {
      fx.advance(4_000);
      await sleep(20);
    }
    const expected = await changedSince(before);
    await waitUntil(() => expected.every((tx) => printed.some((p) => key(p) === key(tx))), 3_000, 'every change');
    expectOncePerVersionInOrder(printed);
    expect(printed.filter((tx) => before.has(key(tx)))).toEqual([]);
  });

  it('filters: only matching transactions, and one that leaves the filter is not printed again', async () => {
    const [account] = await fx.client().accounts.list({ statuses: ['active'], isTestnet: false });
    const ids = await createInWorld(fx, 1); // its first status, whatever the world makes it
    const status = (await fx.client().transactions.get(ids[0]!)).status;
    const filter: WatchFilter = { statuses: [status], types: ['withdrawal'], accountIds: [account!.accountId] };
    const { watch, printed } = watchOn({ filter });
    await watch.start();

    const fresh = await createInWorld(fx, 2);
    await waitUntil(() => fresh.every((id) => printed.some((tx) => tx.transactionId === id)), 3_000, 'the new ones');
    for (let i = 0; i < 5; i++) {
      fx.advance(4_000);
      await sleep(20);
    }
    await sleep(200);
    expect(printed.length).toBeGreaterThan(0);
    expect(printed.every((tx) => matchesFilter(tx, filter))).toBe(true);
    // They moved on from `status`: their later versions do not match, so each printed once.
    for (const id of fresh) {
      expect((await fx.client().transactions.get(id)).status).not.toBe(status);
      expect(printed.filter((tx) => tx.transactionId === id)).toHaveLength(1);
    }
    expectOncePerVersionInOrder(printed);
  });

  it('--with-history prints every matching transaction first, oldest change first, then live', async () => {
    const filter: WatchFilter = { ...NO_FILTER, types: ['withdrawal'] };
    const { watch, printed } = watchOn({ filter, withHistory: true, pageSize: 50 });
    await watch.start();
    const truth = [...(await serverTruth(fx)).values()].filter((tx) => matchesFilter(tx, filter));
    expect(truth.length).toBeGreaterThan(50); // more than one page
    expect(new Set(printed.map(key))).toEqual(new Set(truth.map(key)));
    const times = printed.map((tx) => tx.updatedAt!);
    expect([...times].sort((a, b) => compareUpdatedAt(a, b))).toEqual(times);

    const history = printed.length;
    const [id] = await createInWorld(fx, 1);
    await waitUntil(() => printed.some((tx) => tx.transactionId === id), 3_000, 'the live one');
    expect(printed.findIndex((tx) => tx.transactionId === id)).toBeGreaterThanOrEqual(history);
    expectOncePerVersionInOrder(printed);
  });
});

describe('never miss, never duplicate', () => {
  let gate: Gate | undefined;
  afterEach(async () => {
    await gate?.close();
    gate = undefined;
  });

  it('after a socket drop the gap fill prints what changed meanwhile, exactly once', async () => {
    gate = await startGate(fx.sandbox.port);
    // The socket goes through the gate; reads go straight to the server.
    const { watch, printed, reports } = watchOn({ realtime: { baseUrl: gate.baseUrl }, socketGraceMs: 60_000 });
    const before = await versionsNow();
    await watch.start();
    await waitUntil(() => reports.some((r) => r.key === 'state:live'), 3_000, 'live');
    fx.advance(2_000);
    await sleep(50);

    gate.setOpen(false);
    await waitUntil(() => reports.some((r) => r.key === 'state:lost'), 3_000, 'the drop to be seen');
    const missed = await createInWorld(fx, 3);
    for (let i = 0; i < 4; i++) fx.advance(3_000);
    await sleep(100);
    const printedBefore = printed.length;
    expect(missed.some((id) => printed.some((tx) => tx.transactionId === id))).toBe(false);

    gate.setOpen(true);
    await waitUntil(() => reports.some((r) => r.text.startsWith('caught up:')), 5_000, 'the gap fill');
    expect(printed.length).toBeGreaterThan(printedBefore);
    const expected = await changedSince(before);
    for (const tx of expected) expect(printed.map(key)).toContain(key(tx));
    expectOncePerVersionInOrder(printed);
    expect(reports.map((r) => r.text)).toContain('live again');
  });

  it('under repeated socket drops (chaos) every change is printed once, nothing older than the start', async () => {
    const { watch, printed } = watchOn();
    const before = await versionsNow();
    await watch.start();
    fx.sandbox.setChaos('drop=0.3');
    for (let i = 0; i < 12; i++) {
      if (i % 3 === 0) await createInWorld(fx, 1);
      fx.advance(3_000);
      await sleep(120);
    }
    fx.sandbox.setChaos(undefined);
    const expected = await changedSince(before);
    await waitUntil(() => expected.every((tx) => printed.some((p) => key(p) === key(tx))), 6_000, 'every change');
    expectOncePerVersionInOrder(printed);
    expect(printed.filter((tx) => before.has(key(tx)))).toEqual([]);
  });

  it('polls the list when no socket can be had, says so, and changes still arrive', async () => {
    const refused = `http://127.0.0.1:${await closedPort()}`;
    const { watch, printed, reports } = watchOn({
      realtime: { baseUrl: refused },
      socketGraceMs: 300,
      pollIntervalMs: 200,
    });
    await watch.start();
    await waitUntil(() => reports.some((r) => r.key === 'state:polling'), 3_000, 'polling');
    const [id] = await createInWorld(fx, 1);
    fx.advance(1_000);
    await waitUntil(() => printed.some((tx) => tx.transactionId === id), 3_000, 'a poll to bring it');
    expectOncePerVersionInOrder(printed);
  });

  it('a malformed frame is said once and skipped; the change it carried still arrives', async () => {
    const { watch, printed, reports } = watchOn();
    await watch.start();
    await waitUntil(() => reports.some((r) => r.key === 'state:live'), 3_000, 'live');
    fx.sandbox.setChaos('garbage=1');
    const ids = await createInWorld(fx, 2);
    await waitUntil(() => ids.every((id) => printed.some((tx) => tx.transactionId === id)), 3_000, 'the catch-up');
    fx.sandbox.setChaos(undefined);
    expect(reports.filter((r) => r.key === 'frame:malformed')).toHaveLength(1);
    expectOncePerVersionInOrder(printed);
  });
});

describe('at start', () => {
  it.each([
    ['revoked', 403],
    ['pending', 401],
  ] as const)('a %s key fails the start with %i, and the watch is stopped', async (state, status) => {
    const key = await fx.addKey('full-access', { state });
    const printed: Transaction[] = [];
    const watch = createWatch({
      api: fx.client('full-access', { signer: key.signer }),
      realtime: fx.realtime('full-access', { signer: key.signer }),
      filter: NO_FILTER,
      print: (tx) => printed.push(tx),
      report: () => undefined,
    });
    watches.push(watch);
    await expect(watch.start()).rejects.toMatchObject({ status });
    expect(printed).toEqual([]);
  });
});
