// The evidence in one line: the gravest item (by tone, then by weight, then the first of equals)
// and the count, safe to draw whatever the items' words hold.
import { describe, expect, it } from 'vitest';
import { evidenceSummary, type Graded, gravest, NOTHING_NOTED } from '../../src/domain/index.js';

function g(id: string, tone: Graded['tone'], text = id): Graded {
  return { id, tone, text, symbol: id === 'not-in-book' ? '⚠' : '•', ascii: id === 'not-in-book' ? '!' : '*' };
}

describe('gravest', () => {
  it.each<[string, Graded[], string | undefined]>([
    ['none', [], undefined],
    ['one', [g('first-time', 'warning')], 'first-time'],
    ['danger before warning, wherever it stands', [g('not-in-book', 'warning'), g('balance-over', 'danger')], 'balance-over'],
    ['warning before muted', [g('book-unchecked', 'muted'), g('amount-unusual', 'warning')], 'amount-unusual'],
    ['same tone: the weightier', [g('self-approved', 'warning'), g('not-in-book', 'warning')], 'not-in-book'],
    ['same tone: the order of weight, not the order given', [g('balance-over', 'danger'), g('amount-flagged', 'danger')], 'amount-flagged'],
    ['an id this version does not know ranks after the known of its tone', [g('from-the-future', 'warning'), g('first-time', 'warning')], 'first-time'],
    ['but its tone still counts', [g('from-the-future', 'danger'), g('not-in-book', 'warning')], 'from-the-future'],
    ['equals: the first', [g('hidden-characters', 'danger', 'a'), g('hidden-characters', 'danger', 'b')], 'hidden-characters'],
  ])('%s', (_, items, id) => {
    expect(gravest(items)?.id).toBe(id);
  });

  it('equals: the first of them, not the last', () => {
    expect(gravest([g('hidden-characters', 'danger', 'the memo'), g('hidden-characters', 'danger', 'the address')])?.text).toBe(
      'the memo',
    );
  });
});

describe('evidenceSummary', () => {
  const three = [g('self-approved', 'warning', 'the creator approved it themselves'), g('not-in-book', 'warning', 'destination not in the address book'), g('first-time', 'warning')];
  it.each<[string, Graded[] | undefined, boolean, ReturnType<typeof evidenceSummary>]>([
    ['checks that do not apply: no line', undefined, false, undefined],
    ['nothing found: said', [], false, { mark: '', tone: 'muted', text: `evidence: ${NOTHING_NOTED}` }],
    ['the count and the gravest', three, false, { mark: '⚠', tone: 'warning', text: '3 evidence · destination not in the address book' }],
    ['ASCII', three, true, { mark: '!', tone: 'warning', text: '3 evidence - destination not in the address book' }],
  ])('%s', (_, items, ascii, want) => {
    expect(evidenceSummary(items, ascii)).toEqual(want);
  });

  it("words with control characters, bidi marks or a million characters come out one bounded, safe line", () => {
    const hostile = g('amount-flagged', 'danger', `the amount is \u001b[31mred\u202e\nnext line ${'x'.repeat(1_000_000)}`);
    const s = evidenceSummary([hostile], false)!;
    expect(s.text).not.toMatch(/[\u0000-\u001f\u202e]/);
    expect(s.text.length).toBeLessThan(1_100);
    expect(s.text.startsWith('1 evidence · the amount is')).toBe(true);
  });
});
