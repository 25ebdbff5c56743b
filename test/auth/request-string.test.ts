import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requestDigest, requestString } from '../../src/auth/index.js';

describe('requestString / requestDigest', () => {
  it.each([
    [
      1749219350,
      'GET',
      '/workspaces/bron',
      '',
      '998371af53740a6cb4f13a7111f8e1b9f12063f8451d2a5b270be8f073b03505',
    ],
    [
      1749219350,
      'SUBSCRIBE',
      '/workspaces/ws1/transactions?limit=0',
      '{}',
      '6952045ceffd96c87d1ca46ce63b893883380f907e2ff42c7679f70f88fe9af6',
    ],
  ])('wire notes vector: %i %s %s %j', (iat, method, path, body, hex) => {
    expect(requestDigest(iat, method, path, body)).toBe(hex);
  });

  it.each([
    [1, 'get', '/a', '', '1\nGET\n/a\n'],
    [1749219350, 'post', '/w/x/transactions', '{"a":1}', '1749219350\nPOST\n/w/x/transactions\n{"a":1}'],
    [
      7,
      'Delete',
      '/q?statuses=active%2Carchived&flag=True',
      '',
      '7\nDELETE\n/q?statuses=active%2Carchived&flag=True\n',
    ],
  ])('builds the string: %i %s %s', (iat, method, path, body, expected) => {
    expect(requestString(iat, method, path, body)).toBe(expected);
  });

  it('keeps the request target exactly as given (no re-encoding, no key sorting)', () => {
    const a = requestDigest(1, 'GET', '/x?b=2&a=1', '');
    const b = requestDigest(1, 'GET', '/x?a=1&b=2', '');
    const c = requestDigest(1, 'GET', '/x?a=1%2C2', '');
    const d = requestDigest(1, 'GET', '/x?a=1,2', '');
    expect(new Set([a, b, c, d]).size).toBe(4);
  });

  it('hashes the UTF-8 bytes of the string and answers lowercase hex', () => {
    const body = '{"note":"café 🚀 ünïcødé"}';
    const expected = createHash('sha256')
      .update(Buffer.from(`5\nPOST\n/n\n${body}`, 'utf8'))
      .digest('hex');
    expect(requestDigest(5, 'POST', '/n', body)).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });
});
