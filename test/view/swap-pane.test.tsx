// Pane 5 as a user drives it: entering and leaving the form, the pickers, validation at the field,
// each kind of answer, re-quote, the countdown, and creating from a quote behind the typed
// confirmation (once, retried with the same external id, then shown live in transactions); the
// source asset's available balance, and a waiting swap's quote said expired once it is.
import chalk from 'chalk';
import { afterEach, describe, expect, it } from 'vitest';
import { DECISION_DELAY_MS } from '../../src/view/keys/decision.js';
import type { DryRunTransaction, SwapRouteRequest } from '../../src/contract/index.js';
import type { LiveActions } from '../../src/view/model/live-actions.js';
import { formatAbsolute } from '../../src/format/index.js';
import { applyTransactions } from '../../src/store/index.js';
import {
  type ActionScript,
  deferred,
  KEYS,
  loadedStores,
  NOW,
  type Rendered,
  renderApp,
  settle,
  tx,
  widest,
} from './helpers.js';

type QuoteOutcome = Awaited<ReturnType<LiveActions['quote']>>;
type ActionOutcome = Awaited<ReturnType<LiveActions['create']>>;

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

const QUOTE_ID = 'q-7d41c0a95e3b';

function aggregator(body: SwapRouteRequest, at: number): DryRunTransaction {
  return {
    transactionType: 'swap-aggregator',
    accountId: body.accountId,
    params: { fromAssetId: body.fromAssetId, toAssetId: body.toAssetId, quoteId: QUOTE_ID, fromAmount: '1000', toAmount: '0.29' },
    embedded: {
      quoteDetails: {
        quoteId: QUOTE_ID,
        provider: 'lifi',
        expiresAt: String(at + 30_000),
        fromAmount: '1000',
        toAmount: '0.29',
        toAmountMin: '0.28855',
        slippage: '0.005',
        networkFee: '0.00042',
        networkFeeAssetId: '2',
        networkFeeUSD: '1.43',
        serviceFeeUSD: '1.00',
        processingTime: '30s',
      },
    },
  };
}

interface Setup {
  quote?: (body: SwapRouteRequest) => Promise<QuoteOutcome>;
  create?: ActionScript['create'];
  readOnly?: boolean;
  columns?: number;
  rows?: number;
}

/** The clock of the view, moved by the test. */
let clock = NOW;

/** Confirms as a person does: after reading the question (keys/decision.ts), the key on its own. */
async function decide(a: Rendered, key: string): Promise<void> {
  clock += DECISION_DELAY_MS;
  await a.press(key);
}

async function open(s: Setup = {}) {
  clock = NOW;
  const bodies: SwapRouteRequest[] = [];
  const created: unknown[] = [];
  app = renderApp({
    columns: s.columns ?? 100,
    rows: s.rows ?? 30,
    now: () => clock,
    readOnly: s.readOnly ?? false,
    script: {
      quote: (body) => {
        bodies.push(body);
        return s.quote?.(body) ?? Promise.resolve({ kind: 'quote', answer: aggregator(body, clock), receivedAt: clock });
      },
      create: (body) => {
        created.push(body);
        return s.create?.(body) ?? Promise.resolve({ kind: 'done', transaction: tx(tx0()) });
      },
    },
  });
  await settle();
  return { a: app, bodies, created };
}

function tx0(): string {
  return 'tx-w1-7f3a9c2e5b1d';
}

/** Fills the form: Treasury Cold, USDT on Ethereum → ETH, 1000 I send. */
async function fill(a: Rendered) {
  await a.press('5', KEYS.enter);
  await a.type('tre');
  await a.press(KEYS.enter);
  await a.type('usdt');
  await a.press(KEYS.enter); // the first USDT: Ethereum
  await a.type('eth');
  await a.press(KEYS.enter);
  await a.press(KEYS.tab); // over "amount is"
  await a.type('1000');
}

