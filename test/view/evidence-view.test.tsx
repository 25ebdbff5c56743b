// The evidence on screen, through the real App: the detail's "── Evidence" section and the dialog's
// block above the question, each item a symbol and words (an ASCII mark without UTF-8), the fact
// under it; what the dialog shows is frozen when it opens.
import { afterEach, describe, expect, it } from 'vitest';
import { AddressBookRecordSchema, BalanceSchema, MemberSchema } from '../../src/contract/index.js';
import {
  type Stores,
  withAllBalances,
  withBalancesState,
  withBook,
  withMembers,
  withReferenceState,
} from '../../src/store/index.js';
import { evidenceLines, NOTHING_NOTED } from '../../src/view/resources/transactions/detail-evidence.js';
import { KEYS, loadedStores, NOW, type Rendered, renderApp, type RenderOptions } from './helpers.js';

const W1 = 'tx-w1-7f3a9c2e5b1d';
const W1_TO = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwfn5hj9';
const DEPOSIT = 'tx-d1-2b8e4f6a0c3d';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

const record = (recordId: string, name: string, networkId: string, address: string) =>
  AddressBookRecordSchema.parse({
    recordId,
    externalId: recordId,
    workspaceId: 'ws-7h2k9q',
    recordType: 'address',
    name,
    status: 'active',
    createdAt: '1700000000000',
    networkId,
    address,
  });

/**
 * The fixtures, with an address book that does not hold W1's destination, members for its creator
 * (k3f9, who also approved it), and 30 BTC in its account: W1 moves 25 of them.
 */
function stores(options: RenderOptions = {}): Stores {
  const s = loadedStores(options);
  s.directory.setState(
    (d) =>
      withBook(
        withMembers(
          d,
          [
            MemberSchema.parse({
              workspaceId: 'ws-7h2k9q',
              userId: 'k3f9',
              status: 'active',
              createdAt: '1700000000000',
              _embedded: { profile: { userId: 'k3f9', name: 'Dana Whitfield' } },
            }),
          ],
          NOW,
        ),
        [record('rec-1', 'Kraken hot', 'BTC', 'bc1qkrakenhot000000000000000000000000000'), record('rec-2', 'Cold vault', 'ETH', '0x1')],
        NOW,
      ),
    true,
  );
  s.balances.setState(
    (b) =>
      withAllBalances(
        b,
        [
          BalanceSchema.parse({
            balanceId: 'bal-1',
            accountId: 'acc-cold-0001',
            accountType: 'vault',
            workspaceId: 'ws-7h2k9q',
            assetId: '1',
            totalBalance: '30',
            withdrawableBalance: '5',
          }),
        ],
        NOW,
      ),
    true,
  );
  return s;
}

async function open(options: RenderOptions & { detail?: boolean } = {}): Promise<Rendered> {
  const detail = options.detail === true ? { detail: { pane: 'transactions', id: W1, scroll: 0 } } : {};
  app = renderApp({ rows: 60, ...options, ui: { ...detail, ...options.ui } });
  app.ui.getState().patchList('transactions', { selectedId: W1 });
  await app.press();
  await app.type('');
  return app;
}

/** The frame's lines from `title` on (a section or the dialog's evidence), trimmed at the right. */
function from(a: Rendered, title: RegExp, count: number): string[] {
  const lines = a.lines();
  const at = lines.findIndex((l) => title.test(l));
  expect(at, `no ${title} in:\n${a.frame()}`).toBeGreaterThanOrEqual(0);
  return lines.slice(at, at + count).map((l) => l.trimEnd());
}

