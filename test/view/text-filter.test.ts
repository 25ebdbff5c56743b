// The `/` filter follows each key typed: memoized per text over the loaded rows, a longer text
// narrows what the shorter one kept, and backspace reads nothing again.
import { describe, expect, it } from 'vitest';
import { textFilter, textMatcher } from '../../src/view/resources/kit.js';

const ROWS = ['Payroll USDT', 'payroll BTC', 'Ops Hot ETH', 'Treasury Cold BTC', 'Trading USDC', 'pay later'];

function counting() {
  let calls = 0;
  const text = (row: string) => {
    calls++;
    return row.toLowerCase();
  };
  return { text, calls: () => calls, reset: () => (calls = 0) };
}

describe('textMatcher', () => {
  it.each([
    ['', 'anything', undefined],
    ['   ', 'anything', undefined],
    ['!', 'anything', undefined],
    ['pay', 'payroll usdt', true],
    ['PAY', 'payroll usdt', true],
    [' pay ', 'payroll usdt', true],
    ['pay', 'ops hot', false],
    ['!pay', 'ops hot', true],
    ['! pay', 'payroll', false],
  ] as const)('%j on %j → %s', (filter, text, expected) => {
    const match = textMatcher(filter);
    expect(match === undefined ? undefined : match(text)).toBe(expected);
  });
});

describe('textFilter', () => {
  it.each([
    ['', ROWS],
    ['pay', ['Payroll USDT', 'payroll BTC', 'pay later']],
    ['payroll', ['Payroll USDT', 'payroll BTC']],
    ['btc', ['payroll BTC', 'Treasury Cold BTC']],
    ['!btc', ['Payroll USDT', 'Ops Hot ETH', 'Trading USDC', 'pay later']],
    ['zzz', []],
  ] as const)('%j keeps %j', (filter, expected) => {
    const filter$ = textFilter<string>();
    expect(filter$(ROWS, filter, (r) => r.toLowerCase())).toEqual(expected);
  });

  it('typing narrows from the shorter text; backspace reads nothing again', () => {
    const filter = textFilter<string>();
    const c = counting();
    filter(ROWS, 'p', c.text);
    expect(c.calls()).toBe(ROWS.length);
    c.reset();
    // "pa" is read only among the rows "p" kept (the three pay rows and Ops Hot).
    expect(filter(ROWS, 'pa', c.text)).toEqual(['Payroll USDT', 'payroll BTC', 'pay later']);
    expect(c.calls()).toBe(4);
    c.reset();
    expect(filter(ROWS, 'pay', c.text)).toHaveLength(3);
    expect(filter(ROWS, 'payr', c.text)).toHaveLength(2);
    expect(c.calls()).toBe(3 + 3);
    c.reset();
    expect(filter(ROWS, 'pay', c.text)).toHaveLength(3);
    expect(filter(ROWS, 'pa', c.text)).toHaveLength(3);
    expect(filter(ROWS, ' PA ', c.text)).toHaveLength(3);
    expect(c.calls()).toBe(0);
  });

  it('the same text gives the same array (the list memo sees no change)', () => {
    const filter = textFilter<string>();
    const first = filter(ROWS, 'btc', (r) => r.toLowerCase());
    expect(filter(ROWS, 'btc', (r) => r.toLowerCase())).toBe(first);
    expect(filter(ROWS, '', (r) => r)).toBe(ROWS);
  });

  it('an inverted text reads every row (it cannot narrow from a shorter one)', () => {
    const filter = textFilter<string>();
    const c = counting();
    filter(ROWS, '!p', c.text);
    c.reset();
    expect(filter(ROWS, '!pa', c.text)).toEqual(['Ops Hot ETH', 'Treasury Cold BTC', 'Trading USDC']);
    expect(c.calls()).toBe(ROWS.length);
  });

  it('new rows or a new scope (the names) start over', () => {
    const filter = textFilter<string>();
    const c = counting();
    filter(ROWS, 'btc', c.text);
    c.reset();
    const more = [...ROWS, 'new BTC deposit'];
    expect(filter(more, 'btc', c.text)).toHaveLength(3);
    expect(c.calls()).toBe(more.length);
    c.reset();
    const names = {};
    filter(more, 'btc', c.text, [names]);
    expect(c.calls()).toBe(more.length);
    c.reset();
    filter(more, 'btc', c.text, [names]);
    expect(c.calls()).toBe(0);
  });

  it('holds at most about twice the rows, the most recent text kept', () => {
    const rows = Array.from({ length: 100 }, (_, i) => `row ${i} common`);
    const filter = textFilter<string>();
    const c = counting();
    // Each keeps every row: after the third, the oldest texts go.
    for (const t of ['row', 'common', 'o']) filter(rows, t, c.text);
    c.reset();
    filter(rows, 'o', c.text);
    expect(c.calls()).toBe(0);
    filter(rows, 'row', c.text);
    expect(c.calls()).toBeGreaterThan(0);
  });
});
