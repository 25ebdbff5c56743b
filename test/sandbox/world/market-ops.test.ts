// The market and staking operations against the world itself: stakes are the sums of the stake
// transactions, the price series is continuous, ends at the live price and holds every price a
// transaction was stamped with, quotes keep their floor, and an intent follows its transaction.
import { describe, expect, it } from 'vitest';
import type {
  ChartPeriod,
  IntentsQuoteQuery,
  PriceSeriesPoint,
  TransactionLimit,
} from '../../../src/contract/index.js';
import { addDecimal, compareDecimal, divideDecimal } from '../../../src/format/index.js';
import { queryLimits } from '../../../src/sandbox/world/limits.js';
import { intentStatus } from '../../../src/sandbox/world/intents.js';
import { expectOk, harness, START } from './helpers.js';

const sum = (amounts: string[]) => amounts.reduce((a, b) => addDecimal(a, b), '0');
const same = (a: string, b: string) => compareDecimal(a, b) === 0;

describe('stakes', () => {
  it.each([1, 7])('seed %i: each account and asset stakes the sum of its completed delegations', (seed) => {
    const h = harness({ seed, history: 2000 });
    const delegations = h.world.transactions({ transactionTypes: ['stake-delegation'], limit: '1000' });
    expect(delegations.length).toBeGreaterThan(3);
    const { stakes } = h.world.market.stakes({});
    const expected = new Map<string, string[]>();
    for (const t of delegations.filter((t) => t.status === 'completed')) {
      const key = `${t.accountId}/${t.params?.assetId}`;
      expected.set(key, [...(expected.get(key) ?? []), t.params!.amount!]);
    }
    const got = new Map<string, string[]>();
    for (const s of stakes!.filter((s) => s.status === 'active')) {
      const key = `${s.accountId}/${s.assetId}`;
      got.set(key, [...(got.get(key) ?? []), s.amount!]);
    }
    expect([...got.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, amounts] of expected) expect(same(sum(got.get(key)!), sum(amounts)), key).toBe(true);
    // The stake ids are the ones the delegations' events carry.
    const eventIds = delegations
      .filter((t) => t.status === 'completed')
      .map((t) => h.world.events(t.transactionId)!.find((e) => e.eventType === 'stake-delegation')!.extra!.stakeInfo![0]!.stakeId);
    expect(stakes!.map((s) => s.stakeId).sort()).toEqual(eventIds.sort());
  });

  it.each([
    ['accountId', (s: { accountId?: string | null }) => s.accountId],
    ['assetId', (s: { assetId?: string | null }) => s.assetId],
  ] as const)('filters by %s', (name, read) => {
    const h = harness({ history: 2000 });
    const all = h.world.market.stakes({}).stakes!;
    const value = read(all[0]!)!;
    const some = h.world.market.stakes({ [name]: value }).stakes!;
    expect(some.length).toBeGreaterThan(0);
    expect(some).toEqual(all.filter((s) => read(s) === value));
    expect(h.world.market.stakes({ [name]: 'nosuch' }).stakes).toEqual([]);
  });

  it('reports rewards per staked asset (none happened: zero), and reading changes nothing', () => {
    const h = harness({ history: 2000 });
    const before = h.world.stats();
    const answer = h.world.market.stakes({ rewardPeriod: '7d' });
    expect(answer._embedded!.rewardsAmounts!.every((r) => r.amount === '0')).toBe(true);
    expect(new Set(answer._embedded!.rewardsAmounts!.map((r) => r.assetId))).toEqual(
      new Set(answer.stakes!.map((s) => s.assetId)),
    );
    expect(h.world.stats()).toEqual(before);
  });
});

