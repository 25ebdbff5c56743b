// The transaction detail: header, approvals with a live countdown, the event timeline (oldest
// first, USD, explorer links), the other fields in readable form, the statuses seen.
import { afterEach, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/format/index.js';
import { applyTransactions, type StatusSeen } from '../../src/store/index.js';
import type { RenderCtx } from '../../src/view/draw/context.js';
import { transactionDetailLines } from '../../src/view/resources/transactions/detail-lines.js';
import { hardWrap } from '../../src/view/draw/detail-kit.js';
import { KEYS, loadedStores, NOW, type Rendered, renderApp, settle, tx, withEvents } from './helpers.js';

function ctx(now = NOW, ascii = false): RenderCtx {
  const stores = loadedStores();
  return {
    ascii,
    now,
    dictionary: stores.dictionary.getState(),
    workspace: stores.workspace.getState(),
    prices: stores.prices.getState().bySymbol,
  };
}

function text(
  id: string,
  options: { now?: number; width?: number; ascii?: boolean; seen?: StatusSeen[]; events?: boolean } = {},
): string {
  const t = options.events === false ? tx(id) : withEvents(tx(id));
  return transactionDetailLines(t, ctx(options.now, options.ascii), options.seen, options.width ?? 120)
    .map((line) => line.map((s) => s.text).join(''))
    .join('\n');
}

describe('detail lines', () => {
  it('header: type, status word, full-precision amount, USD, account, destination, network, times, ids', () => {
    const t = text('tx-w1-7f3a9c2e5b1d');
    expect(t).toContain('withdrawal  ⚠ waiting-approval');
    expect(t).toMatch(/Amount +25\.00000000 BTC +~ \$2,435,302\.50/);
    expect(t).toMatch(/Account +Treasury Cold/);
    expect(t).toMatch(/To +bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwfn5hj9/);
    expect(t).toMatch(/Network +Bitcoin \(BTC\)/);
    expect(t).toMatch(/Created +12s ago +2025-11-21 \d\d:59:48/);
    expect(t).toMatch(/Expires +in 5m 00s/);
    expect(t).toMatch(/External id +payout-2025-11-21/);
    expect(t).toMatch(/Description +monthly payout/);
    expect(t).toMatch(/Id +tx-w1-7f3a9c2e5b1d/);
  });

  it('an amount reads as in the list (8 digits of ETH), with any further digit that is not zero', () => {
    expect(text('tx-w2-9d1c7e3b5a2f')).toContain('1.50000000 ETH');
  });

  it('approvals: k of number, who approved, who may, security delay counting down', () => {
    const t = text('tx-w1-7f3a9c2e5b1d');
    expect(t).toMatch(/Approved +1 of 2 +by k3f9/);
    expect(t).toMatch(/May approve +alice, bob/);
    expect(t).toMatch(/Security delay +4h, ends in 3h 12m/);
    const later = text('tx-w1-7f3a9c2e5b1d', { now: NOW + 3 * 3600_000 + 12 * 60_000 });
    expect(later).toMatch(/ends in 0h 00m|ends in 5s/);
    const after = text('tx-w1-7f3a9c2e5b1d', { now: NOW + 5 * 3600_000 });
    expect(after).toMatch(/Security delay +4h, ended 1h ago/);
    expect(text('tx-w2-9d1c7e3b5a2f')).toMatch(/Approved +2 of 2 +by alice, bob/);
    expect(text('tx-d1-2b8e4f6a0c3d')).not.toContain('Approvals');
  });

  it('timeline: one line per event, oldest first: type, amount, asset, USD, chain id, explorer link', () => {
    const lines = text('tx-w2-9d1c7e3b5a2f').split('\n');
    const start = lines.findIndex((l) => l.includes('Events (3, oldest first)'));
    const out = lines[start + 1]!;
    expect(out).toMatch(/11-21 \d\d:51:30 +↑ out +1\.50000000 ETH +\$5,103\.83 +0xfeedface02/);
    expect(lines[start + 2]).toBe('    https://etherscan.io/tx/0xfeedface02');
    expect(lines[start + 3]).toMatch(/% fee +0\.00042000 ETH +\$1\.43/);
    // An unknown event type and asset show as their raw text; no price, no USD.
    expect(lines[start + 5]).toMatch(/\? stake-sur… +3 999 *$/);
  });

  it('events not loaded yet, and none at all', () => {
    expect(text('tx-w1-7f3a9c2e5b1d', { events: false })).toContain('loading the events...');
    expect(text('tx-w1-7f3a9c2e5b1d')).toContain('none yet');
  });

  it('other fields, readable: chain details, confirmations, quote, fiat ramp, unknown params', () => {
    const dep = text('tx-d1-2b8e4f6a0c3d');
    expect(dep).toMatch(/From +0x39aa39c021dfbae8fac545936693ac917d5e9B80/);
    expect(dep).toMatch(/Blockchain tx +0xdeadbeef01 on Ethereum/);
    expect(dep).toContain('https://etherscan.io/tx/0xdeadbeef01');
    expect(dep).toMatch(/Confirmations +12 of 12/);
    const swap = text('tx-s1-4a6c8e0b2d4f');
    expect(swap).toMatch(/Swap +2\.00000000 ETH → 6,805\.100000 USDT/);
    expect(swap).toMatch(/Quote +uniswap 2\.00000000 ETH → 6,805\.100000 USDT/);
    expect(swap).toMatch(/Minimum +6,771\.070000 USDT/);
    expect(swap).toMatch(/Fees +network \$1\.20, service \$6\.80/);
    const fiat = text('tx-f1-6b8d0f2a4c6e');
    expect(fiat).toMatch(/Fiat ramp +sandbox-ramp, fiat 499\.10 USD, rate 0\.9982/);
    expect(fiat).toMatch(/Bank +Sandbox Treasury Ltd \(JPMorgan Chase, ach, US\)/);
    expect(fiat).toMatch(/Fiat asset id +7/);
    expect(text('tx-w1-7f3a9c2e5b1d')).toMatch(/Fee level +medium/);
  });

  it('statuses seen: on one line when they fit, one per line when not', () => {
    const seen: StatusSeen[] = [
      { status: 'new', at: NOW - 3000 },
      { status: 'waiting-approval', at: NOW - 2000 },
      { status: 'approved', at: NOW - 1000 },
    ];
    expect(text('tx-w1-7f3a9c2e5b1d', { seen })).toMatch(
      /\d\d:59:57 ○ new → \d\d:59:58 ⚠ waiting-approval → \d\d:59:59 ⋯ approved/,
    );
    const narrow = text('tx-w1-7f3a9c2e5b1d', { seen, width: 40 });
    expect(narrow).toMatch(/\n +2025-11-21 \d\d:59:57 +○ new\n/);
    expect(text('tx-w1-7f3a9c2e5b1d')).toMatch(/Statuses seen by this console\n +none yet/);
  });

  it('long values wrap whole instead of being cut', () => {
    const t = text('tx-w1-7f3a9c2e5b1d', { width: 40 });
    expect(t.replace(/\n +/g, '')).toContain('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwfn5hj9');
    expect(hardWrap('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(hardWrap('ab', 4)).toEqual(['ab']);
    expect(hardWrap('界界界', 4)).toEqual(['界界', '界']);
  });

  it('ASCII: no non-ASCII glyph of ours', () => {
    const seen: StatusSeen[] = [{ status: 'new', at: NOW }];
    for (const id of ['tx-w1-7f3a9c2e5b1d', 'tx-w2-9d1c7e3b5a2f', 'tx-s1-4a6c8e0b2d4f']) {
      expect(text(id, { ascii: true, seen })).not.toMatch(/[^\x00-\x7f]/);
    }
  });
});

describe('detail pane', () => {
  let app: Rendered | undefined;
  afterEach(() => {
    app?.unmount();
    app = undefined;
  });

  it.each([
    [120, 40, true],
    [120, 40, false],
    [80, 24, true],
    [80, 24, false],
  ])('at %ix%i (color %s): scrollable, within the frame', async (columns, rows, color) => {
    const stores = loadedStores();
    stores.transactions.setState(
      applyTransactions(stores.transactions.getState(), [withEvents(tx('tx-w2-9d1c7e3b5a2f'))], {
        now: NOW,
        live: false,
      }),
      true,
    );
    app = renderApp({ columns, rows, color, stores });
    await settle();
    await app.press('j', 'j', KEYS.enter);
    const f = app.frame();
    expect(f).toContain('Transaction tx-w2-9d');
    expect(f).toContain('withdrawal  ⋯ broadcasted');
    expect(f).toContain('esc back');
    expect(app.lines().length).toBeLessThanOrEqual(rows - 1);
    for (const line of app.lines()) expect(displayWidth(line)).toBeLessThanOrEqual(columns);
    await app.press('G');
    expect(app.frame()).toContain('Statuses seen by this console');
    // 28 lines: a page at 24 rows, the whole of it at 40.
    if (rows === 24) expect(app.frame()).toMatch(/▲ \d+ above/);
    else expect(app.frame()).not.toContain('more');
  });

  it('the countdown ticks once a second while the detail is open', async () => {
    let now = NOW;
    app = renderApp({ columns: 120, rows: 50, now: () => now });
    await settle();
    await app.press(KEYS.enter);
    expect(app.frame()).toContain('Expires         in 5m 00s');
    now = NOW + 1_000;
    await new Promise((r) => setTimeout(r, 1_150));
    await settle();
    expect(app.frame()).toContain('Expires         in 4m 59s');
  });

  it('a transaction not loaded yet says so', async () => {
    app = renderApp({ columns: 100, rows: 30, ui: { detail: { pane: 'transactions', id: 'tx-elsewhere', scroll: 0 } } });
    await settle();
    expect(app.frame()).toContain('loading transaction tx-elsewhere...');
  });
});
