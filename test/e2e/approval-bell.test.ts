// Calling the operator, in a real pseudo-terminal: the built console against a sandbox whose clock
// the test moves (nothing happens in its world unless the test says so). The transactions waiting
// at start ring nothing; one that enters waiting-approval rings the bell once and marks the header;
// a burst rings once; with --notify a desktop notification (OSC 9 / 777) goes with it. And before
// data: offline at start says so in the pane, and the approval count is "?".
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { disposeAllPtys, type PtySession, spawnCustody } from '../helpers/pty.js';
import { type ApprovalWorld, bells, startApprovalWorld } from './approval-world.js';
import { expectRestored } from './helpers.js';

afterEach(disposeAllPtys);

/** Desktop notifications sent (OSC 9 or OSC 777 notify). */
function notifications(output: string): string[] {
  return [...output.matchAll(/\u001b\](?:9|777;notify);([^\u0007\u001b]*)\u0007/g)].map((m) => m[1]!);
}

const header = (pty: PtySession) => pty.screenText()[0] ?? '';

describe('a transaction entering waiting-approval rings the bell', () => {
  let world: ApprovalWorld;
  beforeAll(async () => {
    world = await startApprovalWorld();
  });
  afterAll(async () => {
    await world?.close();
  });
  const enterWaiting = (n: number) => world.enterWaiting(n);

  function spawn(args: string[] = []): PtySession {
    return spawnCustody([...world.args, ...args], { cols: 120, rows: 30 });
  }

  it('not for those waiting at start; once when one enters; once for a burst; the header is marked', async () => {
    const pty = spawn(['--notify']);
    await pty.waitFor(() => /● live/.test(header(pty)) && /\d+ awaiting approval · n/.test(header(pty)), {
      timeoutMs: 20_000,
      what: 'live, with the approval count known',
    });
    const atStart = Number(/(\d+) awaiting approval/.exec(header(pty))![1]);
    expect(atStart).toBeGreaterThan(0);
    // The catch-up after the first read comes a moment later: still no bell for what waited then.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(bells(pty.output)).toBe(0);
    expect(notifications(pty.output)).toEqual([]);

    const [first] = await enterWaiting(1);
    await pty.waitFor(() => bells(pty.output) === 1, { timeoutMs: 10_000, what: 'one bell' });
    await pty.waitFor(() => new RegExp(`● 1 new +${atStart + 1} awaiting approval · n`).test(header(pty)), {
      timeoutMs: 10_000,
      what: 'the header marked',
    });
    // BEL and the OSC take no cell: the frame is where it was, one row short of the terminal.
    expect(pty.screenText()[0]).toMatch(/^ custody /);
    expect(pty.screenText()[29]).toBe('');
    expect(pty.screenText().some((l) => /q quit/.test(l))).toBe(true);
    const said = notifications(pty.output);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^custody: approval needed( - |,)withdrawal [\d,.]+ \S+ from \S/);
    expect(said[0]).not.toContain(first!);

    // n goes to it (the newest waiting row) and clears the mark.
    await pty.press('n');
    await pty.waitFor(() => !header(pty).includes('new'), { what: 'the mark cleared' });
    expect(pty.screenText().find((l) => l.startsWith('▶'))).toContain('waiting-approval');

    // A burst, after a quiet moment: two in one go ring once.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    await enterWaiting(2);
    await pty.waitFor(() => bells(pty.output) === 2, { timeoutMs: 10_000, what: 'the second bell' });
    await pty.waitFor(() => new RegExp(`● 2 new +${atStart + 3} awaiting approval`).test(header(pty)), {
      timeoutMs: 10_000,
      what: 'two new',
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(bells(pty.output)).toBe(2);
    expect(notifications(pty.output)[1]).toMatch(/^custody: 2 approvals needed/);

    await pty.press('q');
    expect((await pty.exit).exitCode).toBe(0);
    expectRestored(pty);
  }, 60_000);

  it('--no-bell: the header is still marked, and nothing rings', async () => {
    const pty = spawn(['--no-bell']);
    await pty.waitFor(() => /● live/.test(header(pty)) && /\d+ awaiting approval · n/.test(header(pty)), {
      timeoutMs: 20_000,
      what: 'live, with the approval count known',
    });
    await enterWaiting(1);
    await pty.waitFor(() => /● 1 new/.test(header(pty)), { timeoutMs: 10_000, what: 'the header marked' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(bells(pty.output)).toBe(0);
    await pty.press('q');
    expect((await pty.exit).exitCode).toBe(0);
  }, 45_000);
});

describe('before data', () => {
  it('offline at start: the pane says the server cannot be reached, the approval count is "?"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'custody-offline-'));
    try {
      const keyFile = join(dir, 'key.jwk');
      const { generatePrivateJwk } = await import('../../src/auth/index.js');
      writeFileSync(keyFile, JSON.stringify(await generatePrivateJwk()), { mode: 0o600 });
      // A loopback port nothing listens on: connections are refused at once.
      const pty = spawnCustody(['--base-url', 'http://127.0.0.1:1', '--workspace', 'ws-1', '--key-file', keyFile], {
        cols: 120,
        rows: 30,
      });
      await pty.waitForText(/cannot read transactions: cannot reach the server/, { timeoutMs: 20_000 });
      expect(header(pty)).toContain('○ offline');
      expect(header(pty)).toContain('? awaiting approval');
      expect(pty.screen()).not.toContain('loading transactions');
      // Still said while the reads are retried.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(pty.screen()).toContain('cannot read transactions');
      expect(header(pty)).toContain('? awaiting approval');
      await pty.press('q');
      expect((await pty.exit).exitCode).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 45_000);
});
