import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_STATUSES,
  ADDRESS_STATUSES,
  accountStatusStyle,
  addressStatusStyle,
  displayWidth,
  EVENT_TYPES,
  eventTypeLabel,
  eventTypeStyle,
  isTerminalTransactionStatus,
  SIGNING_REQUEST_STATUSES,
  STATUS_KINDS,
  type StatusStyle,
  signingRequestStatusStyle,
  styleText,
  TERMINAL_TRANSACTION_STATUSES,
  TRANSACTION_STATUSES,
  transactionStatusStyle,
} from '../../src/format/index.js';

// Copied from custody-api.md ("States and transitions", "Event types"), so a value dropped from
// our tables by mistake fails here.
const SPEC_TRANSACTION = [
  'new',
  'waiting-confirmations',
  'waiting-approval',
  'approved',
  'awaiting-security-policy',
  'completed',
  'partially-completed',
  'canceled',
  'expired',
  'signing-required',
  'signing',
  'signed',
  'broadcasted',
  'manual-resolving',
  'failed-on-blockchain',
  'removed-from-blockchain',
  'error',
  'awaiting-deposit',
  'awaiting-conversion',
  'awaiting-payout',
  'awaiting-user-response',
  'awaiting-defi-execution',
  'acceptance-required',
];
const SPEC_SIGNING_REQUEST = [
  'new',
  'signing',
  'signed',
  'broadcasted',
  'under-rbf',
  'waiting-external-broadcast',
  'waiting-sponsored-broadcast',
  'completed',
  'manual-resolving',
  'canceled',
  'error-on-broadcast',
  'failed-on-chain',
  'marked-as-error',
];
const SPEC_ADDRESS = [
  'new',
  'pending',
  'address-activation-required',
  'address-creation-required',
  'address-activation-in-progress',
  'approval-pending',
  'enabled',
  'disabled',
  'error',
  'account-archived',
];
const SPEC_ACCOUNT = ['active', 'archived', 'shard-generating', 'error-on-generating'];
const SPEC_EVENT = [
  'in',
  'out',
  'fee',
  'negative-deposit',
  'stake-deposit',
  'stake-withdrawal-requested',
  'stake-delegation',
  'stake-undelegation',
  'stake-withdrawn',
  'stake-earn-reward',
  'stake-reward-accrued',
  'stake-pool-created',
  'stake-pool-unjailed',
  'stake-transferred',
  'allowance',
  'nft-in',
  'nft-out',
  'nft-allowance',
  'loyalty-lock',
  'loyalty-unlock',
  'loyalty-reward',
  'canton-reward',
  'message-signed',
  'deposit-offer',
];
const TONES = ['success', 'warning', 'danger', 'info', 'pending', 'muted', 'accent'];

const families: [string, readonly string[], string[], (s: string) => StatusStyle][] = [
  ['transaction', TRANSACTION_STATUSES, SPEC_TRANSACTION, transactionStatusStyle],
  ['signing request', SIGNING_REQUEST_STATUSES, SPEC_SIGNING_REQUEST, signingRequestStatusStyle],
  ['address', ADDRESS_STATUSES, SPEC_ADDRESS, addressStatusStyle],
  ['account', ACCOUNT_STATUSES, SPEC_ACCOUNT, accountStatusStyle],
  ['event type', EVENT_TYPES, SPEC_EVENT, eventTypeStyle],
];

describe.each(families)('%s styles', (_name, known, spec, style) => {
  it('know exactly the values of the API document', () => {
    expect([...known].sort()).toEqual([...spec].sort());
  });

  it.each(spec)('%s: its own word as label, a one-column symbol, a short ASCII symbol, a tone', (value) => {
    const s = style(value);
    expect(s.label).toBe(value);
    expect(s.symbol).not.toBe('?');
    expect(displayWidth(s.symbol)).toBe(1);
    expect(s.asciiSymbol).toMatch(/^[\x21-\x7e]{1,4}$/);
    expect(s.asciiSymbol).not.toContain('?');
    expect(TONES).toContain(s.tone);
  });

  it.each([['frozen-by-compliance'], [''], ['constructor'], ['__proto__'], ['toString'], ['COMPLETED']])(
    'unknown %j passes through as text with "?"',
    (value) => {
      const s = style(value);
      expect(s.label).toBe(value);
      expect(s.symbol).toBe('?');
      expect(s.asciiSymbol).toMatch(/^\[?\?\]?$/);
      expect(s.tone).toBe('muted');
    },
  );
});

