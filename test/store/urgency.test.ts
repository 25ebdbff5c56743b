// The status sort orders by urgency, not by the alphabet: waiting for approval first, then what
// needs someone, work under way, what went wrong, what stopped, what is done; the nearest deadline
// first within the unfinished groups.
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { compareUrgency, deadline, urgencyKey, urgencyRank } from '../../src/store/index.js';

describe('urgencyRank', () => {
  it.each<[string, number]>([
    ['waiting-approval', 0],
    ['awaiting-security-policy', 1],
    ['signing-required', 1],
    ['manual-resolving', 1],
    ['new', 2],
    ['signing', 2],
    ['broadcasted', 2],
    ['waiting-confirmations', 2],
    ['quantum-pending', 2], // unknown: treated as under way, never buried at the end
    ['failed-on-blockchain', 3],
    ['error', 3],
    ['partially-completed', 3],
    ['expired', 4],
    ['canceled', 4],
    ['completed', 5],
  ])('%s: %i', (status, rank) => {
    expect(urgencyRank(status)).toBe(rank);
  });
});

function t(status: string, expiresAt?: string, delayEnd?: string): Pick<Transaction, 'status' | 'expiresAt' | 'extra'> {
  return {
    status,
    ...(expiresAt !== undefined ? { expiresAt } : {}),
    ...(delayEnd !== undefined ? { extra: { approvers: { securityDelayExpiresAt: delayEnd } } } : {}),
  } as Pick<Transaction, 'status' | 'expiresAt' | 'extra'>;
}

describe('deadline', () => {
  it.each<[string, ReturnType<typeof t>, number | undefined]>([
    ['none', t('waiting-approval'), undefined],
    ['the expiry', t('waiting-approval', '5000'), 5000],
    ['the end of the security delay', t('awaiting-security-policy', undefined, '7000'), 7000],
    ['the sooner of both', t('waiting-approval', '9000', '7000'), 7000],
    ['a finished one has none', t('expired', '5000'), undefined],
    ['text that is not a time is none', t('signing', 'soon'), undefined],
  ])('%s', (_name, tx, want) => {
    expect(deadline(tx)).toBe(want);
  });
});

describe('compareUrgency', () => {
  it('sorts a mixed list: rank, nearest deadline (none last), then the status name', () => {
    const rows: [string, ReturnType<typeof t>][] = [
      ['done', t('completed')],
      ['wait-late', t('waiting-approval', '9000')],
      ['signing', t('signing')],
      ['wait-none', t('waiting-approval')],
      ['failed', t('failed-on-blockchain')],
      ['delay', t('awaiting-security-policy', undefined, '4000')],
      ['wait-soon', t('waiting-approval', '3000')],
      ['canceled', t('canceled')],
      ['broadcast', t('broadcasted')],
      ['manual', t('manual-resolving')],
    ];
    const sorted = rows
      .map(([name, tx], i) => ({ name, i, key: urgencyKey(tx) }))
      .sort((a, b) => compareUrgency(a.key, b.key) || a.i - b.i)
      .map((r) => r.name);
    expect(sorted).toEqual([
      'wait-soon',
      'wait-late',
      'wait-none',
      'delay',
      'manual',
      'broadcast',
      'signing',
      'failed',
      'canceled',
      'done',
    ]);
  });
});
