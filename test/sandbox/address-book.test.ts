// The address book against a real sandbox on a loopback port: the seeded records on the world's
// networks (memos where the network routes by one), every filter, sorting and paging, one by id,
// create (validation, idempotent externalId, 409 on a conflict) and delete (status deleted), and
// the world's withdrawals: both known and unknown destinations waiting, a self-approval, and the
// book-only vault's withdrawal to a record deleted since.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';

interface WireRecord {
  recordId: string;
  externalId: string;
  recordType: string;
  name: string;
  status: string;
  networkId?: string;
  address?: string;
  memo?: string;
  tag?: string;
  accountIds?: string[];
  createdAt: string;
  createdBy?: string;
  lastUsedAt?: string;
}

let fx: SandboxFixture;
const ws = () => `/workspaces/${fx.workspaceId}`;

beforeAll(async () => {
  fx = await startTestSandbox({ seed: 7, history: 2000 });
});
afterAll(() => fx.close());

async function list(query = ''): Promise<WireRecord[]> {
  const res = await fx.fetch('GET', `${ws()}/address-book-records${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json.records;
}

function post(body: unknown, role: 'full-access' | 'transaction-operator' = 'full-access') {
  return fx.fetch('POST', `${ws()}/address-book-records`, { role, body: JSON.stringify(body) });
}

describe('the seeded book', () => {
  it('names destinations on the world networks, with memos on XRP and TON, one tag record', async () => {
    const records = await list();
    expect(records.length).toBeGreaterThanOrEqual(18);
    const networks = new Set(records.map((r) => r.networkId).filter(Boolean));
    for (const n of ['BTC', 'ETH', 'TRX', 'SOL', 'XRP', 'TON']) expect(networks.has(n), n).toBe(true);
    expect(records.map((r) => r.name)).toEqual(expect.arrayContaining(['Kraken — BTC deposit', 'Ledger cold storage — ETH']));
    for (const r of records.filter((x) => x.networkId === 'XRP')) expect(r.memo).toMatch(/^\d+$/);
    for (const r of records.filter((x) => x.networkId === 'BTC' || x.networkId === 'ETH')) expect(r.memo).toBeUndefined();
    expect(records.filter((r) => r.recordType === 'tag').map((r) => r.tag)).toEqual(['northwind-capital']);
    // Fiat withdrawals pay out to the bank records.
    const fiat = await fx.fetch('GET', `${ws()}/transactions?transactionTypes=fiat-out&limit=50`);
    const banks = new Set(records.filter((r) => r.recordType === 'bank').map((r) => r.recordId));
    expect(fiat.json.transactions.length).toBeGreaterThan(0);
    for (const t of fiat.json.transactions) expect(banks.has(t.params.toAddressBookRecordId)).toBe(true);
    // Destinations in use have been used, before now.
    const used = records.filter((r) => r.lastUsedAt !== undefined);
    expect(used.length).toBeGreaterThan(5);
    for (const r of used) expect(Number(r.lastUsedAt)).toBeGreaterThan(Number(r.createdAt));
  });

  it('leaves deleted records out unless statuses asks for them', async () => {
    const records = await list();
    expect(records.some((r) => r.status === 'deleted')).toBe(false);
    expect(records.map((r) => r.status)).toContain('new');
    const deleted = await list('?statuses=deleted');
    expect(deleted.map((r) => r.name).sort()).toEqual(['Falcon OTC — ETH', 'Genesis OTC — BTC (closed)']);
    const all = await list('?statuses=active,new,deleted');
    expect(all).toHaveLength(records.length + 2);
  });

  it('filters: ids, networks, addresses (EVM in any case), memo, tag, record types', async () => {
    const records = await list();
    const evm = records.find((r) => r.networkId === 'ETH')!;
    const xrp = records.find((r) => r.networkId === 'XRP')!;
    expect(await list(`?recordIds=${evm.recordId},${xrp.recordId}`)).toEqual(
      records.filter((r) => r === evm || r === xrp),
    );
    const eth = await list('?networkIds=ETH');
    expect(eth.length).toBeGreaterThan(2);
    expect(eth.every((r) => r.networkId === 'ETH')).toBe(true);
    expect(await list(`?addresses=${evm.address!.toUpperCase().replace('0X', '0x')}`)).toEqual([evm]);
    expect(await list(`?memo=${xrp.memo}`)).toEqual([xrp]);
    expect((await list('?tag=NORTHWIND-CAPITAL')).map((r) => r.name)).toEqual(['Northwind Capital']);
    expect((await list('?recordType=tag')).map((r) => r.recordType)).toEqual(['tag']);
    const both = await list('?recordTypes=tag,bank');
    expect(both.map((r) => r.recordType).sort()).toEqual(['bank', 'bank', 'tag']);
    expect(both.filter((r) => r.recordType === 'bank').map((r) => r.name)).toEqual([
      'Operating account — Commerzbank (EUR)',
      'Operating account — JPMorgan Chase (USD)',
    ]);
    expect(await list('?networkIds=ETH&recordType=tag')).toEqual([]);
  });

  it('sorts by date added (default), name and type, either direction; pages', async () => {
    const records = await list();
    const dates = records.map((r) => Number(r.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    const byName = await list('?sortBy=name');
    const names = byName.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(await list('?sortBy=name&sortDirection=DESC')).toEqual([...byName].reverse());
    const byType = (await list('?sortBy=type')).map((r) => r.recordType);
    expect(byType).toEqual([...byType].sort());
    expect(await list('?limit=3&offset=2')).toEqual(records.slice(2, 5));
    expect(await list('?limit=0')).toEqual([]);
  });

  it('reads one record by id, deleted ones too; 404 for an unknown id', async () => {
    const [deleted] = await list('?statuses=deleted');
    const one = await fx.fetch('GET', `${ws()}/address-book-records/${deleted!.recordId}`);
    expect(one.status).toBe(200);
    expect(one.json).toEqual(deleted);
    const none = await fx.fetch('GET', `${ws()}/address-book-records/nosuchrecord`);
    expect(none.status).toBe(404);
    expect(none.json).toEqual({ error: 'not-found', message: 'no address book record with id "nosuchrecord"' });
  });
});

describe('create and delete', () => {
  const address = `0x${'ab'.repeat(20)}`;

  it('creates an active record (201), replays the same body (200), refuses another body (409)', async () => {
    const body = { externalId: 'book-create-1', name: 'Test OTC desk', networkId: 'ETH', address };
    const created = await post(body, 'transaction-operator');
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      externalId: 'book-create-1',
      name: 'Test OTC desk',
      recordType: 'address',
      status: 'active',
      networkId: 'ETH',
      address,
      createdBy: fx.sandbox.world.members[0]!.userId,
    });
    const again = await post(body);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(created.json);
    const other = await post({ ...body, name: 'Another name' });
    expect(other.status).toBe(409);
    expect(other.json.message).toContain('book-create-1');
    expect((await list()).map((r) => r.recordId)).toContain(created.json.recordId);
  });

  it('refuses a second record for the same destination (409), EVM case aside', async () => {
    const shouting = address.toUpperCase().replace('0X', '0x');
    const res = await post({ externalId: 'book-create-2', name: 'Same desk', networkId: 'ETH', address: shouting });
    expect(res.status).toBe(409);
    expect(res.json.message).toContain('Test OTC desk');
  });

  it('keeps memos apart on a memo network: same address, another memo is another record', async () => {
    const [kraken] = await list('?networkIds=XRP');
    const xrp = { networkId: 'XRP', address: kraken!.address };
    const res = await post({ externalId: 'book-memo-1', name: 'Kraken, second customer', ...xrp, memo: '42' });
    expect(res.status, res.text).toBe(201);
    const dup = await post({ externalId: 'book-memo-2', name: 'dup', ...xrp, memo: kraken!.memo });
    expect(dup.status).toBe(409);
  });

  const eth = { name: 'x', networkId: 'ETH', address };
  const btc = `bc1q${'q'.repeat(38)}`;
  const xrp = `r${'p'.repeat(33)}`;
  it.each([
    ['no name', { ...eth, externalId: 'v1', name: '' }, 'name: '],
    ['no externalId', eth, 'externalId: '],
    ['an unknown network', { ...eth, externalId: 'v2', networkId: 'DOGE' }, 'networkId: unknown network'],
    ['no address', { externalId: 'v3', name: 'x', networkId: 'ETH' }, 'address: missing'],
    ['a Bitcoin address on ETH', { ...eth, externalId: 'v4', address: 'bc1qqqqq' }, 'address: expected an EVM'],
    ['a memo on BTC', { ...eth, externalId: 'v5', networkId: 'BTC', address: btc, memo: '1' }, 'memo: '],
    ['a word as an XRP tag', { ...eth, externalId: 'v6', networkId: 'XRP', address: xrp, memo: 'abc' }, 'memo: an XRP'],
    ['an unknown account', { ...eth, externalId: 'v7', accountIds: ['nope'] }, 'accountIds: no account'],
    ['a tag record without a tag', { externalId: 'v8', name: 'x', recordType: 'tag' }, 'tag: missing'],
    ['a bank record without details', { externalId: 'v9', name: 'x', recordType: 'bank' }, 'bankDetails: missing'],
    ['an unknown record type', { externalId: 'v10', name: 'x', recordType: 'carrier-pigeon' }, 'recordType: '],
    ['control characters in the name', { ...eth, externalId: 'v11', name: 'a\u0007b' }, 'name: control characters'],
  ])('refuses %s with a 400 naming the field', async (_what, body, message) => {
    const res = await post(body);
    expect(res.status, res.text).toBe(400);
    expect(res.json.error).toBe('bad-request');
    expect(res.json.message).toContain(message);
  });

  it('creates tag and bank records', async () => {
    const tag = await post({ externalId: 'book-tag-1', name: 'Partner fund', recordType: 'tag', tag: 'Partner-Fund' });
    expect(tag.status, tag.text).toBe(201);
    expect(tag.json).toMatchObject({ recordType: 'tag', tag: 'partner-fund' });
    expect(tag.json.address).toBeUndefined();
    const bankDetails = {
      country: 'DE',
      fiatCurrency: 'EUR',
      channelType: 'sepa',
      accountHolderType: 'business',
      accountNumber: 'DE89370400440532013000',
      issuer: 'Commerzbank, Frankfurt',
    };
    const bank = await post({ externalId: 'book-bank-1', name: 'Supplier GmbH', recordType: 'bank', bankDetails });
    expect(bank.status, bank.text).toBe(201);
    expect(bank.json.recordType).toBe('bank');
  });

  it('deletes: the record stays with status deleted, leaves the default list, a second delete is 409', async () => {
    const created = await post({ externalId: 'book-delete-1', name: 'Short-lived desk', networkId: 'SOL', address: '7'.repeat(44) });
    expect(created.status, created.text).toBe(201);
    const id = created.json.recordId as string;
    const res = await fx.fetch('DELETE', `${ws()}/address-book-records/${id}`, { role: 'transaction-operator' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({});
    const after = await fx.fetch('GET', `${ws()}/address-book-records/${id}`);
    expect(after.json).toMatchObject({ status: 'deleted', updatedBy: fx.sandbox.world.members[0]!.userId });
    expect((await list()).map((r) => r.recordId)).not.toContain(id);
    expect((await list('?statuses=deleted')).map((r) => r.recordId)).toContain(id);
    const again = await fx.fetch('DELETE', `${ws()}/address-book-records/${id}`);
    expect(again.status).toBe(409);
    const unknown = await fx.fetch('DELETE', `${ws()}/address-book-records/nosuchrecord`);
    expect(unknown.status).toBe(404);
    // The destination is free again.
    const reuse = await post({ externalId: 'book-delete-2', name: 'Desk again', networkId: 'SOL', address: '7'.repeat(44) });
    expect(reuse.status).toBe(201);
  });

  it('the feed says who added and who deleted a record', async () => {
    const types = 'new-address-book-record,delete-address-book-record';
    const res = await fx.fetch('GET', `${ws()}/activities?activityTypes=${types}&limit=10`);
    const [added, deleted] = res.json.activities;
    const owner = fx.sandbox.world.members[0]!.userId;
    expect(added).toMatchObject({ activityType: 'new-address-book-record', userId: owner });
    expect(added.description).toContain('Desk again');
    expect(deleted).toMatchObject({ activityType: 'delete-address-book-record', userId: owner });
    expect(deleted.description).toContain('Short-lived desk');
  });
});

describe("the world's withdrawals and the book", () => {
  interface Tx {
    transactionId: string;
    transactionType: string;
    status: string;
    accountId: string;
    createdBy?: string;
    params?: { networkId?: string; toAddress?: string; memo?: string; toAccountId?: string };
    extra?: { approvers?: { approvedBy?: string[] } };
  }

  async function known(): Promise<(tx: Tx) => boolean> {
    const book = await list();
    // Network + address (+ memo where the network routes by one), EVM in any case.
    const key = (networkId?: string, address?: string, memo?: string) =>
      `${networkId}|${address?.toLowerCase()}|${networkId === 'XRP' || networkId === 'TON' ? (memo ?? '') : ''}`;
    const keys = new Set(book.map((r) => key(r.networkId, r.address, r.memo)));
    return (tx) => keys.has(key(tx.params?.networkId, tx.params?.toAddress, tx.params?.memo));
  }

  it('waiting for approval: a known destination, an unknown one, a self-approval', async () => {
    const res = await fx.fetch('GET', `${ws()}/transactions?transactionStatuses=waiting-approval&limit=100`);
    const waiting = (res.json.transactions as Tx[]).filter((t) => t.transactionType === 'withdrawal' && !t.params?.toAccountId);
    const isKnown = await known();
    expect(waiting.some(isKnown)).toBe(true);
    expect(waiting.some((t) => !isKnown(t))).toBe(true);
    const selfApproved = (t: Tx) => t.createdBy !== undefined && !!t.extra?.approvers?.approvedBy?.includes(t.createdBy);
    expect(waiting.some(selfApproved)).toBe(true);
  });

  it("the book-only vault waits on a destination the book no longer has (deleted since it was created)", async () => {
    type Vault = { accountId: string; extra?: { onlyAddressBookWithdrawals?: boolean } };
    const accounts = (await fx.fetch('GET', `${ws()}/accounts`)).json.accounts as Vault[];
    const cold = accounts.find((a) => a.extra?.onlyAddressBookWithdrawals)!;
    const query = `transactionStatuses=waiting-approval&accountId=${cold.accountId}`;
    const res = await fx.fetch('GET', `${ws()}/transactions?${query}`);
    const isKnown = await known();
    const outside = (res.json.transactions as Tx[]).filter((t) => !isKnown(t) && !t.params?.toAccountId);
    expect(outside).toHaveLength(1);
    const [falcon] = (await list('?statuses=deleted')).filter((r) => r.name === 'Falcon OTC — ETH');
    expect(outside[0]!.params?.toAddress).toBe(falcon!.address);
  });

  it('most past withdrawals went to recorded destinations, some to unknown ones', async () => {
    const res = await fx.fetch('GET', `${ws()}/transactions?transactionTypes=withdrawal&isTerminated=true&limit=1000`);
    const external = (res.json.transactions as Tx[]).filter((t) => !t.params?.toAccountId && t.params?.toAddress);
    expect(external.length).toBeGreaterThan(100);
    const isKnown = await known();
    const share = external.filter(isKnown).length / external.length;
    expect(share).toBeGreaterThan(0.6);
    expect(share).toBeLessThan(0.95);
  });
});