describe('entering and leaving the form', () => {
  it('pane 5 shows the form in normal mode; enter starts it; typed keys are text; esc leaves', async () => {
    const { a } = await open();
    await a.press('5');
    expect(a.frame()).toContain('enter or i: fill in the form');
    expect(a.frame()).toContain('account');
    await a.press('i');
    expect(a.frame()).toContain('esc: leave the form');
    await a.press(KEYS.tab, KEYS.tab, KEYS.tab, KEYS.tab); // to amount
    await a.press('1', '2', 'j', '.', '5');
    expect(a.frame()).toMatch(/▶ amount +12\.5_/);
    expect(a.ui.getState().pane).toBe('swap'); // 1 and 2 typed, no pane switch
    await a.press(KEYS.esc);
    expect(a.mode()).toBe('normal');
    await a.press('3');
    expect(a.ui.getState().pane).toBe('transactions');
  });

  it('the account picker lists active accounts; an asset picker needs 2 characters', async () => {
    const { a } = await open();
    await a.press('5', KEYS.enter);
    expect(a.frame()).toContain('Ops Hot');
    expect(a.frame()).not.toContain('Testnet Lab');
    await a.type('tre');
    await a.press(KEYS.enter);
    expect(a.frame()).toMatch(/account +Treasury Cold/);
    await a.press('u');
    expect(a.frame()).toContain('type at least 2 characters');
    await a.press('s');
    expect(a.frame()).toContain('USDT · Tether USD · Ethereum');
    expect(a.frame()).toContain('USDT · Tether USD · Tron');
    await a.press(KEYS.down, KEYS.enter);
    expect(a.frame()).toMatch(/from +USDT · Tether USD · Tron/);
  });
});

describe('asking for a route', () => {
  it('local validation: errors at the fields, focus on the first, nothing sent', async () => {
    const { a, bodies } = await open();
    await a.press('5', KEYS.enter, KEYS.esc); // esc: close nothing... leave
    await a.press(KEYS.enter, KEYS.tab, KEYS.tab, KEYS.tab, KEYS.tab);
    await a.press(KEYS.enter);
    expect(bodies).toEqual([]);
    const f = a.frame();
    expect(f).toContain('✗ pick an account');
    expect(f).toContain('✗ pick the asset you send');
    expect(f).toContain('✗ enter an amount');
    expect(f).toMatch(/▶ account/);
    expect(a.mode()).toBe('form');
  });

  it('I receive sends toAmount only; the answer card shows the quote; r asks again', async () => {
    const { a, bodies } = await open();
    await fill(a);
    await a.press(KEYS.shiftTab, 't', KEYS.enter);
    await settle();
    expect(bodies).toEqual([{ accountId: 'acc-cold-0001', fromAssetId: '11', toAssetId: '2', toAmount: '1000' }]);
    const f = a.frame();
    expect(f).toContain('Quote: swap-aggregator');
    expect(f).toContain('1 USDT = 0.00029 ETH');
    expect(f).toContain('minimum received   0.28855 ETH');
    expect(f).toContain('expires in 30s');
    expect(f).toContain('enter: create');
    expect(a.mode()).toBe('normal');
    await a.press('r');
    await settle();
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(a.rec.calls.filter((c) => c.startsWith('refresh'))).toEqual([]); // r re-quotes here
  });

  it('"asking for a route…" while it waits', async () => {
    const d = deferred<QuoteOutcome>();
    const { a } = await open({ quote: () => d.promise });
    await fill(a);
    await a.press(KEYS.enter);
    expect(a.frame()).toContain('asking for a route…');
    d.resolve({ kind: 'unavailable', message: 'no route for USDT (ETH) → ETH (ETH)' });
    await settle();
    expect(a.frame()).toContain('this pair cannot be swapped');
  });

  it('a 400 naming fromAmount shows at the amount field', async () => {
    const { a } = await open({
      quote: () => Promise.resolve({ kind: 'invalid', field: 'fromAmount', message: 'fromAmount: too small to swap USDT → ETH' }),
    });
    await fill(a);
    await a.press(KEYS.enter);
    await settle();
    expect(a.frame()).toMatch(/▶ amount +1000 USDT +✗ too small to swap USDT → ETH/);
  });

  it('the countdown ticks with the clock; expired: r to re-quote, nothing to create', async () => {
    const { a } = await open();
    await fill(a);
    await a.press(KEYS.enter);
    await settle();
    clock = NOW + 31_000;
    await new Promise((r) => setTimeout(r, 1_100)); // one tick of the view's clock
    expect(a.frame()).toContain('expired — r to re-quote');
    expect(a.frame()).not.toContain('enter: create');
    await a.press(KEYS.enter); // fills in the form instead
    expect(a.mode()).toBe('form');
  });
});

