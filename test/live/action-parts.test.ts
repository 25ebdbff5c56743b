// The pure parts of the actions: the field a 400 names, whether a lost request surely never left,
// the words of every failed write, and how audit records merge into the store without doubles.
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/client/index.js';
import { auditRecord, withAuditRecords } from '../../src/live/audit-trail.js';
import { conflictWords, fieldOf, forbiddenWords, networkWords, surelyNotSent } from '../../src/live/outcome-words.js';
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

describe('the words of every failed write, exactly, and none said twice', () => {
  const api = (status: number, message: string) =>
    new ApiError({ status, code: status === 409 ? 'conflict' : 'forbidden', message, method: 'POST', path: '/p' });
  const net = (o: { message: string; code?: string; timedOut?: boolean }) =>
    new NetworkError({ method: 'POST', path: '/p', ...o });
  const refused = net({ message: '127.0.0.1:9: connection refused', code: 'ECONNREFUSED' });
  const timedOut = net({ message: 'no answer from 127.0.0.1:9 within 10 s', timedOut: true });
  const reset = net({ message: 'socket hang up', code: 'ECONNRESET' });
  const said = 'transaction t1 is approved; only a waiting-approval transaction can be declined';

  it.each<[string, string, string]>([
    // 409: the refreshed status says it all; the server's words come only when they add something.
    ['409, moved on', conflictWords('decline', api(409, said), 'approved'), 'it is now approved, no longer waiting for approval'],
    [
      '409, still waiting',
      conflictWords('approve', api(409, 'transaction t1 is already approved by member m1'), 'waiting-approval'),
      'the server refused (409: transaction t1 is already approved by member m1); it is still waiting-approval',
    ],
    ['409, refresh failed', conflictWords('approve', api(409, ''), undefined), 'the server refused (409: conflict); the row could not be refreshed'],
    // From the table (domain/actions.ts): the action's own end state, and one that applies to several statuses.
    ['409, approved by others first', conflictWords('approve', api(409, said), 'approved'), 'it is already approved'],
    ['409 on cancel, already canceled', conflictWords('cancel', api(409, said), 'canceled'), 'it is already canceled'],
    [
      '409 on cancel, the status alone does not explain it',
      conflictWords('cancel', api(409, 'busy'), 'approved'),
      'the server refused (409: busy); it is now approved',
    ],
    [
      '409 on create',
      conflictWords('create', api(409, 'externalId "x" was already used in this account for transaction t1 with a different body'), undefined),
      'the server refused (409: externalId "x" was already used in this account for transaction t1 with a different body)',
    ],
    ['409 on create, no words', conflictWords('create', api(409, ''), undefined), 'the server refused (409: this externalId was already used for another request)'],
    // 403: said once that the action is hidden from now on.
    [
      '403 with the server\'s words',
      forbiddenWords('decline', api(403, 'role view-only cannot decline transactions')),
      'the server refused this key (403: role view-only cannot decline transactions); decline is hidden for the rest of this session',
    ],
    [
      '403 without',
      forbiddenWords('approve', api(403, '')),
      'the server refused this key (403: its role may not approve transactions, or the key was revoked); approve is hidden for the rest of this session',
    ],
    // No answer.
    ['nothing sent', networkWords('decline', refused, 'no', undefined), 'nothing was sent (127.0.0.1:9: connection refused); try again'],
    [
      'timed out, refreshed',
      networkWords('decline', timedOut, 'unknown', 'canceled'),
      'no answer from 127.0.0.1:9 within 10 s: it may or may not have been declined; it is now canceled',
    ],
    [
      'reset, not refreshed',
      networkWords('approve', reset, 'unknown', undefined),
      'no answer (socket hang up): it may or may not have been approved; the row could not be refreshed',
    ],
    [
      'create found by its externalId',
      networkWords('create', reset, 'unknown', 'new', 'tx9'),
      'no answer (socket hang up), but it was created: tx9 is now new',
    ],
    [
      'create not found',
      networkWords('create', timedOut, 'unknown', undefined),
      'no answer from 127.0.0.1:9 within 10 s: it may or may not have been created; try again: the same externalId cannot create it twice',
    ],
  ])('%s', (_name, words, expected) => {
    expect(words).toBe(expected);
    for (const phrase of ['no answer', 'hidden for the rest of this session', 'try again', 'the server refused']) {
      expect(words.split(phrase).length, phrase).toBeLessThanOrEqual(2);
    }
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
