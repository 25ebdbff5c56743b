// Risk evidence, table-driven: which items a transaction gets from the address book, the members,
// the balances and the loaded history, with the facts behind them; what could not be checked says
// so and never turns into evidence.
import { describe, expect, it } from 'vitest';
import {
  AccountSchema,
  AddressBookRecordSchema,
  AssetSchema,
  BalanceSchema,
  MemberSchema,
  NetworkSchema,
  type Transaction,
  TransactionSchema,
} from '../../src/contract/index.js';
import {
  type BalancesState,
  emptyBalances,
  emptyDictionary,
  emptyDirectory,
  withAllBalances,
  withBalancesState,
  withBook,
  withDictionary,
  withMembers,
  withReferenceState,
  withSelf,
  type DirectoryState,
  type WorkspaceState,
  emptyWorkspace,
  withAccounts,
} from '../../src/store/index.js';
import { destinationKey, historyOf, medianDecimal } from '../../src/domain/index.js';
import { type EvidenceInput, type EvidenceItem, evidenceFor, evidenceShown } from '../../src/domain/index.js';

const NOW = 1_763_726_400_000;
const KRAKEN = '0xAbCdEf0000000000000000000000000000001234';
const STRANGER = '0xDeAd00000000000000000000000000000000BEEF';
const FRESH_BOOK = '0x1111000000000000000000000000000000002222';

const dictionary = withDictionary(
  emptyDictionary,
  {
    networks: [
      NetworkSchema.parse({ networkId: 'ETH', name: 'Ethereum', tags: ['evm'] }),
      NetworkSchema.parse({ networkId: 'XRP', name: 'XRP Ledger', tags: ['supports-memo'] }),
    ],
    assets: [
      AssetSchema.parse({ assetId: 'usdt', symbol: 'USDT', decimals: '6', networkId: 'ETH', assetType: 'blockchain' }),
      AssetSchema.parse({ assetId: 'xrp', symbol: 'XRP', decimals: '6', networkId: 'XRP', assetType: 'blockchain' }),
    ],
  },
  NOW,
);

const account = (accountId: string, accountName: string, onlyBook = false) =>
  AccountSchema.parse({
    accountId,
    accountName,
    accountType: 'vault',
    externalId: accountId,
    status: 'active',
    workspaceId: 'ws',
    createdAt: '1700000000000',
    extra: { onlyAddressBookWithdrawals: onlyBook },
  });

const workspace: WorkspaceState = withAccounts(
  emptyWorkspace,
  [account('acc-hot', 'Treasury hot'), account('acc-book', 'Payroll', true), account('acc-cold', 'Cold storage')],
  NOW,
);

const member = (userId: string, name: string) =>
  MemberSchema.parse({
    workspaceId: 'ws',
    userId,
    status: 'active',
    createdAt: '1700000000000',
    _embedded: { profile: { userId, name } },
  });

const record = (recordId: string, name: string, networkId: string, address: string, memo?: string) =>
  AddressBookRecordSchema.parse({
    recordId,
    externalId: recordId,
    workspaceId: 'ws',
    recordType: 'address',
    name,
    status: 'active',
    createdAt: '1700000000000',
    networkId,
    address,
    ...(memo !== undefined ? { memo } : {}),
  });

const directory: DirectoryState = withSelf(
  withBook(
    withMembers(
      emptyDirectory,
      [member('u-dana', 'Dana Whitfield'), member('u-lee', 'Lee Chen'), member('u-sam', 'Sam Ortiz')],
      NOW,
    ),
    [
      record('rec-kraken', 'Kraken hot', 'ETH', KRAKEN),
      record('rec-fresh', 'New OTC desk', 'ETH', FRESH_BOOK),
      record('rec-bitstamp', 'Bitstamp XRP', 'XRP', 'rBitstamp', '77'),
    ],
    NOW,
  ),
  'u-lee',
);

