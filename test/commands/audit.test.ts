import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatAuditTable } from '../../src/commands/audit.js';
import { type AuditEntry, auditLine, openAuditLog, type StoredAuditEntry, withoutLink } from '../../src/config/index.js';
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

const WITHDRAWAL: AuditEntry = {
  ...base,
  time: '2026-11-21T12:05:30.000Z',
  action: 'approve',
  transactionId: 'tx-cccc',
  transactionType: 'withdrawal',
  amount: '12.5',
  assetId: 'USDC_ETH',
  toAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
  addressBookName: 'Kraken hot',
  result: 'completed',
  correlationId: 'corr-5555',
};

const logPath = (home: Home) => path.join(home.dir, 'state', 'custody', 'audit.jsonl');

async function seeded(entries: AuditEntry[] = [DECLINE, APPROVE, CREATE]): Promise<Home> {
  const home = await tempHome();
  const log = openAuditLog(logPath(home));
  for (const e of entries) await log.append(e);
  return home;
}

describe('custody audit', () => {
  it('prints the entries under their connection, oldest first, local times, with where the file is', async () => {
    const home = await seeded();
    const { code, out, err } = await custody(['audit'], home.env());
    expect(code).toBe(0);
    expect(err).toBe('');
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toBe(`Audit log: ${logPath(home)} (3 entries, oldest first, local time)`);
    expect(lines.slice(2)).toEqual([
      'on api.example  workspace ws1  setup prod  key kid-7',
      `${formatAbsolute(Date.parse(DECLINE.time))}  decline  canceled     tx tx-aaaa  correlation corr-1111`,
      '    reason: looks wrong',
      `${formatAbsolute(Date.parse(APPROVE.time))}  approve  conflict     tx tx-bbbb  correlation corr-2222`,
      `${formatAbsolute(Date.parse(CREATE.time))}  create   bad-request  externalId ext-1`,
    ]);
    // A pipe gets 80 columns; a terminal (or $COLUMNS) its own width.
    for (const line of lines.slice(2)) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('new lines name the amount, asset, type and destination; an old log and new lines read and verify together', async () => {
    const home = await tempHome();
    await fs.mkdir(path.dirname(logPath(home)), { recursive: true });
    // As a custody before the chain and before these fields wrote it.
    const legacy = [DECLINE, APPROVE].map((e) => auditLine(e)).join('');
    await fs.writeFile(logPath(home), legacy, { mode: 0o600 });
    const log = openAuditLog(logPath(home));
    await log.append(WITHDRAWAL);
    await log.append(CREATE);
    const verify = await custody(['audit', '--verify'], home.env());
    expect(verify.code).toBe(0);
    expect(verify.out.split('\n')[1]).toBe('Verified: 4 lines, chain intact.');
    const { out } = await custody(['audit'], { ...home.env(), COLUMNS: '160' });
    expect(out).toContain(
      `${formatAbsolute(Date.parse(WITHDRAWAL.time))}  approve  completed    12.5 USDC_ETH  withdrawal  tx tx-cccc  to ${WITHDRAWAL.toAddress} (Kraken hot)\n` +
        '    correlation corr-5555\n',
    );
    const json = await custody(['audit', '--json'], home.env());
    expect(json.out).toBe(await fs.readFile(logPath(home), 'utf8'));
    expect(json.out.split('\n').slice(0, 2).join('\n')).toBe(legacy.trimEnd());
    expect(withoutLink(JSON.parse(json.out.split('\n')[2]!) as StoredAuditEntry)).toEqual(WITHDRAWAL);
  });

  it('--json prints a line exactly as stored, fields this custody does not know included', async () => {
    const home = await tempHome();
    await fs.mkdir(path.dirname(logPath(home)), { recursive: true });
    // A newer custody's line: a field unknown here, and keys in another order.
    const newer = `{"result":"canceled","time":"2026-11-21T12:00:00.000Z","baseUrl":"https://api.example","workspaceId":"ws1","action":"decline","transactionId":"tx-aaaa","memo":"m-1"}\n`;
    await fs.writeFile(logPath(home), newer, { mode: 0o600 });
    expect((await custody(['audit', '--json'], home.env())).out).toBe(newer);
    expect((await custody(['audit', '--json', '--tx', 'tx-other'], home.env())).out).toBe('');
    expect((await custody(['audit'], home.env())).out).toContain('decline  canceled  tx tx-aaaa');
  });

  it('--tx keeps one transaction', async () => {
    const home = await seeded();
    const { code, out } = await custody(['audit', '--tx', 'tx-bbbb'], home.env());
    expect(code).toBe(0);
    expect(out).toContain('1 entry for transaction tx-bbbb');
    expect(out).toContain('approve');
    expect(out).not.toContain('tx-aaaa');
  });

  it('--json prints one object per line, byte for byte as written (chain link included)', async () => {
    const home = await seeded();
    const { code, out } = await custody(['audit', '--json'], home.env());
    expect(code).toBe(0);
    expect(out).toBe(await fs.readFile(logPath(home), 'utf8'));
    const objects = out.trimEnd().split('\n').map((l) => JSON.parse(l) as StoredAuditEntry);
    expect(objects.map(withoutLink)).toEqual([DECLINE, APPROVE, CREATE]);
    expect(objects.every((o) => /^[0-9a-f]{64}$/.test(o.prev!))).toBe(true);
    const { out: one } = await custody(['audit', '--json', '--tx', 'tx-aaaa'], home.env());
    expect(one.trimEnd().split('\n').map((l) => withoutLink(JSON.parse(l) as StoredAuditEntry))).toEqual([DECLINE]);
  });

  it('--json of a log written before the chain: the lines as they were, no prev', async () => {
    const home = await tempHome();
    await fs.mkdir(path.dirname(logPath(home)), { recursive: true });
    const legacy = [DECLINE, APPROVE].map((e) => auditLine(e)).join('');
    await fs.writeFile(logPath(home), legacy, { mode: 0o600 });
    expect((await custody(['audit', '--json'], home.env())).out).toBe(legacy);
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

  it('lines that fail the hash chain are named on stderr; the rest is printed, exit 0', async () => {
    const home = await seeded();
    const text = await fs.readFile(logPath(home), 'utf8');
    await fs.writeFile(logPath(home), text.replace('"result":"conflict"', '"result":"completed"'));
    for (const args of [['audit'], ['audit', '--json'], ['audit', '--tx', 'tx-aaaa']]) {
      const { code, out, err } = await custody(args, home.env());
      expect(code).toBe(0);
      expect(out).toContain('tx-aaaa');
      expect(err).toBe(
        `custody audit: ${logPath(home)}: BROKEN at line 3: its prev does not match line 2 — line 2 was changed, or a ` +
          'line was removed or inserted before line 3; line 1 chain intact, lines 2–3 not verified.\n' +
          'custody audit: the entries on lines not verified may have been changed, removed or inserted; ' +
          '`custody audit --verify` gives the whole check\n',
      );
    }
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
    expect(help.out).toContain('--workspace ID');
    expect(help.out).toContain('--server URL');
    expect(help.out).toContain('--verify');
    expect(help.out).toContain('audit.jsonl');
    expect(help.out).toContain('"prev"');
  });

  it.each([['--tx'], ['--workspace'], ['--server'], ['--file']])('an empty %s is a usage error', async (flag) => {
    const home = await tempHome();
    expect((await custody(['audit', flag, ''], home.env())).code).toBe(2);
  });
});

describe('custody audit: server and workspace', () => {
  const OTHER_WS: AuditEntry = { ...DECLINE, time: '2026-11-21T12:07:00.000Z', workspaceId: 'ws2', correlationId: 'corr-3333' };
  const OTHER_SERVER: AuditEntry = {
    ...DECLINE,
    time: '2026-11-21T12:08:00.000Z',
    baseUrl: 'http://127.0.0.1:4010/',
    correlationId: 'corr-4444',
  };
  const all = [DECLINE, APPROVE, CREATE, OTHER_WS, OTHER_SERVER];

  it('a heading names the server (compact: https is the norm and goes) and workspace whenever they change', async () => {
    const home = await seeded(all);
    const { out } = await custody(['audit'], home.env());
    const headings = out.split('\n').filter((l) => l.startsWith('on '));
    expect(headings).toEqual([
      'on api.example  workspace ws1  setup prod  key kid-7',
      'on api.example  workspace ws2  setup prod  key kid-7',
      'on 127.0.0.1:4010  workspace ws1  setup prod  key kid-7'.replace('on ', 'on http://'),
    ]);
    expect(out).toMatch(/workspace ws2 .*\n.*corr-3333/);
  });

  it.each([
    [['--workspace', 'ws2'], ['corr-3333'], 'in workspace ws2'],
    [['--workspace', 'ws1'], ['corr-1111', 'corr-2222', 'ext-1', 'corr-4444'], 'in workspace ws1'],
    [['--server', 'HTTPS://api.example/'], ['corr-1111', 'corr-2222', 'ext-1', 'corr-3333'], 'on https://api.example'],
    [['--server', 'http://127.0.0.1:4010'], ['corr-4444'], 'on http://127.0.0.1:4010'],
    // As the table shows it: an https server without its scheme.
    [['--server', 'api.example'], ['corr-1111', 'corr-2222', 'ext-1', 'corr-3333'], 'on https://api.example'],
    [['--tx', 'tx-aaaa', '--workspace', 'ws1'], ['corr-1111', 'corr-4444'], 'for transaction tx-aaaa in workspace ws1'],
    [
      ['--tx', 'tx-aaaa', '--workspace', 'ws1', '--server', 'https://api.example'],
      ['corr-1111'],
      'for transaction tx-aaaa in workspace ws1 on https://api.example',
    ],
  ])('%j keeps %j', async (args, kept, words) => {
    const home = await seeded(all);
    const { code, out } = await custody(['audit', ...args], home.env());
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toContain(`${kept.length === 1 ? '1 entry' : `${kept.length} entries`} ${words},`);
    const rows = out.trimEnd().split('\n').slice(2);
    expect(rows.map((r) => /(corr-\d+|ext-1)/.exec(r)?.[1]).filter((id) => id !== undefined)).toEqual(kept);
    const json = await custody(['audit', '--json', ...args], home.env());
    expect(json.out.trimEnd().split('\n')).toHaveLength(kept.length);
  });

  it('a filter that keeps nothing says so', async () => {
    const home = await seeded(all);
    const { code, out } = await custody(['audit', '--workspace', 'nope'], home.env());
    expect(code).toBe(0);
    expect(out).toBe(`Audit log: ${logPath(home)}\nNo entries yet in workspace nope.\n`);
  });

  it('--file reads another log (a copy handed to an auditor)', async () => {
    const home = await seeded([DECLINE]);
    const copy = path.join(home.dir, 'copy.jsonl');
    await fs.copyFile(logPath(home), copy);
    await openAuditLog(copy).append(APPROVE);
    const { out } = await custody(['audit', '--file', copy], home.env());
    expect(out.split('\n')[0]).toBe(`Audit log: ${copy} (2 entries, oldest first, local time)`);
    expect((await custody(['audit', '--verify', '--file', copy], home.env())).code).toBe(0);
  });
});

describe('custody audit --verify', () => {
  it('an intact chain: exit 0, says so, and prints the seal', async () => {
    const home = await seeded();
    const { code, out, err } = await custody(['audit', '--verify'], home.env());
    expect(err).toBe('');
    expect(code).toBe(0);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toBe(`Audit log: ${logPath(home)} (3 lines, 3 entries)`);
    expect(lines[1]).toBe('Verified: 3 lines, chain intact.');
    expect(lines[2]).toMatch(/^Seal: [0-9a-f]{64}$/);
  });

  it('a changed line: exit 1, one verdict naming the line, what is wrong and what still holds', async () => {
    const home = await seeded();
    const text = await fs.readFile(logPath(home), 'utf8');
    await fs.writeFile(logPath(home), text.replace('"result":"conflict"', '"result":"completed"'));
    const { code, out } = await custody(['audit', '--verify'], home.env());
    expect(code).toBe(1);
    expect(out).toBe(
      `Audit log: ${logPath(home)} (3 lines, 3 entries)\n` +
        'BROKEN at line 3: its prev does not match line 2 — line 2 was changed, or a line was removed or inserted ' +
        'before line 3; line 1 chain intact, lines 2–3 not verified.\n',
    );
  });

  it('legacy lines before the chain are counted; a torn last line is told apart from tampering (exit 0)', async () => {
    const home = await tempHome();
    await fs.mkdir(path.dirname(logPath(home)), { recursive: true });
    await fs.writeFile(logPath(home), [DECLINE, APPROVE].map((e) => auditLine(e)).join(''), { mode: 0o600 });
    const log = openAuditLog(logPath(home));
    await log.append(CREATE);
    await log.append(DECLINE);
    await fs.appendFile(logPath(home), auditLine(APPROVE).slice(0, 50));
    const { code, out } = await custody(['audit', '--verify'], home.env());
    expect(code).toBe(0);
    expect(out.split('\n')[1]).toBe('Verified: 5 lines, chain intact.');
    expect(out).toContain('Lines 1–2: written before the chain existed (without a prev), sealed by line 3.');
    expect(out).toMatch(/Line 5 is torn: it has no line end\. An append was cut short .*not a change inside the chain/);
  });

  it('--json: one object a script can read, with the same verdict and exit code', async () => {
    const home = await seeded();
    const lines = (await fs.readFile(logPath(home), 'utf8')).split('\n');
    await fs.writeFile(logPath(home), [lines[0], lines[2], ''].join('\n'));
    const { code, out } = await custody(['audit', '--verify', '--json'], home.env());
    expect(code).toBe(1);
    const report = JSON.parse(out) as { intact: boolean; breaks: { line: number; message: string }[]; file: string };
    expect(report).toMatchObject({ intact: false, file: logPath(home), lines: 2, chained: 2 });
    expect(report).toMatchObject({ verdict: expect.stringMatching(/^BROKEN at line 2: .*; lines 1–2 not verified\.$/) as string });
    expect(report.breaks).toEqual([{ line: 2, message: expect.stringMatching(/^line 2: its prev does not match line 1/) as string }]);
  });

  it('no log yet: nothing to verify, exit 0', async () => {
    const home = await tempHome();
    const { code, out } = await custody(['audit', '--verify'], home.env());
    expect(code).toBe(0);
    expect(out).toBe(`Audit log: ${logPath(home)}\nNo log yet: nothing to verify.\n`);
  });

  it('--seal: a seal kept from an earlier check shows a cut at the end the chain alone cannot', async () => {
    const home = await seeded();
    const first = await custody(['audit', '--verify'], home.env());
    const seal = /^Seal: ([0-9a-f]{64})$/m.exec(first.out)![1]!;
    await openAuditLog(logPath(home)).append({ ...DECLINE, transactionId: 'tx-later' });
    const later = await custody(['audit', '--verify', '--seal', seal.toUpperCase()], home.env());
    expect(later.code).toBe(0);
    expect(later.out).toContain('The kept seal is carried by line 4: the log still holds everything it sealed.');
    // The last two lines cut off: the chain that is left holds, the seal shows what happened.
    const lines = (await fs.readFile(logPath(home), 'utf8')).split('\n');
    await fs.writeFile(logPath(home), `${lines.slice(0, 2).join('\n')}\n`);
    expect((await custody(['audit', '--verify'], home.env())).code).toBe(0);
    const cut = await custody(['audit', '--verify', '--seal', seal], home.env());
    expect(cut.code).toBe(1);
    expect(cut.out.split('\n')[1]).toBe(
      `BROKEN since the kept seal: the log was CUT or REWRITTEN after it was taken (no line carries ${seal} as its prev, ` +
        'and it is not the seal now).',
    );
  });

  it.each([
    [['--verify', '--seal', 'abc'], '--seal takes the 64 hex digits'],
    [['--seal', 'a'.repeat(64)], '--seal goes with --verify'],
  ])('%j is a usage error', async (args, words) => {
    const home = await seeded();
    const { code, err } = await custody(['audit', ...args], home.env());
    expect(code).toBe(2);
    expect(err).toContain(words);
  });

  it('checks the whole log: a filter with it is a usage error', async () => {
    const home = await seeded();
    const { code, err } = await custody(['audit', '--verify', '--tx', 'tx-aaaa'], home.env());
    expect(code).toBe(2);
    expect(err).toContain('--verify checks the whole log; it does not go with --tx');
  });
});

describe('formatAuditTable', () => {
  it('wraps a reason and makes control characters harmless', () => {
    const table = formatAuditTable([{ ...DECLINE, reason: `evil\u001b[2Jtext ${'x'.repeat(100)}` }]);
    expect(table).not.toContain('\u001b');
    for (const line of table.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(table.replace(/\n {4}/g, '')).toContain('x'.repeat(100));
  });
});
