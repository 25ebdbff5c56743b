// The read nouns and `tx list|get|events` against a sandbox through real HTTP: formats, --columns,
// names beside ids, CSV guards, filters, paging to the end, the first rows of a table on a
// terminal, text from the server made safe for a terminal, and the exit codes.
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../../src/commands/index.js';
import { NOUNS } from '../../../src/commands/script/nouns.js';
import { TERMINAL_ROWS } from '../../../src/commands/script/reading.js';
import { writePrivateKey } from '../../../src/config/index.js';
import { TRANSACTION_STATUSES } from '../../../src/contract/index.js';
import { fakeIo, type Home, tempHome } from '../../helpers/cli-io.js';
import { type SandboxFixture, startTestSandbox } from '../../helpers/sandbox.js';

let fx: SandboxFixture;
let home: Home;
let flags: string[];

beforeAll(async () => {
  fx = await startTestSandbox({ history: 1_300 });
});
// A home of its own for each test (the helper removes them after each).
beforeEach(async () => {
  home = await tempHome();
  const keyFile = path.join(home.keysDir, 'reads.jwk');
  await writePrivateKey(keyFile, fx.keys['full-access'].jwk);
  flags = ['--base-url', fx.baseUrl, '--workspace', fx.workspaceId, '--key-file', keyFile];
});
afterAll(async () => {
  await fx.close();
});

/** Runs `custody ARGV` with the sandbox's flags; stdout a terminal when `tty`. */
async function custody(argv: string[], opts: { tty?: boolean } = {}) {
  const io = fakeIo(home.env());
  io.stdin.end();
  if (opts.tty) Object.assign(io.stdout, { isTTY: true, columns: 120 });
  const code = await run([...argv, ...flags], io);
  return { code, out: io.out(), err: io.err() };
}

async function json(argv: string[]): Promise<unknown[]> {
  const r = await custody([...argv, '--output', 'json']);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as unknown[];
}

/** RFC 4180 lines (no quoted newlines in these tests). */
function csvRows(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((line) => line.split(','));
}

describe('every noun lists, and gets where the API has it', () => {
  it.each(NOUNS.filter((n) => n.list).map((n) => n.name))('%s: a JSON array of the records as the API sends them', async (name) => {
    const records = await json([name]);
    expect(Array.isArray(records)).toBe(true);
    expect(records.length).toBeGreaterThan(0);
    const noun = NOUNS.find((n) => n.name === name)!;
    if (noun.get) {
      const id = (records[0] as Record<string, unknown>)[idField(name)] as string;
      const one = await custody([name, 'get', id, '--output', 'json']);
      expect(one.code).toBe(0);
      expect(JSON.parse(one.out)).toEqual(records[0]);
    }
  });

  it('workspace prints the one object; members carry _embedded as the API sends it', async () => {
    const ws = (await custody(['workspace', '--output', 'json'])).out;
    expect(JSON.parse(ws)).toMatchObject({ workspaceId: fx.workspaceId });
    const members = (await json(['members'])) as Record<string, unknown>[];
    expect(members[0]).toHaveProperty('_embedded');
    expect(members[0]).not.toHaveProperty('embedded');
  });

  it('a verb a noun does not have is refused with the nearest one (exit 2), before any request', async () => {
    const before = fx.responses.length;
    const r = await custody(['accounts', 'gett', 'x']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown verb 'gett': did you mean get\? \(accounts list, get\)/);
    const nv = await custody(['prices', 'get', 'x']);
    expect(nv.code).toBe(2);
    expect(fx.responses.length).toBe(before);
  });

  it('an id the server does not know: exit 1, said on stderr', async () => {
    const r = await custody(['accounts', 'get', 'no-such-account']);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/404|not found/i);
  });
});

function idField(noun: string): string {
  return { accounts: 'accountId', balances: 'balanceId', 'address-book': 'recordId', 'transaction-limits': 'limitId', assets: 'assetId', networks: 'networkId' }[noun]!;
}

