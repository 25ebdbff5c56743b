// A hostile server (issue 17, items 3-5), the whole way: the built program in a real
// pseudo-terminal, pointed at a loopback proxy (test/helpers/hostile-proxy.mjs) in front of a
// standalone `custody sandbox` that rewrites every answer and frame: names, memos and
// descriptions of 50,000 characters (the first account of every accounts answer 1,000,000),
// terminal escape sequences, bidi and invisible characters, a zero-width space in every address,
// negative amounts. The console must draw, answer keys, switch panes and end on q, SIGTERM and
// SIGHUP at once with the terminal given back; nothing from the server may reach the terminal as
// a control sequence; the invisible characters and the negative amounts show flagged.
// The measured times are printed (the benchmark's hostile phase has the figures).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ESCAPES, type HostileProxy, startHostileProxy } from '../helpers/hostile-proxy.mjs';
import {
  disposeAllPtys,
  type PtySession,
  spawnCustody,
  type StandaloneSandbox,
  startStandaloneSandbox,
} from '../helpers/pty.js';
import { expectRestored, sandboxApi } from './helpers.js';

afterEach(disposeAllPtys);

/** A key's effect on screen within this, measured from the key's write; generous for two busy cores. */
const KEY_BOUND_MS = 5_000;
/** A signal or q to the program's exit. */
const EXIT_BOUND_MS = 5_000;
/** How long a wait may take before it fails (longer than the bounds, so a slow key reports its time). */
const WAIT = { timeoutMs: 30_000 };

// FLAG: how a negative amount shows (issue 17, item 5), as the working tree draws it today: a ⚠
// before the amount in the list's AMOUNT cell (and no USD value), "⚠ -12,500.000000 USDT
// (negative: …)" in the detail, "the amount is negative" among a dialog's evidence. Change these
// if the words change.
const NEGATIVE_IN_LIST = /⚠ -\d/;
const NEGATIVE_IN_DETAIL = /^ Amount +⚠ -\d[\d,.]* \S+ +\(negative/m;
const NEGATIVE_IN_DIALOG = 'the amount is negative';

/** An address line (detail or dialog) showing the proxy's zero-width space as its mark. */
const ADDRESS_WITH_MARK = /^ To +\S*‹U\+200B›/m;

let sandbox: StandaloneSandbox;
let proxy: HostileProxy;
let home: string;
/** The start of the 1,000,000-character name: the first account of the accounts answer. */
let giantName: string;

beforeAll(async () => {
  // A slow world (the rows must hold still under the keys); the proxy still rewrites the
  // WebSocket's snapshot frames.
  sandbox = await startStandaloneSandbox({ args: ['--seed', '5', '--history', '300', '--speed', '0.01'] });
  proxy = await startHostileProxy(sandbox.baseUrl);
  home = mkdtempSync(join(tmpdir(), 'custody-hostile-'));
  const api = await sandboxApi(sandbox);
  giantName = (await api.accounts.list({ limit: 1000, offset: 0 }))[0]!.accountName!;
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
  if (home !== undefined) rmSync(home, { recursive: true, force: true });
});

interface Run {
  pty: PtySession;
  /** Every window title the emulated terminal was given. */
  titles: string[];
}

function start(): Run {
  const pty = spawnCustody(
    ['--base-url', proxy.baseUrl, '--workspace', sandbox.workspaceId, '--key-file', sandbox.keyFile],
    { cols: 120, rows: 40, env: { XDG_STATE_HOME: home, XDG_CONFIG_HOME: home } },
  );
  const titles: string[] = [];
  // Registered before the first chunk is parsed (that happens on a later turn of the event loop).
  pty.term.onTitleChange((title) => titles.push(title));
  return { pty, titles };
}

/** The pane in front, by its title rule ("── Transactions │ …" → "Transactions"). */
function pane(pty: PtySession): string | undefined {
  const title = pty.screenText().find((l) => l.startsWith('── '));
  return title === undefined ? undefined : /^── (\S+)/.exec(title)?.[1];
}

/** The screen row of the cursor (`▶`), -1 when none. */
function cursorRow(pty: PtySession): number {
  return pty.screenText().findIndex((l) => l.startsWith('▶'));
}

/** The rows of the list in front: below its column titles, above the rule that closes it. */
function listRows(pty: PtySession): string[] {
  const lines = pty.screenText();
  const top = lines.findIndex((l) => /^ {3}[A-Z][A-Z /]+ {2}/.test(l));
  const rows: string[] = [];
  for (let i = top + 1; top >= 0 && i < lines.length && !lines[i]!.startsWith('──'); i++) {
    if (lines[i]!.trim() !== '') rows.push(lines[i]!);
  }
  return rows;
}

/** Spawn to the first transaction rows on screen, in ms. */
async function rowsOnScreen(pty: PtySession): Promise<number> {
  const at = await pty.waitFor(() => pane(pty) === 'Transactions' && cursorRow(pty) >= 0 && listRows(pty).length > 5, {
    what: 'transaction rows',
    ...WAIT,
  });
  return at - pty.startedAt;
}

/**
 * Until the open transactions are read too (the header counts those awaiting approval): the first
 * rows are the finished ones, and the open ones come in above the cursor, which stays on its row's
 * transaction, so a key sent before then would be judged against a moving cursor.
 */
async function settled(pty: PtySession): Promise<void> {
  await pty.waitForText(/\d+ awaiting approval/, WAIT);
  await pty.waitForRawMode(WAIT);
}

/** Nothing the server sent acted on the terminal: no title, no clipboard, no C1 control. */
function expectNoServerControls(run: Run): void {
  const out = run.pty.output;
  for (const osc of ESCAPES.filter((e) => e.startsWith('\x1b]'))) {
    expect(out.includes(osc), `the raw output holds ${JSON.stringify(osc)}`).toBe(false);
  }
  // The console sets no title itself; OSC 52 is its own only on `y`, not pressed here.
  expect(out).not.toMatch(/\x1b\](?:0|1|2|52);/);
  expect(out, 'a C1 control (8-bit CSI, OSC)').not.toMatch(/[\u009b\u009d]/);
  expect(run.titles, 'the terminal title was never set').toEqual([]);
}

