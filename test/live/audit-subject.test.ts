// What an audit line says an action was on (issue 19): type, amount, asset and destination, from
// the transaction and what the console knows of the workspace. Pure: a table of cases.
import { describe, expect, it } from 'vitest';
import { AddressBookRecordSchema, AssetSchema, type Transaction } from '../../src/contract/index.js';
import { auditLine, parseAuditLine } from '../../src/config/index.js';
import { type AuditFacts, type AuditSubject, auditSubject } from '../../src/live/audit-trail.js';
import { emptyDictionary, emptyDirectory, withBook, withDictionary } from '../../src/store/index.js';
import { auditEntry } from '../helpers/audit-entry.js';

const ADDRESS = '0xAbCdEf0000000000000000000000000000001234';
const book = [
  AddressBookRecordSchema.parse({
    recordId: 'rec-kraken',
    externalId: 'x',
    workspaceId: 'ws',
    recordType: 'address',
    name: 'Kraken hot',
    status: 'active',
    createdAt: '1700000000000',
    networkId: 'ETH',
    address: ADDRESS,
  }),
];
const dictionary = withDictionary(emptyDictionary, { assets: [AssetSchema.parse({ assetId: '31', symbol: 'USDC', networkId: 'ETH' })] }, 0);
const KNOWN: AuditFacts = { directory: withBook(emptyDirectory, book, 0), accountsById: new Map(), dictionary };
const UNREAD: AuditFacts = { directory: emptyDirectory, accountsById: new Map() };

type Tx = Pick<Transaction, 'transactionType'> & Partial<Transaction>;
const withdrawal = (params: Record<string, unknown>, over: Partial<Transaction> = {}): Tx =>
  ({ transactionType: 'withdrawal', accountId: 'acc-1', params, ...over }) as Tx;

describe('auditSubject', () => {
  it.each<[string, Tx, AuditFacts, AuditSubject]>([
    [
      'a withdrawal to a book address: its name and the asset symbol',
      withdrawal({ amount: '1250.5', assetId: '31', networkId: 'ETH', toAddress: ADDRESS }),
      KNOWN,
      { transactionType: 'withdrawal', amount: '1250.5', assetId: '31', assetSymbol: 'USDC', toAddress: ADDRESS, addressBookName: 'Kraken hot' },
    ],
    [
      'the book or dictionary not read: the address and id alone',
      withdrawal({ amount: '1', assetId: '31', toAddress: ADDRESS }),
      UNREAD,
      { transactionType: 'withdrawal', amount: '1', assetId: '31', toAddress: ADDRESS },
    ],
    [
      'an address not in the book: no name',
      withdrawal({ amount: '2', assetId: '99', toAddress: 'bc1qelsewhere' }),
      KNOWN,
      { transactionType: 'withdrawal', amount: '2', assetId: '99', toAddress: 'bc1qelsewhere' },
    ],
    [
      'to one of the workspace accounts',
      withdrawal({ amount: '3', assetId: '31', toAccountId: 'acc-2' }),
      KNOWN,
      { transactionType: 'withdrawal', amount: '3', assetId: '31', assetSymbol: 'USDC', toAccountId: 'acc-2' },
    ],
    [
      'a swap: its from side',
      { transactionType: 'swap-aggregator', accountId: 'acc-1', params: { fromAmount: '0.5', fromAssetId: 'ETH', toAssetId: '31' } } as Tx,
      UNREAD,
      { transactionType: 'swap-aggregator', amount: '0.5', assetId: 'ETH' },
    ],
    [
      'a deposit: its toAddress is the workspace own, not a destination',
      { transactionType: 'deposit', accountId: 'acc-1', params: { amount: '4', assetId: '31' }, extra: { toAddress: 'mine' } } as Tx,
      UNREAD,
      { transactionType: 'deposit', amount: '4', assetId: '31' },
    ],
    [
      'junk from the server is left out, never thrown',
      withdrawal({ amount: '1e5', assetId: 'x'.repeat(5_000), toAddress: '   ' }, { transactionType: 7 as unknown as string }),
      KNOWN,
      {},
    ],
  ])('%s', (_, tx, facts, expected) => {
    const subject = auditSubject(tx, facts);
    expect(subject).toEqual(expected);
    // Whatever it holds, a line can be written with it, and reads back the same.
    const line = auditLine(auditEntry(subject));
    expect(parseAuditLine(line.trimEnd())).toEqual(auditEntry(subject));
  });
});
