import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/commands/cli.js';
import { defaultFormat, parseColumns, parseFormat, projectRecord, valueAt } from '../../../src/commands/output/index.js';

describe('defaultFormat', () => {
  it.each([
    [true, 'table'],
    [false, 'json'],
  ] as const)('tty %s → %s', (tty, expected) => expect(defaultFormat(tty)).toBe(expected));
});

describe('parseFormat', () => {
  it.each([
    ['table', 'table'],
    ['JSON', 'json'],
    [' jsonl ', 'jsonl'],
    ['csv', 'csv'],
    ['yaml', 'yaml'],
  ] as const)('%j → %s', (text, expected) => expect(parseFormat(text)).toBe(expected));

  it.each([
    ['jsom', "--output: unknown format 'jsom': did you mean json? (one of table, json, jsonl, csv, yaml)"],
    ['yaml2', "--output: unknown format 'yaml2': did you mean yaml? (one of table, json, jsonl, csv, yaml)"],
    // Three letters leave no room for a typo (nearestWord's allowance).
    ['yml', "--output: unknown format 'yml' (one of table, json, jsonl, csv, yaml)"],
    ['tabel', "--output: unknown format 'tabel': did you mean table? (one of table, json, jsonl, csv, yaml)"],
    ['xml', "--output: unknown format 'xml' (one of table, json, jsonl, csv, yaml)"],
  ])('refuses %j', (text, message) => {
    const err = (() => {
      try {
        parseFormat(text);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe(message);
  });
});

describe('parseColumns', () => {
  it.each([
    ['a,b.c', ['a', 'b.c']],
    [' status , amount.value ,', ['status', 'amount.value']],
    ['b,a,b,,a', ['b', 'a']],
    ['items.0.id', ['items.0.id']],
  ])('%j → %j', (text, expected) => expect(parseColumns(text)).toEqual(expected));

  it.each(['', ' , ,', 'a..b', '.a', 'a.'])('refuses %j', (text) => expect(() => parseColumns(text)).toThrow(UsageError));
});

describe('valueAt', () => {
  const record = JSON.parse(
    '{"a":{"b":"1.5","n":null},"items":[{"id":"x"},{"id":"y"}],"__proto__":{"polluted":"yes"},"constructor":{"name":"evil"},"s":"text"}',
  ) as unknown;
  it.each([
    ['a.b', '1.5'],
    ['a.n', null],
    ['a.missing', undefined],
    ['items.1.id', 'y'],
    ['items.2.id', undefined],
    ['items.-1', undefined],
    ['items.01', undefined],
    ['items.length', undefined],
    ['__proto__.polluted', undefined],
    ['constructor.name', undefined],
    ['a.constructor', undefined],
    ['s.length', undefined],
    ['a.b.c', undefined],
    ['toString', undefined],
    ['a.hasOwnProperty', undefined],
  ])('%s → %j', (path, expected) => expect(valueAt(record, path)).toEqual(expected));

  it('reads nothing from a non-object', () => {
    expect(valueAt(null, 'a')).toBeUndefined();
    expect(valueAt('text', 'length')).toBeUndefined();
  });
});

describe('projectRecord', () => {
  it('keeps the asked paths under their dotted names, leaves missing ones out, adds names when asked', () => {
    const record = { id: 't1', accountId: 'a1', amount: { value: '-1.5' } };
    const out = projectRecord(record, ['amount.value', 'missing', 'accountName', 'id', '__proto__'], () => ({ accountName: 'Treasury' }));
    expect(JSON.stringify(out)).toBe('{"amount.value":"-1.5","accountName":"Treasury","id":"t1"}');
    expect(Object.getPrototypeOf(out)).toBeNull();
  });

  it("prefers the record's own value to a name column", () => {
    expect(projectRecord({ accountName: 'own' }, ['accountName'], () => ({ accountName: 'given' }))).toEqual({ accountName: 'own' });
  });
});
