import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type AuditEntry,
  auditLine,
  CHAIN_GENESIS,
  ConfigError,
  createMemoryAuditLog,
  openAuditLog,
  parseAuditLine,
  verifyAuditChain,
  withoutLink,
} from '../../src/config/index.js';
import { modeOf, tempDir } from './tmp.js';
import { auditEntry } from '../helpers/audit-entry.js';


async function rejection(promise: Promise<unknown>): Promise<ConfigError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

describe('audit log: files and modes', () => {
  it('creates missing folders 0700 and the file 0600, one JSON line per append', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'state', 'custody', 'audit.jsonl');
    const log = openAuditLog(file);
    await log.append(auditEntry());
    await log.append(auditEntry({ action: 'approve', result: 'conflict', reason: undefined }));
    expect(await modeOf(path.join(dir, 'state'))).toBe(0o700);
    expect(await modeOf(path.join(dir, 'state', 'custody'))).toBe(0o700);
    expect(await modeOf(file)).toBe(0o600);
    const lines = (await fs.readFile(file, 'utf8')).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    // Each line is the entry and its link: the first follows nothing, the second the first line.
    const first = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(first).toEqual({ ...auditEntry(), prev: CHAIN_GENESIS });
    expect(JSON.parse(lines[1]!)).toEqual({
      ...auditEntry({ action: 'approve', result: 'conflict', reason: undefined }),
      prev: createHash('sha256').update(`${lines[0]}\n`).digest('hex'),
    });
    expect(Object.keys(first).at(-1)).toBe('prev');
  });

  it('never rewrites: earlier lines stay byte for byte', async () => {
    const file = path.join(await tempDir(), 'audit.jsonl');
    const log = openAuditLog(file);
    await log.append(auditEntry());
    const before = await fs.readFile(file, 'utf8');
    await log.append(auditEntry({ transactionId: 'tx-2' }));
    expect((await fs.readFile(file, 'utf8')).startsWith(before)).toBe(true);
  });

  it('refuses a symlink at its path (and writes nothing through it)', async () => {
    const dir = await tempDir();
    const target = path.join(dir, 'precious.txt');
    await fs.writeFile(target, 'keep me\n', { mode: 0o600 });
    const file = path.join(dir, 'audit.jsonl');
    await fs.symlink(target, file);
    const log = openAuditLog(file);
    const err = await rejection(log.append(auditEntry()));
    expect(err.message).toMatch(/symlink/);
    expect(await fs.readFile(target, 'utf8')).toBe('keep me\n');
    expect((await rejection(log.read())).message).toMatch(/symlink/);
  });

  it('refuses a file readable by others, says the fix, and leaves the mode alone', async () => {
    const file = path.join(await tempDir(), 'audit.jsonl');
    await fs.writeFile(file, `${auditLine(auditEntry())}`);
    await fs.chmod(file, 0o644);
    const log = openAuditLog(file);
    const err = await rejection(log.append(auditEntry({ transactionId: 'tx-2' })));
    expect(err.message).toContain('0644');
    expect(err.fix).toBe(`chmod 600 ${JSON.stringify(file)}`);
    expect(err.path).toBe(file);
    expect(await modeOf(file)).toBe(0o644);
    expect((await fs.readFile(file, 'utf8')).split('\n')).toHaveLength(2);
    await rejection(log.read());
  });

  it('refuses an entry of the wrong shape before touching the file', async () => {
    const file = path.join(await tempDir(), 'audit.jsonl');
    const log = openAuditLog(file);
    await rejection(log.append({ ...auditEntry(), time: 'yesterday' }));
    await rejection(log.append({ ...auditEntry(), result: '' }));
    await expect(fs.stat(file)).rejects.toThrow();
  });

  it('writes only the known fields, whatever else the object carries', () => {
    const sneaky = { ...auditEntry(), token: 'eyJhbGciOi.secret.sig', d: 'private' } as AuditEntry;
    const line = auditLine(sneaky);
    expect(line).not.toContain('secret');
    expect(line).not.toContain('private');
    expect(line.endsWith('\n')).toBe(true);
  });

  it('keeps a reason with line breaks on one line', async () => {
    const file = path.join(await tempDir(), 'audit.jsonl');
    const log = openAuditLog(file);
    await log.append(auditEntry({ reason: 'two\nlines\r\nand\u2028more\u2029end' }));
    const text = await fs.readFile(file, 'utf8');
    expect(text.split('\n')).toHaveLength(2);
    // Escaped, so that no line reader (Node 24's readline splits at U+2028/U+2029) sees two lines.
    expect(text).not.toMatch(/[\u2028\u2029\r]/);
    expect((await log.read()).entries[0]!.reason).toBe('two\nlines\r\nand\u2028more\u2029end');
  });

  it('reads a line an older custody wrote with a raw U+2028 in it as one entry (on Node 24 too)', async () => {
    const file = path.join(await tempDir(), 'audit.jsonl');
    const raw = `${JSON.stringify(auditEntry({ reason: 'a\u2028b\u2029c' }))}\n`;
    expect(raw).toContain('\u2028');
    await fs.writeFile(file, raw + raw, { mode: 0o600 });
    const { entries, skipped } = await openAuditLog(file).read();
    expect(skipped).toBe(0);
    expect(entries.map((e) => e.reason)).toEqual(['a\u2028b\u2029c', 'a\u2028b\u2029c']);
  });
});

