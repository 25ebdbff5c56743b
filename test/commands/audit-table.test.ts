// The audit table at a terminal's width: no line wider, no id cut, the reason wrapped, server
// text harmless. Pure: entries in, lines out.
import { describe, expect, it } from 'vitest';
import { formatAuditTable } from '../../src/commands/audit-table.js';
import type { StoredAuditEntry } from '../../src/config/index.js';
import { displayWidth, formatAbsolute } from '../../src/format/index.js';
import { auditEntry } from '../helpers/audit-entry.js';

const TX = '6f1c2a9e-8d7b-4c3a-9e2f-1b0a9c8d7e6f';
const CORR = '0123456789abcdef0123456789abcdef';
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const REASON = 'the destination was changed an hour before the request and nobody on the desk can confirm it with the client';

const FULL: StoredAuditEntry = auditEntry({
  setup: 'profile',
  transactionId: TX,
  transactionType: 'withdrawal',
  amount: '1250.5',
  assetId: 'USDC_ETH',
  toAddress: ADDRESS,
  addressBookName: 'Kraken hot',
  reason: REASON,
  correlationId: CORR,
});
const OLD: StoredAuditEntry = auditEntry({ time: '2026-11-21T12:05:00.000Z', action: 'approve', transactionId: 'tx-bbbb', result: 'conflict', reason: undefined, correlationId: 'corr-2222' });
const CREATE: StoredAuditEntry = auditEntry({
  time: '2026-11-21T12:06:00.000Z',
  baseUrl: 'http://127.0.0.1:4010',
  action: 'create',
  transactionId: undefined,
  externalId: 'ext-1',
  reason: undefined,
  result: 'bad-request',
  correlationId: undefined,
  amount: '0.1',
  assetId: 'ETH',
  toAccountId: 'acc-2',
  transactionType: 'withdrawal',
});
const ALL = [FULL, OLD, CREATE];

describe('formatAuditTable', () => {
  it.each([80, 160])('at %i columns no line is wider, and every id is whole on one line', (width) => {
    const table = formatAuditTable(ALL, { width });
    const lines = table.split('\n');
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(width);
    for (const whole of [TX, CORR, ADDRESS, 'tx-bbbb', 'corr-2222', 'ext-1', 'acc-2', 'kid-1', 'ws1', '127.0.0.1:4010']) {
      expect(lines.some((l) => l.includes(whole))).toBe(true);
    }
    expect(table).toContain('1250.5 USDC_ETH');
    expect(table).toContain(`to ${ADDRESS} (Kraken hot)`);
    expect(table).toContain('to account acc-2');
    // The reason is wrapped, never cut: every word is there, in order.
    expect(table.replace(/\n +/g, ' ')).toContain(`reason: ${REASON}`);
  });
});

describe('formatAuditTable: server text', () => {
  it('control characters cannot reach the terminal; hidden ones in ids show as marks', () => {
    const table = formatAuditTable(
      [auditEntry({ transactionId: 'tx\u200b-1', reason: `evil\u001b[2Jtext\nmore`, addressBookName: 'Kr\u001b]0;x\u0007aken', toAddress: 'bc1q' })],
      { width: 80 },
    );
    expect(table).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(table).toContain('tx tx\u2039U+200B\u203a-1');
    expect(table).toContain('reason: evil');
  });

  it('a reason of any length is bounded and wrapped; an id wider than the line is broken, every character kept', () => {
    const long = 'x'.repeat(150);
    const table = formatAuditTable([auditEntry({ reason: 'word '.repeat(10_000), transactionId: long })], { width: 80 });
    const lines = table.split('\n');
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(80);
    expect(lines.length).toBeLessThan(20);
    expect(lines.map((l) => l.trim()).join('')).toContain(`tx ${long}`);
  });

  it('ASCII only in a non-UTF-8 locale', () => {
    const table = formatAuditTable([auditEntry({ toAddress: '0xabc', addressBookName: 'Tomás — ops', reason: 'é'.repeat(700) })], { width: 80, ascii: true });
    expect(table).toMatch(/^[\x20-\x7e\n]*$/);
    expect(table).toContain('(Tomas - ops)');
  });

  it('an entry of an older custody (no amount, asset, destination or type) is laid out all the same', () => {
    const old = auditEntry();
    const lines = formatAuditTable([old], { width: 80 }).split('\n');
    expect(lines[0]).toBe('on api.example  workspace ws1  setup prod  key kid-1');
    expect(lines[1]).toMatch(new RegExp(`^${formatAbsolute(Date.parse(old.time))}  decline  canceled  tx tx-1  correlation c-1$`));
    expect(lines[2]).toBe('    reason: looks wrong');
  });
});
