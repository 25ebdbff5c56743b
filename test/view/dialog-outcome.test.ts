// Every outcome of a decline or approve, in the exact words the dialog and the status line show:
// the live engine's words for the failure (live/outcome-words.ts) with the action it is about, and
// nothing said twice.
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/client/index.js';
import { conflictWords, forbiddenWords, networkWords, refusedWords } from '../../src/live/outcome-words.js';
import type { DecisionName } from '../../src/domain/actions.js';
import type { DialogOutcome } from '../../src/store/dialog.js';
import { type ActionOutcome, describeOutcome, outcomeNotice } from '../../src/view/dialog/outcome.js';
import { tx } from '../store/helpers.js';

const W1 = 'tx-w1-7f3a9c2e5b1d';
const api = (status: number, code: string, message: string) =>
  new ApiError({ status, code, message, method: 'POST', path: `/workspaces/ws1/transactions/${W1}/decline` });
const refused = new NetworkError({
  method: 'POST',
  path: '/p',
  message: '127.0.0.1:9: connection refused',
  code: 'ECONNREFUSED',
});
const timedOut = new NetworkError({
  method: 'POST',
  path: '/p',
  message: 'no answer from 127.0.0.1:9 within 10 s',
  timedOut: true,
});
const done = (status: string): ActionOutcome => ({ kind: 'done', transaction: { ...tx(W1), status } });

describe('describeOutcome: every outcome kind, word for word', () => {
  it.each<[string, DecisionName, ActionOutcome, Omit<DialogOutcome, 'kind'>]>([
    ['done: decline', 'decline', done('canceled'), { tone: 'success', headline: 'declined: now canceled' }],
    // Not "approved: now approved".
    ['done: the last approval', 'approve', done('approved'), { tone: 'success', headline: 'approved' }],
    [
      'done: more approvals needed',
      'approve',
      done('waiting-approval'),
      { tone: 'success', headline: 'approved: still waiting-approval (more approvals needed)' },
    ],
    ['done: moved on at once', 'approve', done('signing-required'), { tone: 'success', headline: 'approved: now signing-required' }],
    [
      'conflict: someone acted first (the server would say the status again)',
      'decline',
      {
        kind: 'conflict',
        status: 'approved',
        message: conflictWords(
          'decline',
          api(409, 'conflict', `transaction ${W1} is approved; only a waiting-approval transaction can be declined`),
          'approved',
        ),
      },
      { tone: 'warning', headline: 'not declined: it is now approved, no longer waiting for approval' },
    ],
    [
      'conflict: still waiting',
      'approve',
      {
        kind: 'conflict',
        status: 'waiting-approval',
        message: conflictWords('approve', api(409, 'conflict', `transaction ${W1} is already approved by member m1`), 'waiting-approval'),
      },
      {
        tone: 'warning',
        headline: `not approved: the server refused (409: transaction ${W1} is already approved by member m1); it is still waiting-approval`,
      },
    ],
    [
      'conflict: the row could not be refreshed',
      'decline',
      { kind: 'conflict', message: conflictWords('decline', api(409, 'conflict', ''), undefined) },
      { tone: 'warning', headline: 'not declined: the server refused (409: conflict); the row could not be refreshed' },
    ],
    [
      'forbidden',
      'decline',
      { kind: 'forbidden', message: forbiddenWords('decline', api(403, 'forbidden', 'role view-only cannot decline transactions')) },
      {
        tone: 'danger',
        headline:
          'not declined: the server refused this key (403: role view-only cannot decline transactions); decline is hidden for the rest of this session',
      },
    ],
    [
      'network: nothing was sent',
      'decline',
      { kind: 'network', changed: 'no', message: networkWords('decline', refused, 'no', undefined) },
      { tone: 'danger', headline: 'not declined: nothing was sent (127.0.0.1:9: connection refused); try again' },
    ],
    [
      'network: no answer, the row read again',
      'decline',
      { kind: 'network', changed: 'unknown', message: networkWords('decline', timedOut, 'unknown', 'canceled') },
      {
        tone: 'warning',
        headline: 'no answer from 127.0.0.1:9 within 10 s: it may or may not have been declined; it is now canceled',
      },
    ],
    [
      'refused: a 400 names its field',
      'decline',
      {
        kind: 'refused',
        status: 400,
        code: 'bad-request',
        field: 'reason',
        message: refusedWords(api(400, 'bad-request', 'reason: expected a string')),
      },
      { tone: 'danger', headline: 'not declined: reason: expected a string', detail: '400 bad-request (field reason)' },
    ],
    [
      'refused: rate limited',
      'approve',
      { kind: 'refused', status: 429, code: 'too-many-requests', message: 'rate limited, retry in 2s' },
      { tone: 'danger', headline: 'not approved: rate limited, retry in 2s', detail: '429 too-many-requests' },
    ],
    [
      'refused before sending',
      'decline',
      { kind: 'refused', status: 0, code: 'local-error', message: 'not sent: the signer failed' },
      { tone: 'danger', headline: 'not declined: not sent: the signer failed', detail: 'local-error' },
    ],
    ['duplicate', 'decline', { kind: 'duplicate' }, { tone: 'warning', headline: 'already on its way: nothing more was sent' }],
  ])('%s', (_name, action, outcome, expected) => {
    const d = describeOutcome(action, outcome);
    expect(d).toEqual({ kind: outcome.kind, ...expected });
    const all = `${d.headline} ${d.detail ?? ''}`;
    for (const phrase of ['hidden for the rest of this session', 'no longer waiting', 'may or may not', 'try again', '(409', '(403']) {
      expect(all.split(phrase).length, phrase).toBeLessThanOrEqual(2);
    }
    expect(all).not.toMatch(/\b(\w+ed): now \1\b/);
  });
});