describe('audit log: concurrent writers', () => {
  it('many consoles appending at once give whole lines, none lost', async () => {
    const file = path.join(await tempDir(), 'audit.jsonl');
    // Separate logs on one path: each is its own writer, as separate consoles would be.
    const writers = Array.from({ length: 8 }, () => openAuditLog(file));
    const long = 'x'.repeat(6000);
    await Promise.all(
      writers.flatMap((log, w) =>
        Array.from({ length: 25 }, (_, i) => log.append(auditEntry({ transactionId: `tx-${w}-${i}`, reason: `${w}:${i}:${long}` }))),
      ),
    );
    const text = await fs.readFile(file, 'utf8');
    const lines = text.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(200);
    for (const line of lines) expect(parseAuditLine(line)).toBeDefined();
    const { entries, skipped } = await writers[0]!.read();
    expect(skipped).toBe(0);
    expect(new Set(entries.map((e) => e.transactionId)).size).toBe(200);
    // The lock kept them in one line of descent: no two lines chained to the same predecessor.
    const report = verifyAuditChain(text);
    expect(report.breaks).toEqual([]);
    expect(report).toMatchObject({ intact: true, chained: 200, legacy: 0 });
    expect(new Set(entries.map((e) => e.prev)).size).toBe(200);
    // And nothing of the lock is left beside the log.
    expect(await fs.readdir(path.dirname(file))).toEqual(['audit.jsonl']);
  });

  it('one process appends in the order asked', async () => {
    const file = path.join(await tempDir(), 'audit.jsonl');
    const log = openAuditLog(file);
    await Promise.all(Array.from({ length: 20 }, (_, i) => log.append(auditEntry({ transactionId: `tx-${i}` }))));
    const { entries } = await log.read();
    expect(entries.map((e) => e.transactionId)).toEqual(Array.from({ length: 20 }, (_, i) => `tx-${i}`));
  });
});

