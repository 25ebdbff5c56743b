// `y`'s copy menu: what each resource offers to copy (a pure table), what is copied exactly and
// what is shown bounded, and the menu on screen (y opens it, a key copies, yy the id, Esc closes).
import { afterEach, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { copiedText, copyMenuLines, previewText } from '../../src/view/lists/copy-menu.js';
import { accounts } from '../../src/view/resources/accounts/resource.js';
import { addresses } from '../../src/view/resources/addresses/resource.js';
import { balances } from '../../src/view/resources/balances/resource.js';
import { activity } from '../../src/view/resources/activity/resource.js';
import { prices } from '../../src/view/resources/prices/resource.js';
import { type CopyEntry, transactionCopies } from '../../src/view/resources/copies.js';
import { fixtures, KEYS, loadedStores, renderApp, settle, tx } from './helpers.js';

const stores = loadedStores();
const ctx = { dictionary: stores.dictionary.getState(), workspace: stores.workspace.getState() };
const keyed = (entries: readonly CopyEntry[]) => entries.map((e) => [e.key, e.label, e.kind === 'json' ? 'JSON' : e.text]);

describe('what a record offers to copy', () => {
  const withHashes: Transaction = {
    ...tx('tx-w2-9d1c7e3b5a2f'),
    params: { ...tx('tx-w2-9d1c7e3b5a2f').params, memo: 'tag 7' },
    extra: {
      ...tx('tx-w2-9d1c7e3b5a2f').extra,
      fromAddress: '0xfrom',
      blockchainDetails: [{ blockchainTxId: '0xfeedface02', networkId: 'ETH' }, { blockchainTxId: '0xbeef03', networkId: 'ETH' }],
    },
    // The event repeats the first hash: counted once.
    embedded: { events: [{ ...fixtures.events['tx-w2-9d1c7e3b5a2f']![0]!, blockchainTxId: '0xfeedface02' }] },
  };
  it.each<[string, readonly CopyEntry[], unknown[][]]>([
    [
      'a withdrawal: ids, its hash and link, destination, amount, JSON',
      transactionCopies(tx('tx-w2-9d1c7e3b5a2f'), 'tx-w2-9d1c7e3b5a2f', ctx),
      [
        ['y', 'id', 'tx-w2-9d1c7e3b5a2f'],
        ['e', 'external id', 'ops-42'],
        ['h', 'blockchain hash', '0xfeedface02'],
        ['l', 'explorer link', 'https://etherscan.io/tx/0xfeedface02'],
        ['d', 'destination address', '0x1111111254eeb25477b68fb85ed929f73a960582'],
        ['a', 'amount', '1.5 ETH'],
        ['j', 'JSON', 'JSON'],
      ],
    ],
    [
      'two hashes (a repeat in the events counted once), the source and the memo',
      transactionCopies(withHashes, 'tx-w2-9d1c7e3b5a2f', ctx),
      [
        ['y', 'id', 'tx-w2-9d1c7e3b5a2f'],
        ['e', 'external id', 'ops-42'],
        ['h', 'blockchain hash 1', '0xfeedface02'],
        ['H', 'blockchain hash 2', '0xbeef03'],
        ['l', 'explorer link 1', 'https://etherscan.io/tx/0xfeedface02'],
        ['L', 'explorer link 2', 'https://etherscan.io/tx/0xbeef03'],
        ['d', 'destination address', '0x1111111254eeb25477b68fb85ed929f73a960582'],
        ['s', 'source address', '0xfrom'],
        ['m', 'memo', 'tag 7'],
        ['a', 'amount', '1.5 ETH'],
        ['j', 'JSON', 'JSON'],
      ],
    ],
    [
      'a waiting withdrawal: no hash yet',
      transactionCopies(tx('tx-w1-7f3a9c2e5b1d'), 'tx-w1-7f3a9c2e5b1d', ctx),
      [
        ['y', 'id', 'tx-w1-7f3a9c2e5b1d'],
        ['e', 'external id', 'payout-2025-11-21'],
        ['d', 'destination address', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwfn5hj9'],
        ['a', 'amount', '25 BTC'],
        ['j', 'JSON', 'JSON'],
      ],
    ],
    [
      'an account: id, external id, name',
      accounts.copies!(fixtures.accounts[0]!, fixtures.accounts[0]!.accountId, ctx),
      [
        ['y', 'id', fixtures.accounts[0]!.accountId],
        ['e', 'external id', fixtures.accounts[0]!.externalId],
        ['n', 'name', fixtures.accounts[0]!.accountName],
        ['j', 'JSON', 'JSON'],
      ],
    ],
    [
      'an address not created yet: no address, no link',
      addresses.copies!({ ...fixtures.addresses[0]!, address: null, memo: null }, 'addr-x', ctx),
      [
        ['y', 'id', 'addr-x'],
        ['e', 'external id', fixtures.addresses[0]!.externalId],
        ['j', 'JSON', 'JSON'],
      ],
    ],
    [
      'a balance: its total with the asset',
      balances.copies!({ ...fixtures.balances[0]!, totalBalance: '1.25', symbol: 'BTC' }, 'bal-1', ctx),
      [
        ['y', 'id', 'bal-1'],
        ['a', 'total balance', '1.25 BTC'],
        ['j', 'JSON', 'JSON'],
      ],
    ],
    [
      'an activity: its title',
      activity.copies!({ ...fixtures.activities[0]!, title: 'Login' }, 'act-1', ctx),
      [
        ['y', 'id', 'act-1'],
        ['t', 'title', 'Login'],
        ['j', 'JSON', 'JSON'],
      ],
    ],
    [
      'a price: the price in its quote',
      prices.copies!({ baseSymbolId: 'BTC', quoteSymbolId: 'USD', price: '97000.5', sessionOpen: '1', history: [], at: 0 }, 'BTC', ctx),
      [
        ['y', 'id', 'BTC'],
        ['p', 'price', '97000.5 USD'],
        ['j', 'JSON', 'JSON'],
      ],
    ],
  ])('%s', (_name, entries, expected) => {
    expect(keyed(entries)).toEqual(expected);
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
  });
});

describe('copied exactly, shown bounded', () => {
  const id = (text: string): CopyEntry => ({ key: 'h', label: 'blockchain hash', text, kind: 'identifier' });
  it.each<[string, CopyEntry, string, string[]]>([
    ['a plain value as it is', id('0xabc'), '0xabc', []],
    ['a zero-width space as sent (flagged on the status line)', id('0x\u200babc'), '0x\u200babc', []],
    ['a control character never raw', id('0x\u001b[2Jabc\n'), '0x\u2039U+001B\u203a[2Jabc\u2039U+000A\u203a', ['U+001B', 'U+000A']],
    ['the JSON with its line breaks, hidden characters escaped', { key: 'j', label: 'JSON', text: '{\n  "a": "x\u200by"\n}', kind: 'json' }, '{\n  "a": "x\\u200by"\n}', []],
  ])('%s', (_name, entry, text, controls) => {
    expect(copiedText(entry)).toEqual({ text, controls });
  });

  it('the menu shows hidden characters as marks and bounds a huge value', () => {
    expect(previewText(id('0x\u200babc'), 40, false)).toBe('0x\u2039U+200B\u203aabc');
    const huge = previewText(id('a'.repeat(1_000_000)), 30, false);
    expect(huge.length).toBeLessThanOrEqual(30);
    const lines = copyMenuLines([id('0xabc')], 80, false);
    expect(lines[0]!.map((s) => s.text).join('')).toMatch(/^ {2}h {2}blockchain hash +0xabc$/);
  });
});

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

describe('the menu on screen', () => {
  it('y on a transaction row opens it; h copies the hash and says where it went; Esc closes', async () => {
    const a = (app = renderApp({ columns: 120, rows: 40 }));
    await settle();
    await a.press('3');
    const row = () => a.ui.getState().lists.transactions?.selectedId;
    while (row() !== 'tx-w2-9d1c7e3b5a2f') await a.press('j');
    await a.press('y');
    expect(a.mode()).toBe('copy');
    expect(a.frame()).toMatch(/h +blockchain hash +0xfeedface02/);
    expect(a.frame()).toMatch(/l +explorer link +https:\/\/etherscan\.io\/tx\/0xfeedface02/);
    expect(a.frame()).toContain('esc close');
    await a.press(KEYS.esc);
    expect(a.mode()).toBe('normal');
    expect(a.rec.copied).toEqual([]);
    await a.press('y', 'h');
    await settle();
    expect(a.mode()).toBe('normal');
    expect(a.rec.copied).toEqual(['0xfeedface02']);
    expect(a.frame()).toContain("sent blockchain hash 0xfeedface02 to the terminal's clipboard (OSC 52)");
    await a.press('y', 'y');
    await settle();
    expect(a.rec.copied).toEqual(['0xfeedface02', 'tx-w2-9d1c7e3b5a2f']);
    expect(a.frame()).toContain("sent id tx-w2-9d1c7e3b5a2f to the terminal's clipboard");
  });

  it('a key the record has nothing under says so and keeps the menu open', async () => {
    const a = (app = renderApp({ columns: 120, rows: 40 }));
    await settle();
    await a.press('3', 'y', 'h');
    expect(a.mode()).toBe('copy');
    expect(a.frame()).toContain('nothing to copy under h here');
    await a.press('q');
    expect(a.mode()).toBe('normal');
    expect(a.rec.quits).toBe(0);
  });
});
