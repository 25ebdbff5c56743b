import { describe, expect, it } from 'vitest';
import { DryRunTransactionSchema, parseWire, type SwapRouteRequest } from '../../../src/contract/index.js';
import { addDecimal, compareDecimal, multiplyDecimal } from '../../../src/format/index.js';
import { QUOTE_TTL_MS } from '../../../src/sandbox/world/index.js';
import { expectOk, externalId, type Harness, harness, runUntil } from './helpers.js';

function route(h: Harness, body: Partial<SwapRouteRequest>, account = 'Trading') {
  return h.world.swapRoute({
    accountId: h.accountId(account),
    fromAssetId: '12',
    toAssetId: '2',
    ...body,
  } as SwapRouteRequest);
}

const decimals = (text: string) => (text.includes('.') ? text.split('.')[1]!.length : 0);

describe('swap route answers', () => {
  it('two assets on one network: a swap-aggregator quote priced from the market', () => {
    const h = harness();
    const dry = expectOk(
      route(h, { fromAssetId: '12', toAssetId: '2', fromAmount: '1000', externalId: 'q-1' }),
    );
    parseWire(DryRunTransactionSchema, dry, 'swap route');
    expect(dry).toMatchObject({ transactionType: 'swap-aggregator', externalId: 'q-1' });
    const q = dry.embedded!.quoteDetails!;
    expect(q).toMatchObject({
      fromAmount: '1000',
      slippage: '0.005',
      isCrossChain: false,
      networkFeeAssetId: '2',
    });
    expect(Number(q.expiresAt) - h.clock.now()).toBe(QUOTE_TTL_MS);
    expect(q.approvalAddress).toMatch(/^0x[0-9a-f]{40}$/);
    expect(q.quoteId).toBe(dry.params?.quoteId);
    expect(q.provider).toBeTruthy();
    expect(q.processingTime).toBeTruthy();
    const eth = h.world.symbolPrices({ baseSymbolIds: ['ETH'] })[0]!.price;
    // About 1000 / price, a little less for the spread, never more.
    const worth = multiplyDecimal(q.toAmount!, eth);
    expect(compareDecimal(worth, '1000')).toBe(-1);
    expect(compareDecimal(worth, '990')).toBe(1);
    expect(compareDecimal(q.toAmountMin!, q.toAmount!)).toBe(-1);
    expect(decimals(q.toAmount!)).toBeLessThanOrEqual(18);
    for (const field of ['fromAmountUSD', 'toAmountUSD', 'networkFeeUSD', 'serviceFeeUSD'] as const)
      expect(q[field]).toMatch(/^\d+\.\d\d$/);
    expect(Number(q.fromAmountUSD)).toBeCloseTo(1000, -1);
    expect(h.world.stats().quotes).toBe(1);
  });

  it('a native source needs no approval address; toAmount gives the source amount', () => {
    const h = harness();
    const dry = expectOk(route(h, { fromAssetId: '2', toAssetId: '12', toAmount: '500' }));
    const q = dry.embedded!.quoteDetails!;
    expect(q.approvalAddress).toBeUndefined();
    expect(q.toAmount).toBe('500');
    expect(decimals(q.fromAmount!)).toBeLessThanOrEqual(18);
    const eth = h.world.symbolPrices({ baseSymbolIds: ['ETH'] })[0]!.price;
    expect(compareDecimal(multiplyDecimal(q.fromAmount!, eth), '500')).toBe(1);
  });

  it('a token on Solana swaps through the Solana venue, amounts rounded to 6 and 9 decimals', () => {
    const h = harness();
    const q = expectOk(route(h, { fromAssetId: '32', toAssetId: '4', fromAmount: '1234.5' })).embedded!
      .quoteDetails!;
    expect(q.networkFeeAssetId).toBe('4');
    expect(decimals(q.toAmount!)).toBeLessThanOrEqual(9);
  });

  it('the same symbol on two bridged networks: bridge params to submit as they are', () => {
    const h = harness();
    const dry = expectOk(route(h, { fromAssetId: '11', toAssetId: '21', fromAmount: '2500' }));
    expect(dry.transactionType).toBe('bridge');
    expect(dry.params).toMatchObject({ sourceAssetId: '11', amount: '2500', toAssetId: '21' });
    expect(dry.embedded?.quoteDetails).toBeUndefined();
    const back = expectOk(route(h, { fromAssetId: '21', toAssetId: '11', toAmount: '999' }));
    expect(compareDecimal(multiplyDecimal(back.params!.amount!, '0.999'), '999')).toBeGreaterThanOrEqual(0);
  });

  it('major symbols across networks: intents with an indicative price', () => {
    const h = harness();
    const dry = expectOk(route(h, { fromAssetId: '1', toAssetId: '2', fromAmount: '0.1' }));
    expect(dry.transactionType).toBe('intents');
    const price = dry.extra!.estimatedPrice!;
    const [btc, eth] = ['BTC', 'ETH'].map((s) => h.world.symbolPrices({ baseSymbolIds: [s] })[0]!.price);
    // ETH priced in BTC: about eth / btc.
    expect(Math.abs(Number(price) - Number(eth) / Number(btc))).toBeLessThan(1e-9);
    expect(dry.embedded?.intentsQuote?.fromAmount).toBe('0.1');
    expect(expectOk(route(h, { fromAssetId: '4', toAssetId: '12', fromAmount: '10' })).transactionType).toBe(
      'intents',
    );
  });

  it.each<[string, Partial<SwapRouteRequest>]>([
    [
      'two natives on different networks that are not major',
      { fromAssetId: '5', toAssetId: '6', fromAmount: '10' },
    ],
    ['a testnet asset', { fromAssetId: '101', toAssetId: '2', fromAmount: '1' }],
    ['a testnet destination', { fromAssetId: '12', toAssetId: '102', fromAmount: '1' }],
    ['fiat on one side', { fromAssetId: '7', toAssetId: '12', fromAmount: '100' }],
    ['fiat on the other', { fromAssetId: '12', toAssetId: '8', fromAmount: '100' }],
    ['a minor token across networks', { fromAssetId: '15', toAssetId: '4', fromAmount: '10' }],
    ['a network without a swap venue', { fromAssetId: '5', toAssetId: '41', fromAmount: '10' }],
    [
      'an NFT, even with a token id',
      { fromAssetId: '17', toAssetId: '2', fromAmount: '1', fromTokenId: '42' },
    ],
  ])('404 pair-not-available: %s', (_name, body) => {
    const h = harness();
    const result = route(h, body);
    expect(result).toMatchObject({ ok: false, status: 404, code: 'pair-not-available' });
    expect(h.world.stats().quotes).toBe(0);
  });

  it('404 for a testnet account', () => {
    const h = harness();
    expect(route(h, { fromAmount: '1' }, 'Testnet Sandbox')).toMatchObject({
      status: 404,
      code: 'pair-not-available',
    });
  });

  it.each<[string, Partial<SwapRouteRequest>, string]>([
    ['both amounts', { fromAmount: '1', toAmount: '1' }, 'toAmount'],
    ['neither amount', {}, 'fromAmount'],
    ['a zero amount', { fromAmount: '0' }, 'fromAmount'],
    ['a negative amount', { fromAmount: '-5' }, 'fromAmount'],
    ['an exponent', { fromAmount: '1e3' }, 'fromAmount'],
    ['not a number', { toAmount: 'lots' }, 'toAmount'],
    ['more decimals than the asset has', { fromAmount: '1.1234567' }, 'decimal places'],
    ['an unknown source', { fromAssetId: '999', fromAmount: '1' }, 'fromAssetId'],
    ['an unknown destination', { toAssetId: '999', fromAmount: '1' }, 'toAssetId'],
    ['the same asset twice', { toAssetId: '12', fromAmount: '1' }, 'toAssetId'],
    ['an NFT without a token id', { fromAssetId: '17', fromAmount: '1' }, 'fromTokenId'],
    ['a lock asset without a token id', { toAssetId: '18', fromAmount: '1' }, 'toTokenId'],
    [
      'an amount that rounds to nothing',
      { fromAssetId: '12', toAssetId: '13', fromAmount: '0.000001' },
      'too small',
    ],
  ])('400 bad-request: %s', (_name, body, text) => {
    const h = harness();
    const result = route(h, body);
    expect(result).toMatchObject({ ok: false, status: 400, code: 'bad-request' });
    expect(!result.ok && result.message).toContain(text);
  });

  it.each([
    ['an unknown account', 'nope'],
    ['an archived account', 'Archive 2023'],
    ['an account still generating', 'Settlement'],
  ])('400 bad-request: %s', (_name, account) => {
    const h = harness();
    const accountId = account === 'nope' ? 'nope' : h.accountId(account);
    const result = h.world.swapRoute({ accountId, fromAssetId: '12', toAssetId: '2', fromAmount: '1' });
    expect(result).toMatchObject({ ok: false, status: 400, message: expect.stringContaining('accountId') });
  });
});

