// New rows in a real terminal (issue 12): the built console against a standalone sandbox whose
// world is all but still, so the only new rows are the ones this test creates through the API.
// Left at the top, a new transaction comes into sight as the first row and the title still starts
// at 1; scrolled away, the rows on screen hold still and the title says "▲ 1 new (g shows it)";
// g shows it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/client/index.js';
import { disposeAllPtys, type PtySession, spawnCustody, type StandaloneSandbox, startStandaloneSandbox } from '../helpers/pty.js';
import { expectRestored, sandboxApi, waitForLiveRows } from './helpers.js';

afterEach(disposeAllPtys);

let sandbox: StandaloneSandbox;
let api: ApiClient;
let from: string;
let to: string;
let eth: string;

beforeAll(async () => {
  // A slow world: no transaction of its own arrives while the test runs.
  sandbox = await startStandaloneSandbox({ args: ['--seed', '5', '--history', '300', '--speed', '0.01'] });
  api = await sandboxApi(sandbox);
  const accounts = await api.accounts.list({ statuses: ['active'], isTestnet: false });
  from = accounts[0]!.accountId;
  to = accounts[1]!.accountId;
  eth = (await api.dictionary.assets()).find((a) => a.symbol === 'ETH' && a.contractInformation == null)!.assetId;
}, 30_000);

afterAll(async () => {
  await sandbox?.close();
});

let serial = 0;
/** A transfer between two of the workspace's accounts, with an amount the screen shows as is. */
async function createTransfer(amount: string): Promise<void> {
  serial += 1;
  await api.transactions.create({
    accountId: from,
    externalId: `e2e-new-rows-${Date.now()}-${serial}`,
    transactionType: 'withdrawal',
    params: { amount, assetId: eth, networkId: 'ETH', toAccountId: to },
  });
}

const title = (pty: PtySession) => pty.screenText().find((l) => l.startsWith('── Transactions │')) ?? '';

/** The table's header and rows as drawn. */
function table(pty: PtySession): { header: string; rows: string[] } {
  const lines = pty.screenText();
  const head = lines.findIndex((l) => l.includes('TYPE') && l.includes('STATUS'));
  const end = lines.findIndex((l, i) => i > head && l.startsWith('──'));
  return { header: lines[head] ?? '', rows: lines.slice(head + 1, end) };
}

const tableRows = (pty: PtySession) => table(pty).rows;

/** A row's identity on screen: the row without the gutter, the status and the age (they move on). */
function who(pty: PtySession, row: string | undefined): string {
  const { header } = table(pty);
  const status = header.indexOf('STATUS');
  const age = header.indexOf('AGE') + 3;
  const r = row ?? '';
  return `${r.slice(3, status)}|${r.slice(status + 20, age - 4)}|${r.slice(age)}`.replace(/ +/g, ' ');
}

/** Until the rows on screen (who they are) stayed the same for a while: the start is over. */
async function quiet(pty: PtySession): Promise<void> {
  const deadline = Date.now() + 20_000;
  let last = '';
  let same = 0;
  while (same < 3) {
    if (Date.now() > deadline) throw new Error(`the rows never settled:\n${pty.screen()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = tableRows(pty)
      .map((r) => who(pty, r))
      .join('\n');
    same = now === last ? same + 1 : 0;
    last = now;
  }
}

describe('new transactions while the console is left alone', () => {
  it('at the top they come into sight; scrolled away the window holds and the title counts them', async () => {
    const pty = spawnCustody(['--base-url', sandbox.baseUrl, '--workspace', sandbox.workspaceId, '--key-file', sandbox.keyFile], {
      cols: 120,
      rows: 40,
    });
    await waitForLiveRows(pty);
    await pty.waitForText(/● live/, { timeoutMs: 15_000 });
    await quiet(pty);
    // The start (history, then the unfinished work above it) left the window at the top. The
    // selection the start implied moved down with its transaction if rows landed above it on a
    // busy machine; g chooses the newest row.
    expect(title(pty)).toMatch(/── 1-\d+ of /);
    await pty.press('g');
    await pty.waitFor(() => /^▶/.test(tableRows(pty)[0] ?? ''), { what: 'the first row chosen' });
    const firstBefore = who(pty, tableRows(pty)[0]);

    await createTransfer('0.31415926');
    await pty.waitFor(() => tableRows(pty)[0]?.includes('0.31415926') === true, {
      what: 'the new transaction as the first row',
      timeoutMs: 15_000,
    });
    expect(title(pty)).toMatch(/── 1-\d+ of /);
    expect(who(pty, tableRows(pty)[1])).toBe(firstBefore);
    // The selection stayed on its transaction: now the second row.
    expect(tableRows(pty)[1]).toMatch(/^▶/);

    // Scrolled away: the rows on screen hold still, the title counts what arrived above.
    await pty.press('pgdn');
    await pty.waitFor(() => !/── 1-\d+ of /.test(title(pty)), { what: 'a page down' });
    const shown = tableRows(pty).map((r) => who(pty, r));
    await createTransfer('0.27182818');
    await pty.waitForText('▲ 1 new (g shows it)', { timeoutMs: 15_000 });
    expect(tableRows(pty).map((r) => who(pty, r))).toEqual(shown);

    await pty.press('g');
    await pty.waitFor(() => tableRows(pty)[0]?.includes('0.27182818') === true, { what: 'g shows the new row' });
    expect(tableRows(pty)[1]).toContain('0.31415926');
    expect(title(pty)).not.toContain('new');

    await pty.press('q');
    expect((await pty.exit).exitCode).toBe(0);
    expectRestored(pty);
  }, 60_000);
});