const balance = (accountId: string, assetId: string, total: string, withdrawable: string) =>
  BalanceSchema.parse({
    balanceId: `${accountId}-${assetId}`,
    accountId,
    accountType: 'vault',
    workspaceId: 'ws',
    assetId,
    totalBalance: total,
    withdrawableBalance: withdrawable,
    updatedAt: String(NOW),
  });

const balances: BalancesState = withAllBalances(
  emptyBalances,
  [balance('acc-hot', 'usdt', '10000', '8000'), balance('acc-book', 'usdt', '50000', '50000')],
  NOW,
);

let n = 0;
function wd(over: Record<string, unknown> = {}, params: Record<string, unknown> = {}): Transaction {
  n += 1;
  return TransactionSchema.parse({
    transactionId: `tx-${n}`,
    externalId: `ext-${n}`,
    status: 'completed',
    transactionType: 'withdrawal',
    workspaceId: 'ws',
    accountId: 'acc-hot',
    accountType: 'vault',
    createdAt: String(NOW - 86_400_000 + n * 1000),
    createdBy: 'u-sam',
    ...over,
    params: { amount: '1000', assetId: 'usdt', networkId: 'ETH', toAddress: KRAKEN, ...params },
  });
}

/** 20 completed USDT withdrawals of Treasury hot to Kraken, half 900 and half 1100: median 1000. */
const HISTORY: readonly Transaction[] = Array.from({ length: 20 }, (_, i) =>
  wd({}, { amount: i % 2 === 0 ? '900' : '1100' }),
);

/** The transaction under review: 2,000 USDT to a stranger, waiting for Lee or Sam, created by Dana. */
function target(over: Record<string, unknown> = {}, params: Record<string, unknown> = {}): Transaction {
  return wd(
    {
      status: 'waiting-approval',
      createdAt: String(NOW),
      createdBy: 'u-dana',
      extra: { approvers: { approvedBy: [], availableApprovers: ['u-lee', 'u-sam'], number: '1' } },
      ...over,
    },
    { amount: '2000', toAddress: STRANGER, ...params },
  );
}

function input(tx: Transaction, over: Partial<EvidenceInput> = {}): EvidenceInput {
  return { tx, directory, workspace, dictionary, balances, loaded: [...HISTORY, tx], ...over };
}

const ids = (items: readonly EvidenceItem[]) => items.map((i) => i.id);
const find = (items: readonly EvidenceItem[], id: string) => items.find((i) => i.id === id);

