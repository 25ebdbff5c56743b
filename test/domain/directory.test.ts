import { describe, expect, it } from 'vitest';
import {
  type Account,
  AccountSchema,
  type Address,
  AddressBookRecordSchema,
  AddressSchema,
  MemberSchema,
  NetworkSchema,
  type Transaction,
  TransactionLimitSchema,
  TransactionSchema,
} from '../../src/contract/index.js';
import {
  type DirectoryState,
  emptyDirectory,
  emptyDictionary,
  withBook,
  withDictionary,
  withLimits,
  withMembers,
  withReferenceState,
  withSelf,
} from '../../src/store/index.js';
import {
  destinationOf,
  destinationWords,
  limitLines,
  membersNote,
  personLabel,
  sourceOf,
} from '../../src/domain/index.js';

const member = (userId: string, name?: string, status = 'active') =>
  MemberSchema.parse({
    workspaceId: 'ws',
    userId,
    status,
    createdAt: '1700000000000',
    ...(name !== undefined ? { _embedded: { profile: { userId, name } } } : {}),
  });

const record = (over: Record<string, unknown>) =>
  AddressBookRecordSchema.parse({
    recordId: 'rec-x',
    externalId: 'x',
    workspaceId: 'ws',
    recordType: 'address',
    name: 'Somebody',
    status: 'active',
    createdAt: '1700000000000',
    ...over,
  });

const BOOK = [
  record({ recordId: 'rec-kraken', name: 'Kraken hot', networkId: 'ETH', address: '0xAbCdEf0000000000000000000000000000001234' }),
  record({ recordId: 'rec-bitstamp', name: 'Bitstamp XRP', networkId: 'XRP', address: 'rBitstampXRP', memo: '77' }),
  record({ recordId: 'rec-anymemo', name: 'Memo-free chain', networkId: 'BTC', address: 'bc1qfree', memo: 'ignored' }),
  record({ recordId: 'rec-gone', name: 'Deleted one', networkId: 'ETH', address: '0xdead000000000000000000000000000000000000', status: 'deleted' }),
  record({ recordId: 'rec-rej', name: 'Rejected one', networkId: 'TRX', address: 'TRejected', status: 'rejected' }),
  record({ recordId: 'rec-new', name: 'Pending one', networkId: 'TRX', address: 'TPending', status: 'new' }),
  record({ recordId: 'rec-only', name: 'Only for cold', networkId: 'BTC', address: 'bc1qonly', accountIds: ['acc-cold'] }),
  record({ recordId: 'rec-base58', name: 'Case matters', networkId: 'TRX', address: 'TCaseSensitive' }),
  record({ recordId: 'rec-tag', name: 'Partner workspace', recordType: 'tag', tag: 'partner-ws' }),
  record({ recordId: 'rec-bank', name: 'Bank of Test', recordType: 'bank' }),
  record({ recordId: 'rec-evil', name: 'Evil\u001b[2Jname', networkId: 'TRX', address: 'TEvil' }),
];

const NETWORKS = [
  NetworkSchema.parse({ networkId: 'ETH', name: 'Ethereum', tags: ['evm'] }),
  NetworkSchema.parse({ networkId: 'XRP', name: 'XRP Ledger', tags: ['supports-memo'] }),
  NetworkSchema.parse({ networkId: 'BTC', name: 'Bitcoin', tags: [] }),
  NetworkSchema.parse({ networkId: 'TRX', name: 'Tron', tags: [] }),
];
const dictionary = withDictionary(emptyDictionary, { networks: NETWORKS }, 0);

const account = (accountId: string, accountName: string): Account =>
  AccountSchema.parse({
    accountId,
    accountName,
    accountType: 'vault',
    externalId: accountId,
    status: 'active',
    workspaceId: 'ws',
    createdAt: '1700000000000',
  });
const ACCOUNTS = new Map([
  ['acc-cold', account('acc-cold', 'Treasury Cold')],
  ['acc-hot', account('acc-hot', 'Ops Hot')],
]);
const ADDRESSES: Address[] = [
  AddressSchema.parse({
    addressId: 'ad-1',
    externalId: 'ad-1',
    accountType: 'vault',
    status: 'active',
    networkId: 'ETH',
    createdBy: 'u',
    updatedBy: 'u',
    createdAt: '1700000000000',
    updatedAt: '1700000000000',
    acceptsAllAssets: true,
    requiresAssetsActivation: false,
    accountId: 'acc-cold',
    address: '0x39aa39c021dfbae8fac545936693ac917d5e7563',
  }),
];

