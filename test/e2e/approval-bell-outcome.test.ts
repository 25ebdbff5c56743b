// A decision pauses nothing but itself, in a real pseudo-terminal: the built console approves a
// transaction against a sandbox whose clock the test moves, and leaves the outcome screen ("enter
// or esc closes") open. Live updates flow again at once (no PAUSED), and a transaction that enters
// waiting-approval meanwhile rings the bell and counts in the header while the outcome is still on
// screen.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { disposeAllPtys, type PtySession, spawnCustody } from '../helpers/pty.js';
import { type ApprovalWorld, bells, startApprovalWorld } from './approval-world.js';
import { expectRestored } from './helpers.js';

afterEach(disposeAllPtys);

const WAIT = { timeoutMs: 15_000 };
const TYPED = 'Type the last 4 characters';
const header = (pty: PtySession) => pty.screenText()[0] ?? '';

function dialogId(pty: PtySession): string {
  for (const line of pty.screenText()) {
    const m = /^ Id +(\S+)\s*$/.exec(line);
    if (m) return m[1]!;
  }
  throw new Error(`no Id line in the dialog:\n${pty.screen()}`);
}

describe('the outcome of a decision holds nothing', () => {
  let world: ApprovalWorld;
  beforeAll(async () => {
    world = await startApprovalWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('approve, leave the outcome open: a new approval rings the bell and counts at once', async () => {
    const pty = spawnCustody([...world.args], { cols: 120, rows: 30 });
    await pty.waitFor(() => /● live/.test(header(pty)) && /\d+ awaiting approval · n/.test(header(pty)), {
      timeoutMs: 20_000,
      what: 'live, with the approval count known',
    });
    // The catch-up after the first read comes a moment later: what waited then rings nothing.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(bells(pty.output)).toBe(0);

    // Approve the first waiting one: n goes to it, a opens the dialog (a decision: PAUSED).
    await pty.press('n');
    await pty.waitFor(() => pty.screenText().find((l) => l.startsWith('▶'))?.includes('waiting-approval') === true, {
      ...WAIT,
      what: 'a waiting row selected',
    });
    await pty.press('a');
    await pty.waitForText(TYPED, WAIT);
    await pty.waitFor(() => header(pty).includes('PAUSED'), { ...WAIT, what: 'held while deciding' });
    const suffix = dialogId(pty).slice(-4);
    await pty.press(...suffix);
    await pty.waitForText(`> ${suffix}█`, WAIT);
    await pty.decide('enter');
    await pty.waitForText(/ enter close/, WAIT);

    // The outcome is on screen and holds nothing.
    await pty.waitFor(() => !header(pty).includes('PAUSED'), { ...WAIT, what: 'live again under the outcome' });
    expect(header(pty)).not.toMatch(/updates? waiting/);

    await world.enterWaiting(1);
    await pty.waitFor(() => bells(pty.output) === 1, { ...WAIT, what: 'the bell, with the outcome open' });
    const waiting = await world.fx.client().transactions.list({ transactionStatuses: ['waiting-approval'], limit: 1000 });
    await pty.waitFor(() => new RegExp(`● 1 new +${waiting.length} awaiting approval`).test(header(pty)), {
      ...WAIT,
      what: `the header counting ${waiting.length}`,
    });
    expect(pty.screen(), 'the outcome is still open').toMatch(/ enter close/);

    await pty.press('enter');
    await pty.waitForNoText(/ enter close/, WAIT);
    await pty.press('q');
    expect((await pty.exit).exitCode).toBe(0);
    expectRestored(pty);
  }, 90_000);
});
