import { describe, expect, it } from 'vitest';
import { csvField, csvLine, guardFormula, yamlDocument, yamlString } from '../../../src/commands/output/index.js';

describe('guardFormula', () => {
  it.each([
    ['=1+1', '=1+1', "'=1+1"],
    ['+x', '+x', "'+x"],
    ['-x', '-x', "'-x"],
    ['-1.5 decimal string', '-1.5', '-1.5'],
    ['-3 number', -3, '-3'],
    ['+1.5 is not a wire decimal', '+1.5', "'+1.5"],
    ['-1e5 is not a wire decimal', '-1e5', "'-1e5"],
    ['@x', '@x', "'@x"],
    ['tab', '\tx', "'\tx"],
    ['CR', '\rx', "'\rx"],
    ['plain text', 'Treasury', 'Treasury'],
    ['inner =', 'a=b', 'a=b'],
    ['empty', '', ''],
  ])('%s', (_, value, expected) => {
    const text = typeof value === 'number' ? String(value) : value;
    expect(guardFormula(text, value)).toBe(expected);
  });
});

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['cr\rhere', '"cr\rhere"'],
    ['', ''],
    [' spaced ', ' spaced '],
  ])('%j → %j', (text, expected) => expect(csvField(text)).toBe(expected));

  it('ends a line with CRLF', () => expect(csvLine(['a', 'b,c'])).toBe('a,"b,c"\r\n'));
});

describe('yamlString', () => {
  it.each([
    ['Treasury', 'Treasury'],
    ['waiting-approval', 'waiting-approval'],
    ['Treasury account', 'Treasury account'],
    ['_embedded', '_embedded'],
    ['amount.value', 'amount.value'],
    ['', '""'],
    ['yes', '"yes"'],
    ['No', '"No"'],
    ['on', '"on"'],
    ['y', '"y"'],
    ['null', '"null"'],
    ['TRUE', '"TRUE"'],
    ['1.5', '"1.5"'],
    ['-1.5', '"-1.5"'],
    ['0x1F', '"0x1F"'],
    ['1e3', '"1e3"'],
    ['.inf', '".inf"'],
    ['~', '"~"'],
    ['a: b', '"a: b"'],
    ['x #y', '"x #y"'],
    ['#x', '"#x"'],
    ['-x', '"-x"'],
    ['*ref', '"*ref"'],
    ['trailing ', '"trailing "'],
    ['line\nbreak', '"line\\nbreak"'],
    ['say "hi" \\', '"say \\"hi\\" \\\\"'],
    ['\u001b[31m', '"\\e[31m"'],
    ['\u0085\u00a0\u2028', '"\\N\\_\\L"'],
    ['a\u202eb\u200bc', '"a\\u202eb\\u200bc"'],
    ['tag\u{e0041}', '"tag\\U000e0041"'],
    ['Tomás', '"Tomás"'],
  ])('%j → %s', (s, expected) => expect(yamlString(s)).toBe(expected));
});

describe('yamlDocument', () => {
  it('writes nested mappings and sequences, empties inline', () => {
    const value = { id: 't1', amount: { value: '1.5', assetId: 'BTC' }, tags: ['a', 'yes'], list: [{ k: 1, j: true }, [1, 2]], e: {}, f: [], n: null };
    expect(yamlDocument(value)).toBe(
      [
        'id: t1',
        'amount:',
        '  value: "1.5"',
        '  assetId: BTC',
        'tags:',
        '  - a',
        '  - "yes"',
        'list:',
        '  - k: 1',
        '    j: true',
        '  - - 1',
        '    - 2',
        'e: {}',
        'f: []',
        '"n": null', // YAML 1.1 reads a plain n as false
        '',
      ].join('\n'),
    );
  });
});
