// The console's writes, declared once: each action's name, words, who may do it, the statuses it
// applies to, whether it takes a reason, how it is confirmed and its key. The keys, the dialog, the
// outcome words, the role checks, the audit line and the client call all read this table, so a
// new decision is one entry here, one client route (client/transactions.ts DECISION_PATHS) and one
// sandbox route. Pure.
import type { Transaction } from '../contract/index.js';
import { isRole, type Permission, type Role, roleGrants, rolesGranting } from '../format/index.js';

/**
 * How a decision is confirmed: `typed` always asks for the end of the id (with the sentence that
 * says why); `threshold` asks y/n below the USD threshold and for the typed end at or above it,
 * and when the USD value is unknown (the safe side).
 */
export type ConfirmRule = { readonly kind: 'typed'; readonly why: string } | { readonly kind: 'threshold' };

export interface ActionSpec {
  /** "decline": the footer's word, the help's verb, the audit line's `action`. */
  readonly verb: string;
  /** "declining": said while the request is on its way. */
  readonly doing: string;
  /** "declined": the outcome's word ("not declined: …", "may or may not have been declined"). */
  readonly done: string;
  /** What the key's role needs (format/roles.ts, wire notes §4): the roles follow from it. */
  readonly permission: Permission;
  /** It asks for an optional reason, sent to the server and kept in the audit line. */
  readonly reason: boolean;
  readonly confirm: ConfirmRule;
  /** Changes something on the server: gone in read-only mode. Every write is. */
  readonly dangerous: true;
}

/** An action on one transaction that exists (the dialog's actions). */
export interface DecisionSpec extends ActionSpec {
  /** The statuses it applies to: the server refuses it on any other (409). */
  readonly statuses: readonly string[];
  /** "only a transaction {which} can be declined"; "it is now approved, no longer {which}" after a 409. */
  readonly which: string;
  /** The help's rule: "decline the transaction ({when})". */
  readonly when: string;
  /** Its key on the transactions pane. */
  readonly key: string;
  /** One of the keys of what is in front: before the general keys when the footer is narrow. */
  readonly primary: boolean;
  /** The dialog title's colour: danger for what ends a transaction, warning for what moves it on. */
  readonly tone: 'danger' | 'warning';
  /**
   * The members who already did it to this transaction, where each member does it once (an
   * approval): the key says so instead of sending for a 409.
   */
  readonly doneBy?: (tx: Transaction) => readonly string[] | null | undefined;
}

const WAITING = 'waiting-approval';

/** Before signing starts: the sandbox's CANCELABLE (src/sandbox/world/records.ts; a test ties them). */
const BEFORE_SIGNING = ['new', WAITING, 'approved', 'awaiting-security-policy', 'signing-required'] as const;

/** The decisions on a transaction, in the order of their keys in the footer and the help. */
export const DECISIONS = {
  decline: {
    verb: 'decline',
    doing: 'declining',
    done: 'declined',
    permission: 'write',
    statuses: [WAITING],
    which: 'waiting for approval',
    when: 'waiting for approval only',
    reason: true,
    confirm: { kind: 'threshold' },
    dangerous: true,
    key: 'd',
    primary: true,
    tone: 'danger',
  },
  approve: {
    verb: 'approve',
    doing: 'approving',
    done: 'approved',
    permission: 'write',
    statuses: [WAITING],
    which: 'waiting for approval',
    when: 'waiting for approval only',
    reason: false,
    confirm: { kind: 'typed', why: 'Approving moves funds.' },
    dangerous: true,
    key: 'a',
    primary: true,
    tone: 'warning',
    doneBy: (tx) => tx.extra?.approvers?.approvedBy,
  },
  cancel: {
    verb: 'cancel',
    doing: 'canceling',
    done: 'canceled',
    permission: 'write',
    statuses: BEFORE_SIGNING,
    which: 'that has not started signing',
    when: 'before signing starts',
    reason: true,
    confirm: { kind: 'threshold' },
    dangerous: true,
    key: 'c',
    // At 80 columns it gives way to the general keys (the help always lists it).
    primary: false,
    tone: 'danger',
  },
} as const satisfies Readonly<Record<string, DecisionSpec>>;

/** Every write: the decisions, and creating a transaction (the swap form's Enter on a quote). */
export const ACTIONS = {
  ...DECISIONS,
  create: {
    verb: 'create',
    doing: 'creating',
    done: 'created',
    permission: 'write',
    reason: false,
    confirm: { kind: 'typed', why: 'Creating moves funds.' },
    dangerous: true,
  },
} as const satisfies Readonly<Record<string, ActionSpec>>;

/** The one union of the writes: what the session may be refused, what the audit line names. */
export type ActionName = keyof typeof ACTIONS;
export type DecisionName = keyof typeof DECISIONS;

export const ACTION_NAMES = Object.keys(ACTIONS) as readonly ActionName[];
export const DECISION_NAMES = Object.keys(DECISIONS) as readonly DecisionName[];

export function isDecision(name: string): name is DecisionName {
  return Object.hasOwn(DECISIONS, name);
}

/**
 * Whether a key of `role` may perform `action` (the client's check; the server makes its own). No
 * role given, or one this console does not know yet: let through, and the server decides.
 */
export function roleMay(role: string | undefined, action: ActionName): boolean {
  if (role === undefined || !isRole(role)) return true;
  return roleGrants(role, ACTIONS[action].permission);
}

/** The known roles that may perform `action` (for help texts and tests). */
export function rolesFor(action: ActionName): Role[] {
  return rolesGranting(ACTIONS[action].permission);
}

function statusOf(record: unknown): string | undefined {
  if (typeof record !== 'object' || record === null || !('transactionId' in record)) return undefined;
  return String((record as { status?: unknown }).status);
}

/** Whether `action` applies to the record at all (a transaction in one of its statuses). */
export function appliesTo(action: DecisionName, record: unknown): record is Transaction {
  const status = statusOf(record);
  return status !== undefined && (DECISIONS[action].statuses as readonly string[]).includes(status);
}

/** Why `action` does not apply to the record (its status), in words for the status line. */
export function notApplicable(action: DecisionName, record: unknown): string | undefined {
  if (appliesTo(action, record)) return undefined;
  const spec: DecisionSpec = DECISIONS[action];
  const status = String((record as { status?: unknown } | null)?.status ?? 'unknown');
  const those = spec.statuses.length > 1 ? `; those: ${spec.statuses.join(', ')}` : '';
  return `only a transaction ${spec.which} can be ${spec.done} (this one is ${status}${those})`;
}

/**
 * Why this key's member may not do `action` again: it already did, where each member does it once
 * (`self` is the member the key acts as; unknown: nothing is said, the server decides).
 */
export function alreadyDone(action: DecisionName, record: unknown, self: string | undefined): string | undefined {
  const spec: DecisionSpec = DECISIONS[action];
  if (spec.doneBy === undefined || self === undefined || statusOf(record) === undefined) return undefined;
  const by = spec.doneBy(record as Transaction);
  return Array.isArray(by) && by.includes(self) ? `you already ${spec.done} this` : undefined;
}

/** The help's sentence: "decline the transaction (waiting for approval only): asks for …". */
export function decisionDescription(action: DecisionName): string {
  const spec: DecisionSpec = DECISIONS[action];
  const asks = spec.reason
    ? 'asks for a reason and a confirmation'
    : spec.confirm.kind === 'typed'
      ? 'asks for the typed confirmation'
      : 'asks for a confirmation';
  return `${spec.verb} the transaction (${spec.when}): ${asks}`;
}
