// The reference endpoints of issue 13 (members, address book, limits, balances, activities)
// against a loopback server that verifies each request's signature over the raw target and body:
// every filter reaches the wire as the public clients write it, and every answer is parsed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AnswerTooLargeError,
  type ApiClient,
  ApiError,
  ContractError,
  createApiClient,
  readPages,
  readShrinking,
} from '../../src/client/index.js';
import { makeTestKey, type TestKey } from '../helpers/api-key.js';
import { type RecordedRequest, type Reply, startHttpServer, type TestServer } from '../helpers/http-server.js';
import {
  fullActivity,
  fullBalance,
  fullLimit,
  fullMember,
  fullRecord,
  minimalActivity,
  minimalBalance,
  minimalMember,
  minimalRecord,
} from './fixtures/reference.js';

interface Case {
  name: string;
  call: (c: ApiClient) => Promise<unknown>;
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  body?: string;
  reply: Reply;
  check: (result: unknown) => void;
}

const WS = '/workspaces/ws1';

const cases: Case[] = [
  {
    name: 'members.list with profiles, _embedded read',
    call: (c) => c.members.list({ includeUsersProfiles: true, limit: 200, offset: 0 }),
    method: 'GET',
    url: `${WS}/members?includeUsersProfiles=true&limit=200&offset=0`,
    reply: { json: { members: [minimalMember, fullMember] } },
    check: (r) => {
      const [, full] = r as { embedded?: { profile?: { name?: string } } }[];
      expect(full?.embedded?.profile?.name).toBe('Dana Whitfield');
      expect(full).not.toHaveProperty('_embedded');
    },
  },
  {
    name: 'members.list with every flag',
    call: (c) => c.members.list({ includePermissionGroups: true, includeUsersProfiles: false, includeEmails: true }),
    method: 'GET',
    url: `${WS}/members?includePermissionGroups=true&includeUsersProfiles=false&includeEmails=true`,
    reply: { json: { members: [] } },
    check: (r) => expect(r).toEqual([]),
  },
  {
    name: 'addressBook.list with every filter',
    call: (c) =>
      c.addressBook.list({
        recordIds: ['r1', 'r2'],
        networkIds: ['XRP'],
        addresses: ['rPT1', '0xAb'],
        memo: '12 345',
        tag: 'cold',
        sortBy: 'name',
        sortDirection: 'ASC',
        recordType: 'address',
        recordTypes: ['address', 'tag'],
        statuses: ['active'],
        limit: 500,
        offset: 500,
      }),
    method: 'GET',
    url:
      `${WS}/address-book-records?recordIds=r1%2Cr2&networkIds=XRP&addresses=rPT1%2C0xAb&memo=12+345&tag=cold` +
      '&sortBy=name&sortDirection=ASC&recordType=address&recordTypes=address%2Ctag&statuses=active&limit=500&offset=500',
    reply: { json: { records: [minimalRecord, fullRecord] } },
    check: (r) => expect((r as { memo?: string }[])[1]?.memo).toBe('12345'),
  },
  {
    name: 'addressBook.get encodes the id',
    call: (c) => c.addressBook.get('r/2'),
    method: 'GET',
    url: `${WS}/address-book-records/r%2F2`,
    reply: { json: fullRecord },
    check: (r) => expect(r).toMatchObject({ recordId: 'r2', networkId: 'XRP' }),
  },
  {
    name: 'addressBook.create sends the body once, reads the 201',
    call: (c) => c.addressBook.create({ externalId: 'x1', name: 'Kraken', networkId: 'ETH', address: '0xabc' }),
    method: 'POST',
    url: `${WS}/address-book-records`,
    body: '{"externalId":"x1","name":"Kraken","networkId":"ETH","address":"0xabc"}',
    reply: { status: 201, json: minimalRecord, headers: { 'correlation-id': 'd'.repeat(32) } },
    check: (r) => expect(r).toMatchObject({ data: { recordId: 'r1' }, correlationId: 'd'.repeat(32) }),
  },
  {
    name: 'addressBook.delete answers the empty object',
    call: (c) => c.addressBook.delete('r1'),
    method: 'DELETE',
    url: `${WS}/address-book-records/r1`,
    reply: { json: {} },
    check: (r) => expect(r).toMatchObject({ data: {} }),
  },
  {
    name: 'limits.list with every filter',
    call: (c) =>
      c.limits.list({
        limitIds: ['l1'],
        statuses: ['active', 'new'],
        fromAccountIds: ['acc1'],
        toAddressBookRecordIds: ['r1'],
        toAccountIds: ['acc2'],
        appliesToUserIds: ['u1', 'u2'],
        limit: 100,
        offset: 0,
      }),
    method: 'GET',
    url:
      `${WS}/transaction-limits?limitIds=l1&statuses=active%2Cnew&fromAccountIds=acc1&toAddressBookRecordIds=r1` +
      '&toAccountIds=acc2&appliesToUserIds=u1%2Cu2&limit=100&offset=0',
    reply: { json: { limits: [fullLimit] } },
    check: (r) =>
      expect((r as { limitRule: { approve?: { numberOfApprovals: string } } }[])[0]?.limitRule.approve?.numberOfApprovals).toBe('2'),
  },
  {
    name: 'limits.get',
    call: (c) => c.limits.get('l1'),
    method: 'GET',
    url: `${WS}/transaction-limits/l1`,
    reply: { json: fullLimit },
    check: (r) => expect(r).toMatchObject({ limitId: 'l1', transactionParams: { aboveAmount: { amount: '10000' } } }),
  },
  {
    name: 'balances.list with every filter, money kept as text',
    call: (c) =>
      c.balances.list({
        accountId: 'acc1',
        accountIds: ['acc1', 'acc2'],
        balanceIds: ['b1'],
        assetId: '10001',
        assetIds: ['10001', '10002'],
        assetNotIn: ['9'],
        networkId: 'ETH',
        networkIds: ['ETH', 'BTC'],
        accountTypes: ['vault'],
        excludedAccountTypes: ['mpc'],
        updatedSince: 1747241036052,
        nonEmpty: false,
        limit: 1000,
        offset: 0,
      }),
    method: 'GET',
    url:
      `${WS}/balances?accountId=acc1&accountIds=acc1%2Cacc2&balanceIds=b1&assetId=10001&assetIds=10001%2C10002` +
      '&assetNotIn=9&networkId=ETH&networkIds=ETH%2CBTC&accountTypes=vault&excludedAccountTypes=mpc' +
      '&updatedSince=1747241036052&nonEmpty=false&limit=1000&offset=0',
    reply: { json: { balances: [minimalBalance, fullBalance] } },
    check: (r) => expect((r as { totalBalance?: string }[])[1]?.totalBalance).toBe('12.500000000000000001'),
  },
  {
    name: 'balances.get',
    call: (c) => c.balances.get('b2'),
    method: 'GET',
    url: `${WS}/balances/b2`,
    reply: { json: fullBalance },
    check: (r) => expect(r).toMatchObject({ balanceId: 'b2', withdrawableBalance: '10.25' }),
  },
  {
    name: 'activities.list with every filter, an unknown type shown',
    call: (c) =>
      c.activities.list({
        accountIds: ['acc1'],
        userIds: ['u1', 'u2'],
        activityTypes: ['transaction-approved', 'login'],
        excludedActivityTypes: ['failed-login'],
        search: 'cold storage',
        limit: 50,
        offset: 100,
      }),
    method: 'GET',
    url:
      `${WS}/activities?accountIds=acc1&userIds=u1%2Cu2&activityTypes=transaction-approved%2Clogin` +
      '&excludedActivityTypes=failed-login&search=cold+storage&limit=50&offset=100',
    reply: { json: { activities: [minimalActivity, fullActivity, { ...minimalActivity, activityType: 'brand-new' }] } },
    check: (r) => expect((r as { activityType: string }[]).map((a) => a.activityType)).toEqual([
      'transaction-approved',
      'transaction-declined',
      'brand-new',
    ]),
  },
];

