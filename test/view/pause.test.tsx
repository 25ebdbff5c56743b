// One pause with its reasons (ui.pause): the person's `p`, and a decision while it is being made.
// The outcome screen holds nothing; and whatever is held, an approval that arrives rings the bell
// and counts in the header at once: only the rows wait. Through the real App, with the live
// engine's part played here as it plays it (live/engine.ts writeWork): held updates while the
// view says paused, applied otherwise.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { applyTransactions, type Stores, withHeld } from '../../src/store/index.js';
import { GATHER_MS } from '../../src/view/approvals/call.js';
import { createAttention } from '../../src/view/base/attention.js';
import { KEYS, NOW, type Rendered, renderApp, type RenderOptions, tx } from './helpers.js';

const W1 = 'tx-w1-7f3a9c2e5b1d';
const LAST4 = '5b1d';
const BEL = '\u0007';

let app: Rendered | undefined;
afterEach(() => {
  vi.useRealTimers();
  app?.unmount();
  app = undefined;
});

let serial = 0;
/** A withdrawal new to the console that waits for approval. */
function arrival(): Transaction {
  serial += 1;
  return {
    ...tx(W1),
    transactionId: `tx-held-${serial}`,
    externalId: `held-${serial}`,
    createdAt: String(NOW + serial * 1000),
    updatedAt: String(NOW + serial * 1000),
  };
}

/** The engine's side: what the view last asked (setPaused), and what it holds meanwhile. */
function engine(a: Rendered, stores: Stores) {
  let holding: Transaction[] = [];
  const paused = () => a.rec.calls.filter((c) => c.startsWith('setPaused')).at(-1) === 'setPaused true';
  const write = (live: Transaction[]) =>
    stores.transactions.setState(
      (s) => withHeld(live.length > 0 ? applyTransactions(s, live, { now: NOW, live: true }) : s, holding.length, holding),
      true,
    );
  return {
    arrive(...txs: Transaction[]) {
      if (paused()) {
        holding = [...holding, ...txs];
        write([]);
      } else write(txs);
    },
    /** The next write after the view said resume: everything held, in one go. */
    flush() {
      if (paused()) return;
      const live = holding;
      holding = [];
      write(live);
    },
  };
}

function setup(options: RenderOptions = {}) {
  const out: string[] = [];
  const callOperator = createAttention({
    stdout: { write: (s: string) => out.push(s) },
    env: {},
    bell: true,
    notify: 'off',
  });
  const a = renderApp({
    ...options,
    script: { approve: () => Promise.resolve({ kind: 'done', transaction: { ...tx(W1), status: 'approved' } }) },
    ...(callOperator !== undefined ? { callOperator } : {}),
  });
  app = a;
  const bells = () => out.join('').split(BEL).length - 1;
  return { a, bells, live: engine(a, a.stores) };
}

const header = (a: Rendered) => a.lines()[0] ?? '';
const awaiting = (a: Rendered) => Number(/(\d+) awaiting approval/.exec(header(a))?.[1]);

async function select(a: Rendered, id: string): Promise<void> {
  a.ui.getState().patchList('transactions', { selectedId: id });
  await a.press();
}

/** Only the gathering timer of the call is faked: Ink and React keep their own. */
function fakeCallTimer(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

describe('a decision holds only while it is being made', () => {
  it('approve, outcome left open: live again, and a new approval rings and counts at once', async () => {
    const { a, bells, live } = setup();
    await select(a, W1);
    const before = awaiting(a);
    await a.press('a');
    expect(a.ui.getState().pause).toEqual(new Set(['decision']));
    expect(header(a)).toContain('PAUSED');
    await a.type(LAST4);
    await a.decide(KEYS.enter);
    expect(a.dialog.getState().dialog?.phase).toBe('outcome');
    expect(a.frame()).toMatch(/✓ approved/);
    // The outcome holds nothing: the engine was told to resume when the answer came.
    expect(a.rec.calls.filter((c) => c.startsWith('setPaused'))).toEqual(['setPaused true', 'setPaused false']);
    expect(a.ui.getState().pause.size).toBe(0);
    expect(header(a)).not.toContain('PAUSED');

    fakeCallTimer();
    live.arrive(arrival());
    vi.advanceTimersByTime(GATHER_MS);
    await a.press();
    expect(bells()).toBe(1);
    expect(awaiting(a)).toBe(before + 1);
    expect(header(a)).toMatch(/● 1 new/);
    // The outcome is still what the person reads.
    expect(a.dialog.getState().dialog?.phase).toBe('outcome');
  });

  it('while deciding the rows wait, yet an arrival rings and counts; applied later, it does not ring again', async () => {
    const { a, bells, live } = setup();
    await select(a, W1);
    const before = awaiting(a);
    await a.press('a');
    fakeCallTimer();
    const held = arrival();
    live.arrive(held);
    vi.advanceTimersByTime(GATHER_MS);
    await a.press();
    expect(bells()).toBe(1);
    expect(awaiting(a)).toBe(before + 1);
    expect(header(a)).toContain('PAUSED  1 update waiting');
    expect(a.stores.transactions.getState().byId.has(held.transactionId)).toBe(false);

    vi.useRealTimers();
    await a.type(LAST4);
    await a.decide(KEYS.enter);
    fakeCallTimer();
    live.flush();
    vi.advanceTimersByTime(GATHER_MS);
    await a.press();
    expect(a.stores.transactions.getState().byId.get(held.transactionId)?.status).toBe('waiting-approval');
    expect(bells()).toBe(1);
    expect(awaiting(a)).toBe(before + 1);
    expect(header(a)).not.toContain('PAUSED');
  });

  it('closing the dialog before answering ends the decision; the person’s own pause stays', async () => {
    const { a } = setup({ ui: { pause: new Set(['person']) } });
    await select(a, W1);
    await a.press('a', KEYS.esc);
    expect(a.mode()).toBe('normal');
    expect(a.ui.getState().pause).toEqual(new Set(['person']));
    // Told once at the start, never resumed by the dialog.
    expect(a.rec.calls.filter((c) => c.startsWith('setPaused'))).toEqual(['setPaused true']);
    expect(header(a)).toContain('PAUSED');
    await a.press('p');
    expect(a.rec.calls.filter((c) => c.startsWith('setPaused'))).toEqual(['setPaused true', 'setPaused false']);
    expect(header(a)).not.toContain('PAUSED');
  });
});
