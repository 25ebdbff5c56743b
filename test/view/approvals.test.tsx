// The approval queue (n / N), the header's "N awaiting approval · n" with its "new" mark, and the
// call of the operator when transactions enter waiting-approval (once per burst, never for those
// waiting at start).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { applyTransactions, type Stores } from '../../src/store/index.js';
import { createUiStore } from '../../src/store/ui.js';
import type { OperatorCall } from '../../src/view/base/attention.js';
import {
  callWords,
  type CallClock,
  decideCall,
  GATHER_MS,
  MAX_SILENCE_MS,
  QUIET_MS,
  watchApprovals,
} from '../../src/view/approvals/call.js';
import { nextWaiting, positionText } from '../../src/view/approvals/queue.js';
import { createViewModel } from '../../src/view/model/model.js';
import { loadedStores, NOW, type Rendered, recordingActions, renderApp, settle, tx } from './helpers.js';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

async function open(options: Parameters<typeof renderApp>[0] = {}): Promise<Rendered> {
  app = renderApp({ columns: 120, rows: 30, ...options });
  await settle();
  return app;
}

let serial = 0;
/** A withdrawal new to the console, waiting for approval, newer than every fixture. */
function waiting(patch: Partial<Transaction> = {}): Transaction {
  serial += 1;
  return {
    ...tx('tx-w1-7f3a9c2e5b1d'),
    transactionId: `tx-wait-${serial}`,
    externalId: `wait-${serial}`,
    createdAt: String(NOW + serial * 1000),
    updatedAt: String(NOW + serial * 1000),
    params: { amount: '1250.5', assetId: '11', networkId: 'ETH' },
    ...patch,
  };
}

function push(stores: Stores, batch: Transaction[], now = NOW): void {
  const s = stores.transactions;
  s.setState(applyTransactions(s.getState(), batch, { now, live: true }), true);
}

const header = (a: Rendered) => a.lines()[0] ?? '';
const selectedId = (a: Rendered) => a.ui.getState().lists.transactions?.selectedId;
const lastNotice = (a: Rendered) => a.stores.session.getState().notices.at(-1)?.text ?? '';
/** As if the person had visited every arrival already: n walks the queue from the cursor. */
const looked = (a: Rendered) => a.ui.getState().update({ freshApprovals: [] });

describe('nextWaiting', () => {
  const ids = ['a', 'W1', 'b', 'W2', 'c'];
  const isW = (id: string) => id.startsWith('W');
  it.each<[string, number, 1 | -1, { index: number; wrapped: boolean } | undefined]>([
    ['down from the top', 0, 1, { index: 1, wrapped: false }],
    ['down from a waiting one', 1, 1, { index: 3, wrapped: false }],
    ['down past the last wraps', 3, 1, { index: 1, wrapped: true }],
    ['down from below the last wraps', 4, 1, { index: 1, wrapped: true }],
    ['up from the bottom', 4, -1, { index: 3, wrapped: false }],
    ['up past the first wraps', 1, -1, { index: 3, wrapped: true }],
    ['no selection, down: the first', -1, 1, { index: 1, wrapped: false }],
    ['no selection, up: the last', 5, -1, { index: 3, wrapped: false }],
  ])('%s', (_name, from, direction, want) => {
    expect(nextWaiting(ids, isW, from, direction)).toEqual(want);
  });

  it('the only waiting one comes round to itself; none gives none', () => {
    expect(nextWaiting(['a', 'W', 'b'], isW, 1, 1)).toEqual({ index: 1, wrapped: true });
    expect(nextWaiting(['a', 'b'], isW, 0, 1)).toBeUndefined();
    expect(nextWaiting([], isW, -1, 1)).toBeUndefined();
  });

  it.each<[string, number, boolean, number, string]>([
    ['the second of two', 3, false, 2, '2 of 2 waiting for approval'],
    ['wrapped', 1, true, 2, '1 of 2 waiting for approval (wrapped around)'],
    ['with more outside the view', 1, false, 5, '1 of 2 waiting for approval; 3 more outside this view (:tx waiting-approval shows all)'],
  ])('positionText: %s', (_name, index, wrapped, awaiting, want) => {
    expect(positionText(ids, isW, { index, wrapped }, awaiting)).toBe(want);
  });
});

