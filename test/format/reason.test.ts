import { describe, expect, it } from 'vitest';
import { cleanReason } from '../../src/format/index.js';

describe('cleanReason', () => {
  it.each<[string | undefined, string | undefined]>([
    ['destination looks wrong', 'destination looks wrong'],
    ['  padded  ', 'padded'],
    ['two\nlines', 'two lines'],
    ['crlf\r\nand\ttab', 'crlf and tab'],
    ['many\n\n\nbreaks', 'many breaks'],
    ['esc\u001b[31m red', 'esc [31m red'],
    ['c1\u0085next', 'c1 next'],
    ['line\u2028separator', 'line separator'],
    ['keeps  inner  spaces', 'keeps  inner  spaces'],
    ['façade — 確認', 'façade — 確認'],
    ['\u00a0nbsp around\u00a0', 'nbsp around'],
    ['', undefined],
    ['   ', undefined],
    ['\n\t\r', undefined],
    [undefined, undefined],
  ])('%j → %j', (typed, sent) => {
    expect(cleanReason(typed)).toBe(sent);
  });
});