describe('evidenceFor: which items', () => {
  it.each<[string, () => EvidenceInput, string[]]>([
    ['a stranger, first time, nothing else', () => input(target()), ['not-in-book', 'first-time']],
    ['a known and paid destination (any capitals): nothing', () => input(target({}, { toAddress: KRAKEN.toLowerCase() })), []],
    ['in the book but never paid: first time only', () => input(target({}, { toAddress: FRESH_BOOK })), ['first-time']],
    [
      'address book still loading: unchecked, never "not in book"',
      () => input(target(), { directory: { ...directory, bookState: 'loading', book: [] } }),
      ['first-time', 'book-unchecked'],
    ],
    [
      'address book forbidden',
      () => input(target(), { directory: withReferenceState({ ...directory, book: [] }, 'book', 'forbidden') }),
      ['first-time', 'book-unchecked'],
    ],
    [
      'a failed refresh keeps the book read before',
      () => input(target(), { directory: withReferenceState(directory, 'book', 'failed') }),
      ['not-in-book', 'first-time'],
    ],
    [
      'only-address-book account sending outside the book',
      () => input(target({ accountId: 'acc-book' })),
      ['book-only', 'not-in-book', 'first-time'],
    ],
    ['only-address-book account sending to a record: nothing', () => input(target({ accountId: 'acc-book' }, { toAddress: KRAKEN })), []],
    [
      'the creator already approved',
      () =>
        input(
          target(
            { extra: { approvers: { approvedBy: ['u-dana', 'u-lee'], availableApprovers: ['u-dana', 'u-lee'], number: '2' } } },
            { toAddress: KRAKEN },
          ),
        ),
      ['self-approved'],
    ],
    [
      'the creator may approve',
      () =>
        input(target({ extra: { approvers: { approvedBy: [], availableApprovers: ['u-dana', 'u-lee'], number: '1' } } }, { toAddress: KRAKEN })),
      ['self-may-approve'],
    ],
    [
      '"may approve" is history on a finished transaction',
      () =>
        input(
          target({ status: 'completed', extra: { approvers: { approvedBy: ['u-lee'], availableApprovers: ['u-dana', 'u-lee'] } } }, { toAddress: KRAKEN }),
        ),
      [],
    ],
    ['no creator: no self-approval item', () => input(target({ createdBy: null, extra: { approvers: { approvedBy: [], availableApprovers: ['u-dana'] } } }, { toAddress: KRAKEN })), []],
    ['6× the median and 60% of the balance', () => input(target({}, { toAddress: KRAKEN, amount: '6000' })), ['amount-unusual', 'balance-most']],
    ['just under 5× and under half the balance: nothing', () => input(target({}, { toAddress: KRAKEN, amount: '4999.99' })), []],
    ['exactly 5×: unusual; exactly 50%: most', () => input(target({}, { toAddress: KRAKEN, amount: '5000' })), ['amount-unusual', 'balance-most']],
    ['more than the whole balance', () => input(target({}, { toAddress: KRAKEN, amount: '12000' })), ['balance-over', 'amount-unusual']],
    [
      'fewer than 10 earlier amounts: no "usual" to compare with',
      () => input(target({}, { toAddress: KRAKEN, amount: '6000' }), { loaded: HISTORY.slice(0, 9) }),
      ['balance-most'],
    ],
    [
      'amounts of another asset or account do not count',
      () =>
        input(target({}, { toAddress: KRAKEN, amount: '6000' }), {
          loaded: [...HISTORY.map((t) => ({ ...t, accountId: 'acc-cold' }))],
        }),
      ['balance-most'],
    ],
    [
      'balances forbidden: unchecked',
      () => input(target({}, { toAddress: KRAKEN }), { balances: withBalancesState(emptyBalances, 'forbidden') }),
      ['balance-unchecked'],
    ],
    ['balances loading: unchecked', () => input(target({}, { toAddress: KRAKEN }), { balances: emptyBalances }), ['balance-unchecked']],
    [
      'no balance of the asset read for the account: unchecked, not "over"',
      () => input(target({ accountId: 'acc-cold' }, { toAddress: KRAKEN })),
      ['balance-unchecked'],
    ],
    [
      'a finished transaction: no balance items (its money has moved)',
      () => input(target({ status: 'completed' }, { toAddress: KRAKEN, amount: '12000' }), { balances: emptyBalances }),
      ['amount-unusual'],
    ],
    [
      'fewer than 10 other outgoing loaded: no "first time"',
      () => input(target(), { loaded: HISTORY.slice(0, 5) }),
      ['not-in-book'],
    ],
    [
      'an earlier transaction to the stranger (other capitals): not the first time',
      () => input(target(), { loaded: [...HISTORY, wd({}, { toAddress: STRANGER.toLowerCase() })] }),
      ['not-in-book'],
    ],
    [
      'a later one to it does not make it familiar',
      () => input(target(), { loaded: [...HISTORY, wd({ createdAt: String(NOW + 60_000) }, { toAddress: STRANGER })] }),
      ['not-in-book', 'first-time'],
    ],
    [
      'on another network the same address is another destination',
      () => input(target(), { loaded: [...HISTORY, wd({}, { toAddress: STRANGER, networkId: 'BSC' })] }),
      ['not-in-book', 'first-time'],
    ],
    ['a deposit: nothing', () => input(target({ transactionType: 'deposit', extra: null }, { toAddress: null })), []],
    ['a transfer to an own account: neither unknown nor new', () => input(target({}, { toAddress: null, toAccountId: 'acc-cold' })), []],
  ])('%s', (_name, make, expected) => {
    expect(ids(evidenceFor(make()))).toEqual(expected);
  });
});