describe('the header', () => {
  it('names the count and its key once known; "?" before the unfinished work is read', async () => {
    const a = await open();
    expect(header(a)).toContain('1 awaiting approval · n');
    a.unmount();
    app = undefined;
    const b = await open({ empty: true });
    expect(header(b)).toContain('? awaiting approval');
    expect(header(b)).not.toContain('0 awaiting approval');
  });

  it('says 0 without a key when none waits', async () => {
    const a = await open();
    push(a.stores, [{ ...tx('tx-w1-7f3a9c2e5b1d'), status: 'approved', updatedAt: String(NOW + 1) }]);
    await settle();
    expect(header(a)).toContain('0 awaiting approval');
    expect(header(a)).not.toContain('· n');
  });

  it('marks each arrival until the person visits it (n): one n, one mark', async () => {
    const a = await open();
    const [first, second, third] = [waiting(), waiting(), waiting()];
    push(a.stores, [first, second, third]);
    await settle();
    expect(header(a)).toMatch(/● 3 new +4 awaiting approval · n/);
    await a.press('n');
    expect(selectedId(a)).toBe(first.transactionId);
    expect(header(a)).toMatch(/● 2 new +4 awaiting approval · n/);
    await a.press('n');
    expect(selectedId(a)).toBe(second.transactionId);
    expect(header(a)).toMatch(/● 1 new +4 awaiting approval/);
    await a.press('n');
    expect(selectedId(a)).toBe(third.transactionId);
    expect(header(a)).not.toContain('new');
    expect(header(a)).toContain('4 awaiting approval · n');
    // The next arrival marks it again, counting only itself.
    push(a.stores, [waiting()]);
    await settle();
    expect(header(a)).toMatch(/● 1 new +5 awaiting approval/);
  });

  it('opening an arrival visits it: only its own mark goes', async () => {
    const a = await open();
    const [older, newer] = [waiting(), waiting()];
    push(a.stores, [older, newer]);
    await settle();
    expect(header(a)).toContain('2 new');
    await a.press('g', '\r'); // the newest row: the newer arrival
    expect(a.ui.getState().detail?.id).toBe(newer.transactionId);
    expect(header(a)).toMatch(/● 1 new +3 awaiting approval/);
    expect(a.ui.getState().freshApprovals).toEqual([older.transactionId]);
  });

  it('an arrival that leaves the queue before it is visited is news no more', async () => {
    const a = await open();
    const [kept, gone] = [waiting(), waiting()];
    push(a.stores, [kept, gone]);
    await settle();
    expect(header(a)).toContain('2 new');
    push(a.stores, [{ ...gone, status: 'approved', updatedAt: String(Number(gone.updatedAt) + 1) }]);
    await settle();
    expect(header(a)).toMatch(/● 1 new +2 awaiting approval/);
    expect(a.ui.getState().freshApprovals).toEqual([kept.transactionId]);
  });

  it('a burst larger than the store names is marked whole', async () => {
    const a = await open();
    const burst = Array.from({ length: 25 }, () => waiting());
    push(a.stores, burst);
    await settle();
    expect(header(a)).toMatch(/● 25 new +26 awaiting approval/);
    await a.press('n');
    expect(header(a)).toMatch(/● 24 new/);
  });

  it('in ASCII', async () => {
    const a = await open({ ascii: true });
    push(a.stores, [waiting()]);
    await settle();
    expect(header(a)).toMatch(/\* 1 new +2 awaiting approval - n/);
  });
});

