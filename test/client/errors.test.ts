// Error answers → ApiError / ContractError, with messages that are safe and useful.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  ApiError,
  ContractError,
  createApiClient,
  describeApiError,
  describeClientError,
} from '../../src/client/index.js';
import { fullTransaction, minimalTransaction } from '../contract/fixtures/records.js';
import { makeTestKey, type TestKey, tokenOf } from '../helpers/api-key.js';
import { type Reply, startHttpServer, type TestServer } from '../helpers/http-server.js';
import { expectNoSecrets } from '../helpers/secrets.js';

const CID = '0123456789abcdef0123456789abcdef';

let key: TestKey;
let server: TestServer;
let client: ApiClient;
let next: Reply = {};

beforeAll(async () => {
  key = await makeTestKey();
  server = await startHttpServer(() => next, { verifier: key.verifier() });
  client = createApiClient({
    baseUrl: server.url,
    signer: key.signer,
    workspaceId: 'ws1',
    retry: { limit: 0 },
  });
});
afterAll(() => server.close());

/** Secrets of every request made so far. */
function secrets(): string[] {
  return [key.jwk.d, ...server.requests.map((r) => tokenOf(r.headers.authorization))];
}

async function failure(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (err) {
    expectNoSecrets(err, secrets());
    return err;
  }
  throw new Error('expected the call to fail');
}

describe('error envelopes → ApiError', () => {
  const table: {
    status: number;
    error: string;
    call: (c: ApiClient) => Promise<unknown>;
    describe: RegExp;
    headers?: Record<string, string>;
    retryAfter?: number;
  }[] = [
    {
      status: 400,
      error: 'bad-request',
      call: (c) => c.transactions.list({ limit: 5 }),
      describe: /invalid/,
    },
    {
      status: 401,
      error: 'unauthorized',
      call: (c) => c.accounts.list(),
      describe: /key not yet accepted, or a rotated-out key id is still used/,
    },
    {
      status: 403,
      error: 'forbidden',
      call: (c) => c.transactions.decide('decline', 'tx1', { reason: 'no' }),
      describe:
        /key unknown or revoked, or its role does not allow POST \/workspaces\/ws1\/transactions\/tx1\/decline/,
    },
    {
      status: 404,
      error: 'not-found',
      call: (c) => c.transactions.get('nope'),
      describe: /not found \(404\)/,
    },
    {
      status: 404,
      error: 'pair-not-available',
      call: (c) =>
        c.transactions.swapRoute({ accountId: 'a', fromAssetId: '1', toAssetId: '2', toAmount: '1' }),
      describe: /cannot be swapped/,
    },
    {
      status: 409,
      error: 'conflict',
      call: (c) => c.transactions.decide('decline', 'tx1'),
      describe: /conflict \(409\)/,
    },
    {
      status: 413,
      error: 'payload-too-large',
      call: (c) => c.transactions.decide('cancel', 'tx1', { reason: 'x'.repeat(10) }),
      describe: /too large/,
    },
    {
      status: 429,
      error: 'too-many-requests',
      call: (c) => c.transactions.decide('approve', 'tx1'),
      headers: { 'retry-after': '7' },
      retryAfter: 7,
      describe: /rate limited, retry in 7s/,
    },
  ];

  it.each(table)('$status $error', async (row) => {
    next = {
      status: row.status,
      json: { error: row.error, message: `server says ${row.error}` },
      headers: { 'correlation-id': CID, ...row.headers },
    };
    const err = await failure(() => row.call(client));
    expect(err).toBeInstanceOf(ApiError);
    const api = err as ApiError;
    expect(api.status).toBe(row.status);
    expect(api.code).toBe(row.error);
    expect(api.message).toBe(`server says ${row.error}`);
    expect(api.correlationId).toBe(CID);
    expect(api.retryAfterSeconds).toBe(row.retryAfter);
    expect(api.path).not.toContain('?');
    const line = describeApiError(api);
    expect(line).toMatch(row.describe);
    expect(line).toContain(`server says ${row.error}`);
    expect(line).toContain(CID);
    expect(line).not.toContain('\n');
    expect(describeClientError(api)).toBe(line);
  });

  it('a real 401 from signature verification (unknown key)', async () => {
    const stranger = await makeTestKey();
    const other = createApiClient({ baseUrl: server.url, signer: stranger.signer, workspaceId: 'ws1' });
    const err = (await failure(() => other.accounts.list())) as ApiError;
    expectNoSecrets(err, [stranger.jwk.d, tokenOf(server.requests.at(-1)?.headers.authorization)]);
    expect(err).toMatchObject({
      status: 401,
      code: 'unauthorized',
      message: 'unknown key id',
      method: 'GET',
    });
    expect(err.path).toBe('/workspaces/ws1/accounts');
    // The client's own Correlation-Id when the server sets none.
    expect(err.correlationId).toBe(server.requests.at(-1)?.headers['correlation-id']);
  });

  it('a body that is not an envelope: code http-<status>, message from the status text', async () => {
    next = {
      status: 502,
      text: '<html><body>Bad gateway</body></html>',
      headers: { 'content-type': 'text/html' },
    };
    const err = (await failure(() => client.accounts.list())) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 502, code: 'http-502', message: '502 Bad Gateway' });
    expect(describeApiError(err)).toMatch(/the server failed \(502 Bad Gateway\).*try again later/);
  });

  it('an envelope without a message, and JSON that is no envelope', async () => {
    next = { status: 409, json: { error: 'conflict' } };
    expect(await failure(() => client.transactions.decide('approve', 't'))).toMatchObject({
      code: 'conflict',
      message: '409 Conflict',
    });
    next = { status: 400, json: ['not', 'an', 'envelope'] };
    expect(await failure(() => client.transactions.decide('approve', 't'))).toMatchObject({
      code: 'http-400',
      message: '400 Bad Request',
    });
  });

  it('scrubs tokens and terminal escapes from server text', async () => {
    const token = await key.signer.sign({ method: 'GET', pathWithQuery: '/x', body: '' });
    next = {
      status: 400,
      json: { error: 'bad-request', message: `bad token ${token}\u001b[2J\nsecond line` },
    };
    const err = (await failure(() => client.transactions.decide('approve', 't'))) as ApiError;
    expect(err.message).toBe('bad token [redacted token] [2J second line');
    expectNoSecrets(err, [token]);
  });

  it('Retry-After as an HTTP date', async () => {
    const at = new Date(Date.now() + 5_000).toUTCString();
    next = {
      status: 429,
      json: { error: 'too-many-requests', message: 'slow down' },
      headers: { 'retry-after': at },
    };
    const err = (await failure(() => client.transactions.decide('approve', 't'))) as ApiError;
    expect(err.retryAfterSeconds).toBeGreaterThanOrEqual(3);
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(6);
  });

  it('a redirect is not followed (the token was signed for this target only)', async () => {
    next = { status: 302, headers: { location: 'http://127.0.0.1:1/elsewhere' } };
    const err = (await failure(() => client.transactions.list())) as ApiError;
    expect(err).toMatchObject({ status: 302, code: 'http-302' });
    expect(describeApiError(err)).toMatch(/redirected/);
  });
});

