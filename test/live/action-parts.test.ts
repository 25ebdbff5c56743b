// The pure parts of the actions: the field a 400 names, whether a lost request surely never left,
// and how audit records merge into the store without doubles.
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/client/index.js';
import { auditRecord, withAuditRecords } from '../../src/live/audit-trail.js';
import { conflictWords, fieldOf, surelyNotSent } from '../../src/live/outcome-words.js';
import type { AuditRecord, AuditState } from '../../src/store/index.js';

describe('fieldOf', () => {
  it.each([
    ['fromAmount: must be greater than zero (got "0")', 'fromAmount'],
    ['params.quoteId: quote q1 expired at 2025-06-06T12:00:30Z (quotes are valid for 30 s)', 'params.quoteId'],
    ['toAssetId: the same asset as fromAssetId', 'toAssetId'],
    ['params.toAddress: not a valid address', 'params.toAddress'],
    ['body: not valid JSON', undefined],
    ['query: bad', undefined],
    ['unknown query parameter "x"', undefined],
    ['the request failed: see logs', undefined],
    ['', undefined],
    ['  fromAmount:  padded', 'fromAmount'],
    ['fromAmount:no space after', undefined],
  ])('%j → %s', (message, field) => {
    expect(fieldOf(message)).toBe(field);
  });
});

describe('surelyNotSent', () => {
  const err = (o: { code?: string; timedOut?: boolean }) =>
    new NetworkError({ message: 'm', method: 'POST', path: '/p', ...o });
  it.each<[string, { code?: string; timedOut?: boolean }, boolean]>([
    ['connection refused', { code: 'ECONNREFUSED' }, true],
    ['no such host', { code: 'ENOTFOUND' }, true],
    ['connect timeout', { code: 'UND_ERR_CONNECT_TIMEOUT' }, true],
    ['TLS refused', { code: 'CERT_HAS_EXPIRED' }, true],
    ['reset after sending', { code: 'ECONNRESET' }, false],
    ['socket closed', { code: 'UND_ERR_SOCKET' }, false],
    ['answer timed out', { timedOut: true }, false],
    ['no code at all', {}, false],
  ])('%s → %s', (_name, o, never) => {
    expect(surelyNotSent(err(o))).toBe(never);
  });
});

describe('conflictWords', () => {
  const e = new ApiError({ status: 409, code: 'conflict', message: 'tx is canceled', method: 'POST', path: '/p' });
  it.each<[string, 'decline' | 'approve' | 'create', string | undefined, RegExp]>([
    ['moved on', 'decline', 'canceled', /someone approved or declined it first: it is now canceled/],
    ['refresh failed', 'approve', undefined, /could not be refreshed/],
    ['still waiting', 'approve', 'waiting-approval', /still waiting-approval/],
    ['create', 'create', undefined, /externalId was already used/],
  ])('%s', (_name, action, status, words) => {
    expect(conflictWords(action, e, status)).toMatch(words);
  });
});

describe('withAuditRecords', () => {
  const r = (time: string, over: Partial<AuditRecord> = {}): AuditRecord => ({
    time,
    action: 'decline',
    transactionId: 't',
    result: 'canceled',
    ...over,
  });
  const empty: AuditState = { byTx: new Map() };

  it('adds oldest first and drops records it already holds (a reread of the log)', () => {
    const one = withAuditRecords(empty, 't', [r('2026-01-01T00:00:02.000Z')]);
    const two = withAuditRecords(one, 't', [r('2026-01-01T00:00:01.000Z'), r('2026-01-01T00:00:02.000Z')]);
    expect(two.byTx.get('t')!.map((x) => x.time)).toEqual(['2026-01-01T00:00:01.000Z', '2026-01-01T00:00:02.000Z']);
    expect(withAuditRecords(two, 't', [r('2026-01-01T00:00:01.000Z')])).toBe(two);
  });

  it('two attempts in the same millisecond with other results are both kept', () => {
    const s = withAuditRecords(empty, 't', [r('2026-01-01T00:00:01.000Z'), r('2026-01-01T00:00:01.000Z', { result: 'conflict' })]);
    expect(s.byTx.get('t')).toHaveLength(2);
  });

  it('a record drops the connection fields of its entry', () => {
    expect(
      auditRecord({ time: 'x', baseUrl: 'https://a', workspaceId: 'w', action: 'approve', result: 'approved' }),
    ).toEqual({ time: 'x', action: 'approve', result: 'approved' });
  });

  it('a record read back from the log drops its chain link too, and keeps the rest', () => {
    const read = { time: 'x', baseUrl: 'https://a', workspaceId: 'w', keyId: 'k', action: 'decline', reason: 'r', result: 'canceled', prev: 'a'.repeat(64) };
    expect(auditRecord(read)).toEqual({ time: 'x', keyId: 'k', action: 'decline', reason: 'r', result: 'canceled' });
  });
});
