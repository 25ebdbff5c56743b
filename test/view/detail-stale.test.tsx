// No stale countdown in a transaction's detail: an ended transaction's expiry and security delay
// are history ("no longer: canceled"), never "in 57m"; a created swap's quote expiry is a moment,
// not a countdown. Pure lines, table-driven, and the open detail as a live cancel arrives.
import { afterEach, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { formatAbsolute } from '../../src/format/index.js';
import { applyTransactions } from '../../src/store/index.js';
import type { RenderCtx } from '../../src/view/draw/context.js';
import { transactionDetailLines } from '../../src/view/resources/transactions/detail-lines.js';
import { KEYS, loadedStores, NOW, type Rendered, renderApp, settle, tx } from './helpers.js';

const stores = loadedStores();
const ctx: RenderCtx = {
  ascii: false,
  now: NOW,
  dictionary: stores.dictionary.getState(),
  workspace: stores.workspace.getState(),
  prices: stores.prices.getState().bySymbol,
};

/** tx-w1: expires at NOW + 5m, its security delay ends at NOW + 3h 12m 05s. */
const W1 = tx('tx-w1-7f3a9c2e5b1d');
const EXPIRES = Number(W1.expiresAt);
const DELAY_END = Number(W1.extra!.approvers!.securityDelayExpiresAt);

function text(t: Transaction, now = NOW): string {
  return transactionDetailLines(t, { ...ctx, now }, undefined, 120)
    .map((line) => line.map((s) => s.text).join(''))
    .join('\n');
}

function ended(status: string, over: Partial<Transaction> = {}): Transaction {
  return { ...W1, status, terminatedAt: String(NOW - 60_000), ...over };
}

describe('an ended transaction counts nothing down', () => {
  it.each([
    ['waiting-approval (runs)', W1, /Expires +in 5m 00s/, /Security delay +4h, ends in 3h 12m/],
    ['manual-resolving (runs: a person is on it)', { ...W1, status: 'manual-resolving' }, /Expires +in 5m 00s/, /ends in 3h 12m/],
    [
      'canceled',
      ended('canceled'),
      new RegExp(`Expires +no longer: canceled {2}\\(was due ${formatAbsolute(EXPIRES)}\\)`),
      new RegExp(`Security delay +4h, no longer: canceled {2}\\(was to end ${formatAbsolute(DELAY_END)}\\)`),
    ],
    ['completed', ended('completed'), /Expires +no longer: completed/, /no longer: completed/],
    ['failed-on-blockchain', ended('failed-on-blockchain'), /Expires +no longer: failed-on-blockchain/, /no longer: failed/],
    ['partially-completed', ended('partially-completed'), /no longer: partially-completed/, /no longer: partially/],
    // A status this console does not know, but the server says it ended.
    ['unknown, terminated', ended('quantum-done'), /Expires +no longer: quantum-done/, /no longer: quantum-done/],
    ['expired, before its time by our clock', ended('expired'), new RegExp(`Expired +${formatAbsolute(EXPIRES)}$`, 'm'), /no longer: expired/],
  ] as const)('%s', (_what, t, expires, delay) => {
    const out = text(t);
    expect(out).toMatch(expires);
    expect(out).toMatch(delay);
    if (t.status !== 'waiting-approval' && t.status !== 'manual-resolving') expect(out).not.toMatch(/ in \d+[hms]/);
  });

  it('expired, after its time: when it expired, relative and whole', () => {
    expect(text(ended('expired'), EXPIRES + 60_000)).toMatch(/Expired +1m ago {2}/);
  });

  it('a security delay that ended before the cancel still says when it ended', () => {
    expect(text(ended('canceled'), DELAY_END + 3_600_000)).toMatch(/Security delay +4h, ended 1h ago/);
  });

  it("a swap's quote expiry is a moment, not a countdown, whatever the status", () => {
    const s1 = tx('tx-s1-4a6c8e0b2d4f');
    const quoted = (status: string): Transaction => ({
      ...s1,
      status,
      extra: { ...s1.extra, quoteDetails: { ...s1.extra!.quoteDetails, expiresAt: String(NOW + 30_000) } },
    });
    for (const status of ['signing', 'completed']) {
      const out = text(quoted(status));
      expect(out).toContain(`Quote valid to  ${formatAbsolute(NOW + 30_000)}`);
      expect(out).not.toMatch(/in 30s/);
    }
  });
});

describe('the open detail when a cancel arrives live', () => {
  let app: Rendered | undefined;
  afterEach(() => {
    app?.unmount();
    app = undefined;
  });

  it('"Expires in 5m" and the running delay give way to "no longer: canceled"', async () => {
    app = renderApp({ columns: 120, rows: 50 });
    await settle();
    await app.press(KEYS.enter);
    expect(app.frame()).toContain('Expires         in 5m 00s');
    expect(app.frame()).toMatch(/Security delay +4h, ends in 3h 12m/);
    const canceled: Transaction = {
      ...W1,
      status: 'canceled',
      updatedAt: String(NOW + 1_000),
      terminatedAt: String(NOW + 1_000),
    };
    app.stores.transactions.setState(
      applyTransactions(app.stores.transactions.getState(), [canceled], { now: NOW + 1_000, live: true }),
      true,
    );
    await settle();
    const f = app.frame();
    expect(f).toContain('withdrawal  ⊘ canceled');
    expect(f).toContain('Expires         no longer: canceled');
    expect(f).toMatch(/Security delay +4h, no longer: canceled/);
    expect(f).not.toMatch(/in 5m|ends in/);
  });
});
