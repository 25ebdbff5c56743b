// Refusals of bad input: 400 naming the field, 413 over 64 KiB, and nothing malformed ever
// becomes a 5xx.
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/sandbox/index.js';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';

let fx: SandboxFixture;
let ws: string;
let accountId: string;

beforeAll(async () => {
  fx = await startTestSandbox();
  ws = `/workspaces/${fx.workspaceId}`;
  accountId = (await fx.client().accounts.list({ statuses: ['active'], isTestnet: false }))[0]!.accountId;
});
afterAll(() => fx.close());

describe('400 bad-request names the field', () => {
  it.each([
    ['limit 1001', () => `${ws}/transactions?limit=1001`, 'limit: expected at most 1000'],
    ['limit abc', () => `${ws}/transactions?limit=abc`, 'limit: expected a non-negative integer'],
    ['limit on accounts', () => `${ws}/accounts?limit=5000`, 'limit: expected at most 1000'],
    ['offset negative', () => `${ws}/addresses?offset=-3`, 'offset: '],
    ['a boolean', () => `${ws}/transactions?isTerminated=perhaps`, 'isTerminated: expected true or false'],
    ['a date', () => `${ws}/transactions?updatedAtFrom=2025-01-01`, 'updatedAtFrom: expected epoch milliseconds'],
    ['an unknown parameter', () => `${ws}/transactions?status=signing`, 'unknown query parameter "status"'],
    ['a parameter twice', () => `${ws}/transactions?limit=1&limit=2`, 'limit: given more than once'],
    ['a query where none is taken', () => `/workspaces?x=1`, 'unknown query parameter "x"'],
    ['search too short', () => '/dictionary/assets?search=u', 'search: expected at least 2 characters'],
    ['used with ids', () => '/dictionary/symbol-market-prices?used=true&baseSymbolIds=BTC', 'used: '],
    ['a sort key', () => `${ws}/transactions?sortBy=nope`, 'sortBy: expected one of updated, activity'],
    ['a sort direction', () => `${ws}/addresses?sortDirection=up`, 'sortDirection: expected one of ASC, DESC'],
  ])('%s', async (_name, target, message) => {
    const res = await fx.fetch('GET', target());
    expect(res.status, res.text).toBe(400);
    expect(res.json.error).toBe('bad-request');
    expect(res.json.message).toContain(message);
  });

  it('an unknown status filter is just a filter that matches nothing', async () => {
    const res = await fx.fetch('GET', `${ws}/transactions?transactionStatuses=brand-new-status`);
    expect(res.status).toBe(200);
    expect(res.json.transactions).toEqual([]);
  });

  it.each([
    ['malformed JSON', '{"accountId": ', 'body: not valid JSON'],
    ['an array', '[]', 'body: expected a JSON object'],
    [
      'both amounts',
      () => JSON.stringify({ accountId, fromAssetId: '11', toAssetId: '12', fromAmount: '1', toAmount: '1' }),
      'toAmount: expected exactly one of fromAmount or toAmount, not both',
    ],
    [
      'neither amount',
      () => JSON.stringify({ accountId, fromAssetId: '11', toAssetId: '12' }),
      'fromAmount: missing: expected exactly one of fromAmount or toAmount',
    ],
    [
      'a bad decimal',
      () => JSON.stringify({ accountId, fromAssetId: '11', toAssetId: '12', fromAmount: '1e3' }),
      'fromAmount: expected a positive decimal',
    ],
    [
      'a number for a decimal',
      () => JSON.stringify({ accountId, fromAssetId: '11', toAssetId: '12', fromAmount: 5 }),
      'fromAmount: ',
    ],
    [
      'a zero amount',
      () => JSON.stringify({ accountId, fromAssetId: '11', toAssetId: '12', fromAmount: '0.000' }),
      'fromAmount: expected a positive decimal',
    ],
  ])('swap route with %s', async (_name, body, message) => {
    const text = typeof body === 'function' ? body() : body;
    const res = await fx.fetch('POST', `${ws}/transactions/swap-route`, { body: text });
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual({ error: 'bad-request', message: expect.stringContaining(message) });
  });

  it('create names what is missing, and an empty body reads as {}', async () => {
    const res = await fx.fetch('POST', `${ws}/transactions`, { body: '' });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/accountId: missing/);
    const decline = await fx.fetch('POST', `${ws}/transactions/nope/decline`, { body: '' });
    expect(decline.status).toBe(404);
  });

  it('a bad reason type on decline', async () => {
    const res = await fx.fetch('POST', `${ws}/transactions/nope/decline`, { body: '{"reason":5}' });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('reason: ');
  });
});