describe('asset price series', () => {
  const periods: ChartPeriod[] = ['1h', '1d', '1w', '1m', '6m', '1y', 'ytd', 'all'];

  function series(h: ReturnType<typeof harness>, symbol: string, period: ChartPeriod): PriceSeriesPoint[] {
    return expectOk(h.world.market.priceSeries({ baseSymbolId: symbol, period })).points;
  }

  function check(points: PriceSeriesPoint[], live: string) {
    expect(points.length).toBeGreaterThan(1);
    for (let i = 1; i < points.length; i++) {
      expect(points[i]!.open, `point ${i}`).toBe(points[i - 1]!.close);
      expect(Number(points[i]!.timestamp)).toBeGreaterThan(Number(points[i - 1]!.timestamp));
    }
    for (const p of points) {
      expect(compareDecimal(p.low, p.high)).toBeLessThanOrEqual(0);
      for (const v of [p.open, p.close]) {
        expect(compareDecimal(p.low, v)).toBeLessThanOrEqual(0);
        expect(compareDecimal(v, p.high)).toBeLessThanOrEqual(0);
      }
    }
    expect(points.at(-1)!.close).toBe(live);
  }

  it.each(periods)('%s: continuous, and ends at the live price after the walk moved', (period) => {
    const h = harness({ history: 300 });
    h.run(20 * 60_000, 1000);
    const live = h.world.symbolPrices({ baseSymbolIds: ['ETH'] })[0]!.price;
    expect(live).not.toBe('3400.00');
    check(series(h, 'ETH', period), live);
  });

  it('holds every price the past transactions were stamped with (in the candle of their time)', () => {
    const h = harness({ history: 3000 });
    const points = series(h, 'BTC', 'all');
    const past = h.world.transactions({ assetIds: ['1'], limit: '1000' });
    const oldest = h.world.transactions({ sortDirection: 'ASC', limit: '1' })[0]!;
    expect(Number(points[0]!.timestamp)).toBeLessThanOrEqual(Number(oldest.createdAt));
    let checked = 0;
    for (const t of past) {
      const event = h.world.events(t.transactionId)!.find((e) => e.assetId === '1' && e.usdAmount != null);
      if (event === undefined || !event.amount || compareDecimal(event.amount, '0.01') < 0) continue;
      // The stamped price, from the event's USD figure (rounded to cents): within a cent of the candle.
      const price = divideDecimal(event.usdAmount!, event.amount, 8);
      const at = Number(t.createdAt);
      const candle = points.filter((p) => Number(p.timestamp) <= at).at(-1)!;
      const slack = divideDecimal('0.01', event.amount, 8);
      expect(compareDecimal(price, addDecimal(candle.high, slack)), t.transactionId).toBeLessThanOrEqual(0);
      expect(compareDecimal(addDecimal(price, slack), candle.low), t.transactionId).toBeGreaterThanOrEqual(0);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('holds the price a live transaction was stamped with, and the walk since the start', () => {
    const h = harness({ history: 100 });
    const prices: [number, string][] = [];
    for (let i = 0; i < 90; i++) {
      h.clock.advance(7_000);
      h.world.advance();
      prices.push([h.clock.now(), h.world.symbolPrices({ baseSymbolIds: ['SOL'] })[0]!.price]);
    }
    const points = series(h, 'SOL', '1h');
    for (const [at, price] of prices) {
      const candle = points.filter((p) => Number(p.timestamp) <= at).at(-1)!;
      expect(compareDecimal(candle.low, price)).toBeLessThanOrEqual(0);
      expect(compareDecimal(price, candle.high)).toBeLessThanOrEqual(0);
    }
    // Where the past meets the walk there is no jump: the start's price is in its candle.
    const startCandle = points.filter((p) => Number(p.timestamp) <= START).at(-1)!;
    expect(compareDecimal(startCandle.low, '180.000')).toBeLessThanOrEqual(0);
    expect(compareDecimal('180.000', startCandle.high)).toBeLessThanOrEqual(0);
  });

  it('is the same for the same seed and clock, and reading it changes nothing', () => {
    const a = harness({ seed: 3, history: 100 });
    const b = harness({ seed: 3, history: 100 });
    a.run(5 * 60_000, 1000);
    b.run(5 * 60_000, 1000);
    expect(series(a, 'ETH', '1w')).toEqual(series(b, 'ETH', '1w'));
    const other = harness({ seed: 4, history: 100 });
    other.run(5 * 60_000, 1000);
    expect(series(other, 'ETH', '1w')).not.toEqual(series(a, 'ETH', '1w'));
  });

  it.each([
    ['an unknown symbol', 'NOPE', 404],
    ['a symbol without a market (testnet)', 'TEST-BTC', 200],
  ])('%s', (_what, symbol, status) => {
    const h = harness({ history: 50 });
    const result = h.world.market.priceSeries({ baseSymbolId: symbol, period: '1d' });
    if (status === 404) expect(result).toMatchObject({ ok: false, status: 404, code: 'not-found' });
    else expect(result).toEqual({ ok: true, value: { points: [] } });
  });
});

describe('intents quote', () => {
  it.each<[IntentsQuoteQuery]>([
    [{ fromAssetId: '2', toAssetId: '4', fromAmount: '1.5' }],
    [{ fromAssetId: '1', toAssetId: '31', fromAmount: '0.25' }],
    [{ fromAssetId: '4', toAssetId: '1', toAmount: '0.01' }],
    [{ fromAssetId: '12', toAssetId: '4', toAmount: '2' }],
  ])('%o: the floor is below the indicative amount and the price is the market’s', (q) => {
    const h = harness({ history: 50 });
    h.run(60_000, 1000);
    const quote = expectOk(h.world.market.quoteIntent(q));
    expect(compareDecimal(quote.minToAmount, quote.toAmount)).toBe(-1);
    expect(compareDecimal(quote.minToAmount, '0')).toBe(1);
    if (q.fromAmount !== undefined) expect(quote.fromAmount).toBe(q.fromAmount);
    else expect(quote.toAmount).toBe(q.toAmount);
    // The same numbers as the swap route's intents answer.
    const account = h.world.accounts({}).find((a) => a.accountName === 'Treasury')?.accountId ?? h.world.accounts({})[0]!.accountId;
    const route = h.world.swapRoute({ accountId: account, ...q });
    if (route.ok) expect(route.value.embedded?.intentsQuote).toMatchObject(quote);
  });

  it.each([
    [{ fromAssetId: '2', toAssetId: '11', fromAmount: '1' }, 404, 'pair-not-available'],
    [{ fromAssetId: '999', toAssetId: '4', fromAmount: '1' }, 400, 'bad-request'],
    [{ fromAssetId: '2', toAssetId: '4', fromAmount: '0.1234567890123456789' }, 400, 'bad-request'],
  ])('%o is refused', (q, status, code) => {
    const h = harness({ history: 50 });
    expect(h.world.market.quoteIntent(q)).toMatchObject({ ok: false, status, code });
  });
});

describe('intents', () => {
  function setup() {
    const h = harness({ history: 300 });
    const account = h.world
      .accounts({})
      .find((a) => a.status === 'active' && !a.isTestnet && h.world.balances({ accountId: a.accountId, assetId: '2' }).length > 0)!;
    return { h, accountId: account.accountId };
  }

  it('an intent follows its transaction until it completes, and the fill keeps the quote’s floor', () => {
    const { h, accountId } = setup();
    const body = { accountId, intentId: 'order-1', fromAssetId: '2', toAssetId: '4', fromAmount: '0.5' };
    const quote = expectOk(h.world.market.quoteIntent(body));
    const created = h.world.market.createIntent(body, h.owner);
    const intent = expectOk(created);
    expect(created).toMatchObject({ created: true });
    const txId = h.world.market.intentTransaction('order-1')!;
    const tx = h.world.transaction(txId)!;
    expect(tx).toMatchObject({ transactionType: 'intents', params: { intentId: 'order-1' } });
    expect(intent).toMatchObject({ intentId: 'order-1', status: intentStatus(tx.status), fromAmount: '0.5' });
    const seen = new Set<string>();
    for (let i = 0; i < 2000 && h.world.transaction(txId)!.status !== 'completed'; i++) {
      h.clock.advance(500);
      h.world.advance();
      const now = h.world.market.intent('order-1')!;
      const t = h.world.transaction(txId)!;
      expect(now.status).toBe(intentStatus(t.status));
      expect(now.updatedAt).toBe(t.updatedAt);
      seen.add(now.status);
    }
    const done = h.world.market.intent('order-1')!;
    expect(done.status).toBe('completed');
    expect(seen.size).toBeGreaterThan(2);
    expect(compareDecimal(done.toAmount!, quote.minToAmount)).toBeGreaterThanOrEqual(0);
    // The fill arrived: an `in` event of the destination asset.
    const events = h.world.events(txId)!;
    expect(events.find((e) => e.eventType === 'in')).toMatchObject({ assetId: '4', amount: done.toAmount });
  });

  it('the same body again is the same intent; another body with its id is a conflict', () => {
    const { h, accountId } = setup();
    const body = { accountId, intentId: 'order-2', fromAssetId: '2', toAssetId: '4', fromAmount: '0.2' };
    const first = expectOk(h.world.market.createIntent(body, h.owner));
    h.clock.advance(3000);
    const again = h.world.market.createIntent(body, h.owner);
    expect(again).toMatchObject({ ok: true, created: false, value: { intentId: 'order-2', createdAt: first.createdAt } });
    expect(h.world.market.createIntent({ ...body, fromAmount: '0.3' }, h.owner)).toMatchObject({ status: 409 });
  });

  it.each([
    [{ accountId: 'nosuch' }, 400],
    [{ toAssetId: '11' }, 404],
    [{ fromAmount: '100000000' }, 409],
  ])('refuses %o (%i)', (change, status) => {
    const { h, accountId } = setup();
    const body = { accountId, intentId: 'x', fromAssetId: '2', toAssetId: '4', fromAmount: '0.1', ...change };
    expect(h.world.market.createIntent(body, h.owner)).toMatchObject({ ok: false, status });
    expect(h.world.market.intent('x')).toBeUndefined();
  });

  it.each([
    ['new', 'user-initiated'],
    ['waiting-approval', 'wait-for-user-tx'],
    ['signing', 'wait-for-user-tx'],
    ['broadcasted', 'wait-for-oracle-confirm-user-tx'],
    ['completed', 'completed'],
    ['canceled', 'cancelled'],
    ['failed-on-blockchain', 'cancelled'],
  ])('a transaction %s is an intent %s', (tx, intent) => {
    expect(intentStatus(tx)).toBe(intent);
  });
});

describe('appliesToGroupIds', () => {
  const limit = (limitId: string, userIds?: string[]): TransactionLimit => ({
    limitId,
    externalId: limitId,
    workspaceId: 'w',
    limitType: 'transaction-amount',
    transactionParams: {},
    sources: {},
    destinations: {},
    appliesTo: userIds === undefined ? {} : { userIds },
    limitRule: {},
    status: 'active',
    createdAt: '1',
  });
  const all = [limit('everyone'), limit('alice', ['u-alice']), limit('bob', ['u-bob'])];
  const groups: Record<string, string[]> = { finance: ['u-alice'], ops: ['u-bob', 'u-carol'], empty: [] };
  const usersIn = (ids: readonly string[]) => ids.flatMap((g) => groups[g] ?? []);

  it.each([
    [['finance'], ['everyone', 'alice']],
    [['ops'], ['everyone', 'bob']],
    [['finance', 'ops'], ['everyone', 'alice', 'bob']],
    [['empty'], ['everyone']],
    [['nosuch'], ['everyone']],
    [undefined, ['everyone', 'alice', 'bob']],
  ])('%o → %o', (appliesToGroupIds, ids) => {
    const q = appliesToGroupIds === undefined ? {} : { appliesToGroupIds };
    expect(queryLimits(all, q, usersIn).map((l) => l.limitId)).toEqual(ids);
  });
});
