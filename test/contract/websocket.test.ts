import { describe, expect, it } from 'vitest';
import { ContractViolation, parseClientMessage, parseServerFrame } from '../../src/contract/index.js';
import { fullTransaction, minimalTransaction } from './fixtures/records.js';

const headers = { 'Correlation-Id': 'c0ffee00c0ffee00c0ffee00c0ffee00' };
const frameText = (frame: unknown) => JSON.stringify(frame);

describe('server frames', () => {
  const body = { transactions: [fullTransaction, minimalTransaction] };

  it.each([
    ['body as an object', body],
    ['body as a string holding JSON', JSON.stringify(body)],
  ])('unwraps %s', (_name, wireBody) => {
    const frame = parseServerFrame(frameText({ status: 200, headers, body: wireBody }));
    expect(frame.ok).toBe(true);
    expect(frame.status).toBe(200);
    expect(frame.correlationId).toBe(headers['Correlation-Id']);
    if (!frame.ok) throw new Error('expected a success frame');
    expect(frame.body.transactions.map((tx) => tx.transactionId)).toEqual(['tx1', 'tx1']);
    // `_embedded` is normalized inside frames too.
    expect(frame.body.transactions[0]?.embedded?.events).toHaveLength(2);
  });

  it('unwraps only once: a string inside the string stays a violation', () => {
    const twice = JSON.stringify(JSON.stringify(body));
    expect(() => parseServerFrame(frameText({ status: 200, headers, body: twice }))).toThrow(
      ContractViolation,
    );
  });

  it.each([
    ['object', { error: 'forbidden', message: 'role too low' }],
    ['string', JSON.stringify({ error: 'forbidden', message: 'role too low' })],
  ])('reads an error frame with its body as an %s', (_name, wireBody) => {
    const frame = parseServerFrame(frameText({ status: 403, headers, body: wireBody }));
    expect(frame).toEqual({
      ok: false,
      status: 403,
      correlationId: headers['Correlation-Id'],
      body: { error: 'forbidden', message: 'role too low' },
    });
  });

  it('reads the empty snapshot of limit=0', () => {
    const frame = parseServerFrame(frameText({ status: 200, headers, body: { transactions: [] } }));
    expect(frame.ok && frame.body.transactions).toEqual([]);
  });

  it('tolerates a frame without headers', () => {
    const frame = parseServerFrame(
      frameText({ status: 400, body: { error: 'bad-request', message: 'bad uri' } }),
    );
    expect(frame.correlationId).toBeUndefined();
  });

  it.each([
    ['not JSON', 'not json', ''],
    ['status as a string', frameText({ status: '200', headers, body }), 'status'],
    ['body string that is not JSON', frameText({ status: 200, headers, body: '{oops' }), 'body'],
    [
      'a bad transaction',
      frameText({
        status: 200,
        headers,
        body: { transactions: [{ ...minimalTransaction, createdAt: 'x' }] },
      }),
      'body.transactions.0.createdAt',
    ],
    [
      'a bad transaction inside a string body',
      frameText({
        status: 200,
        headers,
        body: JSON.stringify({ transactions: [{}, { ...minimalTransaction, status: 9 }] }),
      }),
      'body.transactions.1.status',
    ],
    [
      'an error frame without message',
      frameText({ status: 409, headers, body: { error: 'conflict' } }),
      'body.message',
    ],
  ])('rejects %s at the exact path', (_name, text, path) => {
    try {
      parseServerFrame(text);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ContractViolation);
      expect((error as ContractViolation).issues.map((issue) => issue.path)).toContain(path);
    }
  });
});

describe('client messages', () => {
  const uri = '/workspaces/ws1/transactions?limit=0';
  const subscribe = {
    method: 'SUBSCRIBE',
    uri,
    headers: {
      ...headers,
      Authorization: 'ApiKey eyJhbGciOiJFUzI1NiJ9.e30.sig',
      'Content-Type': 'application/json',
    },
    body: {},
  };

  it('reads SUBSCRIBE and UNSUBSCRIBE', () => {
    expect(parseClientMessage(JSON.stringify(subscribe))).toEqual(subscribe);
    const unsubscribe = { method: 'UNSUBSCRIBE', uri, headers };
    expect(parseClientMessage(JSON.stringify(unsubscribe))).toEqual(unsubscribe);
  });

  it.each([
    ['an unknown method', { ...subscribe, method: 'PUBLISH' }, 'method'],
    ['SUBSCRIBE without Authorization', { ...subscribe, headers }, 'headers.Authorization'],
    [
      'UNSUBSCRIBE without Correlation-Id',
      { method: 'UNSUBSCRIBE', uri, headers: {} },
      'headers.Correlation-Id',
    ],
  ])('rejects %s', (_name, message, path) => {
    expect(() => parseClientMessage(JSON.stringify(message))).toThrow(ContractViolation);
    try {
      parseClientMessage(JSON.stringify(message));
    } catch (error) {
      expect((error as ContractViolation).issues.map((issue) => issue.path)).toEqual([path]);
    }
  });

  it('never puts the Authorization value into the error message', () => {
    const token = 'ApiKey short.secret';
    const message = { ...subscribe, headers: { ...headers, Authorization: [token] } };
    try {
      parseClientMessage(JSON.stringify(message));
      expect.unreachable();
    } catch (error) {
      expect(String((error as Error).message)).not.toContain('secret');
    }
  });
});