describe('413 payload-too-large', () => {
  const bodyOf = (bytes: number) => {
    const head = '{"reason":"';
    const tail = '"}';
    return head + 'x'.repeat(bytes - head.length - tail.length) + tail;
  };

  it('accepts exactly 64 KiB and refuses 64 KiB + 1', async () => {
    const target = `${ws}/transactions/nope/decline`;
    const exact = await fx.fetch('POST', target, { body: bodyOf(MAX_BODY_BYTES) });
    expect(exact.status).toBe(404); // read, authenticated, routed: no such transaction
    const over = await fx.fetch('POST', target, { body: bodyOf(MAX_BODY_BYTES + 1) });
    expect(over.status).toBe(413);
    expect(over.json.error).toBe('payload-too-large');
    expect(over.headers.get('correlation-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('counts the bytes of a chunked body too (no Content-Length)', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(fx.baseUrl);
      const req = request(
        { host: url.hostname, port: url.port, method: 'POST', path: `${ws}/transactions/nope/decline` },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 80; i++) req.write('x'.repeat(1024));
      req.end();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error).toBe('payload-too-large');
  });
});

describe('never a 5xx', () => {
  it('answers a request line node cannot parse with JSON and a Correlation-Id', async () => {
    const url = new URL(fx.baseUrl);
    const text = await new Promise<string>((resolve) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.write('BROKEN\r\n\r\n'));
      let got = '';
      socket.on('data', (c) => (got += c.toString()));
      socket.on('close', () => resolve(got));
      socket.on('error', () => resolve(got));
    });
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(text).toMatch(/correlation-id: [0-9a-f]{32}/);
    expect(text).toContain('"error":"bad-request"');
  });

  it('refuses an absolute-form target as 400', async () => {
    const url = new URL(fx.baseUrl);
    const text = await new Promise<string>((resolve) => {
      const socket = connect(Number(url.port), url.hostname, () =>
        socket.write(`GET http://elsewhere/workspaces HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
      );
      let got = '';
      socket.on('data', (c) => (got += c.toString()));
      socket.on('close', () => resolve(got));
    });
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(text).toContain('must be a path');
  });

  async function rawExchange(bytes: string): Promise<string> {
    const url = new URL(fx.baseUrl);
    return new Promise<string>((resolve) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.write(bytes));
      let got = '';
      socket.on('data', (c) => (got += c.toString()));
      socket.on('close', () => resolve(got));
      socket.on('error', () => resolve(got));
    });
  }

  it.each([
    ['no Host header', 'GET /workspaces HTTP/1.1\r\nConnection: close\r\n\r\n', /^HTTP\/1\.1 401 /, 'unauthorized'],
    ['an Expect node does not know', 'GET /workspaces HTTP/1.1\r\nHost: x\r\nExpect: magic\r\nConnection: close\r\n\r\n', /^HTTP\/1\.1 401 /, 'unauthorized'],
    ['a WebSocket handshake without a key', 'GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n', /^HTTP\/1\.1 400 /, 'bad-request'],
    ['an upgrade elsewhere', 'GET /other HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n', /^HTTP\/1\.1 404 /, 'not-found'],
  ])('answers %s with JSON and a Correlation-Id', async (_name, bytes, statusLine, error) => {
    const text = await rawExchange(bytes);
    expect(text).toMatch(statusLine);
    expect(text).toMatch(/correlation-id: [0-9a-f]{32}/i);
    expect(text).toContain(`"error":"${error}"`);
  });

  it('odd methods and targets get 4xx, and the server still answers', async () => {
    for (const [method, target] of [
      ['PUT', '/workspaces'],
      ['OPTIONS', '/workspaces'],
      ['PATCH', `${ws}/transactions/x`],
      ['GET', '/workspaces/%zz/accounts'],
      ['GET', `${ws}/transactions/%E0%A4%A/events`],
      ['GET', `${ws}//accounts`],
      ['HEAD', `${ws}/accounts`],
    ] as const) {
      const res = await fx.fetch(method, target);
      expect(res.status, `${method} ${target}`).toBeLessThan(500);
    }
    expect((await fx.fetch('GET', '/workspaces')).status).toBe(200);
    expect(fx.responses.every((r) => r.status < 500)).toBe(true);
  });
});