describe('creating from a quote', () => {
  it('typed confirmation, one create, then the transaction in front with its detail', async () => {
    const { a, created } = await open();
    await fill(a);
    await a.press(KEYS.enter);
    await settle();
    await a.press(KEYS.enter);
    expect(a.frame()).toContain(`confirm: last 4 characters of quote ${QUOTE_ID}`);
    await a.type('xxxx');
    await decide(a, KEYS.enter);
    expect(created).toEqual([]);
    expect(a.frame()).toContain('does not match');
    await a.type('3b');
    await a.press(KEYS.esc);
    expect(a.mode()).toBe('normal');
    await a.press(KEYS.enter);
    await a.type('5e3b');
    await decide(a, KEYS.enter);
    await a.press(KEYS.enter);
    await settle();
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      accountId: 'acc-cold-0001',
      transactionType: 'swap-aggregator',
      params: { quoteId: QUOTE_ID },
      externalId: expect.stringMatching(/^console-swap-/),
    });
    const ui = a.ui.getState();
    expect(ui.pane).toBe('transactions');
    expect(ui.lists.transactions!.selectedId).toBe(tx0());
    expect(ui.detail?.id).toBe(tx0());
    expect(a.rec.calls).toContain(`open ${tx0()}`);
  });

  it('after a network failure enter retries with the same external id', async () => {
    const outcomes: ActionOutcome[] = [
      { kind: 'network', message: 'no answer (timed out): it may or may not have been created', changed: 'unknown' },
      { kind: 'done', transaction: tx(tx0()) },
    ];
    const { a, created } = await open({ create: () => Promise.resolve(outcomes.shift()!) });
    await fill(a);
    await a.press(KEYS.enter);
    await settle();
    await a.press(KEYS.enter);
    await a.type('5e3b');
    await decide(a, KEYS.enter);
    await settle();
    // The live layer's sentence, said once.
    expect(a.frame()).toContain('  no answer (timed out): it may or may not have been created');
    expect(a.ui.getState().pane).toBe('swap');
    await a.press(KEYS.enter);
    await a.type('5e3b');
    await decide(a, KEYS.enter);
    await settle();
    expect(created).toHaveLength(2);
    const ids = created.map((b) => (b as { externalId: string }).externalId);
    expect(ids[1]).toBe(ids[0]);
    expect(a.ui.getState().pane).toBe('transactions');
  });

  it('refused because the quote expired: says so and offers r', async () => {
    const { a } = await open({
      create: () =>
        Promise.resolve({ kind: 'refused', status: 400, code: 'bad-request', message: `params.quoteId: quote ${QUOTE_ID} expired at 2025-11-21T12:00:30.000Z` }),
    });
    await fill(a);
    await a.press(KEYS.enter);
    await settle();
    await a.press(KEYS.enter);
    await a.type('5e3b');
    await decide(a, KEYS.enter);
    await settle();
    expect(a.frame()).toContain('the quote expired before it was used — r to re-quote');
    expect(a.frame()).not.toContain('enter: create');
  });

  it('read-only: no create, enter only fills in the form', async () => {
    const { a, created } = await open({ readOnly: true });
    await fill(a);
    await a.press(KEYS.enter);
    await settle();
    expect(a.frame()).toContain('Quote: swap-aggregator');
    expect(a.frame()).not.toContain('enter: create');
    await a.press(KEYS.enter);
    expect(a.mode()).toBe('form');
    expect(created).toEqual([]);
  });

  it('fits 80x24 with the confirmation open', async () => {
    const { a } = await open({ columns: 80, rows: 24 });
    await fill(a);
    await a.press(KEYS.enter);
    await settle();
    await a.press(KEYS.enter);
    const f = a.frame();
    // What is confirmed and how never fall off: the card's last details give way (swap-destination.test.ts).
    expect(f).toContain('minimum received');
    expect(f).toContain("destination        Treasury Cold's address on Ethereum");
    expect(f).toContain('enter creates — esc cancels');
    expect(a.lines().length).toBeLessThanOrEqual(23);
    expect(widest(f)).toBeLessThanOrEqual(80);
  });
});

