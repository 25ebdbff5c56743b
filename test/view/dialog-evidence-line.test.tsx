// The evidence beside the question: at any size the confirmation step of a decision says, in one
// line, how many items of evidence there are and the gravest of them, even where the Evidence block
// is scrolled out of sight (80x24). And a server's 409 that names a member id names the member.
import { afterEach, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { displayWidth } from '../../src/format/index.js';
import { applyTransactions, type Stores, withSelf } from '../../src/store/index.js';
import type { ActionOutcome } from '../../src/view/dialog/outcome.js';
import { KEYS, loadedStores, NOW, type Rendered, renderApp, type RenderOptions, tx } from './helpers.js';

const W1 = 'tx-w1-7f3a9c2e5b1d';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

function put(stores: Stores, ...records: Transaction[]): void {
  const newer = records.map((r) => ({ ...r, updatedAt: String(NOW + 1000) }));
  stores.transactions.setState(applyTransactions(stores.transactions.getState(), newer, { now: NOW, live: false }), true);
}

/** W1 at 0.5 BTC: below the threshold, so a decline asks y/n. Its destination is in no usable record. */
function smallStores(options: RenderOptions = {}): Stores {
  const stores = loadedStores(options);
  put(stores, { ...tx(W1), params: { ...tx(W1).params, amount: '0.5' } });
  return stores;
}

async function on(id: string, options: RenderOptions): Promise<Rendered> {
  app = renderApp(options);
  app.ui.getState().patchList('transactions', { selectedId: id });
  await app.press();
  await app.type('');
  return app;
}

/** The line right above the question ("Decline this transaction?" / "Approving moves funds."). */
function lineAbove(a: Rendered, question: RegExp): string {
  const lines = a.lines();
  const at = lines.findIndex((l) => question.test(l));
  expect(at, a.frame()).toBeGreaterThan(0);
  return lines[at - 1]!;
}

const SUMMARY = /^ ⚠ \d+ evidence · destination not in the address book\s*$/;

describe('the evidence line beside the question', () => {
  it.each([
    [80, 24],
    [200, 60],
  ])('decline at %ix%i: the count and the gravest item, right above the question', async (columns, rows) => {
    const a = await on(W1, { columns, rows, stores: smallStores() });
    await a.press('d');
    await a.press(KEYS.enter); // no reason: on to the confirmation
    const above = lineAbove(a, /Decline this transaction\?/);
    expect(above).toMatch(SUMMARY);
    for (const line of a.lines()) expect(displayWidth(line)).toBeLessThanOrEqual(columns);
    if (columns === 80) {
      // The Evidence block itself is out of sight here: the line is all the person sees of it.
      expect(a.frame()).toMatch(/▼ \d+ more/);
      expect(a.frame()).not.toMatch(/^ Evidence /m);
    } else {
      expect(a.frame()).toMatch(/^ Evidence +⚠ destination not in the address book/m);
    }
  });

  it('approve at 80x24: the same line above the typed confirmation', async () => {
    const a = await on(W1, { columns: 80, rows: 24, stores: smallStores() });
    await a.press('a');
    expect(lineAbove(a, /Approving moves funds\./)).toMatch(SUMMARY);
  });

  it('ASCII: the ASCII mark, and nothing outside ASCII', async () => {
    const a = await on(W1, { columns: 80, rows: 24, stores: smallStores(), ascii: true });
    await a.press('d');
    await a.press(KEYS.enter);
    expect(lineAbove(a, /Decline this transaction\?/)).toMatch(/^ ! \d+ evidence - destination not in the address book\s*$/);
  });

  it('not on the reason step: only where the decision is asked for', async () => {
    const a = await on(W1, { columns: 80, rows: 24, stores: smallStores() });
    await a.press('d');
    expect(a.frame()).toContain('Reason (optional');
    expect(a.frame()).not.toMatch(/\d+ evidence ·/);
  });
});

describe("a server's message naming a member id", () => {
  it('409 "already approved by member …": the dialog and the status line name the member', async () => {
    const stores = smallStores();
    // The key acts as alice, one of those who may approve (k3f9 approved already).
    stores.directory.setState((s) => withSelf(s, 'alice'), true);
    const conflict: ActionOutcome = {
      kind: 'conflict',
      message: `the server refused (409: transaction ${W1} is already approved by member alice); it is still waiting-approval`,
      status: 'waiting-approval',
    };
    const a = await on(W1, { columns: 160, rows: 40, stores, script: { approve: () => Promise.resolve(conflict) } });
    await a.press('a');
    await a.type(W1.slice(-4));
    await a.decide(KEYS.enter);
    expect(a.frame()).toContain('already approved by member Alice Moreau (you)');
    expect(a.frame()).not.toMatch(/member alice/);
    await a.press(KEYS.enter);
    expect(a.lines().at(-2)).toContain('already approved by member Alice Moreau (you)');
  });

  it('an id that is no member: "(not a member)"', async () => {
    const conflict: ActionOutcome = {
      kind: 'conflict',
      message: `the server refused (409: transaction ${W1} is already approved by member 9zq4x7p2ww); it is still waiting-approval`,
      status: 'waiting-approval',
    };
    const a = await on(W1, { columns: 160, rows: 40, stores: smallStores(), script: { approve: () => Promise.resolve(conflict) } });
    await a.press('a');
    await a.type(W1.slice(-4));
    await a.decide(KEYS.enter);
    expect(a.frame()).toContain('already approved by member 9zq4x7p2… (not a member)');
  });
});
