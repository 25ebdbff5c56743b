// A big workspace in a real terminal: the built console against a standalone sandbox of 200,000
// transactions. It shows rows at once, reads the history as the cursor goes down (G, PgDn), says
// what it holds, keeps its memory near a small workspace's, and filters by asking the server.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { disposeAllPtys, type PtySession, spawnCustody, type StandaloneSandbox, startStandaloneSandbox } from '../helpers/pty.js';
import { expectRestored, waitForLiveRows } from './helpers.js';

afterEach(disposeAllPtys);

let sandbox: StandaloneSandbox;
beforeAll(async () => {
  sandbox = await startStandaloneSandbox({ args: ['--seed', '3', '--history', '200000', '--speed', '0.2'], timeoutMs: 60_000 });
}, 90_000);
afterAll(async () => {
  await sandbox?.close();
});

/** The transactions pane's title: "1-31 of 349+" and the like. */
function held(pty: PtySession): { first: number; last: number; of: number; all: boolean; more: boolean } | undefined {
  const title = pty.screenText().find((l) => l.startsWith('── Transactions │'));
  const m = title && /(\d[\d,]*)-(\d[\d,]*) of (all )?(\d[\d,]*)(\+?)/.exec(title);
  if (!m) return undefined;
  const n = (t: string) => Number(t.replaceAll(',', ''));
  return { first: n(m[1]!), last: n(m[2]!), of: n(m[4]!), all: m[3] !== undefined, more: m[5] === '+' };
}

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)![1]) / 1024;
}

describe('a workspace of 200,000 transactions', () => {
  it('rows at once; G and PgDn read older history as the cursor arrives; the title says what is held', async () => {
    const pty = spawnCustody(['--base-url', sandbox.baseUrl, '--workspace', sandbox.workspaceId, '--key-file', sandbox.keyFile], {
      cols: 120,
      rows: 40,
    });
    await waitForLiveRows(pty);
    await pty.waitFor(() => held(pty)?.more === true, { what: 'a position with more below' });
    const start = held(pty)!;
    expect(start.first).toBe(1);
    expect(start.of).toBeLessThan(2_000);

    // G goes to the oldest row read so far; each G afterwards goes further as pages arrive.
    let of = start.of;
    for (let i = 0; i < 6; i++) {
      await pty.press('G');
      await pty.waitFor(() => (held(pty)?.of ?? 0) > of && (held(pty)?.last ?? 0) > of - 40, {
        what: `G ${i + 1}: more history read`,
        timeoutMs: 10_000,
      });
      of = held(pty)!.of;
    }
    expect(held(pty)!.more).toBe(true);
    expect(pty.screen()).toMatch(/▲ [\d,]+ above/);
    // PgDn at the bottom of what is held reads on too.
    const before = held(pty)!.of;
    for (let i = 0; i < 12; i++) await pty.press('pgdn');
    await pty.waitFor(() => (held(pty)?.of ?? 0) > before, { what: 'PgDn reads older rows', timeoutMs: 10_000 });

    // Memory stays about a small workspace's: nothing like 200,000 rows is held.
    expect(residentMb(pty.pid)).toBeLessThan(300);

    // Back to the top: the newest rows, at once.
    await pty.press('g');
    await pty.waitFor(() => held(pty)?.first === 1, { what: 'the top again' });

    // A filter is a server query: its rows are the server's whatever was read so far.
    await pty.press(':');
    await pty.waitForText(/^ :█/m);
    await pty.type('tx canceled asset:BTC');
    await pty.press('enter');
    await pty.waitForText('[status: canceled] [asset: BTC]');
    await pty.waitFor(() => held(pty) !== undefined, { what: 'the filtered view' });
    const rows = pty.screenText().filter((l) => / (withdrawal|deposit|swap-aggreg|bridge|allowance) /.test(l));
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(row).toMatch(/canceled +[\d,.]+ +BTC/);

    await pty.press('q');
    expect((await pty.exit).exitCode).toBe(0);
    expectRestored(pty);
  }, 60_000);
});
