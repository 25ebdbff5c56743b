// The Ink patch's byte savers (node_modules/ink/build/frame-shift.js, from patches/): the shift of
// a band of lines that makes a frame cheapest to write, and a changed line written from the first
// column that differs. What a terminal then shows is proved in incremental.test.tsx; here, which
// moves are chosen and the exact bytes.
import { describe, expect, it } from 'vitest';
import { findShift, lineUpdate, MAX_SHIFT } from '../../node_modules/ink/build/frame-shift.js';

/** Lines of 60 of one letter each ('' for a blank line). */
const lines = (letters: string) => [...letters].map((c) => (c === '.' ? '' : c.repeat(60)));

describe('findShift', () => {
  it.each([
    { name: 'one row in at the top of a list', prev: 'HTabcdefgF', next: 'HTNabcdefF', want: { top: 2, bottom: 8, k: 1 } },
    { name: 'three rows in', prev: 'HTabcdefgF', next: 'HTXYZabcdF', want: { top: 2, bottom: 8, k: 3 } },
    { name: 'scrolled one line down (rows move up)', prev: 'Habcdefghi', next: 'Hbcdefghij', want: { top: 1, bottom: 9, k: -1 } },
    { name: 'a band in the middle, header and footer kept', prev: 'HHabcdefFF', next: 'HHxabcdeFF', want: { top: 2, bottom: 7, k: 1 } },
    { name: 'rows moved up with a blank line left at the bottom', prev: 'Habcdef', next: 'Hbcdef.', want: { top: 1, bottom: 6, k: -1 } },
  ])('$name', ({ prev, next, want }) => {
    const shift = findShift(lines(prev), lines(next), prev.length);
    expect(shift).toMatchObject(want);
    // What the screen shows after the move equals the next frame but for the lines that are new.
    const same = shift!.shifted.filter((line, i) => line === lines(next)[i]).length;
    expect(same).toBeGreaterThanOrEqual(prev.length - Math.abs(want.k) - 1);
  });

  it.each([
    { name: 'nothing moved', prev: 'Habcdef', next: 'Habcxef' },
    { name: 'everything new', prev: 'abcdefg', next: 'tuvwxyz' },
    { name: 'too few lines', prev: 'ab', next: 'ba' },
    { name: 'a move further than MAX_SHIFT', prev: 'abcdefghijklmnopqrstuvwxyz', next: `${'ABCDEFGHIJKLM'}abcdefghijklm` },
  ])('none when it saves nothing: $name', ({ prev, next }) => {
    expect(findShift(lines(prev), lines(next), prev.length)).toBeUndefined();
  });

  it('a shift that saves less than its escape sequences cost is not made', () => {
    const short = (s: string) => [...s];
    // Two moved lines of one letter: 2 x 9 bytes saved, 26 spent.
    expect(findShift(short('Habc'), short('HNab'), 4)).toBeUndefined();
    // Six of them: worth it.
    expect(findShift(short('Habcdefg'), short('HNabcdef'), 8)).toMatchObject({ top: 1, bottom: 7, k: 1 });
  });

  it('the sequence saves the cursor, sets the band as the region, inserts or deletes, resets and restores', () => {
    expect(findShift(lines('HTabcdefgF'), lines('HTNabcdefF'), 10)!.sequence).toBe('\u001B7\u001B[3;9r\u001B[3;1H\u001B[1L\u001B[r\u001B8');
    expect(findShift(lines('Habcdefghi'), lines('Hbcdefghij'), 10)!.sequence).toBe('\u001B7\u001B[2;10r\u001B[2;1H\u001B[1M\u001B[r\u001B8');
    expect(MAX_SHIFT).toBe(12);
  });
});

const DIM = '\u001B[2m';
const UNDIM = '\u001B[22m';
const RULE = '─'.repeat(40);

describe('lineUpdate', () => {
  it.each([
    {
      name: 'a count inside a dim rule: from the digit, dim set again',
      before: `${DIM}${RULE} ▼ 12 more ──${UNDIM}`,
      after: `${DIM}${RULE} ▼ 13 more ──${UNDIM}`,
      want: `\u001B[45G${DIM}3 more ──${UNDIM}\u001B[K`,
    },
    { name: 'the end of a plain line', before: 'rows 1-31 of 360+', after: 'rows 1-31 of 361+', want: '\u001B[16G1+\u001B[K' },
    { name: 'nothing in common: the whole line', before: 'abc', after: 'xyz', want: '\u001B[1Gxyz\u001B[K' },
    { name: 'no line before', before: undefined, after: 'abc', want: '\u001B[1Gabc\u001B[K' },
    { name: 'a shorter line: the rest cleared', before: 'abcdefghijklmnop', after: 'abcdefghij', want: '\u001B[11G\u001B[K' },
    {
      name: 'a combining accent goes with its letter',
      before: 'Cafe\u0301 123456789',
      after: 'Cafe\u0301 223456789',
      want: '\u001B[4Ge\u0301 223456789\u001B[K',
    },
    { name: 'a wide character before the change: the whole line', before: '日本 1 abcdefghij', after: '日本 2 abcdefghij', want: '\u001B[1G日本 2 abcdefghij\u001B[K' },
    {
      name: 'an emoji before the change: the whole line',
      before: '\u{1F600} 1 abcdefghijkl',
      after: '\u{1F600} 2 abcdefghijkl',
      want: '\u001B[1G\u{1F600} 2 abcdefghijkl\u001B[K',
    },
    {
      name: 'a cursor move inside the line: the whole line',
      before: 'abcdefgh\u001B[5Gx1',
      after: 'abcdefgh\u001B[5Gx2',
      want: '\u001B[1Gabcdefgh\u001B[5Gx2\u001B[K',
    },
    { name: 'a change in the first column: the whole line', before: '1 abcdefghijkl', after: '2 abcdefghijkl', want: '\u001B[1G2 abcdefghijkl\u001B[K' },
  ])('$name', ({ before, after, want }) => {
    expect(lineUpdate(before, after)).toBe(want);
  });
});