describe('the reference endpoints, signed end to end', () => {
  let key: TestKey;
  let server: TestServer;
  let client: ApiClient;
  let next: Reply = {};
  beforeAll(async () => {
    key = await makeTestKey();
    server = await startHttpServer(() => next, { verifier: key.verifier() });
    client = createApiClient({ baseUrl: server.url, signer: key.signer, workspaceId: 'ws1', retry: { limit: 0 } });
  });
  afterAll(() => server.close());

  it.each(cases)('$name', async (c) => {
    next = c.reply;
    const before = server.requests.length;
    const result = await c.call(client);
    expect(server.requests.length).toBe(before + 1);
    const req = server.requests.at(-1) as RecordedRequest;
    expect(req.verified).toMatchObject({ ok: true, kid: key.jwk.kid });
    expect(req.method).toBe(c.method);
    expect(req.url).toBe(c.url);
    expect(req.body).toBe(c.body ?? '');
    if (c.body === undefined) expect(req.headers['content-type']).toBeUndefined();
    else expect(req.headers['content-type']).toBe('application/json');
    c.check(result);
  });

  it('covers every method of the five resources', () => {
    const called = new Set(cases.map((c) => c.name.split(/[ ,]/)[0]));
    const groups = { members: client.members, addressBook: client.addressBook, limits: client.limits, balances: client.balances, activities: client.activities };
    for (const [group, api] of Object.entries(groups)) {
      for (const method of Object.keys(api)) expect(called, `${group}.${method}`).toContain(`${group}.${method}`);
    }
  });

  it('fails a record off the contract with the field, and reads a 403 as an ApiError', async () => {
    next = { json: { members: [{ ...minimalMember, createdAt: 'yesterday' }] } };
    const err = await client.members.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContractError);
    expect((err as ContractError).field).toContain('createdAt');
    next = { status: 403, json: { error: 'forbidden', message: 'role mpc-hot-signer cannot read members' } };
    const refused = await client.members.list().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 403, message: 'role mpc-hot-signer cannot read members' });
  });

  it('never repeats a DELETE, even on a 503', async () => {
    const retrying = createApiClient({
      baseUrl: server.url,
      signer: key.signer,
      workspaceId: 'ws1',
      retry: { limit: 3, baseDelayMs: 1 },
    });
    next = { status: 503, json: { error: 'unavailable', message: 'busy' } };
    const before = server.requests.length;
    await expect(retrying.addressBook.delete('r1')).rejects.toBeInstanceOf(ApiError);
    expect(server.requests.length).toBe(before + 1);
  });
});

