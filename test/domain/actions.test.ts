// The table of actions, entry by entry: its words, the roles that may, the statuses each decision
// applies to and what it says where it does not; and that everything derived from it is there for
// every entry: a client route, a key binding, the dialog's words. (The sandbox serving each route
// is test/live/decisions.test.ts, over real HTTP.)
import { describe, expect, it } from 'vitest';
import { DECISION_PATHS } from '../../src/client/index.js';
import type { Transaction } from '../../src/contract/index.js';
import {
  ACTION_NAMES,
  ACTIONS,
  alreadyDone,
  appliesTo,
  DECISION_NAMES,
  DECISIONS,
  decisionDescription,
  type DecisionName,
  isDecision,
  notApplicable,
  roleMay,
  rolesFor,
} from '../../src/domain/actions.js';
import { ROLES } from '../../src/format/index.js';
import { CANCELABLE } from '../../src/sandbox/world/records.js';
import { ACTION_BINDINGS } from '../../src/view/dialog/keys.js';
import { KEYMAP } from '../../src/view/shell/keymap.js';

const tx = (status: string, approvedBy?: string[]): Transaction =>
  ({
    transactionId: 'tx-1',
    status,
    ...(approvedBy !== undefined ? { extra: { approvers: { approvedBy } } } : {}),
  }) as unknown as Transaction;