describe('evidenceFor: memos', () => {
  const xrp = (memo: string | undefined) =>
    target({}, { assetId: 'xrp', networkId: 'XRP', toAddress: 'rBitstamp', amount: '10', ...(memo !== undefined ? { memo } : {}) });

  it.each<[string, string | undefined, boolean]>([
    ['the recorded memo', '77', false],
    ['another memo', '78', true],
    ['no memo where the record has one', undefined, true],
  ])('XRP to the record with %s: not in book = %s', (_name, memo, unknown) => {
    expect(ids(evidenceFor(input(xrp(memo)))).includes('not-in-book')).toBe(unknown);
  });

  it('an earlier payment with another memo does not make a memo destination familiar', () => {
    const before = wd({}, { assetId: 'xrp', networkId: 'XRP', toAddress: 'rBitstamp', memo: '78', amount: '5' });
    const items = evidenceFor(input(xrp('79'), { loaded: [...HISTORY, before] }));
    expect(ids(items)).toContain('first-time');
  });
});

describe('evidenceFor: the facts', () => {
  it('not in book says how many records were compared', () => {
    expect(find(evidenceFor(input(target())), 'not-in-book')).toMatchObject({
      symbol: '⚠',
      ascii: '!',
      text: 'destination not in the address book',
      fact: 'none of the 3 address-book records match its network, address and memo',
      tone: 'warning',
    });
  });

  it('first time counts the outgoing transactions loaded, and the fruitless earlier ones', () => {
    const declined = wd({ status: 'canceled' }, { toAddress: STRANGER });
    const items = evidenceFor(input(target(), { loaded: [...HISTORY, declined] }));
    expect(find(items, 'first-time')?.fact).toBe(
      'no earlier transaction to it among the 21 outgoing ones loaded; 1 earlier one to it ended without moving money',
    );
    expect(find(items, 'first-time')?.text).toBe('first time this destination appears in the loaded history');
  });

  it('self-approval names the people', () => {
    const tx = target(
      { extra: { approvers: { approvedBy: ['u-dana', 'u-lee'], availableApprovers: ['u-dana', 'u-lee'], number: '2' } } },
      { toAddress: KRAKEN },
    );
    expect(find(evidenceFor(input(tx)), 'self-approved')?.fact).toBe(
      'created by Dana Whitfield; approved by Dana Whitfield, Lee Chen (you) (2 of 2 needed)',
    );
    const may = target({}, { toAddress: KRAKEN });
    const mayTx = { ...may, extra: { approvers: { approvedBy: [], availableApprovers: ['u-dana', 'u-lee', 'u-sam'] } } };
    expect(find(evidenceFor(input(mayTx)), 'self-may-approve')).toMatchObject({
      text: 'the creator may approve it themselves',
      fact: 'created by Dana Whitfield, one of the 3 who may approve: Dana Whitfield, Lee Chen (you), Sam Ortiz',
    });
  });

  it('the unusual amount: ratio, sample count, median; × in UTF-8, x in ASCII', () => {
    const tx = target({}, { toAddress: KRAKEN, amount: '5200' });
    expect(find(evidenceFor(input(tx)), 'amount-unusual')).toMatchObject({
      text: "far above this account's usual outgoing amounts",
      fact: '5.2× the median of its last 20 completed outgoing USDT (1,000 USDT)',
    });
    expect(find(evidenceFor(input(tx, { ascii: true })), 'amount-unusual')?.fact).toBe(
      '5.2x the median of its last 20 completed outgoing USDT (1,000 USDT)',
    );
  });

  it('only the last 50 earlier amounts count', () => {
    // 60 old small ones, then 50 newer large ones: the median is of the newer 50.
    const old = Array.from({ length: 60 }, () => wd({ createdAt: String(NOW - 10 * 86_400_000) }, { amount: '10' }));
    const recent = Array.from({ length: 50 }, () => wd({}, { amount: '1000' }));
    const tx = target({}, { toAddress: KRAKEN, amount: '5000' });
    const items = evidenceFor(input(tx, { loaded: [...old, ...recent, tx], balances: emptyBalances }));
    expect(find(items, 'amount-unusual')?.fact).toBe('5× the median of its last 50 completed outgoing USDT (1,000 USDT)');
  });

  it('declined and pending amounts are not "usual"', () => {
    const pending = Array.from({ length: 20 }, () => wd({ status: 'waiting-approval' }, { amount: '10' }));
    const tx = target({}, { toAddress: KRAKEN, amount: '6000' });
    const items = evidenceFor(input(tx, { loaded: [...pending, tx] }));
    expect(ids(items)).not.toContain('amount-unusual');
  });

  it('balances: the share with the numbers, the withdrawable beside', () => {
    const most = find(evidenceFor(input(target({}, { toAddress: KRAKEN, amount: '6000' }))), 'balance-most');
    expect(most).toMatchObject({
      symbol: '◐',
      ascii: '%',
      text: 'would move most of its USDT balance',
      fact: '60%: 6,000 of 10,000 USDT; withdrawable 8,000 USDT',
      tone: 'warning',
    });
    const over = find(evidenceFor(input(target({}, { toAddress: KRAKEN, amount: '12000.5' }))), 'balance-over');
    expect(over).toMatchObject({
      text: 'more than its whole USDT balance',
      fact: '12,000.5 of 10,000 USDT; withdrawable 8,000 USDT',
      tone: 'danger',
    });
  });

  it('unchecked items say why, muted', () => {
    const forbidden = withReferenceState({ ...directory, book: [] }, 'book', 'forbidden');
    const book = find(evidenceFor(input(target({ accountId: 'acc-book' }), { directory: forbidden })), 'book-unchecked');
    expect(book).toMatchObject({
      symbol: '?',
      text: 'address book not readable: destination unchecked',
      fact: "the key's role may not read the address book; Payroll allows only address-book withdrawals",
      tone: 'muted',
    });
    const bal = find(
      evidenceFor(input(target({}, { toAddress: KRAKEN }), { balances: withBalancesState(emptyBalances, 'forbidden') })),
      'balance-unchecked',
    );
    expect(bal?.fact).toBe("the key's role may not read balances");
  });

  it('the policy breach comes first and is the strongest', () => {
    const items = evidenceFor(input(target({ accountId: 'acc-book' }, { amount: '60000' })));
    expect(ids(items)).toEqual(['book-only', 'balance-over', 'not-in-book', 'first-time']);
    expect(items[0]).toMatchObject({ symbol: '⊘', ascii: 'X', tone: 'danger' });
    expect(items[0]!.fact).toBe('Payroll has "only address-book withdrawals" on');
  });

  it('every symbol is one column and every ASCII mark is ASCII', () => {
    const all = [
      ...evidenceFor(input(target({ accountId: 'acc-book' }, { amount: '60000' }))),
      ...evidenceFor(input(target({}, { toAddress: KRAKEN, amount: '6000' }))),
    ];
    for (const i of all) {
      expect([...i.symbol]).toHaveLength(1);
      expect(i.ascii).toMatch(/^[\x21-\x7e]$/);
      expect(i.text.length).toBeGreaterThan(0);
      expect(i.fact.length).toBeGreaterThan(0);
    }
  });
});