describe('readPages', () => {
  const rows = Array.from({ length: 25 }, (_, i) => i);
  const source = (calls: [number, number][]) => async (limit: number, offset: number) => {
    calls.push([limit, offset]);
    return rows.slice(offset, offset + limit);
  };

  it.each([
    { pageSize: 10, maxItems: 100, items: 25, complete: true, calls: [[10, 0], [10, 10], [10, 20]] },
    { pageSize: 25, maxItems: 100, items: 25, complete: true, calls: [[25, 0], [25, 25]] },
    { pageSize: 10, maxItems: 15, items: 15, complete: false, calls: [[10, 0], [5, 10]] },
    { pageSize: 100, maxItems: 25, items: 25, complete: false, calls: [[25, 0]] },
    { pageSize: 0, maxItems: 3, items: 3, complete: false, calls: [[1, 0], [1, 1], [1, 2]] },
  ])('page $pageSize, at most $maxItems: $items rows, complete $complete', async (t) => {
    const calls: [number, number][] = [];
    const got = await readPages(source(calls), { pageSize: t.pageSize, maxItems: t.maxItems });
    expect(got.items).toEqual(rows.slice(0, t.items));
    expect(got.complete).toBe(t.complete);
    expect(calls).toEqual(t.calls);
  });

  /** Rows 0..24; an answer of more than `cap` rows is over the size limit, and so is any page holding `huge`. */
  const capped = (calls: [number, number][], cap: number, huge?: number) => async (limit: number, offset: number) => {
    calls.push([limit, offset]);
    const page = rows.slice(offset, offset + limit);
    if (page.length > cap || (huge !== undefined && page.includes(huge))) {
      throw new AnswerTooLargeError({ message: 'too large', field: '', endpoint: 'GET /x', limitBytes: 1024 });
    }
    return page;
  };

  it.each([
    {
      name: 'halves the page and asks it again, then keeps the size that worked',
      pageSize: 10, cap: 3, huge: undefined, items: 25, complete: true, refused: false, size: 2,
      calls: [[10, 0], [5, 0], [2, 0], [2, 2], [2, 4], [2, 6], [2, 8], [2, 10], [2, 12], [2, 14], [2, 16], [2, 18], [2, 20], [2, 22], [2, 24]],
    },
    {
      name: 'a row too large even alone: the rows before it are kept, nothing after it is asked',
      pageSize: 8, cap: 100, huge: 10, items: 10, complete: false, refused: true, size: 2,
      calls: [[8, 0], [8, 8], [4, 8], [2, 8], [2, 10], [1, 10]],
    },
    {
      name: 'the very first row too large: nothing read, the refusal said',
      pageSize: 4, cap: 100, huge: 0, items: 0, complete: false, refused: true, size: 4,
      calls: [[4, 0], [2, 0], [1, 0]],
    },
  ])('too large: $name', async (t) => {
    const calls: [number, number][] = [];
    const got = await readPages(capped(calls, t.cap, t.huge), { pageSize: t.pageSize, maxItems: 100 });
    expect(got.items).toEqual(rows.slice(0, t.items));
    expect(got.complete).toBe(t.complete);
    expect(got.refused !== undefined).toBe(t.refused);
    expect(got.pageSize).toBe(t.size);
    expect(calls).toEqual(t.calls);
  });

  it('readShrinking passes any other failure on at once', async () => {
    let asked = 0;
    const read = async () => {
      asked += 1;
      throw new ContractError({ message: 'bad', field: '', endpoint: 'GET /x' });
    };
    await expect(readShrinking(100, read)).rejects.toBeInstanceOf(ContractError);
    expect(asked).toBe(1);
  });

  it('passes a failed page on, reading nothing after it', async () => {
    let n = 0;
    const read = async () => {
      n += 1;
      if (n === 2) throw new Error('page 2 failed');
      return [1, 2];
    };
    await expect(readPages(read, { pageSize: 2, maxItems: 10 })).rejects.toThrow('page 2 failed');
    expect(n).toBe(2);
  });
});
