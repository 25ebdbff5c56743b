// The transaction operations added for the API's twin, through real HTTP (every answer through the
// conformance tap): each role on each operation (allowed ones succeed, the others get 403), a bad
// body (400), an unknown id (404), the wrong state (409), bulk idempotency, and a dry run that
// changes nothing anyone can read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/sandbox/index.js';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';

let fx: SandboxFixture;
let accountId: string;
/** Waiting situations by kind, taken from the world's start-up. */
const waiting: Record<'incoming' | 'outgoing' | 'signing', string[]> = { incoming: [], outgoing: [], signing: [] };

const ws = () => `/workspaces/${fx.workspaceId}`;
const post = (path: string, body: unknown, role: Role = 'full-access') =>
  fx.fetch('POST', `${ws()}/transactions${path}`, { role, body: typeof body === 'string' ? body : JSON.stringify(body) });
const get = async (target: string) => (await fx.fetch('GET', `${ws()}${target}`)).json;

let serial = 0;
function withdrawal(externalId = `ops-${++serial}`, toAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq') {
  return { accountId, externalId, transactionType: 'withdrawal', params: { assetId: '1', amount: '0.001', toAddress } };
}

beforeAll(async () => {
  fx = await startTestSandbox({ seed: 3, history: 200 });
  const accounts = (await get('/accounts?statuses=active&isTestnet=false')).accounts as { accountId: string; accountName: string }[];
  accountId = accounts.find((a) => a.accountName === 'Ops Hot')!.accountId;
  const list = (await get('/transactions?transactionStatuses=acceptance-required,signing-required&limit=100'))
    .transactions as { transactionId: string; transactionType: string; status: string }[];
  for (const t of list) {
    if (t.status === 'acceptance-required') waiting[t.transactionType === 'deposit' ? 'incoming' : 'outgoing'].push(t.transactionId);
    else {
      const one = await get(`/transactions/${t.transactionId}`);
      const status = one._embedded?.currentSigningRequest?.status;
      if (status === 'canceled' || status === 'error-on-broadcast') waiting.signing.push(t.transactionId);
    }
  }
});

afterAll(async () => {
  await fx?.close();
});

describe('roles: the allowed ones succeed, the others get 403', () => {
  const ROLES: Role[] = ['view-only', 'transaction-operator', 'full-access', 'mpc-hot-signer'];
  const ops: {
    name: string;
    allowed: Role[];
    status: number;
    call: (role: Role, n: number) => Promise<{ status: number; json: any }>;
  }[] = [
    { name: 'dry-run', allowed: ['transaction-operator', 'full-access'], status: 200, call: (r) => post('/dry-run', withdrawal(), r) },
    {
      name: 'bulk-create',
      allowed: ['transaction-operator', 'full-access'],
      status: 201,
      call: (r) => post('/bulk-create', { transactions: [withdrawal()] }, r),
    },
    {
      name: 'create-signing-request',
      allowed: ['full-access', 'mpc-hot-signer'],
      status: 200,
      call: (r, n) => post(`/${waiting.signing[n]}/create-signing-request`, {}, r),
    },
    {
      name: 'accept-deposit-offer',
      allowed: ['transaction-operator', 'full-access'],
      status: 200,
      call: (r, n) => post(`/${waiting.incoming[n]}/accept-deposit-offer`, { accept: true }, r),
    },
    {
      name: 'reject-outgoing-offer',
      allowed: ['transaction-operator', 'full-access'],
      status: 200,
      call: (r, n) => post(`/${waiting.outgoing[n]}/reject-outgoing-offer`, { accept: false }, r),
    },
  ];
  it.each(ops)('$name: $allowed', async ({ allowed, status, call }) => {
    expect(waiting.signing.length).toBeGreaterThanOrEqual(2);
    expect(waiting.incoming.length).toBeGreaterThanOrEqual(2);
    expect(waiting.outgoing.length).toBeGreaterThanOrEqual(2);
    // The refused roles first: a 403 changes nothing, so the allowed ones still find their situation.
    for (const role of ROLES.filter((r) => !allowed.includes(r))) {
      const answer = await call(role, 0);
      expect(answer.status, role).toBe(403);
      expect(answer.json.error).toBe('forbidden');
    }
    for (const [n, role] of allowed.entries()) {
      const answer = await call(role, n);
      expect(answer.status, `${role}: ${JSON.stringify(answer.json)}`).toBe(status);
    }
  });
});