describe('medianDecimal', () => {
  it.each<[string[], string | undefined]>([
    [[], undefined],
    [['5'], '5'],
    [['1', '3', '2'], '2'],
    [['1', '2'], '1.5'],
    [['0.1', '0.2'], '0.15'],
    [['1000.000001', '1000.000002'], '1000.0000015'],
    [['900', '1100', '900', '1100'], '1000'],
    [['10', 'junk', '30'], '20'],
    [['99999999999999999999.5', '99999999999999999999.5'], '99999999999999999999.5'],
  ])('%j → %s', (values, expected) => {
    expect(medianDecimal(values)).toBe(expected);
  });
});

describe('destinationKey and historyOf', () => {
  it('EVM addresses compare in any capitals; memos only where the network has them', () => {
    const a = wd({}, { toAddress: STRANGER });
    const b = wd({}, { toAddress: STRANGER.toLowerCase(), memo: 'x' });
    expect(destinationKey(dictionary, a)).toBe(destinationKey(dictionary, b));
    const c = wd({}, { assetId: 'xrp', networkId: 'XRP', toAddress: 'rX', memo: '1' });
    const d = wd({}, { assetId: 'xrp', networkId: 'XRP', toAddress: 'rX', memo: '2' });
    expect(destinationKey(dictionary, c)).not.toBe(destinationKey(dictionary, d));
    expect(destinationKey(dictionary, wd({}, { toAddress: null }))).toBeUndefined();
  });

  it('counts the other outgoing rows, never itself or incoming ones', () => {
    const tx = target();
    const deposit = wd({ transactionType: 'deposit' }, { toAddress: null });
    const h = historyOf(dictionary, tx, [...HISTORY, tx, deposit]);
    expect(h.destination).toEqual({ outgoing: 20, earlier: 0, earlierFruitless: 0 });
    expect(h.amounts?.samples).toHaveLength(20);
  });
});