describe('outcomeNotice', () => {
  it.each<[DialogOutcome['tone'], string]>([
    ['success', 'info'],
    ['warning', 'warn'],
    ['danger', 'error'],
  ])('a %s outcome is an %s notice carrying the id', (tone, level) => {
    expect(outcomeNotice(W1, { kind: 'done', tone, headline: 'declined: now canceled' })).toEqual({
      level,
      text: `${W1}: declined: now canceled`,
    });
  });
});

describe('an outcome the audit log could not record', () => {
  const why = '/home/op/audit.log is readable by others; to fix: chmod 600 it';
  it.each<[string, ActionOutcome, { level: string; text: string }]>([
    [
      'a success says both, as a warning (it must not fade like a plain success)',
      { ...done('approved'), auditFailure: why },
      { level: 'warn', text: `${W1}: approved; the audit log could not be written: ${why}` },
    ],
    [
      'a refusal stays an error and says both',
      { kind: 'forbidden', message: 'the server refused this key (403: key was revoked); decline is hidden for the rest of this session', auditFailure: why },
      {
        level: 'error',
        text: `${W1}: not declined: the server refused this key (403: key was revoked); decline is hidden for the rest of this session; the audit log could not be written: ${why}`,
      },
    ],
    [
      'a warning stays a warning',
      { kind: 'conflict', status: 'approved', message: 'it is now approved, no longer waiting for approval', auditFailure: why },
      { level: 'warn', text: `${W1}: not declined: it is now approved, no longer waiting for approval; the audit log could not be written: ${why}` },
    ],
  ])('%s', (_name, outcome, want) => {
    const action: DecisionName = outcome.kind === 'done' ? 'approve' : 'decline';
    const described = describeOutcome(action, outcome);
    expect(described.auditFailure).toBe(why);
    expect(outcomeNotice(W1, described)).toEqual(want);
  });

  it('recorded: no word of the log', () => {
    const described = describeOutcome('approve', done('approved'));
    expect(described).not.toHaveProperty('auditFailure');
    expect(outcomeNotice(W1, described)).toEqual({ level: 'info', text: `${W1}: approved` });
  });
});
