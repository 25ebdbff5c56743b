// The activity feed against a real sandbox on a loopback port: newest first, paging without gaps
// or repeats, every filter of the OpenAPI, and what the API's actions and the world's own work
// add to it: a decline carries its reason, a cancel too, an approval, a creation, a completion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';

interface WireActivity {
  activityId: string;
  activityType: string;
  title: string;
  description?: string;
  createdAt: string;
  userId?: string;
  accountId?: string;
  workspaceId?: string;
}

let fx: SandboxFixture;
const ws = () => `/workspaces/${fx.workspaceId}`;

beforeAll(async () => {
  fx = await startTestSandbox({ seed: 7, history: 800 });
});
afterAll(() => fx.close());

async function feed(query = ''): Promise<WireActivity[]> {
  const res = await fx.fetch('GET', `${ws()}/activities${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json.activities;
}

async function waiting(): Promise<{ transactionId: string; accountId: string }[]> {
  const res = await fx.fetch('GET', `${ws()}/transactions?transactionStatuses=waiting-approval&limit=100`);
  return res.json.transactions;
}

const owner = () => fx.sandbox.world.members[0]!.userId;

describe('the feed', () => {
  it('is newest first, 100 by default, every activity in the workspace', async () => {
    const page = await feed();
    expect(page).toHaveLength(100);
    const times = page.map((a) => Number(a.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const a of page) {
      expect(a.workspaceId).toBe(fx.workspaceId);
      expect(a.title.length).toBeGreaterThan(0);
      expect(a.activityId).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('pages without gaps or repeats, and reads the same twice', async () => {
    const all = await feed('?limit=1000');
    expect(all).toHaveLength(1000);
    const paged: WireActivity[] = [];
    for (let offset = 0; offset < 1000; offset += 137) paged.push(...(await feed(`?limit=137&offset=${offset}`)));
    expect(paged.slice(0, 1000)).toEqual(all);
    expect(new Set(all.map((a) => a.activityId)).size).toBe(all.length);
    expect(await feed('?limit=1000')).toEqual(all);
  });

  it('reaches back to the workspace opening, through the past and the workspace story', async () => {
    const types = new Set<string>();
    let last: WireActivity | undefined;
    for (let offset = 0; ; offset += 1000) {
      const page = await feed(`?limit=1000&offset=${offset}`);
      for (const a of page) types.add(a.activityType);
      if (page.length < 1000) {
        last = page[page.length - 1];
        break;
      }
    }
    expect(last?.activityType).toBe('workspace-creation');
    for (const t of [
      'transaction-created',
      'transaction-approved',
      'transaction-declined',
      'transaction-canceled',
      'transaction-completed',
      'account-creation',
      'member-creation',
      'member-update',
      'new-address-book-record',
      'delete-address-book-record',
      'transaction-limit-creation',
      'only-address-book-withdrawals-settings-update',
      'service-member-creation',
    ])
      expect(types.has(t), t).toBe(true);
  });

  it('filters by account, member, types in and out, and text', async () => {
    const accounts = (await fx.fetch('GET', `${ws()}/accounts`)).json.accounts as { accountId: string }[];
    const one = accounts[1]!.accountId;
    const byAccount = await feed(`?accountIds=${one}&limit=300`);
    expect(byAccount.length).toBeGreaterThan(20);
    expect(byAccount.every((a) => a.accountId === one)).toBe(true);

    const member = fx.sandbox.world.members[2]!.userId;
    const byUser = await feed(`?userIds=${member}&limit=300`);
    expect(byUser.length).toBeGreaterThan(20);
    expect(byUser.every((a) => a.userId === member)).toBe(true);

    const declines = await feed('?activityTypes=transaction-declined,transaction-canceled&limit=300');
    expect(declines.length).toBeGreaterThan(3);
    expect(declines.every((a) => ['transaction-declined', 'transaction-canceled'].includes(a.activityType))).toBe(true);

    const notCreated = await feed('?excludedActivityTypes=transaction-created,transaction-completed&limit=300');
    const kinds = new Set(notCreated.map((a) => a.activityType));
    expect(kinds.has('transaction-created') || kinds.has('transaction-completed')).toBe(false);

    const kraken = await feed('?search=KRAKEN&limit=300');
    expect(kraken.length).toBeGreaterThan(3);
    for (const a of kraken) expect(`${a.title} ${a.description}`.toLowerCase()).toContain('kraken');

    const both = await feed(`?accountIds=${one}&userIds=${member}&activityTypes=transaction-created&limit=300`);
    for (const a of both) expect([a.accountId, a.userId, a.activityType]).toEqual([one, member, 'transaction-created']);
    expect(await feed('?userIds=nobody')).toEqual([]);
  });
});

describe('what the API and the world add', () => {
  it('a decline carries its reason, as given, with the member and the vault', async () => {
    const [tx] = await waiting();
    const reason = 'Destination "0xabc" not on the approved list — call the desk';
    const res = await fx.fetch('POST', `${ws()}/transactions/${tx!.transactionId}/decline`, {
      body: JSON.stringify({ reason }),
    });
    expect(res.status, res.text).toBe(200);
    const [first] = await feed('?activityTypes=transaction-declined&limit=1');
    expect(first).toMatchObject({ activityType: 'transaction-declined', userId: owner(), accountId: tx!.accountId });
    expect(first!.title).toMatch(/declined$/);
    expect(first!.description).toContain(`reason: ${reason}`);
    expect(first!.description).toContain(tx!.transactionId);
  });

  it('a cancel without a reason says so; an approval names who approved', async () => {
    const [a, b] = await waiting();
    expect((await fx.fetch('POST', `${ws()}/transactions/${a!.transactionId}/cancel`, { body: '{}' })).status).toBe(200);
    const [canceled] = await feed('?activityTypes=transaction-canceled&limit=1');
    expect(canceled!.description).toContain(a!.transactionId);
    expect(canceled!.description).toContain('no reason given');
    const approve = await fx.fetch('POST', `${ws()}/transactions/${b!.transactionId}/approve`, { body: '{}' });
    expect(approve.status, approve.text).toBe(200);
    const [approved] = await feed(`?activityTypes=transaction-approved&userIds=${owner()}&limit=1`);
    expect(approved!.description).toContain(b!.transactionId);
  });

  it('a transaction created through the API, then completed by the world', async () => {
    const accounts = (await fx.fetch('GET', `${ws()}/accounts`)).json.accounts as {
      accountId: string;
      accountName: string;
    }[];
    const hot = accounts.find((a) => a.accountName === 'Ops Hot')!;
    const body = JSON.stringify({
      accountId: hot.accountId,
      externalId: 'feed-create-1',
      transactionType: 'withdrawal',
      params: { assetId: '2', amount: '0.01', toAddress: `0x${'5e'.repeat(20)}` },
    });
    const created = await fx.fetch('POST', `${ws()}/transactions`, { body });
    expect(created.status, created.text).toBe(201);
    const id = created.json.transactionId as string;
    const [first] = await feed('?activityTypes=transaction-created&limit=1');
    expect(first).toMatchObject({ userId: owner(), accountId: hot.accountId, title: 'Withdrawal created' });
    expect(first!.description).toContain('0.01 ETH from Ops Hot');
    for (let i = 0; i < 240 && (await fx.fetch('GET', `${ws()}/transactions/${id}`)).json.status !== 'completed'; i++)
      fx.advance(5_000);
    const [done] = await feed(`?activityTypes=transaction-completed&search=${id}`);
    expect(done).toMatchObject({ title: 'Withdrawal completed', accountId: hot.accountId });
    expect(done!.userId).toBeUndefined();
  });

  it('a book record sent to by name in the description', async () => {
    const records = (await fx.fetch('GET', `${ws()}/address-book-records?networkIds=BTC`)).json.records as {
      recordId: string;
      name: string;
    }[];
    const accounts = (await fx.fetch('GET', `${ws()}/accounts`)).json.accounts as { accountId: string; accountName: string }[];
    const hot = accounts.find((a) => a.accountName === 'Ops Hot')!;
    const body = JSON.stringify({
      accountId: hot.accountId,
      externalId: 'feed-book-1',
      transactionType: 'withdrawal',
      params: { assetId: '1', amount: '0.001', toAddressBookRecordId: records[0]!.recordId },
    });
    const created = await fx.fetch('POST', `${ws()}/transactions`, { body });
    expect(created.status, created.text).toBe(201);
    expect(created.json.params.toAddressBookRecordId).toBe(records[0]!.recordId);
    const [first] = await feed('?activityTypes=transaction-created&limit=1');
    expect(first!.description).toContain(`to ${records[0]!.name}`);
  });
});