describe('the detail', () => {
  it('has an Evidence section: symbol and words, the fact under each, the weightiest first', async () => {
    const a = await open({ stores: stores(), detail: true });
    expect(from(a, /── Evidence/, 7)).toEqual([
      ' ── Evidence',
      '  ⚠ destination not in the address book',
      '    none of the 2 address-book records match its network, address and memo',
      '  ↺ the creator approved it themselves',
      '    created by Dana Whitfield; approved by Dana Whitfield (1 of 2 needed)',
      '  ◐ would move most of its BTC balance',
      '    83%: 25 of 30 BTC; withdrawable 5 BTC',
    ]);
  });

  it('in ASCII: the marks are ASCII, the words the same', async () => {
    const a = await open({ stores: stores({ ascii: true }), detail: true, ascii: true });
    const lines = from(a, /-- Evidence/, 6);
    expect(lines[1]).toBe('  ! destination not in the address book');
    expect(lines[3]).toBe('  @ the creator approved it themselves');
    expect(lines[5]).toBe('  % would move most of its BTC balance');
  });

  it('what could not be checked says so, muted, and is never "not in address book"', async () => {
    const s = loadedStores();
    s.directory.setState((d) => withReferenceState({ ...d, book: [] }, 'book', 'forbidden'), true);
    s.balances.setState((b) => withBalancesState({ ...b, byId: new Map(), loadedAt: undefined }, 'forbidden'), true);
    const a = await open({ stores: s, detail: true });
    const text = a.frame();
    expect(text).toContain('? address book not readable: destination unchecked');
    expect(text).toContain('? balance not readable: share of the balance unchecked');
    expect(text).toContain("the key's role may not read balances");
    expect(text).not.toContain('not in the address book');
  });

  it('follows the stores: the destination added to the book takes its item away', async () => {
    const s = stores();
    const a = await open({ stores: s, detail: true });
    expect(a.frame()).toContain('destination not in the address book');
    s.directory.setState((d) => withBook(d, [...d.book, record('rec-3', 'Payee', 'BTC', W1_TO)], NOW + 1), true);
    await a.press();
    expect(a.frame()).not.toContain('destination not in the address book');
    expect(a.frame()).toContain('── Evidence');
  });

  it('no section for a deposit', async () => {
    app = renderApp({ stores: stores(), rows: 60, ui: { detail: { pane: 'transactions', id: DEPOSIT, scroll: 0 } } });
    await app.press();
    expect(app.frame()).toContain('deposit');
    expect(app.frame()).not.toContain('Evidence');
  });
});

describe('the dialog', () => {
  it.each([
    ['decline', 'd', 'DECLINE transaction'],
    ['approve', 'a', 'APPROVE transaction'],
    ['cancel', 'c', 'CANCEL transaction'],
  ])('%s: the evidence above the question', async (_n, key, title) => {
    const a = await open({ stores: stores() });
    await a.press(key);
    expect(a.frame()).toContain(title);
    const block = from(a, /^ Evidence/, 6);
    expect(block[0]).toMatch(/^ Evidence +⚠ destination not in the address book$/);
    expect(block[1]).toMatch(/^ +none of the 2 address-book records match its network, address and memo$/);
    expect(block.join('\n')).toContain('↺ the creator approved it themselves');
    expect(block.join('\n')).toContain('◐ would move most of its BTC balance');
    // Before the decision: the evidence is above the reason or the confirmation.
    const lines = a.lines();
    const evidenceAt = lines.findIndex((l) => l.includes('destination not in the address book'));
    const questionAt = lines.findIndex((l) => /Reason \(optional|Type the last 4 characters/.test(l));
    expect(questionAt).toBeGreaterThan(evidenceAt);
  });

  it('is frozen when it opens: a book read later does not change what is being decided on', async () => {
    const s = stores();
    const a = await open({ stores: s });
    await a.press('d');
    s.directory.setState((d) => withBook(d, [...d.book, record('rec-3', 'Payee', 'BTC', W1_TO)], NOW + 1), true);
    await a.press('x');
    expect(a.frame()).toContain('⚠ destination not in the address book');
  });

  it('in ASCII', async () => {
    const a = await open({ stores: stores({ ascii: true }), ascii: true });
    await a.press('d');
    expect(a.frame()).toMatch(/ Evidence +! destination not in the address book/);
  });

  it('on a short screen the evidence scrolls into view, and the indicator says more is below', async () => {
    const a = await open({ stores: stores(), rows: 24 });
    await a.press('d');
    expect(a.frame()).toMatch(/▼ \d+ more \(↓\)/);
    for (let i = 0; i < 12; i++) await a.press(KEYS.down);
    expect(a.frame()).toContain('would move most of its BTC balance');
  });
});

describe('evidenceLines', () => {
  it('says when the checks found nothing, rather than showing nothing', () => {
    expect(evidenceLines([], 80, 2, false)).toEqual([[{ text: '  ' }, { text: NOTHING_NOTED, token: 'muted' }]]);
  });

  it('wraps words and facts under the words, the mark colored only as a second cue', () => {
    const lines = evidenceLines(
      [{ symbol: '⚠', ascii: '!', text: 'destination not in the address book', fact: 'none of the 2 records match', tone: 'warning' }],
      30,
      2,
      true,
    );
    expect(lines.map((l) => l.map((s) => s.text).join(''))).toEqual([
      '  ! destination not in the',
      '    address book',
      '    none of the 2 records',
      '    match',
    ]);
    expect(lines[0]![1]).toEqual({ text: '!', token: 'warning' });
    expect(lines[0]![2]!.token).toBeUndefined();
  });
});