describe('formats and columns', () => {
  it('--columns picks dot paths in the order given, for every format', async () => {
    const argv = ['tx', 'list', '--limit', '3', '--columns', 'params.amount,transactionId,nope.x'];
    const rows = (await json(argv)) as Record<string, unknown>[];
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(Object.keys(row)).toEqual(['params.amount', 'transactionId'].filter((k) => k in row));
    const jsonl = await custody([...argv, '--output', 'jsonl']);
    expect(jsonl.out.trimEnd().split('\n').map((l) => JSON.parse(l) as unknown)).toEqual(rows);
    const csv = csvRows((await custody([...argv, '--output', 'csv'])).out);
    expect(csv[0]).toEqual(['params.amount', 'transactionId', 'nope.x']);
    expect(csv.slice(1).map((r) => r[1])).toEqual(rows.map((r) => r.transactionId));
    const yaml = (await custody([...argv, '--output', 'yaml'])).out;
    for (const row of rows) expect(yaml).toMatch(new RegExp(`^  transactionId: "?${String(row.transactionId)}"?$`, 'm'));
  });

  it('CSV: a header line, one record a line, names beside ids, times as ISO-8601 UTC', async () => {
    const accounts = (await json(['accounts'])) as { accountId: string; accountName: string }[];
    const r = await custody(['tx', 'list', '--limit', '20', '--output', 'csv']);
    expect(r.code).toBe(0);
    const [header, ...rows] = csvRows(r.out);
    expect(rows).toHaveLength(20);
    const col = (name: string) => header!.indexOf(name);
    for (const row of rows) {
      expect(row[col('createdAt')]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const account = accounts.find((a) => a.accountId === row[col('accountId')]);
      expect(row[col('accountName')]).toBe(account?.accountName);
    }
  });

  it('--local-time writes times with the zone offset', async () => {
    const io = fakeIo(home.env({ TZ: 'Asia/Kolkata' }));
    io.stdin.end();
    // TZ is read by the process, not per call: check the form the offset takes instead.
    await run(['accounts', '--output', 'csv', '--columns', 'createdAt', '--local-time', ...flags], io);
    expect(io.out().split('\r\n')[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}(Z|[+-]\d\d:\d\d)$/);
  });

  it('an unknown format is refused with the nearest one (exit 2)', async () => {
    const r = await custody(['accounts', '--output', 'jsonn']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown format 'jsonn': did you mean json\?/);
  });

  it('guards spreadsheets from a formula in a name, and leaves amounts as numbers', async () => {
    const operator = fx.client('full-access');
    const evm = (await operator.addressBook.list({ limit: 500 })).find((r) => /^0x[0-9a-f]{40}$/i.test(r.address ?? ''))!;
    const hex = Array.from({ length: 40 }, (_, i) => '0123456789abcdef'[(i * 7 + 3) % 16]).join('');
    await operator.addressBook.create({ externalId: 'csv-guard', name: '=HYPERLINK("http://x","y")', networkId: evm.networkId!, address: `0x${hex}` });
    const r = await custody(['address-book', '--output', 'csv', '--columns', 'name,address']);
    expect(r.out).toContain(`"'=HYPERLINK(""http://x"",""y"")",0x${hex}`);
    const amounts = await custody(['tx', 'list', '--limit', '50', '--output', 'csv', '--columns', 'params.amount']);
    expect(amounts.out).not.toMatch(/^'/m);
  });
});

describe('tx list', () => {
  it('reads every page to the end: the same rows, newest first, as the server holds', async () => {
    const rows = (await json(['tx', 'list', '--all'])) as { transactionId: string; createdAt: string }[];
    expect(rows.length).toBeGreaterThan(1_000); // more than one page
    expect(new Set(rows.map((r) => r.transactionId)).size).toBe(rows.length);
    const times = rows.map((r) => BigInt(r.createdAt));
    for (let i = 1; i < times.length; i++) expect(times[i]! <= times[i - 1]!).toBe(true);
    const oldest = (await json(['tx', 'list', '--all', '--oldest-first', '--columns', 'transactionId'])) as { transactionId: string }[];
    expect(oldest.map((r) => r.transactionId)).toEqual(rows.map((r) => r.transactionId).reverse());
    expect(await json(['tx', 'list', '--limit', '1001'])).toHaveLength(1_001);
  });

  it('filters as watch takes them: status, type, account by name, since', async () => {
    const waiting = (await json(['tx', '--status', 'waiting-approval'])) as { status: string }[];
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((t) => t.status === 'waiting-approval')).toBe(true);
    const accounts = (await json(['accounts'])) as { accountId: string; accountName: string }[];
    const named = accounts.find((a) => accounts.filter((b) => b.accountName === a.accountName).length === 1)!;
    const ofAccount = (await json(['tx', 'list', '--account', named.accountName, '--limit', '30'])) as { accountId: string }[];
    expect(ofAccount.every((t) => t.accountId === named.accountId)).toBe(true);
    const recent = (await json(['tx', 'list', '--since', '24h', '--all'])) as { createdAt: string }[];
    const from = fx.clock!.now() - 24 * 3_600_000;
    expect(recent.every((t) => Number(t.createdAt) >= from)).toBe(true);
  });

  it('an unknown status is refused with the nearest known one (exit 2), nothing asked', async () => {
    const before = fx.responses.length;
    const r = await custody(['tx', 'list', '--status', 'waitng-approval']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/did you mean waiting-approval\?/);
    const wrongVerb = await custody(['tx', 'get', 'x', '--status', 'new']);
    expect(wrongVerb.err).toMatch(/--status goes with tx list, not with tx get/);
    // A decision prints its outcome, not records: a CSV or picked columns of it mean nothing.
    for (const args of [
      ['tx', 'decline', 'x', '--output', 'csv', '--yes'],
      ['tx', 'approve', 'x', '--columns', 'status', '--yes'],
    ]) {
      const d = await custody(args);
      expect(d.code, args.join(' ')).toBe(2);
      expect(d.err).toMatch(/--output table, json, jsonl|--columns goes with tx list, get, events/);
    }
    expect(fx.responses.length).toBe(before);
  });

  it('a table on a terminal shows the first rows and says how to get the rest', async () => {
    const r = await custody(['tx'], { tty: true });
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^CREATED_AT\s+TRANSACTION_ID\s+STATUS/);
    expect(lines).toHaveLength(TERMINAL_ROWS + 1);
    expect(r.err).toMatch(new RegExp(`the first ${TERMINAL_ROWS} shown; --all reads to the end`));
  });

  it('get and events', async () => {
    const [tx] = (await json(['tx', 'list', '--limit', '1'])) as { transactionId: string }[];
    const one = await custody(['tx', 'get', tx!.transactionId, '--output', 'json']);
    expect(JSON.parse(one.out)).toMatchObject({ transactionId: tx!.transactionId });
    const events = (await json(['tx', 'events', tx!.transactionId])) as { transactionId: string }[];
    expect(events.every((e) => e.transactionId === tx!.transactionId)).toBe(true);
    const table = await custody(['tx', 'get', tx!.transactionId], { tty: true });
    expect(table.out).toMatch(new RegExp(`^TRANSACTION_ID\\s+${tx!.transactionId}$`, 'm'));
  });

  it('knows every status the contract knows (completion and refusal read the same list)', () => {
    expect(TRANSACTION_STATUSES).toContain('waiting-approval');
  });
});

describe('text from the server on a terminal', () => {
  it('control, bidi and invisible characters never reach a terminal raw; a file gets them as sent', async () => {
    const operator = fx.client('full-access');
    const evm = (await operator.addressBook.list({ limit: 500 })).find((r) => /^0x[0-9a-f]{40}$/i.test(r.address ?? ''))!;
    const hex = Array.from({ length: 40 }, (_, i) => '0123456789abcdef'[(i * 5 + 1) % 16]).join('');
    // The sandbox refuses control characters in a name; bidi and invisible ones pass.
    const hostile = 'Pay\u202Eroll\u200B\u2066 me';
    await operator.addressBook.create({ externalId: 'tty-safe', name: hostile, networkId: evm.networkId!, address: `0x${hex}` });
    for (const format of ['table', 'json', 'jsonl', 'csv', 'yaml']) {
      const r = await custody(['address-book', '--output', format, '--all', '--columns', 'name'], { tty: true });
      expect(r.code).toBe(0);
      expect(r.out, format).not.toMatch(/[\u202E\u200B\u2066]/);
    }
    const file = await custody(['address-book', '--output', 'json', '--columns', 'name']);
    expect((JSON.parse(file.out) as { name: string }[]).map((r) => r.name)).toContain(hostile);
  });
});