describe('a hostile server behind the console', () => {
  const name = 'draws, answers keys, switches panes and quits with q at once; flags what is hidden or impossible';
  it(name, { timeout: 180_000 }, async () => {
    const run = start();
    const { pty } = run;
    const firstRowsMs = await rowsOnScreen(pty);
    await settled(pty);
    const times: Array<[string, number]> = [];

    /** Sends `key` and waits for `done`; records and bounds the time to the screen. */
    async function timed(key: string, what: string, done: () => boolean): Promise<void> {
      const sent = await pty.press(key);
      const at = await pty.waitFor(done, { what, ...WAIT });
      const ms = at - sent;
      times.push([`${key} (${what})`, ms]);
      expect(ms, `${what} after ${key}: ${ms.toFixed(0)} ms`).toBeLessThan(KEY_BOUND_MS);
    }
    const move = async (key: 'j' | 'k') => {
      const before = cursorRow(pty);
      const expected = before + (key === 'j' ? 1 : -1);
      await timed(key, `cursor to row ${expected}`, () => cursorRow(pty) === expected);
    };
    const show = (key: string, title: string) => timed(key, title, () => pane(pty) === title && cursorRow(pty) >= 0);

    await move('j');
    // FLAG: negative amounts in the list.
    const negative = listRows(pty).filter((r) => / -\$?\d/.test(r));
    expect(negative.length, 'the proxy makes amounts negative').toBeGreaterThan(0);
    for (const row of negative) expect(row).toMatch(NEGATIVE_IN_LIST);
    expect(pty.screen(), 'a negative amount has no USD value').not.toContain('-$');

    // The transactions waiting for approval: withdrawals, each to an address the proxy put a
    // zero-width space into, each of a negative amount. The first one's detail shows both flagged.
    pty.write(':tx waiting-approval\r');
    await pty.waitForText('[status: waiting-approval]', WAIT);
    await pty.waitForText(/d decline/, WAIT);
    await timed('enter', 'the transaction detail', () => pane(pty) === 'Transaction');
    expect(pty.screen()).toMatch(ADDRESS_WITH_MARK);
    expect(pty.screen()).toMatch(NEGATIVE_IN_DETAIL);
    await timed('esc', 'the list again', () => pane(pty) === 'Transactions');

    // Its decline dialog: the destination with the mark, and both flags among the evidence (below
    // the facts: scrolled to).
    await timed('d', 'the decline dialog', () => pty.screen().includes('DECLINE transaction'));
    expect(pty.screen()).toMatch(ADDRESS_WITH_MARK);
    const evidence = () =>
      pty.screen().includes('the destination address contains invisible characters') && pty.screen().includes(NEGATIVE_IN_DIALOG);
    for (let page = 0; page < 30 && !evidence(); page++) {
      const before = pty.screen();
      await pty.press('pgdn');
      await pty.waitFor(() => evidence() || pty.screen() !== before, { what: 'the dialog to scroll', ...WAIT });
    }
    expect(pty.screen()).toContain('the destination address contains invisible characters');
    expect(pty.screen()).toContain(NEGATIVE_IN_DIALOG);
    await timed('esc', 'the dialog closed', () => !pty.screen().includes('DECLINE transaction'));
    await timed('esc', 'the filter cleared', () => !pty.screen().includes('[status: waiting-approval]'));

    // The other panes, and the account with the 1,000,000-character name: a row like the others,
    // and its detail opens and closes.
    await show('2', 'Addresses');
    await move('j');
    await show('1', 'Accounts');
    const giantRow = () => pty.screenText().findIndex((l) => l.slice(3).startsWith(`${giantName} `));
    expect(giantRow(), `a row for ${giantName}`).toBeGreaterThanOrEqual(0);
    while (cursorRow(pty) < giantRow()) await move('j');
    while (cursorRow(pty) > giantRow()) await move('k');
    await timed('enter', 'the account detail', () => pane(pty) === 'Account');
    await timed('esc', 'the accounts again', () => pane(pty) === 'Accounts');
    await show('3', 'Transactions');
    await move('j');
    await move('k');

    const quitAt = await pty.press('q');
    const exit = await pty.exit;
    const quitMs = exit.at - quitAt;
    expect(exit.exitCode).toBe(0);
    expect(quitMs, `q to exit: ${quitMs.toFixed(0)} ms`).toBeLessThan(EXIT_BOUND_MS);
    expectRestored(pty);
    expectNoServerControls(run);

    console.log(
      `hostile server: first rows ${firstRowsMs.toFixed(0)} ms; ` +
        times.map(([what, ms]) => `${what} ${ms.toFixed(0)} ms`).join(', ') +
        `; q → exit ${quitMs.toFixed(0)} ms`,
    );
  });

  it.each([
    ['SIGTERM', 15, '1', 'Accounts'],
    ['SIGHUP', 1, 'enter', 'Transaction'],
  ] as const)(
    '%s ends it at once (signal %i), the terminal restored, with the long names on screen',
    { timeout: 120_000 },
    async (signal, number, key, shown) => {
      const run = start();
      const { pty } = run;
      const firstRowsMs = await rowsOnScreen(pty);
      await settled(pty);
      // The long names on screen (the accounts pane with the 1,000,000-character one; a detail).
      // Only then the signal: test/helpers/pty.ts loses what the program wrote last when it is
      // still unread 200 ms after the exit (node-pty then closes the pty), which a frame sent just
      // before the signal can be on a loaded machine; the restore would look missing.
      await pty.press(key);
      await pty.waitFor(() => pane(pty) === shown, { what: `the ${shown} pane`, ...WAIT });
      const sentAt = performance.now();
      pty.kill(signal);
      const exit = await pty.exit;
      const ms = exit.at - sentAt;
      expect(exit.signal).toBe(number);
      expect(ms, `${signal} to exit: ${ms.toFixed(0)} ms`).toBeLessThan(EXIT_BOUND_MS);
      expectRestored(pty);
      expectNoServerControls(run);
      console.log(`hostile server: first rows ${firstRowsMs.toFixed(0)} ms; ${key}, then ${signal} → exit ${ms.toFixed(0)} ms`);
    },
  );
});
