// applyPrices: session open, previous distinct price, bounded history.
import { describe, expect, it } from 'vitest';
import type { SymbolMarketPrice } from '../../src/contract/index.js';
import { applyPrices, emptyPrices, PRICE_HISTORY_LENGTH, type PricesState } from '../../src/store/index.js';

const p = (base: string, price: string): SymbolMarketPrice => ({ baseSymbolId: base, quoteSymbolId: 'USD', price });

function run(polls: string[][], symbol = 'BTC'): PricesState {
  let s = emptyPrices;
  polls.forEach((prices, i) => {
    s = applyPrices(
      s,
      prices.map((price) => p(symbol, price)),
      100 + i,
    );
  });
  return s;
}

describe('applyPrices', () => {
  it.each<[string, string[][], { price: string; previous: string | undefined; sessionOpen: string; history: string[] }]>([
    ['first poll', [['10']], { price: '10', previous: undefined, sessionOpen: '10', history: ['10'] }],
    ['a move', [['10'], ['11']], { price: '11', previous: '10', sessionOpen: '10', history: ['10', '11'] }],
    ['no move keeps the previous distinct price', [['10'], ['11'], ['11']], { price: '11', previous: '10', sessionOpen: '10', history: ['10', '11', '11'] }],
    ['the same price written differently is no move', [['10'], ['11'], ['11.00']], { price: '11.00', previous: '10', sessionOpen: '10', history: ['10', '11', '11.00'] }],
    ['back and forth', [['10'], ['11'], ['10']], { price: '10', previous: '11', sessionOpen: '10', history: ['10', '11', '10'] }],
  ])('%s', (_name, polls, want) => {
    const point = run(polls).bySymbol.get('BTC')!;
    expect(point.price).toBe(want.price);
    expect(point.previous).toBe(want.previous);
    expect(point.sessionOpen).toBe(want.sessionOpen);
    expect(point.history).toEqual(want.history);
  });

  it('bounds the history to the newest PRICE_HISTORY_LENGTH prices', () => {
    const polls = Array.from({ length: PRICE_HISTORY_LENGTH + 30 }, (_, i) => [String(i)]);
    const point = run(polls).bySymbol.get('BTC')!;
    expect(point.history).toHaveLength(PRICE_HISTORY_LENGTH);
    expect(point.history[0]).toBe('30');
    expect(point.history.at(-1)).toBe(String(PRICE_HISTORY_LENGTH + 29));
    expect(point.sessionOpen).toBe('0');
  });

  it('keeps symbols a later poll leaves out, and stamps times and versions', () => {
    let s = applyPrices(emptyPrices, [p('BTC', '1'), p('ETH', '2')], 5);
    s = applyPrices(s, [p('ETH', '3')], 9);
    expect(s.bySymbol.get('BTC')).toMatchObject({ price: '1', at: 5 });
    expect(s.bySymbol.get('ETH')).toMatchObject({ price: '3', at: 9, previous: '2' });
    expect(s.updatedAt).toBe(9);
    expect(s.version).toBe(2);
  });

  it('never mutates the state it was given', () => {
    const s = applyPrices(emptyPrices, [p('BTC', '1')], 1);
    const before = s.bySymbol.get('BTC');
    applyPrices(s, [p('BTC', '2')], 2);
    expect(s.bySymbol.get('BTC')).toBe(before);
    expect(emptyPrices.bySymbol.size).toBe(0);
  });
});