describe('audit log: reading', () => {
  it('a missing file is an empty log', async () => {
    const log = openAuditLog(path.join(await tempDir(), 'none', 'audit.jsonl'));
    expect(await log.read()).toEqual({ entries: [], skipped: 0 });
  });

  it('skips and counts torn and foreign lines, keeps the rest in order', async () => {
    const file = path.join(await tempDir(), 'audit.jsonl');
    const whole = auditLine(auditEntry({ transactionId: 'tx-1' }));
    const torn = auditLine(auditEntry({ transactionId: 'tx-2' })).slice(0, 40);
    await fs.writeFile(
      file,
      [whole, 'not json\n', '{"time":"2026-11-21T12:00:00.000Z"}\n', '\n', auditLine(auditEntry({ transactionId: 'tx-3' })), torn].join(''),
      { mode: 0o600 },
    );
    const log = openAuditLog(file);
    const { entries, skipped } = await log.read();
    expect(entries.map((e) => e.transactionId)).toEqual(['tx-1', 'tx-3']);
    expect(skipped).toBe(3);
  });

  it('an append after a torn last line starts on a line of its own', async () => {
    const file = path.join(await tempDir(), 'audit.jsonl');
    await fs.writeFile(file, auditLine(auditEntry()).slice(0, 30), { mode: 0o600 });
    const log = openAuditLog(file);
    await log.append(auditEntry({ transactionId: 'tx-after' }));
    const { entries, skipped } = await log.read();
    expect(entries.map((e) => e.transactionId)).toEqual(['tx-after']);
    expect(skipped).toBe(1);
  });

  it('a torn last line is covered by the next line’s link, newline and all', async () => {
    const file = path.join(await tempDir(), 'audit.jsonl');
    const log = openAuditLog(file);
    await log.append(auditEntry({ transactionId: 'tx-1' }));
    const torn = auditLine(auditEntry({ transactionId: 'tx-2' })).slice(0, 30);
    await fs.appendFile(file, torn);
    await log.append(auditEntry({ transactionId: 'tx-3' }));
    const lines = (await fs.readFile(file, 'utf8')).split('\n');
    expect(lines[1]).toBe(torn);
    const prev = createHash('sha256').update(`${lines[0]}\n${torn}\n`).digest('hex');
    expect(parseAuditLine(lines[2]!)!.prev).toBe(prev);
  });

  it('the first chained line seals what an older custody wrote before it', async () => {
    const file = path.join(await tempDir(), 'audit.jsonl');
    const legacy = auditLine(auditEntry({ transactionId: 'old-1' })) + auditLine(auditEntry({ transactionId: 'old-2' }));
    await fs.writeFile(file, legacy, { mode: 0o600 });
    const log = openAuditLog(file);
    await log.append(auditEntry({ transactionId: 'new-1' }));
    const { entries } = await log.read();
    expect(entries.map((e) => [e.transactionId, e.prev])).toEqual([
      ['old-1', undefined],
      ['old-2', undefined],
      ['new-1', createHash('sha256').update(legacy).digest('hex')],
    ]);
  });

  it('filters by transaction id', async () => {
    const file = path.join(await tempDir(), 'audit.jsonl');
    const log = openAuditLog(file);
    for (const id of ['a', 'b', 'a', 'c']) await log.append(auditEntry({ transactionId: id, result: `r-${id}` }));
    await log.append(auditEntry({ action: 'create', transactionId: undefined, externalId: 'ext-1', result: 'bad-request' }));
    expect((await log.read({ transactionId: 'a' })).entries).toHaveLength(2);
    expect((await log.read({ transactionId: 'zzz' })).entries).toEqual([]);
    expect((await log.read()).entries).toHaveLength(5);
  });
});

describe('audit log: filters', () => {
  it('by workspace and by server (compared as URLs), alone or with a transaction', async () => {
    const file = path.join(await tempDir(), 'audit.jsonl');
    const log = openAuditLog(file);
    const rows: [string, string, string][] = [
      ['https://api.example', 'ws1', 'a'],
      ['https://api.example/', 'ws2', 'a'],
      ['https://other.example', 'ws1', 'a'],
      ['https://api.example', 'ws1', 'b'],
    ];
    for (const [baseUrl, workspaceId, transactionId] of rows) await log.append(auditEntry({ baseUrl, workspaceId, transactionId }));
    const ids = async (filter: Parameters<typeof log.read>[0]) =>
      (await log.read(filter)).entries.map((e) => `${e.baseUrl} ${e.workspaceId} ${e.transactionId}`);
    expect(await ids({ workspaceId: 'ws1' })).toEqual(['https://api.example ws1 a', 'https://other.example ws1 a', 'https://api.example ws1 b']);
    expect(await ids({ baseUrl: 'HTTPS://API.example:443/' })).toEqual([
      'https://api.example ws1 a',
      'https://api.example/ ws2 a',
      'https://api.example ws1 b',
    ]);
    expect(await ids({ baseUrl: 'https://api.example', workspaceId: 'ws1', transactionId: 'a' })).toEqual(['https://api.example ws1 a']);
    expect(await ids({ workspaceId: 'nope' })).toEqual([]);
  });
});

describe('audit log kept in memory (the demo)', () => {
  it('appends and reads like the file, filters the same way, and writes nothing anywhere', async () => {
    const log = createMemoryAuditLog();
    expect(log.onDisk).toBe(false);
    expect(log.path).toMatch(/memory/);
    await log.append(auditEntry({ transactionId: 'a' }));
    await log.append(auditEntry({ transactionId: 'b', workspaceId: 'ws2' }));
    expect((await log.read()).entries.map(withoutLink)).toEqual([auditEntry({ transactionId: 'a' }), auditEntry({ transactionId: 'b', workspaceId: 'ws2' })]);
    expect((await log.read({ workspaceId: 'ws2' })).entries.map((e) => e.transactionId)).toEqual(['b']);
    expect((await log.read({ transactionId: 'a' })).skipped).toBe(0);
  });

  it('refuses what the file refuses, and keeps only the known fields', async () => {
    const log = createMemoryAuditLog();
    await rejection(log.append({ ...auditEntry(), time: 'yesterday' }));
    await log.append({ ...auditEntry(), token: 'secret' } as AuditEntry);
    expect((await log.read()).entries).toEqual([auditEntry()]);
  });
});