describe('n / N: the approval queue', () => {
  it('goes down the waiting ones, wraps, and goes up with N', async () => {
    const a = await open();
    const [first, second] = [waiting(), waiting()];
    push(a.stores, [first, second]);
    looked(a);
    await settle();
    // Newest first: second, first, tx-w1 …; the cursor starts on the top row.
    await a.press('j', 'j', 'j'); // off the waiting ones, onto an older row
    await a.press('n');
    expect(selectedId(a)).toBe(second.transactionId);
    expect(lastNotice(a)).toContain('(wrapped around)');
    await a.press('n');
    expect(selectedId(a)).toBe(first.transactionId);
    expect(lastNotice(a)).toBe('2 of 3 waiting for approval');
    await a.press('n');
    expect(selectedId(a)).toBe('tx-w1-7f3a9c2e5b1d');
    await a.press('N');
    expect(selectedId(a)).toBe(first.transactionId);
    await a.press('N', 'N');
    expect(selectedId(a)).toBe('tx-w1-7f3a9c2e5b1d');
    expect(lastNotice(a)).toBe('3 of 3 waiting for approval (wrapped around)');
    expect(a.frame()).toMatch(/▶.*waiting-approval/);
  });

  it('after a call, n answers it: the arrival first, then on down the queue', async () => {
    const a = await open();
    const [older, newer] = [waiting(), waiting()];
    push(a.stores, [older, newer]);
    await settle();
    await a.press('G'); // far from them
    await a.press('n');
    expect(selectedId(a)).toBe(older.transactionId); // the first of the arrivals, not the next row down
    expect(header(a)).toMatch(/● 1 new/);
    await a.press('n');
    expect(selectedId(a)).toBe(newer.transactionId); // the other arrival, still marked new
    expect(header(a)).not.toContain('new');
    await a.press('n');
    expect(selectedId(a)).toBe(older.transactionId); // then the queue in the view's order from there
  });

  it('works from another pane: it switches to transactions', async () => {
    const a = await open();
    await a.press('1');
    expect(a.ui.getState().pane).toBe('accounts');
    await a.press('n');
    expect(a.ui.getState().pane).toBe('transactions');
    expect(selectedId(a)).toBe('tx-w1-7f3a9c2e5b1d');
  });

  it('says so when none waits, or when the count is not known yet', async () => {
    const a = await open();
    push(a.stores, [{ ...tx('tx-w1-7f3a9c2e5b1d'), status: 'approved', updatedAt: String(NOW + 1) }]);
    await settle();
    await a.press('n');
    expect(lastNotice(a)).toBe('no transaction is waiting for approval');
    a.unmount();
    app = undefined;
    const b = await open({ empty: true });
    await b.press('n');
    expect(lastNotice(b)).toBe('the transactions waiting for approval are not read yet');
  });

  it('when the view shows none of them, it shows the queue itself (:tx waiting-approval)', async () => {
    const a = await open();
    await a.press(':');
    await a.type('tx completed');
    await a.press('\r');
    expect(a.frame()).toContain('[status: completed]');
    await a.press('n');
    expect(a.ui.getState().txFilter).toEqual({ transactionStatuses: ['waiting-approval'] });
    expect(a.frame()).toContain('[status: waiting-approval]');
    expect(selectedId(a)).toBe('tx-w1-7f3a9c2e5b1d');
    expect(lastNotice(a)).toContain('showing :tx waiting-approval');
    // Esc takes the queue off again: all transactions.
    await a.press('\u001b');
    expect(a.ui.getState().txChips).toEqual([]);
  });

  it('in a detail, n opens the next waiting one', async () => {
    const a = await open();
    const next = waiting();
    push(a.stores, [next]);
    looked(a);
    await settle();
    await a.press('g', 'n'); // the top row (the arrival), then the next waiting one: tx-w1
    expect(selectedId(a)).toBe('tx-w1-7f3a9c2e5b1d');
    await a.press('\r');
    expect(a.ui.getState().detail?.id).toBe('tx-w1-7f3a9c2e5b1d');
    await a.press('n'); // wraps round to the arrival, and shows its detail
    expect(a.ui.getState().detail?.id).toBe(next.transactionId);
    expect(a.rec.calls).toContain(`open ${next.transactionId}`);
    // Back to the list: its cursor is on the one shown.
    await a.press('\u001b');
    expect(selectedId(a)).toBe(next.transactionId);
  });
});

