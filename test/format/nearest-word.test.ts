// The known word a typo was meant to be: table-driven over the contract's own statuses and types.
import { describe, expect, it } from 'vitest';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../src/contract/index.js';
import { editDistance, nearestWord, typoAllowance, unknownWordText } from '../../src/format/index.js';

const KNOWN = [...TRANSACTION_STATUSES, ...TRANSACTION_TYPES];

describe('editDistance', () => {
  it.each<[string, string, number]>([
    ['', '', 0],
    ['abc', '', 3],
    ['', 'ab', 2],
    ['same', 'same', 0],
    ['kitten', 'sitting', 3],
    ['waitng', 'waiting', 1], // one left out
    ['withdrawl', 'withdrawal', 1],
    ['compelted', 'completed', 1], // two neighbours swapped: one edit
    ['ab', 'ba', 1],
    ['abc', 'xyz', 3],
  ])('%s / %s: %i', (a, b, want) => {
    expect(editDistance(a, b)).toBe(want);
    expect(editDistance(b, a)).toBe(want);
  });
});

describe('typoAllowance', () => {
  it.each<[number, number]>([
    [1, 0],
    [3, 0],
    [4, 1],
    [5, 1],
    [6, 2],
    [9, 2],
    [10, 3],
    [30, 3],
  ])('a word of %i letters: %i edits', (length, want) => {
    expect(typoAllowance(length)).toBe(want);
  });
});

describe('nearestWord (the contract statuses and types)', () => {
  it.each<[string, string | undefined]>([
    ['waitng', 'waiting-approval'], // the start of a word, one edit off; the closer whole word wins the tie
    ['waiting', 'waiting-approval'],
    ['waitng-approval', 'waiting-approval'],
    ['withdrawl', 'withdrawal'],
    ['Withdrawl', 'withdrawal'], // case is ignored
    ['compelted', 'completed'],
    ['deposti', 'deposit'],
    ['cancelled', 'canceled'],
    ['expird', 'expired'],
    ['withdrawal', 'withdrawal'], // a known word is itself
    ['foobar', undefined],
    ['pending', undefined],
    ['xyz', undefined],
    ['nwe', undefined], // three letters: no room for a typo
  ])('%s → %s', (word, want) => {
    expect(nearestWord(word, KNOWN)).toBe(want);
  });

  it('nothing known: nothing near', () => {
    expect(nearestWord('waitng', [])).toBeUndefined();
  });
});

describe('unknownWordText', () => {
  it.each<[string, string | undefined, string]>([
    ['waitng', undefined, "unknown word 'waitng': did you mean waiting-approval?"],
    ['foobar', undefined, "unknown word 'foobar'"],
    ['waitng-approval', 'status', "unknown status 'waitng-approval': did you mean waiting-approval?"],
  ])('%s', (word, what, want) => {
    expect(unknownWordText(word, KNOWN, what)).toBe(want);
  });
});