describe('errors', () => {
  it.each([
    ['/dry-run', { accountId: 1 }],
    ['/dry-run', '{'],
    ['/bulk-create', { transactions: [] }],
    ['/bulk-create', { transactions: Array.from({ length: 50 }, () => withdrawal()) }],
    ['/bulk-create', { transactions: [withdrawal(), { ...withdrawal(), transactionType: 'nope' }] }],
    ['/bulk-create', { transactions: 'x' }],
    ['/any/create-signing-request', { primitivesVersion: 'x' }],
    ['/any/accept-deposit-offer', {}],
    ['/any/accept-deposit-offer', { accept: 'yes' }],
    ['/any/reject-outgoing-offer', { accept: 1 }],
  ])('400: %s %j', async (path, body) => {
    const before = (await get('/transactions?limit=1000')).transactions.length;
    const answer = await post(path, body);
    expect(answer.status).toBe(400);
    expect(answer.json.error).toBe('bad-request');
    expect((await get('/transactions?limit=1000')).transactions.length).toBe(before);
  });

  it.each([
    ['create-signing-request', {}],
    ['accept-deposit-offer', { accept: true }],
    ['reject-outgoing-offer', { accept: true }],
  ])('404: %s of an unknown id', async (path, body) => {
    const answer = await post(`/nope123/${path}`, body);
    expect(answer.status).toBe(404);
    expect(answer.json.error).toBe('not-found');
  });

  it('409: an action on a transaction not waiting for it; a dry run that would overdraw', async () => {
    const created = await post('', withdrawal());
    expect(created.status).toBe(201);
    const id = created.json.transactionId as string;
    for (const [path, body] of [
      ['create-signing-request', {}],
      ['accept-deposit-offer', { accept: true }],
      ['reject-outgoing-offer', { accept: false }],
    ] as const) {
      const answer = await post(`/${id}/${path}`, body);
      expect(answer.status, path).toBe(409);
      expect(answer.json.error).toBe('conflict');
    }
    const overdraw = { ...withdrawal(), params: { assetId: '1', amount: '100000', toAddress: withdrawal().params.toAddress } };
    expect((await post('/dry-run', overdraw)).status).toBe(409);
  });
});

describe('bulk create', () => {
  it('answers each item, a failed one included, and is idempotent on externalId', async () => {
    const items = [withdrawal(), withdrawal(undefined, 'not-an-address'), withdrawal()];
    const first = await post('/bulk-create', { transactions: items });
    expect(first.status).toBe(201);
    const statuses = first.json.transactions.map((t: { status: string }) => t.status);
    expect(statuses).toEqual(['new', 'error', 'new']);
    expect(first.json.transactions[1]).toMatchObject({ transactionId: '', externalId: items[1]!.externalId });
    const before = (await get('/transactions?limit=1000')).transactions.length;
    const again = await post('/bulk-create', { transactions: items });
    expect(again.status).toBe(201);
    expect(again.json.transactions[0].transactionId).toBe(first.json.transactions[0].transactionId);
    expect(again.json.transactions[2].transactionId).toBe(first.json.transactions[2].transactionId);
    expect((await get('/transactions?limit=1000')).transactions.length).toBe(before);
    // The single create agrees: the same externalId and body is the same transaction.
    const single = await post('', items[0]);
    expect(single.status).toBe(200);
    expect(single.json.transactionId).toBe(first.json.transactions[0].transactionId);
  });
});

describe('dry run', () => {
  it('changes nothing: transactions, balances and activities read the same before and after', async () => {
    const read = async () =>
      JSON.stringify([
        await get('/transactions?limit=1000&includeEvents=true'),
        await get('/balances?nonEmpty=false'),
        await get('/activities?limit=1000'),
      ]);
    const before = await read();
    const request = withdrawal();
    const answer = await post('/dry-run', request);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ transactionType: 'withdrawal', accountId, externalId: request.externalId });
    expect(answer.json.estimations.map((e: { eventType: string }) => e.eventType)).toEqual(['out', 'fee']);
    expect(await read()).toBe(before);
    // Nothing was kept for the externalId either: the create makes it (201), not replays it.
    expect((await post('', request)).status).toBe(201);
  });
});