describe('transactionStatusStyle', () => {
  it.each([
    ['waiting-approval', '⚠', '[!]', 'warning'],
    ['completed', '✓', '[+]', 'success'],
    ['awaiting-security-policy', '⚠', '[!]', 'warning'],
    ['acceptance-required', '⚠', '[!]', 'warning'],
    ['manual-resolving', '⚠', '[!]', 'warning'],
    ['failed-on-blockchain', '✗', '[x]', 'danger'],
    ['removed-from-blockchain', '✗', '[x]', 'danger'],
    ['error', '✗', '[x]', 'danger'],
    ['canceled', '⊘', '[/]', 'muted'],
    ['expired', '◷', '[-]', 'muted'],
    ['partially-completed', '◐', '[~]', 'warning'],
    ['signing', '⋯', '[.]', 'pending'],
    ['broadcasted', '⋯', '[.]', 'pending'],
    ['waiting-confirmations', '⋯', '[.]', 'pending'],
    ['approved', '⋯', '[.]', 'info'],
    ['new', '○', '[o]', 'info'],
  ])('%s → %s %s %s', (status, symbol, asciiSymbol, tone) => {
    expect(transactionStatusStyle(status)).toEqual({ label: status, symbol, asciiSymbol, tone });
  });

  it('a symbol tells whether the transaction is terminal', () => {
    const terminalSymbols = new Set(
      TERMINAL_TRANSACTION_STATUSES.map((s) => transactionStatusStyle(s).symbol),
    );
    for (const status of TRANSACTION_STATUSES) {
      expect(terminalSymbols.has(transactionStatusStyle(status).symbol)).toBe(
        isTerminalTransactionStatus(status),
      );
    }
  });
});

describe('status kinds', () => {
  const kinds = Object.values(STATUS_KINDS);
  it('have distinct symbols and distinct ASCII symbols', () => {
    expect(new Set(kinds.map((k) => k.symbol)).size).toBe(kinds.length);
    expect(new Set(kinds.map((k) => k.asciiSymbol)).size).toBe(kinds.length);
  });

  it('have ASCII symbols of one width, so labels line up', () => {
    expect(new Set(kinds.map((k) => k.asciiSymbol.length))).toEqual(new Set([3]));
  });
});

describe('isTerminalTransactionStatus', () => {
  it.each([
    ['completed', true],
    ['canceled', true],
    ['expired', true],
    ['error', true],
    ['failed-on-blockchain', true],
    ['removed-from-blockchain', true],
    ['partially-completed', true],
    ['manual-resolving', false],
    ['waiting-approval', false],
    ['new', false],
    ['signing', false],
    ['broadcasted', false],
    ['awaiting-payout', false],
    ['something-new', false],
    ['', false],
  ])('%s → %s', (status, expected) => {
    expect(isTerminalTransactionStatus(status)).toBe(expected);
  });

  it('the terminal list is exactly wire notes §7', () => {
    expect(TRANSACTION_STATUSES.filter(isTerminalTransactionStatus).sort()).toEqual(
      [
        'completed',
        'canceled',
        'expired',
        'error',
        'failed-on-blockchain',
        'removed-from-blockchain',
        'partially-completed',
      ].sort(),
    );
  });
});

describe('eventTypeStyle / eventTypeLabel', () => {
  it.each([
    ['in', '↓ in', '+ in', 'success'],
    ['out', '↑ out', '- out', 'accent'],
    ['fee', '% fee', '% fee', 'muted'],
    ['nft-in', '↓ nft-in', '+ nft-in', 'success'],
    ['nft-out', '↑ nft-out', '- nft-out', 'accent'],
    ['negative-deposit', '↑ negative-deposit', '- negative-deposit', 'danger'],
    ['stake-earn-reward', '★ stake-earn-reward', '* stake-earn-reward', 'success'],
    ['stake-delegation', '· stake-delegation', '. stake-delegation', 'info'],
    ['brand-new-event', '? brand-new-event', '? brand-new-event', 'muted'],
  ])('%s → %j / %j (%s)', (type, unicode, ascii, tone) => {
    expect(eventTypeLabel(type)).toBe(unicode);
    expect(eventTypeLabel(type, { ascii: true })).toBe(ascii);
    expect(eventTypeStyle(type).tone).toBe(tone);
  });
});

describe('styleText', () => {
  it.each([
    ['waiting-approval', false, '⚠ waiting-approval'],
    ['completed', false, '✓ completed'],
    ['waiting-approval', true, '[!] waiting-approval'],
    ['completed', true, '[+] completed'],
    ['mystery', false, '? mystery'],
    ['mystery', true, '[?] mystery'],
  ])('%s (ascii %s) → %j', (status, ascii, expected) => {
    expect(styleText(transactionStatusStyle(status), { ascii })).toBe(expected);
  });
});
