// The verdict of `custody audit --verify` and the warning of plain `custody audit`: one line that
// says whether the chain holds, where it breaks and which lines are still vouched for.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chainWarning, firstUnverified, formatVerifyReport, verdict } from '../../src/commands/audit-verify.js';
import { auditLine, CHAIN_GENESIS, verifyAuditChain } from '../../src/config/index.js';
import { auditEntry } from '../helpers/audit-entry.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A log as it comes to be, one letter a line: `e` an entry this custody appends (chained to what
 * is there), `o` an entry without a link (an older custody), `g` a line that is not an entry.
 */
function build(kinds: string): string[] {
  const lines: string[] = [];
  let span = '';
  for (const [i, kind] of [...kinds].entries()) {
    if (kind === 'e') {
      const line = auditLine(auditEntry({ transactionId: `tx-${i + 1}` }), span === '' ? CHAIN_GENESIS : sha(span));
      lines.push(line);
      span = line;
    } else {
      const line = kind === 'o' ? auditLine(auditEntry({ transactionId: `old-${i + 1}` })) : 'not an entry\n';
      lines.push(line);
      span += line;
    }
  }
  return lines;
}

/** `n` chained entries after `legacy` lines from before the chain. */
const log = (n: number, legacy = 0) => build('o'.repeat(legacy) + 'e'.repeat(n));

/** Line `at` (1-based) edited after the fact, as a person with an editor would. */
function edited(lines: string[], at: number): string[] {
  return lines.map((l, i) => (i === at - 1 ? l.replace('"result":"canceled"', '"result":"completed"') : l));
}

const without = (lines: string[], at: number) => lines.filter((_, i) => i !== at - 1);
const garbageAfter = (lines: string[], at: number) => [...lines.slice(0, at), 'not an entry\n', ...lines.slice(at)];

describe('verdict', () => {
  it.each<[string, string[], string]>([
    ['an intact chain', log(4), 'Verified: 4 lines, chain intact.'],
    ['one line', log(1), 'Verified: 1 line, chain intact.'],
    ['an intact chain after lines from before it', log(2, 2), 'Verified: 4 lines, chain intact.'],
    [
      'line 2 of 4 changed',
      edited(log(4), 2),
      'BROKEN at line 3: its prev does not match line 2 — line 2 was changed, or a line was removed or inserted ' +
        'before line 3; line 1 chain intact, lines 2–4 not verified.',
    ],
    [
      'line 1 changed: nothing is vouched for',
      edited(log(5), 1),
      'BROKEN at line 2: its prev does not match line 1 — line 1 was changed, or a line was removed or inserted ' +
        'before line 2; lines 1–5 not verified.',
    ],
    [
      'line 3 of 5 removed',
      without(log(5), 3),
      'BROKEN at line 3: its prev does not match line 2 — line 2 was changed, or a line was removed or inserted ' +
        'before line 3; line 1 chain intact, lines 2–4 not verified.',
    ],
    [
      'the line before the last changed',
      edited(log(6), 5),
      'BROKEN at line 6: its prev does not match line 5 — line 5 was changed, or a line was removed or inserted ' +
        'before line 6; lines 1–4 chain intact, lines 5–6 not verified.',
    ],
    [
      'a line slipped in after the fact',
      garbageAfter(log(5), 2),
      'BROKEN at line 4: its prev does not match lines 2–3 — one of them was changed, or a line was removed or ' +
        'inserted before line 4 (it was written to follow line 2 alone: line 3, without a prev, came in after it — ' +
        'inserted, or appended by an older custody at the same moment); line 1 chain intact, lines 2–6 not verified.',
    ],
    [
      'a torn line inside the chain, the chained line after it changed',
      edited(build('eegeee'), 4),
      'BROKEN at line 5: its prev does not match line 4 — line 4 was changed, or a line was removed or inserted ' +
        'before line 5; lines 1–3 chain intact, lines 4–6 not verified.',
    ],
    [
      'an older custody\'s line inside the chain, the chained line before it changed',
      edited(build('eeoee'), 2),
      'BROKEN at line 4: its prev does not match lines 2–3 — one of them was changed, or a line was removed or ' +
        'inserted before line 4; line 1 chain intact, lines 2–5 not verified.',
    ],
    [
      'a line from before the chain changed: the first chained line breaks',
      edited(log(2, 2), 1),
      'BROKEN at line 3: the first chained line; its prev does not match the 2 lines before it — one of them was ' +
        'changed, or a line was removed or inserted before line 3; lines 1–4 not verified.',
    ],
    ['no line chained yet', log(0, 3), 'Not chained yet: 3 lines written before the chain existed; the next append starts the chain and seals them.'],
    ['an empty file', [], 'Nothing to verify: the log is empty.'],
  ])('%s', (_what, lines, expected) => {
    expect(verdict(verifyAuditChain(lines.join('')))).toBe(expected);
  });

  it('a seal kept from before a cut: BROKEN since the kept seal, though what is left chains', () => {
    const lines = log(4);
    const seal = verifyAuditChain(lines.join('')).seal;
    const cut = verifyAuditChain(lines.slice(0, 2).join(''), seal);
    expect(cut.breaks).toEqual([]);
    expect(verdict(cut)).toBe(
      `BROKEN since the kept seal: the log was CUT or REWRITTEN after it was taken (no line carries ${seal} as its prev, ` +
        'and it is not the seal now).',
    );
  });
});

