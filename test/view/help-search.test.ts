// Searching the help: which lines match, the current one, the marks and the scroll. Pure tables.
import { describe, expect, it } from 'vitest';
import type { Segment } from '../../src/view/base/segments.js';
import {
  currentMatch,
  helpMatches,
  markMatches,
  matchesText,
  scrollToLine,
  withPointer,
} from '../../src/view/shell/help-search.js';

const LINES: Segment[][] = [
  [{ text: ' Move', token: 'title' }],
  [{ text: '   j ↓', token: 'key' }, { text: ' down one row' }],
  [],
  [{ text: '   p', token: 'key' }, { text: ' Pause live updates; again to resume' }],
  [{ text: '   /', token: 'key' }, { text: ' filter the list' }],
];

describe('helpMatches', () => {
  it.each([
    ['pause', [3]],
    ['PAUSE', [3]],
    ['e ', [1, 3, 4]],
    ['   ', [1, 3, 4]],
    ['j ↓ down', [1]],
    ['zzz', []],
    ['', []],
  ])('%j → %j', (text, lines) => {
    expect(helpMatches(LINES, text)).toEqual(lines);
  });
});

describe('currentMatch', () => {
  it.each([
    [0, 0, -1],
    [0, 5, -1],
    [3, 0, 0],
    [3, 4, 1],
    [3, -1, 2],
    [3, -7, 2],
  ])('%i matches, match %i → %i', (count, match, current) => {
    expect(currentMatch(count, match)).toBe(current);
  });
});

describe('markMatches', () => {
  it.each<[string, Segment[], string, Segment[]]>([
    [
      'inside one segment, case ignored',
      [{ text: ' Pause live' }],
      'pause',
      [{ text: ' ' }, { text: 'Pause', token: 'selection' }, { text: ' live' }],
    ],
    [
      'across segments, each keeping its own style outside the match',
      [{ text: '   p', token: 'key' }, { text: ' pause' }],
      'p p',
      [
        { text: '   ', token: 'key' },
        { text: 'p', token: 'selection' },
        { text: ' p', token: 'selection' },
        { text: 'ause' },
      ],
    ],
    [
      'every occurrence',
      [{ text: 'ab-ab' }],
      'ab',
      [{ text: 'ab', token: 'selection' }, { text: '-' }, { text: 'ab', token: 'selection' }],
    ],
    ['no occurrence: as it was', [{ text: 'abc', token: 'key' }], 'x', [{ text: 'abc', token: 'key' }]],
    ['empty text: as it was', [{ text: 'abc' }], '', [{ text: 'abc' }]],
  ])('%s', (_, line, text, marked) => {
    expect(markMatches(line, text, 'selection')).toEqual(marked);
  });
});

describe('scrollToLine', () => {
  it.each([
    ['in sight: stays', 12, 10, 5, 100, 10],
    ['the window’s last line: stays', 14, 10, 5, 100, 10],
    ['below the window: two lines above it', 15, 10, 5, 100, 13],
    ['above the window', 3, 10, 5, 100, 1],
    ['the first lines', 1, 10, 5, 100, 0],
    ['never past the end', 99, 0, 5, 95, 95],
  ])('%s', (_, index, scroll, body, max, out) => {
    expect(scrollToLine(index, scroll, body, max)).toBe(out);
  });
});

describe('withPointer', () => {
  it.each<[Segment[], Segment[]]>([
    [
      [{ text: '   p', token: 'key' }, { text: ' pause' }],
      [{ text: '>', token: 'accent' }, { text: '  p', token: 'key' }, { text: ' pause' }],
    ],
    [
      [{ text: ' ' }, { text: 'Move', token: 'title' }],
      [{ text: '>', token: 'accent' }, { text: 'Move', token: 'title' }],
    ],
    [[{ text: 'x' }], [{ text: '>', token: 'accent' }, { text: 'x' }]],
  ])('%j', (line, out) => {
    expect(withPointer(line, '>')).toEqual(out);
  });
});

describe('matchesText', () => {
  it.each([
    ['', 0, -1, 'type to search'],
    ['zz', 0, -1, 'no match'],
    ['pause', 1, 0, '1 match (1/1)'],
    ['e', 12, 3, '12 matches (4/12)'],
  ])('%j, %i, %i → %j', (text, count, current, said) => {
    expect(matchesText(text, count, current)).toBe(said);
  });
});
