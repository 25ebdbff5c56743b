// A new filter opens at row 1, and a typo is a typo (issue 18), in a real terminal against a
// standalone sandbox: scrolled deep (G), `:tx withdrawal` shows its first row selected and its
// range from 1, with nothing counted "new"; `:tx waitng` is refused by name with the word it was
// likely meant to be, and the warning ends with the next key.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { disposeAllPtys, type PtySession, spawnCustody, type StandaloneSandbox, startStandaloneSandbox } from '../helpers/pty.js';
import { expectRestored, waitForLiveRows } from './helpers.js';

afterEach(disposeAllPtys);

let sandbox: StandaloneSandbox;

beforeAll(async () => {
  // A slow world: the rows hold still while the test reads them.
  sandbox = await startStandaloneSandbox({ args: ['--seed', '5', '--history', '300', '--speed', '0.01'] });
}, 30_000);

afterAll(async () => {
  await sandbox?.close();
});

const title = (pty: PtySession) => pty.screenText().find((l) => l.startsWith('── Transactions │')) ?? '';

function tableRows(pty: PtySession): string[] {
  const lines = pty.screenText();
  const head = lines.findIndex((l) => l.includes('TYPE') && l.includes('STATUS'));
  const end = lines.findIndex((l, i) => i > head && l.startsWith('──'));
  return lines.slice(head + 1, end);
}

describe('a deep filter opens at its first row; a typo is refused by name', () => {
  it('G, :tx withdrawal → row 1 selected, range from 1; :tx waitng → did you mean', async () => {
    const pty = spawnCustody(['--base-url', sandbox.baseUrl, '--workspace', sandbox.workspaceId, '--key-file', sandbox.keyFile], {
      cols: 120,
      rows: 40,
    });
    await waitForLiveRows(pty);
    await pty.waitForText(/● live/, { timeoutMs: 15_000 });

    // Deep: the bottom of what is read, then the bottom again once more is read below it.
    await pty.press('G');
    await pty.waitFor(() => !/── 1-\d+ of /.test(title(pty)), { what: 'the window away from the top' });
    await pty.press('G');
    await pty.waitFor(() => /^▶/.test(tableRows(pty).at(-1) ?? ''), { what: 'the last row selected' });

    await pty.press(':');
    pty.type('tx withdrawal');
    await pty.press('enter');
    await pty.waitFor(() => title(pty).includes('[type: withdrawal]') && /── 1-\d+ of /.test(title(pty)), {
      what: 'the withdrawals from their first row',
      timeoutMs: 15_000,
    });
    await pty.waitFor(() => /^▶/.test(tableRows(pty)[0] ?? ''), { what: 'the first row selected' });
    expect(tableRows(pty)[0]).toContain('withdrawal');
    expect(title(pty)).not.toMatch(/new \(g shows/);

    await pty.press(':');
    pty.type('tx waitng');
    await pty.press('enter');
    await pty.waitForText("unknown word 'waitng': did you mean waiting-approval?", { timeoutMs: 10_000 });
    // The view stays as it was; the warning ends with the next key.
    expect(title(pty)).toContain('[type: withdrawal]');
    await pty.press('j');
    await pty.waitFor(() => !pty.screenText().some((l) => l.includes('did you mean')), { what: 'the warning gone' });

    await pty.press('q');
    expect((await pty.exit).exitCode).toBe(0);
    expectRestored(pty);
  }, 60_000);
});