describe('firstUnverified', () => {
  it.each<[string, string[], number | undefined]>([
    ['intact', log(3), undefined],
    ['line 3 of 5 changed', edited(log(5), 3), 3],
    ['line 1 changed', edited(log(3), 1), 1],
    ['a line without a link before the break', edited(build('eegee'), 4), 4],
    ['a line without a link inside the broken span', edited(build('eegee'), 2), 2],
  ])('%s', (_what, lines, expected) => {
    expect(firstUnverified(verifyAuditChain(lines.join('')))).toBe(expected);
  });
});

describe('formatVerifyReport: one verdict, and nothing under it says otherwise', () => {
  const broken = [
    edited(log(4), 2),
    edited(log(5), 1),
    without(log(5), 3),
    garbageAfter(log(5), 2),
    edited(build('eegeee'), 4),
    edited(log(2, 2), 1),
    edited(edited(log(6), 2), 4),
  ];

  it.each(broken.map((lines, i) => [i, lines] as const))('broken log %i', (_i, lines) => {
    const out = formatVerifyReport('/x/audit.jsonl', verifyAuditChain(lines.join(''))).split('\n');
    expect(out[1]).toMatch(/^BROKEN at line \d+: /);
    const rest = out.slice(2).join('\n');
    expect(rest).not.toMatch(/Verified|chain holds|: the chain \(|Seal:/);
  });

  it('an intact log: the verdict, what the first chained line seals, the seal', () => {
    const out = formatVerifyReport('/x/audit.jsonl', verifyAuditChain(log(3, 2).join(''))).trimEnd().split('\n');
    expect(out[0]).toBe('Audit log: /x/audit.jsonl (5 lines, 5 entries)');
    expect(out[1]).toBe('Verified: 5 lines, chain intact.');
    expect(out[2]).toBe('Lines 1–2: written before the chain existed (without a prev), sealed by line 3.');
    expect(out[3]).toMatch(/^Seal: [0-9a-f]{64}$/);
  });

  it('every further break is listed under the verdict', () => {
    const report = verifyAuditChain(edited(edited(log(6), 2), 4).join(''));
    expect(report.breaks.map((b) => b.line)).toEqual([3, 5]);
    const out = formatVerifyReport('/x/audit.jsonl', report).split('\n');
    expect(out[1]).toMatch(/^BROKEN at line 3: .*; line 1 chain intact, lines 2–6 not verified\.$/);
    expect(out[2]).toBe('The chain also disagrees at:');
    expect(out[3]).toMatch(/^ {2}line 5: its prev does not match line 4/);
  });
});

describe('chainWarning (plain custody audit, on stderr)', () => {
  it('says nothing when the chain holds, or is not there yet', () => {
    for (const lines of [log(3), log(0, 2), log(2, 2), []]) {
      expect(chainWarning('/x/audit.jsonl', verifyAuditChain(lines.join('')))).toBeUndefined();
    }
  });

  it('names the file, the verdict and every line that disagrees', () => {
    const warning = chainWarning('/x/audit.jsonl', verifyAuditChain(edited(edited(log(6), 2), 4).join('')));
    expect(warning!.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^custody audit: \/x\/audit\.jsonl: BROKEN at line 3: .*; line 1 chain intact, lines 2–6 not verified\.$/),
      expect.stringMatching(/^custody audit: {3}it also disagrees at line 5: its prev does not match line 4/),
      'custody audit: the entries on lines not verified may have been changed, removed or inserted; ' +
        '`custody audit --verify` gives the whole check',
    ]);
  });
});
