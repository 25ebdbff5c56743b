import { describe, expect, it } from 'vitest';
import { encodeQuery, pathSegment, type QueryValue, subscriptionUri } from '../../src/client/index.js';

describe('encodeQuery', () => {
  const table: [string, Record<string, QueryValue> | undefined, string][] = [
    ['undefined query', undefined, ''],
    ['empty query', {}, ''],
    ['one string', { a: 'x' }, '?a=x'],
    ['insertion order kept', { b: '2', a: '1', c: '3' }, '?b=2&a=1&c=3'],
    [
      'array comma-joined into one parameter',
      { statuses: ['active', 'archived'] },
      '?statuses=active%2Carchived',
    ],
    ['one-item array', { ids: ['x'] }, '?ids=x'],
    ['numbers in arrays', { ids: [1, 2.5] }, '?ids=1%2C2.5'],
    ['empty array omitted', { a: [], b: 'x' }, '?b=x'],
    ['empty items of an array dropped', { a: ['', 'x', ''] }, '?a=x'],
    ['array of empty items omitted', { a: [''] }, ''],
    ['null omitted', { a: null, b: 'x' }, '?b=x'],
    ['undefined omitted', { a: undefined }, ''],
    ['empty string omitted', { search: '' }, ''],
    ['space as +', { q: 'a b' }, '?q=a+b'],
    ['comma in a value', { q: 'x,y' }, '?q=x%2Cy'],
    ['plus, slash, ampersand, equals, hash, percent', { q: '+/&=#%' }, '?q=%2B%2F%26%3D%23%25'],
    ['form-urlencoding keeps * - . _ and escapes ~ and quote', { q: "*-._~'" }, '?q=*-._%7E%27'],
    ['unicode as UTF-8', { q: 'é€😀' }, '?q=%C3%A9%E2%82%AC%F0%9F%98%80'],
    ['booleans as lower-case words', { t: true, f: false }, '?t=true&f=false'],
    ['zero is kept', { offset: 0 }, '?offset=0'],
    ['integers', { limit: 50 }, '?limit=50'],
    ['epoch ms as number', { createdAtFrom: 1747241036052 }, '?createdAtFrom=1747241036052'],
    ['keys are encoded too', { 'a b': '1' }, '?a+b=1'],
  ];
  it.each(table)('%s', (_name, query, expected) => {
    expect(encodeQuery(query)).toBe(expected);
  });

  it('matches URLSearchParams for single values', () => {
    const query = { a: 'x y', b: 'ü,ö', c: '1' };
    expect(encodeQuery(query)).toBe(`?${new URLSearchParams(query).toString()}`);
  });

  it('refuses numbers that are not finite', () => {
    expect(() => encodeQuery({ limit: Number.NaN })).toThrow(RangeError);
    expect(() => encodeQuery({ ids: [Number.POSITIVE_INFINITY] })).toThrow(RangeError);
  });
});

describe('pathSegment', () => {
  it.each([
    ['tx1', 'tx1'],
    ['a/b', 'a%2Fb'],
    ['a b', 'a%20b'],
    ['a?b#c', 'a%3Fb%23c'],
    ['é', '%C3%A9'],
    ['...', '...'],
    ['.a', '.a'],
  ])('%s → %s', (id, expected) => {
    expect(pathSegment(id)).toBe(expected);
  });
  it.each(['', '.', '..'])('refuses %j', (id) => {
    expect(() => pathSegment(id)).toThrow(TypeError);
  });
});

describe('subscriptionUri', () => {
  it('is the transactions path with the filters encoded as for REST', () => {
    expect(subscriptionUri('ws1', { limit: 0 })).toBe('/workspaces/ws1/transactions?limit=0');
    expect(
      subscriptionUri('ws1', { transactionStatuses: ['new', 'waiting-approval'], isTerminated: false }),
    ).toBe('/workspaces/ws1/transactions?transactionStatuses=new%2Cwaiting-approval&isTerminated=false');
    expect(subscriptionUri('ws1')).toBe('/workspaces/ws1/transactions');
  });
});
