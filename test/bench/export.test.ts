// The bench's export counter and its whole-file check (test/bench/export.mjs), table-driven: a
// CSV split into chunks anywhere counts the same, and a short or broken file is named as such.
import { describe, expect, it } from 'vitest';
import { csvCounter, wholeProblems } from './export.mjs';

const HEADER = 'createdAt,transactionId,status';
const csv = (...rows: string[]) => [HEADER, ...rows].map((line) => `${line}\r\n`).join('');

function count(text: string, cuts: number[]) {
  const counter = csvCounter();
  const bytes = Buffer.from(text);
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    counter.push(bytes.subarray(at, cut));
    at = cut;
  }
  return counter.result();
}

describe('csvCounter', () => {
  const text = csv('t1,a,done', 't2,"b\r\nc",done', 't3,"say ""hi""",done');
  it.each([
    ['one chunk', []],
    ['cut between CR and LF', [text.indexOf('\r\n') + 1]],
    ['cut inside the quoted CRLF', [text.indexOf('"b') + 3]],
    ['every byte alone', Array.from({ length: text.length - 1 }, (_, i) => i + 1)],
  ])('%s: the header and 3 rows, a CRLF inside quotes is no row', (_name, cuts) => {
    const r = count(text, cuts);
    expect(r).toMatchObject({ lines: 4, first: HEADER, last: 't3,"say ""hi""",done', endsWithCrlf: true, quoted: false, bytes: text.length });
  });
  it('a file cut short has no last line', () => {
    expect(count(`${csv('t1,a,done')}t2,b`, [])).toMatchObject({ lines: 2, endsWithCrlf: false, last: undefined });
  });
});

describe('wholeProblems', () => {
  const run = (text: string, code: number | string = 0) => ({ ...count(text, []), code, stderr: 'custody tx list: stopped' });
  const whole = csv('t2,new,done', 't1,old,done');
  it.each([
    ['whole', run(whole), 2, 'old', []],
    ['more rows than the history (created meanwhile)', run(whole), 1, 'old', []],
    ['exit 1', run(whole, 1), 2, 'old', ['exit 1']],
    ['no header', run('t2,new,done\r\n'), 0, 'new', ['header']],
    ['short', run(csv('t2,new,done')), 2, 'old', ['fewer than', 'not the oldest']],
    ['cut mid-line', run(`${csv('t2,new,done')}t1,o`), 1, 'old', ['whole line', 'not the oldest']],
  ])('%s', (_name, r, history, oldest, expected) => {
    const problems = wholeProblems(r, history, oldest);
    expect(problems).toHaveLength(expected.length);
    expected.forEach((word, i) => expect(problems[i]).toContain(word));
  });
});
