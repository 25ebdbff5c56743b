import { describe, expect, it } from 'vitest';
import { SwapRouteRequestSchema, TransactionsQuerySchema } from '../../src/contract/index.js';
import { knownParams, parseBody, parseQuery } from '../../src/sandbox/validation.js';

const known = knownParams(TransactionsQuerySchema);
const q = (text: string) => parseQuery(TransactionsQuerySchema, known, text);

describe('parseQuery', () => {
  it('reads the list filters as public clients send them', () => {
    expect(q('transactionStatuses=waiting-approval%2Csigning&isTerminated=True&limit=50&sortDirection=ASC')).toEqual({
      ok: true,
      value: { transactionStatuses: ['waiting-approval', 'signing'], isTerminated: true, limit: '50', sortDirection: 'ASC' },
    });
  });

  it('drops empty lists (they filter nothing)', () => {
    expect(q('transactionStatuses=&assetIds=,,')).toEqual({ ok: true, value: {} });
  });

  it.each([
    ['limit=1001', 'limit: expected at most 1000 (got "1001")'],
    ['limit=abc', 'limit: expected a non-negative integer string such as "50" (got "abc")'],
    ['limit=', 'limit: expected a non-negative integer string such as "50" (got "")'],
    ['offset=-1', 'offset: '],
    ['isTerminated=maybe', 'isTerminated: expected true or false'],
    ['updatedAtFrom=yesterday', 'updatedAtFrom: expected epoch milliseconds'],
    ['limit=1&limit=2', 'limit: given more than once'],
    ['status=signing', 'unknown query parameter "status"'],
    ['a=1&b=2&a=3', 'unknown query parameters "a", "b"'],
  ])('refuses %j naming the field', (text, message) => {
    const result = q(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.status).toBe(400);
      expect(result.error).toBe('bad-request');
      expect(result.message).toContain(message);
    }
  });

  it('takes unknown enum values as filters', () => {
    expect(q('transactionStatuses=brand-new')).toEqual({ ok: true, value: { transactionStatuses: ['brand-new'] } });
  });
});

describe('parseBody', () => {
  const body = { accountId: 'a', fromAssetId: '1', toAssetId: '2', fromAmount: '1' };

  it.each([
    ['{', 'body: not valid JSON'],
    ['[1]', 'body: expected a JSON object'],
    ['null', 'body: expected a JSON object'],
    ['"x"', 'body: expected a JSON object'],
    [JSON.stringify({ ...body, toAmount: '2' }), 'toAmount: expected exactly one of fromAmount or toAmount, not both'],
    [JSON.stringify({ ...body, fromAmount: '1e5' }), 'fromAmount: expected a positive decimal'],
    [JSON.stringify({ ...body, accountId: 5 }), 'accountId: '],
    ['', 'accountId: missing'],
  ])('refuses %j naming the field', (text, message) => {
    const result = parseBody(SwapRouteRequestSchema, text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });

  it('reads a good body and never quotes JSON.parse (which echoes input)', () => {
    expect(parseBody(SwapRouteRequestSchema, JSON.stringify(body))).toEqual({ ok: true, value: body });
    const secret = parseBody(SwapRouteRequestSchema, '{"secret-looking": tru');
    expect(secret.ok || secret.message).toBe('body: not valid JSON');
  });
});