const loaded: DirectoryState = withSelf(
  withBook(withMembers(emptyDirectory, [member('u-dana', 'Dana Whitfield'), member('u-sam', 'Sam Ortiz'), member('u-old', 'Old Timer', 'deactivated'), member('u-noname')], 1), BOOK, 1),
  'u-dana',
);

const tx = (over: { type?: string; accountId?: string; params?: object; extra?: object }): Transaction =>
  TransactionSchema.parse({
    transactionId: 'tx-1',
    externalId: 'e',
    workspaceId: 'ws',
    accountId: over.accountId ?? 'acc-hot',
    accountType: 'vault',
    transactionType: over.type ?? 'withdrawal',
    status: 'waiting-approval',
    createdAt: '1700000000000',
    params: over.params ?? {},
    extra: over.extra ?? {},
  });

describe('personLabel', () => {
  const cases: [string, DirectoryState, unknown, { text: string; known: boolean; self: boolean }][] = [
    ['a member by name', loaded, 'u-sam', { text: 'Sam Ortiz', known: true, self: false }],
    ['the key\'s own member', loaded, 'u-dana', { text: 'Dana Whitfield (you)', known: true, self: true }],
    ['a deactivated member says so', loaded, 'u-old', { text: 'Old Timer (deactivated)', known: true, self: false }],
    ['a member without a name', loaded, 'u-noname', { text: 'u-noname (no name)', known: true, self: false }],
    ['an id no member matches', loaded, 'swcshs66h4uiro3keustztkj', { text: 'swcshs66… (not a member)', known: false, self: false }],
    ['ids while members load', emptyDirectory, 'swcshs66h4uiro3keustztkj', { text: 'swcshs66…', known: false, self: false }],
    ['ids when members are forbidden', withReferenceState(emptyDirectory, 'members', 'forbidden'), 'swcshs66h4uiro3keustztkj', { text: 'swcshs66…', known: false, self: false }],
    ['self without the members list', withSelf(emptyDirectory, 'swcshs66h4uiro3keustztkj'), 'swcshs66h4uiro3keustztkj', { text: 'swcshs66… (you)', known: false, self: true }],
    ['no id', loaded, undefined, { text: '', known: false, self: false }],
    ['null id', loaded, null, { text: '', known: false, self: false }],
    ['blank id', loaded, '  ', { text: '', known: false, self: false }],
    ['junk: a number', loaded, 42, { text: '', known: false, self: false }],
    ['control characters in an unknown id', loaded, 'ab\u001b[2Jcd', { text: 'ab�[2Jcd (not a member)', known: false, self: false }],
  ];
  it.each(cases)('%s', (_name, dir, id, want) => {
    expect(personLabel(dir, id as string)).toEqual(want);
  });

  it('sanitizes names and keeps ASCII when asked', () => {
    const dir = withMembers(emptyDirectory, [member('u-x', 'Eve\u001b[31m\nRed')], 1);
    expect(personLabel(dir, 'u-x').text).toBe('Eve�[31m Red');
    expect(personLabel(dir, 'u-x', { ascii: true }).text).toBe('Eve?[31m Red');
    expect(personLabel(loaded, 'swcshs66h4uiro3keustztkj', { ascii: true }).text).toBe('swcshs66~ (not a member)');
  });

  it('says once why ids show', () => {
    expect(membersNote(loaded)).toBeUndefined();
    expect(membersNote(emptyDirectory)).toBe('ids shown: members loading');
    expect(membersNote(withReferenceState(emptyDirectory, 'members', 'forbidden'))).toBe(
      "ids shown: members the key's role may not read them",
    );
    // A failed refresh keeps the names read before.
    expect(membersNote(withReferenceState(loaded, 'members', 'failed'))).toBeUndefined();
  });
});