describe('creating a swap from a quote', () => {
  function quote(h: Harness) {
    const dry = expectOk(route(h, { fromAssetId: '12', toAssetId: '2', fromAmount: '1000' }));
    return { dry, quoteId: dry.params!.quoteId! };
  }

  function create(h: Harness, quoteId: string, account = 'Trading', id = externalId()) {
    return h.world.create(
      {
        accountId: h.accountId(account),
        externalId: id,
        transactionType: 'swap-aggregator',
        params: { fromAssetId: '12', toAssetId: '2', quoteId },
      },
      h.owner,
    );
  }

  it('before expiresAt: a swap-aggregator transaction carrying the quote', () => {
    const h = harness();
    const { dry, quoteId } = quote(h);
    h.clock.advance(QUOTE_TTL_MS);
    const tx = expectOk(create(h, quoteId));
    expect(tx).toMatchObject({ transactionType: 'swap-aggregator', status: 'new' });
    expect(tx.extra?.quoteId).toBe(quoteId);
    expect(tx.extra?.quoteDetails).toEqual(dry.embedded!.quoteDetails);
    expect(tx.params).toMatchObject({ fromAssetId: '12', toAssetId: '2', quoteId });
    const done = runUntil(h, tx.transactionId, 'completed', 10 * 60_000);
    expect(done.embedded!.events!.map((e) => [e.eventType, e.assetId, e.amount])).toEqual([
      ['out', '12', '1000'],
      ['fee', '2', expect.any(String)],
      ['in', '2', dry.embedded!.quoteDetails!.toAmount],
    ]);
    // The events' USD figures use the prices of the quote.
    expect(done.embedded!.events![0]!.usdAmount).toBe(dry.embedded!.quoteDetails!.fromAmountUSD);
  });

  it('after expiresAt: 400, saying it expired', () => {
    const h = harness();
    const { quoteId } = quote(h);
    h.clock.advance(QUOTE_TTL_MS + 1);
    const result = create(h, quoteId);
    expect(result).toMatchObject({ ok: false, status: 400, code: 'bad-request' });
    expect(!result.ok && result.message).toMatch(/expired/);
  });

  it('refuses a quote of another account, an unknown quote, a used quote and other assets', () => {
    const h = harness();
    const { quoteId } = quote(h);
    expect(create(h, quoteId, 'Ops Hot')).toMatchObject({
      status: 400,
      message: expect.stringContaining('another account'),
    });
    expect(create(h, 'nope')).toMatchObject({
      status: 400,
      message: expect.stringContaining('unknown quote'),
    });
    const wrongAsset = h.world.create(
      {
        accountId: h.accountId('Trading'),
        externalId: externalId(),
        transactionType: 'swap-aggregator',
        params: { fromAssetId: '11', toAssetId: '2', quoteId },
      },
      h.owner,
    );
    expect(wrongAsset).toMatchObject({ status: 400, message: expect.stringContaining('fromAssetId') });
    const wrongAmount = h.world.create(
      {
        accountId: h.accountId('Trading'),
        externalId: externalId(),
        transactionType: 'swap-aggregator',
        params: { fromAssetId: '12', toAssetId: '2', quoteId, fromAmount: addDecimal('1000', '1') },
      },
      h.owner,
    );
    expect(wrongAmount).toMatchObject({ status: 400, message: expect.stringContaining('fromAmount') });
    const key = externalId();
    expectOk(create(h, quoteId, 'Trading', key));
    expect(create(h, quoteId)).toMatchObject({
      status: 400,
      message: expect.stringContaining('already used'),
    });
    // The same request again is the idempotent replay, not a reuse.
    expect(create(h, quoteId, 'Trading', key).created).toBe(false);
  });

  it('a large swap needs approval like a withdrawal', () => {
    const h = harness();
    const dry = expectOk(route(h, { fromAssetId: '12', toAssetId: '2', fromAmount: '50000' }));
    const tx = expectOk(create(h, dry.params!.quoteId!));
    expect(tx.extra?.approvers?.number).toBe('1');
    runUntil(h, tx.transactionId, 'waiting-approval');
  });
});