describe('2xx that breaks the contract → ContractError', () => {
  it('names the field path', async () => {
    const { createdAt: _dropped, ...broken } = minimalTransaction;
    next = { json: { transactions: [broken, fullTransaction] }, headers: { 'correlation-id': CID } };
    const err = (await failure(() => client.transactions.list())) as ContractError;
    expect(err).toBeInstanceOf(ContractError);
    expect(err.field).toBe('transactions.0.createdAt');
    expect(err.endpoint).toBe('GET /workspaces/ws1/transactions');
    expect(err.correlationId).toBe(CID);
    expect(err.message).toContain('transactions.0.createdAt');
    expect(err.issues[0]?.path).toBe('transactions.0.createdAt');
    expect(describeClientError(err)).toContain('transactions.0.createdAt');
  });

  it('a wrong type deep inside (amount as a JSON number)', async () => {
    next = { json: { ...fullTransaction, params: { ...fullTransaction.params, amount: 25.5 } } };
    const err = (await failure(() => client.transactions.get('tx1'))) as ContractError;
    expect(err.field).toBe('params.amount');
  });

  it('a body that is not JSON', async () => {
    next = { text: 'OK', headers: { 'content-type': 'text/plain' } };
    const err = (await failure(() => client.transactions.get('tx1'))) as ContractError;
    expect(err).toBeInstanceOf(ContractError);
    expect(err.field).toBe('');
    expect(err.message).toMatch(/not JSON/);
  });

  it('an empty body', async () => {
    next = { status: 200 };
    expect(await failure(() => client.transactions.decide('approve', 'tx1'))).toBeInstanceOf(ContractError);
  });

  it('a status the call does not expect', async () => {
    next = { status: 202, json: minimalTransaction };
    const err = (await failure(() =>
      client.transactions.create({ accountId: 'a', externalId: 'e', transactionType: 'deposit' }),
    )) as ContractError;
    expect(err).toBeInstanceOf(ContractError);
    expect(err.message).toMatch(/202 where 201 or 200/);
  });
});