describe('stale values', () => {
  /** One tick of the view's clock after moving it. */
  async function at(a: Rendered, ms: number) {
    clock = ms;
    await new Promise((r) => setTimeout(r, 1_100));
    await settle();
    return a.frame();
  }

  it('once created, the quote stops counting down: back on pane 5 it says created, never expired', async () => {
    const { a } = await open();
    await fill(a);
    await a.press(KEYS.enter);
    await settle();
    expect(a.frame()).toContain('expires in 30s');
    await a.press(KEYS.enter);
    await a.type('5e3b');
    await decide(a, KEYS.enter);
    await settle();
    expect(a.ui.getState().pane).toBe('transactions');
    await a.press(KEYS.esc, '5');
    expect(a.frame()).toContain('✓ created');
    const later = await at(a, NOW + 31_000);
    expect(later).toContain('✓ created');
    expect(later).not.toContain('expire');
  });

  it('an old route error goes when the pair changes', async () => {
    const { a, bodies } = await open({
      quote: () => Promise.resolve({ kind: 'unavailable', message: 'no route for USDT (ETH) → ETH (ETH)' }),
    });
    await fill(a);
    await a.press(KEYS.enter);
    await settle();
    expect(a.frame()).toContain('this pair cannot be swapped');
    expect(a.frame()).toContain('r: re-quote');
    await a.press('i', KEYS.shiftTab, KEYS.shiftTab); // amount → amount is → to
    await a.type('btc');
    expect(a.frame()).toContain('this pair cannot be swapped'); // a search is not a change yet
    await a.press(KEYS.enter);
    expect(a.frame()).toMatch(/to +BTC/);
    expect(a.frame()).not.toContain('this pair cannot be swapped');
    expect(a.frame()).not.toContain('no route for');
    await a.press(KEYS.esc);
    expect(a.frame()).not.toContain('r: re-quote'); // r would ask the old pair again
    expect(bodies).toHaveLength(1);
  });

  it('an expired quote card is greyed: its values and its title, the countdown says r', async () => {
    const level = chalk.level;
    chalk.level = 3;
    try {
      const { a } = await open();
      await fill(a);
      await a.press(KEYS.enter);
      await settle();
      const CYAN = '\u001b[36m';
      const GRAY = '\u001b[90m';
      const line = (f: string, text: string) => f.split('\n').find((l) => l.includes(text))!;
      const fresh = a.frame();
      expect(line(fresh, 'you get')).toContain(CYAN);
      expect(line(fresh, 'Quote: swap-aggregator')).toMatch(/\u001b\[36m[^\u001b]*Quote: swap-aggregator/);
      const expired = await at(a, NOW + 31_000);
      expect(expired).toContain('expired — r to re-quote');
      expect(line(expired, 'you get')).not.toContain(CYAN);
      // Label and value in one grey run: nothing of the card keeps its color.
      expect(line(expired, 'you get').startsWith(`${GRAY}  you get            0.29 ETH`)).toBe(true);
      expect(line(expired, 'Quote: swap-aggregator')).toMatch(/\u001b\[90m[^\u001b]*Quote: swap-aggregator/);
    } finally {
      chalk.level = level;
    }
  });
});

describe('the source asset and its quote, in words', () => {
  it('under "from": the account’s available balance of the asset, "balance not read" when unknown', async () => {
    const { a } = await open();
    await a.press('5', KEYS.enter);
    await a.type('ops');
    await a.press(KEYS.enter);
    expect(a.frame()).not.toContain('available');
    await a.type('eth');
    await a.press(KEYS.enter); // ETH: 10 withdrawable of 12.5
    expect(a.frame()).toMatch(/available +10 ETH {2}\(12\.5 ETH in total\)/);
    await a.press(KEYS.shiftTab); // back to "from": another asset, never read for this account
    await a.type('btc');
    await a.press(KEYS.enter);
    expect(a.frame()).toMatch(/available +balance not read/);
    expect(a.frame()).not.toMatch(/available +0/);
  });

  it('a swap waiting an hour for approval: its quote said expired, on the server’s clock', async () => {
    const s1 = tx('tx-s1-4a6c8e0b2d4f');
    const expiresAt = NOW - 62 * 60_000 + 120_000;
    const waiting = {
      ...s1,
      status: 'waiting-approval',
      updatedAt: String(NOW),
      extra: { ...s1.extra, quoteDetails: { ...s1.extra!.quoteDetails, expiresAt: String(expiresAt) } },
    };
    const stores = loadedStores();
    // This machine is 2 minutes behind the server: the quote is 62 minutes dead, not 60.
    stores.session.setState({ clockSkewMs: 120_000 });
    stores.transactions.setState(applyTransactions(stores.transactions.getState(), [waiting], { now: NOW, live: true }), true);
    app = renderApp({ stores, columns: 100, rows: 60, ui: { pane: 'transactions', detail: { pane: 'transactions', id: s1.transactionId, scroll: 0 } } });
    await settle();
    const f = app.frame();
    expect(f).toContain(`Quote expired   at ${formatAbsolute(expiresAt)} (62 min ago)`);
    expect(f).not.toContain('Quote valid to');
  });
});
