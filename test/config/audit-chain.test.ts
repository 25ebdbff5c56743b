// The audit log's hash chain: logs written by the real appender, then changed the ways a person
// with write access could change them, and what the check says of each. Table-driven over the
// pure verifier; the file-level check (verifyAuditLog) on a few of them.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type AuditEntry,
  auditLine,
  CHAIN_GENESIS,
  type ChainReport,
  openAuditLog,
  verifyAuditChain,
  verifyAuditLog,
} from '../../src/config/index.js';
import { tempDir } from './tmp.js';

function entry(i: number, over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    time: `2026-11-21T12:00:0${i % 10}.000Z`,
    baseUrl: 'https://api.example',
    workspaceId: 'ws1',
    action: 'decline',
    transactionId: `tx-${i}`,
    reason: `reason ${i}`,
    result: 'canceled',
    ...over,
  };
}

/** Lines written before the chain existed: entries without prev. */
const legacyLines = (from: number, n: number) => Array.from({ length: n }, (_, i) => auditLine(entry(from + i)));

/** A log: `legacy` lines from before the chain (as text), then `chained` appends through the real log. */
async function written(chained: number, legacy: string[] = []): Promise<string[]> {
  const file = path.join(await tempDir(), 'audit.jsonl');
  await fs.writeFile(file, legacy.join(''), { mode: 0o600 });
  const log = openAuditLog(file);
  for (let i = 1; i <= chained; i++) await log.append(entry(legacy.length + i));
  const text = await fs.readFile(file, 'utf8');
  // Each line with its newline, so a case can change, drop, add or move lines byte for byte.
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** A line's field changed, everything else (its prev included) left as it was. */
function edited(line: string, field: string, value: string): string {
  const json = JSON.parse(line) as Record<string, unknown>;
  json[field] = value;
  return `${JSON.stringify(json)}\n`;
}

interface Case {
  readonly name: string;
  readonly legacy?: number;
  readonly chained: number;
  readonly change?: (lines: string[]) => string[];
  readonly expect: Partial<ChainReport> & { breakAt?: number[]; message?: RegExp };
}

const cases: Case[] = [
  { name: 'intact', chained: 5, expect: { intact: true, legacy: 0, chained: 5, firstChained: 1, breakAt: [] } },
  {
    name: 'a field of line 3 changed',
    chained: 5,
    change: (l) => l.map((line, i) => (i === 2 ? edited(line, 'result', 'approved') : line)),
    expect: {
      intact: false,
      breakAt: [4],
      message: /^line 4: its prev does not match line 3 — line 3 was changed, or a line was removed or inserted before line 4$/,
    },
  },
  {
    name: 'line 3 removed',
    chained: 5,
    change: (l) => l.filter((_, i) => i !== 2),
    expect: { intact: false, breakAt: [3], message: /^line 3: its prev does not match line 2 — line 2 was changed/ },
  },
  {
    name: 'a forged line inserted after line 4, its prev made right',
    chained: 5,
    change: (l) => {
      const forged = verifyAuditChain(l.slice(0, 4).join('')).seal;
      return [...l.slice(0, 4), auditLine(entry(99), forged), ...l.slice(4)];
    },
    // The forgery itself links up; the line after it was written to follow line 4, not line 5.
    expect: { intact: false, breakAt: [6], message: /^line 6: its prev does not match line 5 .*\(it was written to follow line 4\)$/ },
  },
  {
    name: 'a copy of line 2 inserted after line 4',
    chained: 5,
    change: (l) => [...l.slice(0, 4), l[1]!, ...l.slice(4)],
    expect: {
      intact: false,
      breakAt: [5, 6],
      message: /^line 5: its prev does not match line 4 .*\(it was written to follow line 1\)$/,
    },
  },
  {
    name: 'lines 2 and 3 swapped',
    chained: 5,
    change: (l) => [l[0]!, l[2]!, l[1]!, ...l.slice(3)],
    expect: {
      intact: false,
      breakAt: [2, 3, 4],
      message: /^line 2: its prev does not match line 1 .*\(it was written to follow line 3, further down: lines were moved\)$/,
    },
  },
  {
    name: 'the first line removed',
    chained: 4,
    change: (l) => l.slice(1),
    expect: { intact: false, breakAt: [1], message: /^line 1: its prev does not match the start of the file/ },
  },
  {
    name: 'the last line truncated: torn, not tampering',
    chained: 5,
    change: (l) => [...l.slice(0, 4), l[4]!.slice(0, 25)],
    expect: { intact: true, breakAt: [], torn: 5, chained: 4 },
  },
  {
    name: 'the last line lost only its newline: torn, still a whole entry',
    chained: 3,
    change: (l) => [...l.slice(0, 2), l[2]!.slice(0, -1)],
    expect: { intact: true, breakAt: [], torn: 3, chained: 3, entries: 3 },
  },
  {
    name: 'legacy prefix',
    legacy: 3,
    chained: 2,
    expect: { intact: true, breakAt: [], legacy: 3, chained: 2, firstChained: 4, entries: 5 },
  },
  {
    name: 'a legacy line changed after the chain sealed it',
    legacy: 3,
    chained: 2,
    change: (l) => l.map((line, i) => (i === 1 ? edited(line, 'reason', 'rewritten') : line)),
    expect: {
      intact: false,
      breakAt: [4],
      message: /^line 4: the first chained line; its prev does not match the 3 lines before it — one of them was changed/,
    },
  },
  {
    name: 'a legacy line removed from before the chain',
    legacy: 3,
    chained: 2,
    change: (l) => l.filter((_, i) => i !== 0),
    expect: { intact: false, breakAt: [3], legacy: 2 },
  },
  {
    name: 'a line without prev inserted after the chain started',
    chained: 5,
    change: (l) => [...l.slice(0, 3), auditLine(entry(50)), ...l.slice(3)],
    expect: {
      intact: false,
      breakAt: [5],
      message: /^line 5: its prev does not match lines 3–4 .*\(it was written to follow line 3 alone: line 4, without a prev, came in after/,
    },
  },
  {
    name: 'a line without prev added at the end: not covered yet, reported',
    chained: 3,
    change: (l) => [...l, auditLine(entry(50))],
    expect: { intact: true, breakAt: [], unlinked: [{ line: 4, kind: 'entry', sealed: false }] },
  },
  {
    name: 'a line without prev inserted before the first chained line',
    legacy: 2,
    chained: 2,
    change: (l) => [l[0]!, auditLine(entry(50)), ...l.slice(1)],
    expect: { intact: false, breakAt: [4], legacy: 3 },
  },
  { name: 'empty file', chained: 0, expect: { intact: true, lines: 0, chained: 0, legacy: 0, breakAt: [], seal: CHAIN_GENESIS } },
  { name: 'only legacy lines: nothing chained yet', legacy: 2, chained: 0, expect: { intact: true, legacy: 2, chained: 0, breakAt: [] } },
  {
    name: 'prev of line 2 edited to another valid hash',
    chained: 3,
    change: (l) => l.map((line, i) => (i === 1 ? edited(line, 'prev', 'a'.repeat(64)) : line)),
    expect: { intact: false, breakAt: [2, 3] },
  },
  {
    name: 'prev of line 2 made invalid: line 2 is no longer chained, line 3 notices',
    chained: 3,
    change: (l) => l.map((line, i) => (i === 1 ? edited(line, 'prev', 'nope') : line)),
    expect: { intact: false, breakAt: [3], message: /^line 3: its prev does not match lines 1–2/ },
  },
];

describe('audit chain: what --verify finds', () => {
  it.each(cases)('$name', async (c) => {
    const lines = await written(c.chained, legacyLines(100, c.legacy ?? 0));
    const report = verifyAuditChain((c.change ? c.change(lines) : lines).join(''));
    const { breakAt, message, ...fields } = c.expect;
    expect(report).toMatchObject(fields);
    if (breakAt !== undefined) expect(report.breaks.map((b) => b.line)).toEqual(breakAt);
    if (message !== undefined) expect(report.breaks[0]?.message).toMatch(message);
    expect(report.intact).toBe(report.breaks.length === 0);
  });

  it('a torn line in the middle, sealed by the append after it: the chain holds, the line is named', async () => {
    const file = path.join(await tempDir(), 'audit.jsonl');
    const log = openAuditLog(file);
    await log.append(entry(1));
    await fs.appendFile(file, auditLine(entry(2)).slice(0, 40));
    expect(verifyAuditChain(await fs.readFile(file))).toMatchObject({ intact: true, torn: 2 });
    await log.append(entry(3));
    const report = verifyAuditChain(await fs.readFile(file));
    expect(report).toMatchObject({ intact: true, chained: 2, unlinked: [{ line: 2, kind: 'other', sealed: true }] });
    expect(report.torn).toBeUndefined();
  });

  it('the seal is what the next append carries as its prev', async () => {
    const file = path.join(await tempDir(), 'audit.jsonl');
    const log = openAuditLog(file);
    for (let i = 1; i <= 3; i++) await log.append(entry(i));
    await fs.appendFile(file, auditLine(entry(4)).slice(0, 30)); // a torn tail counts, with its newline to come
    const { seal } = verifyAuditChain(await fs.readFile(file));
    await log.append(entry(5));
    const { entries } = await log.read();
    expect(entries.at(-1)!.prev).toBe(seal);
  });

  it('a long log with long lines (past the read chunk) still links up', async () => {
    const file = path.join(await tempDir(), 'audit.jsonl');
    const log = openAuditLog(file);
    await fs.writeFile(file, legacyLines(0, 40).join(''), { mode: 0o600 });
    for (let i = 0; i < 30; i++) await log.append(entry(i, { reason: `${i}:${'é'.repeat(9_000)}` }));
    const report = await verifyAuditLog(file);
    expect(report).toMatchObject({ intact: true, legacy: 40, chained: 30, lines: 70 });
  });
});

describe('audit chain: the file', () => {
  it('verifyAuditLog: undefined without a log, the report with one, and what a change does to it', async () => {
    const file = path.join(await tempDir(), 'state', 'audit.jsonl');
    expect(await verifyAuditLog(file)).toBeUndefined();
    const log = openAuditLog(file);
    for (let i = 1; i <= 4; i++) await log.append(entry(i));
    expect(await verifyAuditLog(file)).toMatchObject({ intact: true, chained: 4 });
    const lines = (await fs.readFile(file, 'utf8')).split('\n');
    lines[1] = lines[1]!.replace('"canceled"', '"completed"');
    await fs.writeFile(file, lines.join('\n'));
    const report = await verifyAuditLog(file);
    expect(report?.breaks.map((b) => b.line)).toEqual([3]);
    // The check left nothing beside the log (it takes the appenders' lock only for a moment).
    expect(await fs.readdir(path.dirname(file))).toEqual(['audit.jsonl']);
  });

  it('something in the lock’s way: appends are refused saying so, the check still reads the log', async () => {
    const file = path.join(await tempDir(), 'audit.jsonl');
    const log = openAuditLog(file);
    await log.append(entry(1));
    await fs.mkdir(`${file}.lock`);
    await expect(log.append(entry(2))).rejects.toThrow(/audit\.jsonl\.lock is not a regular file/);
    expect(await verifyAuditLog(file)).toMatchObject({ intact: true, chained: 1 });
  });

  // Root writes anywhere: the folder's mode would show nothing.
  it.skipIf(process.getuid?.() === 0)('reads a log in a folder it cannot write (a copy handed over) without its lock', async () => {
    const dir = path.join(await tempDir(), 'handed');
    const file = path.join(dir, 'audit.jsonl');
    const log = openAuditLog(file);
    for (let i = 1; i <= 2; i++) await log.append(entry(i));
    await fs.chmod(dir, 0o500);
    try {
      expect(await verifyAuditLog(file)).toMatchObject({ intact: true, chained: 2 });
    } finally {
      await fs.chmod(dir, 0o700);
    }
  });
});

describe('audit chain: a seal kept from an earlier check', () => {
  async function logOf(n: number): Promise<{ file: string; log: ReturnType<typeof openAuditLog> }> {
    const file = path.join(await tempDir(), 'audit.jsonl');
    const log = openAuditLog(file);
    for (let i = 1; i <= n; i++) await log.append(entry(i));
    return { file, log };
  }

  it('still the seal (nothing appended), then carried by the next line', async () => {
    const { file, log } = await logOf(3);
    const { seal } = (await verifyAuditLog(file))!;
    expect(await verifyAuditLog(file, { kept: seal })).toMatchObject({ intact: true, kept: { seal, at: 'end' } });
    await log.append(entry(4));
    await log.append(entry(5));
    expect(await verifyAuditLog(file, { kept: seal })).toMatchObject({ intact: true, kept: { seal, at: 4 } });
  });

  it.each([
    ['the last line removed', (l: string[]) => l.slice(0, -1)],
    ['the last line changed', (l: string[]) => [...l.slice(0, -1), l.at(-1)!.replace('canceled', 'approved')]],
    ['the chain rewritten from line 2 on (every prev recomputed)', (l: string[]) => l],
  ])('%s: the chain alone holds, the kept seal shows it', async (name, change) => {
    const { file } = await logOf(4);
    const { seal } = (await verifyAuditLog(file))!;
    let lines = (await fs.readFile(file, 'utf8')).match(/[^\n]*\n/g)!;
    if (name.startsWith('the chain rewritten')) {
      // A forger with write access: line 2 changed, then every later line re-linked.
      const rebuilt = path.join(await tempDir(), 'audit.jsonl');
      await fs.writeFile(rebuilt, lines[0]!, { mode: 0o600 });
      const forger = openAuditLog(rebuilt);
      await forger.append(entry(2, { result: 'approved' }));
      for (let i = 3; i <= 4; i++) await forger.append(entry(i));
      lines = (await fs.readFile(rebuilt, 'utf8')).match(/[^\n]*\n/g)!;
    }
    await fs.writeFile(file, change(lines).join(''));
    const report = (await verifyAuditLog(file, { kept: seal }))!;
    expect(report.breaks).toEqual([]);
    expect(report.kept).toEqual({ seal, at: false });
    expect(report.intact).toBe(false);
  });
});