describe('decideCall: a burst calls once', () => {
  it.each<[string, CallClock, number, boolean]>([
    ['the first arrival', {}, 1_000, true],
    ['within the quiet time of the last arrival: same burst', { calledAt: 1_000, arrivedAt: 1_000 }, 1_000 + QUIET_MS - 1, false],
    ['after a quiet time: a new burst', { calledAt: 1_000, arrivedAt: 1_000 }, 1_000 + QUIET_MS, true],
    [
      'a burst that never pauses still calls after MAX_SILENCE_MS',
      { calledAt: 0, arrivedAt: MAX_SILENCE_MS - 1 },
      MAX_SILENCE_MS,
      true,
    ],
  ])('%s', (_name, clock, now, call) => {
    const d = decideCall(clock, now);
    expect(d.call).toBe(call);
    expect(d.clock.arrivedAt).toBe(now);
    expect(d.clock.calledAt).toBe(call ? now : clock.calledAt);
  });

  it('a steady stream 3 s apart for two minutes calls at the start and once a minute', () => {
    let clock: CallClock = {};
    const calls: number[] = [];
    for (let t = 0; t <= 120_000; t += 3_000) {
      const d = decideCall(clock, t);
      clock = d.clock;
      if (d.call) calls.push(t);
    }
    expect(calls).toEqual([0, 60_000, 120_000]);
  });
});

describe('the words of a call', () => {
  const stores = loadedStores();
  const ctx = { dictionary: stores.dictionary.getState(), workspace: stores.workspace.getState() };
  const w1 = tx('tx-w1-7f3a9c2e5b1d');

  it('names type, amount, asset and account; never an id or an address', () => {
    const words = callWords([w1], 1, ctx);
    expect(words.title).toBe('custody: approval needed');
    expect(words.body).toMatch(/^withdrawal [\d,.]+ \S+ from \S/);
    const all = `${words.title} ${words.body}`;
    expect(all).not.toContain(w1.transactionId);
    const to = (w1.params as { toAddress?: string } | undefined)?.toAddress;
    if (to !== undefined) expect(all).not.toContain(to);
  });

  it('counts a burst', () => {
    const words = callWords([w1, w1], 3, ctx);
    expect(words.title).toBe('custody: 3 approvals needed');
    expect(words.body).toMatch(/, \+2 more$/);
  });
});

describe('watchApprovals: calling the operator', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    vi.useFakeTimers();
    const stores = loadedStores();
    const calls: OperatorCall[] = [];
    let now = NOW;
    const vm = createViewModel(stores, { ui: createUiStore() }, recordingActions({ calls: [], copied: [], quits: 0 }), {
      ascii: false,
      color: false,
      now: () => now,
      copy: () => Promise.reject(new Error('no clipboard')),
      quit: () => {},
      callOperator: (c) => calls.push(c),
    });
    const stop = watchApprovals(vm);
    const advance = (ms: number) => {
      now += ms;
      vi.advanceTimersByTime(ms);
    };
    return { stores, calls, stop, advance };
  }

  it('never for those waiting at start, nor for their replays', () => {
    const { stores, calls, stop, advance } = setup();
    push(stores, [tx('tx-w1-7f3a9c2e5b1d'), { ...tx('tx-w1-7f3a9c2e5b1d'), updatedAt: String(NOW + 5) }]);
    advance(QUIET_MS);
    expect(calls).toEqual([]);
    stop();
  });

  it('once for a burst (one batch, or several close together); again after a quiet time', () => {
    const { stores, calls, stop, advance } = setup();
    // One batch and, a moment later, another: one call that counts both.
    push(stores, [waiting(), waiting()]);
    advance(GATHER_MS / 2);
    expect(calls).toHaveLength(0);
    push(stores, [waiting()]);
    advance(GATHER_MS);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.title).toBe('custody: 3 approvals needed');
    expect(calls[0]!.body).toMatch(/^withdrawal 1,250\.5 \S+ from .*, \+2 more$/);
    // More of the same burst: no call.
    advance(1_000);
    push(stores, [waiting()]);
    advance(1_000);
    push(stores, [waiting()]);
    advance(GATHER_MS);
    expect(calls).toHaveLength(1);
    advance(QUIET_MS);
    push(stores, [waiting()]);
    advance(GATHER_MS);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.title).toBe('custody: approval needed');
    // A change that is not an arrival calls nobody.
    advance(QUIET_MS);
    push(stores, [{ ...tx('tx-w1-7f3a9c2e5b1d'), status: 'approved', updatedAt: String(NOW + 99) }]);
    advance(GATHER_MS);
    expect(calls).toHaveLength(2);
    // Stopped (the console unmounts) with a call gathering: it never goes out.
    advance(QUIET_MS);
    push(stores, [waiting()]);
    stop();
    advance(GATHER_MS);
    expect(calls).toHaveLength(2);
  });
});