describe('destinationOf', () => {
  const ref = { dictionary, addresses: ADDRESSES };
  type Want = ReturnType<typeof destinationOf>['kind'] | string;
  const cases: [string, DirectoryState, Transaction, Want][] = [
    ['EVM address, other case', loaded, tx({ params: { networkId: 'ETH', toAddress: '0xabcdef0000000000000000000000000000001234' } }), 'book:Kraken hot'],
    ['EVM address on another network', loaded, tx({ params: { networkId: 'TRX', toAddress: '0xabcdef0000000000000000000000000000001234' } }), 'unknown'],
    ['memo network, same memo', loaded, tx({ params: { networkId: 'XRP', toAddress: 'rBitstampXRP', memo: '77' } }), 'book:Bitstamp XRP'],
    ['memo network, memo in extra', loaded, tx({ params: { networkId: 'XRP', toAddress: 'rBitstampXRP' }, extra: { memo: '77' } }), 'book:Bitstamp XRP'],
    ['memo network, other memo', loaded, tx({ params: { networkId: 'XRP', toAddress: 'rBitstampXRP', memo: '78' } }), 'unknown'],
    ['memo network, no memo', loaded, tx({ params: { networkId: 'XRP', toAddress: 'rBitstampXRP' } }), 'unknown'],
    ['network without memos ignores them', loaded, tx({ params: { networkId: 'BTC', toAddress: 'bc1qfree' } }), 'book:Memo-free chain'],
    ['base58 is case-sensitive', loaded, tx({ params: { networkId: 'TRX', toAddress: 'tcasesensitive' } }), 'unknown'],
    ['base58 exact', loaded, tx({ params: { networkId: 'TRX', toAddress: 'TCaseSensitive' } }), 'book:Case matters'],
    ['a deleted record does not count', loaded, tx({ params: { networkId: 'ETH', toAddress: '0xdead000000000000000000000000000000000000' } }), 'unknown'],
    ['a rejected record does not count', loaded, tx({ params: { networkId: 'TRX', toAddress: 'TRejected' } }), 'unknown'],
    ['a new record counts', loaded, tx({ params: { networkId: 'TRX', toAddress: 'TPending' } }), 'book:Pending one'],
    ['a record for other accounts', loaded, tx({ accountId: 'acc-hot', params: { networkId: 'BTC', toAddress: 'bc1qonly' } }), 'unknown'],
    ['a record for this account', loaded, tx({ accountId: 'acc-cold', params: { networkId: 'BTC', toAddress: 'bc1qonly' } }), 'book:Only for cold'],
    ['an address no record has', loaded, tx({ params: { networkId: 'BTC', toAddress: 'bc1qnobody' } }), 'unknown'],
    ['padded address', loaded, tx({ params: { networkId: 'BTC', toAddress: '  bc1qfree ' } }), 'book:Memo-free chain'],
    ['network from the asset', withBook(loaded, BOOK, 1), tx({ params: { assetId: 'eth-asset', toAddress: '0xABCDEF0000000000000000000000000000001234' } }), 'book:Kraken hot'],
    ['record id the service was given', loaded, tx({ type: 'fiat-out', params: { toAddressBookRecordId: 'rec-bank' } }), 'book:Bank of Test'],
    ['record id of a deleted record', loaded, tx({ params: { toAddressBookRecordId: 'rec-gone' } }), 'unknown'],
    ['record id whose address differs', loaded, tx({ params: { networkId: 'BTC', toAddress: 'bc1qother', toAddressBookRecordId: 'rec-anymemo' } }), 'unknown'],
    ['workspace tag', loaded, tx({ params: { toWorkspaceTag: 'partner-ws' } }), 'book:Partner workspace'],
    ['own account by id', loaded, tx({ params: { toAccountId: 'acc-cold' } }), 'account:Treasury Cold'],
    ['own account by id in extra', loaded, tx({ extra: { toAccountId: 'acc-cold' } }), 'account:Treasury Cold'],
    ['an account id the workspace lacks', loaded, tx({ params: { toAccountId: 'acc-zzzzzzzzzzzz' } }), 'account:account acc-zzzz…'],
    ['own address', loaded, tx({ params: { networkId: 'ETH', toAddress: '0x39AA39c021dfbae8fac545936693ac917d5e7563' } }), 'account:Treasury Cold'],
    ['own address on another network', loaded, tx({ params: { networkId: 'TRX', toAddress: '0x39aa39c021dfbae8fac545936693ac917d5e7563' } }), 'unknown'],
    ['own account needs no book', emptyDirectory, tx({ params: { toAccountId: 'acc-hot' } }), 'account:Ops Hot'],
    ['book loading', emptyDirectory, tx({ params: { networkId: 'BTC', toAddress: 'bc1qfree' } }), 'unread:address book loading'],
    ['book forbidden', withReferenceState(emptyDirectory, 'book', 'forbidden'), tx({ params: { networkId: 'BTC', toAddress: 'bc1qfree' } }), "unread:the key's role may not read the address book"],
    ['book failed, never read', withReferenceState(emptyDirectory, 'book', 'failed'), tx({ params: { networkId: 'BTC', toAddress: 'bc1qfree' } }), 'unread:the address book could not be read'],
    ['book failed after a read keeps it', withReferenceState(loaded, 'book', 'failed'), tx({ params: { networkId: 'BTC', toAddress: 'bc1qfree' } }), 'book:Memo-free chain'],
    ['an empty book read is read', withBook(emptyDirectory, [], 1), tx({ params: { networkId: 'BTC', toAddress: 'bc1qfree' } }), 'unknown'],
    ['a deposit has none', loaded, tx({ type: 'deposit', params: { networkId: 'ETH' }, extra: { fromAddress: '0xabcdef0000000000000000000000000000001234', toAddress: '0x39aa39c021dfbae8fac545936693ac917d5e7563' } }), 'none'],
    ['a swap has none', loaded, tx({ type: 'swap-aggregator', params: { fromAssetId: 'a', toAssetId: 'b' } }), 'none'],
    ['control characters in a name', loaded, tx({ params: { networkId: 'TRX', toAddress: 'TEvil' } }), 'book:Evil�[2Jname'],
  ];
  const dictWithAsset = withDictionary(
    dictionary,
    { assets: [{ assetId: 'eth-asset', networkId: 'ETH', symbol: 'ETH' } as never] },
    0,
  );
  it.each(cases)('%s', (_name, dir, t, want) => {
    const d = destinationOf(dir, ACCOUNTS, t, { ...ref, dictionary: dictWithAsset });
    const got =
      d.kind === 'book' || d.kind === 'account' ? `${d.kind}:${d.name}` : d.kind === 'unread' ? `unread:${d.why}` : d.kind;
    expect(got).toBe(want);
  });

  it('works without the optional reference data (memo compared when the network is unknown)', () => {
    const t = tx({ params: { networkId: 'BTC', toAddress: 'bc1qfree' } });
    expect(destinationOf(loaded, ACCOUNTS, t).kind).toBe('unknown');
    const withMemo = tx({ params: { networkId: 'BTC', toAddress: 'bc1qfree', memo: 'ignored' } });
    expect(destinationOf(loaded, ACCOUNTS, withMemo)).toMatchObject({ kind: 'book', name: 'Memo-free chain' });
    // Without the addresses list an own address is a stranger; the book still answers.
    const own = tx({ params: { networkId: 'ETH', toAddress: '0x39aa39c021dfbae8fac545936693ac917d5e7563' } });
    expect(destinationOf(loaded, ACCOUNTS, own).kind).toBe('unknown');
  });

  it('never throws on junk', () => {
    for (const junk of [null, undefined, 42, 'x', {}, { params: null, extra: null }, { params: { toAddress: 7 } }]) {
      expect(() => destinationOf(loaded, ACCOUNTS, junk as never, ref)).not.toThrow();
      expect(() => sourceOf(loaded, ACCOUNTS, junk as never, ref)).not.toThrow();
    }
    const own = tx({ params: { toAccountId: 'acc-cold' } });
    expect(destinationOf(undefined as never, undefined as never, own)).toMatchObject({ kind: 'account' });
    expect(personLabel(undefined as never, 'u-1').text).toBe('u-1');
    expect(limitLines(undefined, { limitId: 'l' }, undefined as never)).toEqual(['Rule: l (limits loading)']);
    expect(membersNote(undefined as never)).toBeUndefined();
  });

  it('names where an incoming transaction came from', () => {
    const dep = (extra: object) => tx({ type: 'deposit', params: { networkId: 'ETH' }, extra });
    const cases: [object, string][] = [
      [{ fromAddress: '0xABCDEF0000000000000000000000000000001234' }, 'book:Kraken hot'],
      [{ fromAddress: '0x39aa39c021dfbae8fac545936693ac917d5e7563' }, 'account:Treasury Cold'],
      [{ fromAccountId: 'acc-hot' }, 'account:Ops Hot'],
      [{ fromAddress: '0x9999' }, 'unknown'],
      [{}, 'none'],
    ];
    for (const [extra, want] of cases) {
      const d = sourceOf(loaded, ACCOUNTS, dep(extra), ref);
      expect(d.kind === 'book' || d.kind === 'account' ? `${d.kind}:${d.name}` : d.kind).toBe(want);
    }
  });

  it('has words for each kind', () => {
    expect(destinationWords({ kind: 'book', name: 'Kraken hot', record: BOOK[0]! })).toBe('Kraken hot (address book)');
    expect(destinationWords({ kind: 'account', name: 'Ops Hot', accountId: 'acc-hot' })).toBe('Ops Hot (own account)');
    expect(destinationWords({ kind: 'unknown' })).toBe('not in address book');
    expect(destinationWords({ kind: 'unread', why: 'address book loading' })).toBe('address book not read: loading');
    expect(destinationWords({ kind: 'none' })).toBe('');
  });
});