describe('text from the server that is flagged is evidence', () => {
  const ids = (items: readonly EvidenceItem[]) => items.map((i) => `${i.id}: ${i.text}`);

  it.each<[string, Record<string, unknown>, Record<string, unknown>, string, string]>([
    ['a zero-width space in the destination', {}, { toAddress: `0xDeAd\u200b${STRANGER.slice(6)}` }, 'the destination address contains invisible characters', 'U+200B: shown as marks'],
    ['a bidi override in the memo', {}, { memo: '12\u202e34' }, 'the memo contains invisible characters', 'U+202E: shown as marks'],
    ['a negative amount', {}, { amount: '-2000' }, 'the amount is negative', 'as the server sent it: "-2000"'],
    // The contract refuses anything but a decimal; one too long to be any amount gets this far.
    ['an amount that is no number', {}, { amount: '9'.repeat(200) }, 'the amount is not a number', 'as the server sent it: "999'],
    ['an amount finer than its asset', {}, { amount: '1.0000001' }, 'the amount is more decimal places than USDT has (6)', '"1.0000001"'],
  ])('%s', (_n, over, params, text, fact) => {
    const items = evidenceFor(input(target(over, params)));
    const found = items.find((i) => i.text === text);
    expect(found, ids(items).join('\n')).toBeDefined();
    expect(found!.fact).toContain(fact);
    expect(found!.tone).toBe('danger');
    // The weightiest: before anything about the address book or the history.
    expect(items[0]!.id === 'amount-flagged' || items[0]!.id === 'hidden-characters').toBe(true);
  });

  it("an account's name with a hidden character, and a destination name from the book", () => {
    const named = withAccounts(emptyWorkspace, [account('acc-hot', 'Treasury\u200b hot')], NOW);
    const book = withBook(directory, [record('rec-kraken', 'Kra\u202eken', 'ETH', KRAKEN)], NOW);
    const items = evidenceFor(input(target({}, { toAddress: KRAKEN }), { workspace: named, directory: book }));
    expect(ids(items)).toEqual(
      expect.arrayContaining([
        "hidden-characters: the account's name contains invisible characters",
        "hidden-characters: the destination's name contains invisible characters",
      ]),
    );
    expect(items.find((i) => i.text.startsWith("the account's"))!.fact).toBe(
      'U+200B: left out on screen; y copies the text as the server sent it',
    );
  });

  it('nothing flagged on an ordinary transaction', () => {
    const items = evidenceFor(input(target()));
    expect(items.filter((i) => i.id === 'amount-flagged' || i.id === 'hidden-characters')).toEqual([]);
  });

  it('a deposit with a flagged amount shows the section although the checks do not apply to it', () => {
    const deposit = wd({ transactionType: 'deposit', status: 'completed' }, { amount: '-5', toAddress: undefined });
    expect(evidenceShown(input(deposit))?.map((i) => i.id)).toEqual(['amount-flagged']);
    expect(evidenceShown(input(wd({ transactionType: 'deposit' }, { toAddress: undefined })))).toBeUndefined();
  });
});
