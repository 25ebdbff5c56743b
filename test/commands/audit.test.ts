import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatAuditTable } from '../../src/commands/audit.js';
import { type AuditEntry, auditLine, openAuditLog } from '../../src/config/index.js';
import { formatAbsolute } from '../../src/format/index.js';
import { custody, type Home, tempHome } from '../helpers/cli-io.js';

const base = { baseUrl: 'https://api.example', workspaceId: 'ws1', keyId: 'kid-7', profile: 'prod' };
const DECLINE: AuditEntry = {
  ...base,
  time: '2026-11-21T12:00:00.000Z',
  action: 'decline',
  transactionId: 'tx-aaaa',
  reason: 'looks wrong',
  result: 'canceled',
  correlationId: 'corr-1111',
};
const APPROVE: AuditEntry = {
  ...base,
  time: '2026-11-21T12:05:00.000Z',
  action: 'approve',
  transactionId: 'tx-bbbb',
  result: 'conflict',
  correlationId: 'corr-2222',
};
const CREATE: AuditEntry = {
  ...base,
  time: '2026-11-21T12:06:00.000Z',
  action: 'create',
  externalId: 'ext-1',
  result: 'bad-request',
};

const logPath = (home: Home) => path.join(home.dir, 'state', 'custody', 'audit.jsonl');

async function seeded(entries: AuditEntry[] = [DECLINE, APPROVE, CREATE]): Promise<Home> {
  const home = await tempHome();
  const log = openAuditLog(logPath(home));
  for (const e of entries) await log.append(e);
  return home;
}

describe('custody audit', () => {
  it('prints an aligned table, oldest first, local times, with where the file is', async () => {
    const home = await seeded();
    const { code, out, err } = await custody(['audit'], home.env());
    expect(code).toBe(0);
    expect(err).toBe('');
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toBe(`Audit log: ${logPath(home)} (3 entries, oldest first, local time)`);
    expect(lines[2]).toMatch(/^TIME\s+ACTION\s+TRANSACTION\s+RESULT\s+REASON\s+KEY\s+PROFILE\s+CORRELATION ID$/);
    expect(lines.slice(3)).toHaveLength(3);
    expect(lines[3]).toContain(formatAbsolute(Date.parse(DECLINE.time)));
    expect(lines[3]).toMatch(/decline\s+tx-aaaa\s+canceled\s+looks wrong\s+kid-7\s+prod\s+corr-1111$/);
    expect(lines[4]).toMatch(/approve\s+tx-bbbb\s+conflict\s+-\s+kid-7/);
    expect(lines[5]).toMatch(/create\s+\(externalId ext-1\)\s+bad-request/);
    // Aligned: every column starts where its header does.
    const at = lines[2]!.indexOf('RESULT');
    for (const line of lines.slice(3)) expect(line.slice(at)).toMatch(/^(canceled|conflict|bad-request)/);
  });

  it('--tx keeps one transaction', async () => {
    const home = await seeded();
    const { code, out } = await custody(['audit', '--tx', 'tx-bbbb'], home.env());
    expect(code).toBe(0);
    expect(out).toContain('1 entry for transaction tx-bbbb');
    expect(out).toContain('approve');
    expect(out).not.toContain('tx-aaaa');
  });

  it('--json prints one object per line, as written', async () => {
    const home = await seeded();
    const { code, out } = await custody(['audit', '--json'], home.env());
    expect(code).toBe(0);
    expect(out).toBe([DECLINE, APPROVE, CREATE].map(auditLine).join(''));
    const { out: one } = await custody(['audit', '--json', '--tx', 'tx-aaaa'], home.env());
    expect(one.trimEnd().split('\n').map((l) => JSON.parse(l) as AuditEntry)).toEqual([DECLINE]);
  });

  it('no file yet: says so and where it will be', async () => {
    const home = await tempHome();
    const { code, out } = await custody(['audit'], home.env());
    expect(code).toBe(0);
    expect(out).toBe(`Audit log: ${logPath(home)}\nNo entries yet.\n`);
    const json = await custody(['audit', '--json'], home.env());
    expect(json.out).toBe('');
    expect(json.code).toBe(0);
  });

  it('skipped malformed lines are counted on stderr; the rest is printed', async () => {
    const home = await seeded([DECLINE]);
    await fs.appendFile(logPath(home), 'garbage\n{"time":"x"}\n');
    const { code, out, err } = await custody(['audit'], home.env());
    expect(code).toBe(0);
    expect(out).toContain('tx-aaaa');
    expect(err).toMatch(/skipped 2 lines of .*audit\.jsonl/);
  });

  it('a log others can read is refused with the fix', async () => {
    const home = await seeded([DECLINE]);
    await fs.chmod(logPath(home), 0o644);
    const { code, err } = await custody(['audit'], home.env());
    expect(code).toBe(1);
    expect(err).toContain('chmod 600');
  });

  it('is listed in the top-level help and has its own', async () => {
    const home = await tempHome();
    expect((await custody(['--help'], home.env())).out).toMatch(/audit\s+print the local audit log/);
    const help = await custody(['audit', '--help'], home.env());
    expect(help.out).toContain('--tx ID');
    expect(help.out).toContain('audit.jsonl');
  });

  it('an empty --tx is a usage error', async () => {
    const home = await tempHome();
    expect((await custody(['audit', '--tx', ''], home.env())).code).toBe(2);
  });
});

describe('formatAuditTable', () => {
  it('keeps a reason to one short line and makes control characters harmless', () => {
    const table = formatAuditTable([{ ...DECLINE, reason: `evil\u001b[2Jtext ${'x'.repeat(80)}` }]);
    const row = table.split('\n')[1]!;
    expect(row).not.toContain('\u001b');
    expect(row).toContain('…');
    expect(row).not.toContain('x'.repeat(60));
  });
});