describe('every entry: its name and words', () => {
  it.each([
    ['decline', 'declining', 'declined', true, 'threshold', 'd'],
    ['approve', 'approving', 'approved', false, 'typed', 'a'],
    ['cancel', 'canceling', 'canceled', true, 'threshold', 'c'],
    ['create', 'creating', 'created', false, 'typed', undefined],
  ] as const)('%s: %s, %s; reason %s; confirmed %s; key %s', (name, doing, done, reason, confirm, key) => {
    const spec = ACTIONS[name];
    // The name is the verb: the footer's word and the audit line's `action` are one text.
    expect(spec.verb).toBe(name);
    expect([spec.doing, spec.done, spec.reason, spec.confirm.kind]).toEqual([doing, done, reason, confirm]);
    expect(spec.dangerous).toBe(true);
    expect(isDecision(name) ? DECISIONS[name].key : undefined).toBe(key);
  });

  it('lists exactly these, decisions first', () => {
    expect(ACTION_NAMES).toEqual(['decline', 'approve', 'cancel', 'create']);
    expect(DECISION_NAMES).toEqual(['decline', 'approve', 'cancel']);
  });

  it('no two decisions share a key', () => {
    const keys = DECISION_NAMES.map((d) => DECISIONS[d].key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each<[DecisionName, string]>([
    ['decline', 'decline the transaction (waiting for approval only): asks for a reason and a confirmation'],
    ['approve', 'approve the transaction (waiting for approval only): asks for the typed confirmation'],
    ['cancel', 'cancel the transaction (before signing starts): asks for a reason and a confirmation'],
  ])('the help says of %s: %s', (name, words) => {
    expect(decisionDescription(name)).toBe(words);
  });
});

describe('the roles that may (wire notes §4: every action needs write)', () => {
  it.each(ACTION_NAMES)('%s: transaction-operator and full-access', (name) => {
    expect(rolesFor(name)).toEqual(['transaction-operator', 'full-access']);
  });

  it.each([
    ['view-only', false],
    ['transaction-operator', true],
    ['full-access', true],
    ['mpc-hot-signer', false],
  ] as const)('%s may do each: %s', (role, may) => {
    for (const name of ACTION_NAMES) expect(roleMay(role, name)).toBe(may);
  });

  it.each([undefined, 'added-next-year', 'constructor', ''])(
    'an unknown or absent role (%j) is let through: the server decides',
    (role) => {
      for (const name of ACTION_NAMES) expect(roleMay(role, name)).toBe(true);
    },
  );

  it('knows every role the console knows', () => {
    for (const role of ROLES) expect(typeof roleMay(role, 'approve')).toBe('boolean');
  });
});

describe('the statuses each decision applies to', () => {
  const STATUSES = [
    'new',
    'waiting-approval',
    'approved',
    'awaiting-security-policy',
    'signing-required',
    'signing',
    'broadcasted',
    'completed',
    'canceled',
    'some-future-status',
  ];
  const BEFORE_SIGNING = STATUSES.slice(0, 5);

  it.each<[DecisionName, readonly string[]]>([
    ['decline', ['waiting-approval']],
    ['approve', ['waiting-approval']],
    ['cancel', BEFORE_SIGNING],
  ])('%s applies to %j only', (name, applies) => {
    expect([...DECISIONS[name].statuses]).toEqual([...applies]);
    for (const status of STATUSES) {
      expect(appliesTo(name, tx(status))).toBe(applies.includes(status));
      expect(notApplicable(name, tx(status)) === undefined).toBe(applies.includes(status));
    }
  });

  it('cancel: the sandbox rule, status for status', () => {
    expect([...DECISIONS.cancel.statuses].sort()).toEqual([...CANCELABLE].sort());
  });

  it('a record that is not a transaction never applies', () => {
    for (const name of DECISION_NAMES) {
      expect(appliesTo(name, undefined)).toBe(false);
      expect(appliesTo(name, { status: 'waiting-approval' })).toBe(false);
    }
  });

  it.each<[DecisionName, string, string]>([
    ['decline', 'completed', 'only a transaction waiting for approval can be declined (this one is completed)'],
    ['approve', 'signing', 'only a transaction waiting for approval can be approved (this one is signing)'],
    [
      'cancel',
      'signing',
      'only a transaction that has not started signing can be canceled ' +
        '(this one is signing; those: new, waiting-approval, approved, awaiting-security-policy, signing-required)',
    ],
  ])('%s on %s says why', (name, status, words) => {
    expect(notApplicable(name, tx(status))).toBe(words);
  });
});

describe('a decision each member makes once', () => {
  it.each<[string, DecisionName, Transaction, string | undefined, string | undefined]>([
    ['approved by this member', 'approve', tx('waiting-approval', ['m1', 'me']), 'me', 'you already approved this'],
    ['approved by others', 'approve', tx('waiting-approval', ['m1']), 'me', undefined],
    ['nobody yet', 'approve', tx('waiting-approval', []), 'me', undefined],
    ['a slim row without the list', 'approve', tx('waiting-approval'), 'me', undefined],
    ['who the key is, not known yet', 'approve', tx('waiting-approval', ['me']), undefined, undefined],
    ['a decline: any member, once it applies', 'decline', tx('waiting-approval', ['me']), 'me', undefined],
    ['no record', 'approve', undefined as unknown as Transaction, 'me', undefined],
  ])('%s: %s', (_name, action, record, self, words) => {
    expect(alreadyDone(action, record, self)).toBe(words);
  });
});

describe('what derives from the table is there for every decision', () => {
  it('a client route each, and no route without an entry', () => {
    expect(Object.keys(DECISION_PATHS).sort()).toEqual([...DECISION_NAMES].sort());
  });

  it.each(DECISION_NAMES)('%s: a key binding on the transactions pane, dangerous, with its action', (name) => {
    const b = ACTION_BINDINGS.find((x) => x.id === name);
    expect(b).toMatchObject({
      keys: [DECISIONS[name].key],
      label: name,
      action: name,
      dangerous: true,
      panes: ['transactions'],
      description: decisionDescription(name),
      opensDecision: true,
    });
    expect(KEYMAP).toContain(b);
    // Its key is its own where it works: no other binding of the transactions pane takes it.
    const rivals = KEYMAP.filter(
      (x) =>
        x !== b &&
        x.keys.includes(DECISIONS[name].key) &&
        x.modes.includes('normal') &&
        (x.panes === undefined || x.panes.includes('transactions')),
    );
    expect(rivals.map((x) => x.id)).toEqual([]);
  });
});