describe('limitLines', () => {
  const limit = (over: Record<string, unknown> = {}) =>
    TransactionLimitSchema.parse({
      limitId: 'lim-1',
      externalId: 'large-withdrawals',
      workspaceId: 'ws',
      limitType: 'transaction-amount',
      transactionParams: { aboveAmount: { amount: '10000' } },
      sources: {},
      destinations: {},
      appliesTo: {},
      limitRule: {
        approve: { numberOfApprovals: '2', authorisedApproversUserIds: ['u-dana', 'u-sam', 'u-ghost'] },
        securityDelay: { durationHours: '24' },
      },
      status: 'active',
      createdAt: '1700000000000',
      ...over,
    });
  const dir = withLimits(loaded, [limit()], 1);
  const cases: [string, Parameters<typeof limitLines>, string[]][] = [
    [
      'a limit read',
      [limit(), { limitId: 'lim-1', number: '2' }, dir],
      [
        'Rule: Transaction amount above $10,000.00 · large-withdrawals',
        'Needs: 2 of 3 approvers',
        'Approvers: Dana Whitfield (you), Sam Ortiz, u-ghost (not a member)',
        'Security delay: 24h',
      ],
    ],
    [
      'a volume limit applying to some users',
      [
        limit({
          limitType: 'transactions-volume',
          transactionParams: { aboveAmount: { amount: '50000.5' }, durationHours: '24' },
          appliesTo: { userIds: ['u-sam'] },
          limitRule: { approve: { numberOfApprovals: '1', authorisedApproversUserIds: ['u-dana'] } },
          status: 'deactivated',
        }),
        undefined,
        dir,
      ],
      [
        'Rule: Volume above $50,000.50 in 24h · large-withdrawals (deactivated)',
        'Needs: 1 of 1 approver',
        'Approvers: Dana Whitfield (you)',
        'Applies to: created by Sam Ortiz',
      ],
    ],
    [
      'a rule that skips approval',
      [limit({ limitRule: { skipApproval: true } }), undefined, dir],
      ['Rule: Transaction amount above $10,000.00 · large-withdrawals', 'Needs: no approval (the rule skips approval)'],
    ],
    [
      'limits loading: the transaction\'s copy of the policy',
      [
        undefined,
        { limitId: 'o6g8xsctxo98dfn6voslf62d', number: '2', availableApprovers: ['u-sam', 'u-x'], securityDelayDuration: '4' },
        loaded,
      ],
      [
        'Rule: o6g8xsct… (limits loading)',
        'Needs: 2 of 2 approvers',
        'Approvers: Sam Ortiz, u-x (not a member)',
        'Security delay: 4h',
      ],
    ],
    [
      'limits forbidden',
      [undefined, { limitId: 'lim-9' }, withReferenceState(loaded, 'limits', 'forbidden')],
      ["Rule: lim-9 (the key's role may not read limits)"],
    ],
    [
      'a limit id the workspace lacks',
      [undefined, { limitId: 'lim-9', availableApprovers: [] }, dir],
      ["Rule: lim-9 (not among the workspace's limits)", 'Approvers: nobody listed'],
    ],
    ['no policy at all', [undefined, undefined, dir], []],
    [
      'an impossible threshold is flagged, never read as an amount',
      [limit({ externalId: '7p9hbgmb8cw8vzotb66ac5dn', limitRule: {}, transactionParams: { aboveAmount: { amount: '-10000' } } }), undefined, dir],
      ['Rule: Transaction amount above ⚠ -10000 (impossible)'],
    ],
    [
      'a generated external id is no name',
      [limit({ externalId: '7p9hbgmb8cw8vzotb66ac5dn', limitRule: {} }), undefined, dir],
      ['Rule: Transaction amount above $10,000.00'],
    ],
    [
      'a UUID external id is no name',
      [limit({ externalId: '3f2a9c1e-0b7d-4e2a-9c1e-0b7d4e2a9c1e', limitRule: {} }), undefined, dir],
      ['Rule: Transaction amount above $10,000.00'],
    ],
    [
      'a short or worded external id is one',
      [limit({ externalId: 'LIMIT2024', transactionParams: {}, limitRule: {} }), undefined, dir],
      ['Rule: Any transaction amount · LIMIT2024'],
    ],
    ['no security delay', [limit({ limitRule: { securityDelay: { durationHours: '0' } } }), undefined, dir], [
      'Rule: Transaction amount above $10,000.00 · large-withdrawals',
      'Security delay: none',
    ]],
  ];
  it.each(cases)('%s', (_name, args, want) => {
    expect(limitLines(...args)).toEqual(want);
  });
});
