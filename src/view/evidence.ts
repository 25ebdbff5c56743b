// Risk evidence, never a verdict: facts about a transaction that an operator deciding on it should
// have in front of them, each with a symbol, its words and the fact behind it. Computed locally from
// what the console holds (the address book, members, balances, the loaded history); what could not
// be checked says so instead of staying silent or guessing. Pure: inputs → items.
import type { Balance, Transaction } from '../contract/index.js';
import {
  amountProblem,
  amountProblemWords,
  compareDecimal,
  divideDecimal,
  formatCount,
  formatDecimal,
  headUnits,
  hiddenCharacters,
  isDecimalString,
  isTerminalTransactionStatus,
  multiplyDecimal,
  normalizeDecimal,
  type TextKind,
} from '../format/index.js';
import {
  assetInfo,
  type BalancesState,
  type DictionaryState,
  type DirectoryState,
  type WorkspaceState,
} from '../store/index.js';
import { type Destination, destinationOf, peopleText, personLabel } from './directory.js';
import { historyOf, isOutgoing, medianDecimal } from './evidence-history.js';
import { transactionAmount } from './renderers/context.js';
import type { Token } from './theme.js';

export type EvidenceId =
  | 'amount-flagged'
  | 'hidden-characters'
  | 'book-only'
  | 'not-in-book'
  | 'first-time'
  | 'self-approved'
  | 'self-may-approve'
  | 'amount-unusual'
  | 'balance-over'
  | 'balance-most'
  | 'book-unchecked'
  | 'balance-unchecked';

export interface EvidenceItem {
  readonly id: EvidenceId;
  /** One column wide in UTF-8 terminals. */
  readonly symbol: string;
  /** The same mark where the terminal is not UTF-8. */
  readonly ascii: string;
  /** What it is, in words: the symbol is never the only carrier. */
  readonly text: string;
  /** The fact behind it, with its numbers. */
  readonly fact: string;
  /** A secondary cue only (the theme may show no color at all). */
  readonly tone: Extract<Token, 'danger' | 'warning' | 'muted'>;
}

export interface EvidenceInput {
  readonly tx: Transaction;
  readonly directory: DirectoryState;
  readonly workspace: Pick<WorkspaceState, 'accountsById' | 'addresses'>;
  readonly dictionary: DictionaryState;
  readonly balances: BalancesState;
  /** Every transaction the console holds (any account, any status): the loaded history. */
  readonly loaded: Iterable<Transaction>;
  readonly ascii?: boolean;
}

/** "Far above usual": at least this many times the median... */
export const UNUSUAL_FACTOR = '5';
/** ...of at least this many earlier amounts (fewer say nothing about "usual"). */
export const MIN_SAMPLES = 10;
/** "First time" needs at least this many other outgoing transactions loaded to mean anything. */
export const MIN_OUTGOING = 10;
/** "Most of its balance": at least this share of the account's total balance of the asset. */
export const MOST_PERCENT = '50';

const MARKS: Readonly<Record<EvidenceId, readonly [string, string]>> = {
  'amount-flagged': ['⚠', '!'],
  'hidden-characters': ['⍰', '?'],
  'book-only': ['⊘', 'X'],
  'not-in-book': ['⚠', '!'],
  'first-time': ['✦', '*'],
  'self-approved': ['↺', '@'],
  'self-may-approve': ['↺', '@'],
  'amount-unusual': ['⇈', '^'],
  'balance-over': ['◐', '%'],
  'balance-most': ['◐', '%'],
  'book-unchecked': ['?', '?'],
  'balance-unchecked': ['?', '?'],
};

function item(
  id: EvidenceId,
  text: string,
  fact: string,
  tone: EvidenceItem['tone'] = 'warning',
): EvidenceItem {
  const [symbol, ascii] = MARKS[id];
  return { id, symbol, ascii, text, fact, tone };
}

/** An amount as people read it: grouped, no trailing zeros, at most the asset's (or 8) digits. */
function money(amount: string, decimals: number | undefined): string {
  try {
    return formatDecimal(normalizeDecimal(amount), { maxFractionDigits: Math.min(decimals ?? 8, 8) });
  } catch {
    return amount;
  }
}

function destinationItems(input: EvidenceInput, dest: Destination, out: EvidenceItem[]): void {
  const { tx, directory } = input;
  const account = input.workspace.accountsById.get(tx.accountId);
  const onlyBook = account?.extra?.onlyAddressBookWithdrawals === true;
  const accountName = account?.accountName ?? tx.accountId;
  if (dest.kind === 'unread') {
    const policy = onlyBook ? `; ${accountName} allows only address-book withdrawals` : '';
    const text = 'address book not readable: destination unchecked';
    out.push(item('book-unchecked', text, `${dest.why}${policy}`, 'muted'));
    return;
  }
  if (dest.kind !== 'unknown') return;
  if (onlyBook) {
    out.push(
      item(
        'book-only',
        'account allows only address-book withdrawals, and this destination is not in the book',
        `${accountName} has "only address-book withdrawals" on`,
        'danger',
      ),
    );
  }
  const n = directory.book.length;
  out.push(
    item(
      'not-in-book',
      'destination not in the address book',
      `none of the ${formatCount(n)} address-book ${n === 1 ? 'record matches' : 'records match'} ` +
        'its network, address and memo',
    ),
  );
}

function firstTimeItem(input: EvidenceInput, history: ReturnType<typeof historyOf>, out: EvidenceItem[]): void {
  const d = history.destination;
  if (d === undefined || d.earlier > 0 || d.outgoing < MIN_OUTGOING) return;
  const failed =
    d.earlierFruitless === 0
      ? ''
      : `; ${d.earlierFruitless} earlier ${d.earlierFruitless === 1 ? 'one' : 'ones'} to it ` +
        'ended without moving money';
  out.push(
    item(
      'first-time',
      'first time this destination appears in the loaded history',
      `no earlier transaction to it among the ${formatCount(d.outgoing)} outgoing ones loaded${failed}`,
    ),
  );
}

function selfApprovalItem(input: EvidenceInput, out: EvidenceItem[]): void {
  const { tx, directory } = input;
  const creator = tx.createdBy;
  const a = tx.extra?.approvers;
  if (creator == null || creator === '' || a == null) return;
  const options = { ascii: input.ascii ?? false };
  const who = personLabel(directory, creator, options).text;
  const approved = a.approvedBy ?? [];
  if (approved.includes(creator)) {
    const needed = a.number != null ? ` (${approved.length} of ${a.number} needed)` : '';
    out.push(
      item(
        'self-approved',
        'the creator approved it themselves',
        `created by ${who}; approved by ${peopleText(directory, approved, options)}${needed}`,
      ),
    );
    return;
  }
  const may = a.availableApprovers ?? [];
  // Only while an approval can still be given: on a finished transaction "may" is history.
  if (may.includes(creator) && tx.status === 'waiting-approval') {
    out.push(
      item(
        'self-may-approve',
        'the creator may approve it themselves',
        `created by ${who}, one of the ${may.length} who may approve: ${peopleText(directory, may, options)}`,
      ),
    );
  }
}

function unusualAmountItem(
  input: EvidenceInput,
  amount: string,
  symbol: string,
  decimals: number | undefined,
  history: ReturnType<typeof historyOf>,
  out: EvidenceItem[],
): void {
  const samples = history.amounts?.samples ?? [];
  if (samples.length < MIN_SAMPLES) return;
  const median = medianDecimal(samples);
  if (median === undefined || compareDecimal(median, '0') <= 0) return;
  if (compareDecimal(amount, multiplyDecimal(median, UNUSUAL_FACTOR)) < 0) return;
  const ratio = divideDecimal(amount, median, 1, 'down');
  const times = input.ascii ? 'x' : '×';
  out.push(
    item(
      'amount-unusual',
      "far above this account's usual outgoing amounts",
      `${money(ratio, 1)}${times} the median of its last ${samples.length} completed outgoing ${symbol} ` +
        `(${money(median, decimals)} ${symbol})`,
    ),
  );
}

const BALANCE_UNREAD: Readonly<Record<string, string>> = {
  loading: 'balances still loading',
  forbidden: "the key's role may not read balances",
  failed: 'balances could not be read',
};

function balanceOf(balances: BalancesState, accountId: string, assetId: string): Balance | undefined {
  for (const b of balances.byId.values()) if (b.accountId === accountId && b.assetId === assetId) return b;
  return undefined;
}

function balanceItem(
  input: EvidenceInput,
  amount: string,
  assetId: string,
  symbol: string,
  decimals: number | undefined,
  out: EvidenceItem[],
): void {
  const { balances, tx } = input;
  // Once finished, the money has moved (or never will): its share of today's balance means nothing.
  if (isTerminalTransactionStatus(tx.status) || tx.terminatedAt != null) return;
  const read = balances.state === 'loaded' || balances.loadedAt !== undefined;
  if (!read) {
    const why = BALANCE_UNREAD[balances.state] ?? `balances ${balances.state}`;
    out.push(item('balance-unchecked', 'balance not readable: share of the balance unchecked', why, 'muted'));
    return;
  }
  const b = balanceOf(balances, tx.accountId, assetId);
  const total = b?.totalBalance;
  if (b === undefined || !isDecimalString(total)) {
    out.push(
      item(
        'balance-unchecked',
        'balance unknown: share of the balance unchecked',
        `no ${symbol} balance of this account among the balances read`,
        'muted',
      ),
    );
    return;
  }
  const withdrawable = isDecimalString(b.withdrawableBalance)
    ? `; withdrawable ${money(b.withdrawableBalance, decimals)} ${symbol}`
    : '';
  const of = `${money(amount, decimals)} of ${money(total, decimals)} ${symbol}`;
  if (compareDecimal(amount, total) > 0) {
    out.push(item('balance-over', `more than its whole ${symbol} balance`, `${of}${withdrawable}`, 'danger'));
    return;
  }
  if (compareDecimal(multiplyDecimal(amount, '100'), multiplyDecimal(total, MOST_PERCENT)) < 0) return;
  const percent = divideDecimal(multiplyDecimal(amount, '100'), total, 0, 'down');
  const most = `would move most of its ${symbol} balance`;
  out.push(item('balance-most', most, `${percent}%: ${of}${withdrawable}`));
}

/** An impossible amount: negative, not a number, or finer than its asset (format/amount.ts). */
function amountItem(input: EvidenceInput, out: EvidenceItem[]): void {
  const { amount, assetId } = transactionAmount(input.tx);
  if (amount === undefined) return;
  const info = assetInfo(input.dictionary, assetId);
  const problem = amountProblem(amount, info.decimals);
  if (problem === undefined) return;
  const words = amountProblemWords(problem, info.symbol, info.decimals);
  const sent = JSON.stringify(headUnits(amount, 64)) + (amount.length > 64 ? '…' : '');
  out.push(item('amount-flagged', `the amount is ${words}`, `as the server sent it: ${sent}`, 'danger'));
}

/**
 * Text of the server that held characters which hide or reorder text (format/hidden.ts): on screen
 * an identifier shows them as marks and a name leaves them out; either way the person deciding
 * is told, and what `y` copies is the text as sent.
 */
function hiddenItems(input: EvidenceInput, dest: Destination | undefined, out: EvidenceItem[]): void {
  const { tx } = input;
  const checks: [string, string | null | undefined, TextKind][] = [
    ['the destination address', tx.params?.toAddress ?? tx.extra?.toAddress, 'identifier'],
    ['the source address', tx.extra?.fromAddress, 'identifier'],
    ['the memo', tx.params?.memo ?? tx.extra?.memo, 'identifier'],
    ["the asset's symbol", input.dictionary.assets.get(transactionAmount(tx).assetId ?? '')?.symbol, 'identifier'],
    ["the account's name", input.workspace.accountsById.get(tx.accountId)?.accountName, 'text'],
    ["the destination's name", dest?.kind === 'book' ? dest.record.name : dest?.kind === 'account' ? dest.name : undefined, 'text'],
  ];
  for (const [what, text, kind] of checks) {
    if (typeof text !== 'string') continue;
    const found = hiddenCharacters(text, kind);
    if (found.length === 0) continue;
    const how = kind === 'identifier' ? 'shown as marks' : 'left out on screen';
    out.push(
      item(
        'hidden-characters',
        `${what} contains invisible characters`,
        `${found.join(', ')}: ${how}; y copies the text as the server sent it`,
        'danger',
      ),
    );
  }
}

const ORDER: readonly EvidenceId[] = [
  'amount-flagged',
  'hidden-characters',
  'book-only',
  'balance-over',
  'not-in-book',
  'first-time',
  'self-approved',
  'self-may-approve',
  'amount-unusual',
  'balance-most',
  'book-unchecked',
  'balance-unchecked',
];

/** The evidence about one transaction, the weightiest first; [] when there is nothing to note. */
export function evidenceFor(input: EvidenceInput): EvidenceItem[] {
  const { tx } = input;
  const out: EvidenceItem[] = [];
  amountItem(input, out);
  selfApprovalItem(input, out);
  const outgoing = isOutgoing(tx);
  const dest = outgoing
    ? destinationOf(input.directory, input.workspace.accountsById, tx, {
        dictionary: input.dictionary,
        addresses: input.workspace.addresses,
      })
    : undefined;
  hiddenItems(input, dest, out);
  if (dest !== undefined) {
    destinationItems(input, dest, out);
    const history = historyOf(input.dictionary, tx, input.loaded);
    // A transfer to one of the workspace's own accounts goes nowhere new.
    if (dest.kind !== 'account') firstTimeItem(input, history, out);
    const { amount, assetId } = transactionAmount(tx);
    const moves = amount !== undefined && isDecimalString(amount) && compareDecimal(amount, '0') > 0;
    if (moves && assetId !== undefined) {
      const info = assetInfo(input.dictionary, assetId);
      unusualAmountItem(input, amount, info.symbol, info.decimals, history, out);
      balanceItem(input, amount, assetId, info.symbol, info.decimals, out);
    }
  }
  return out.sort((a, b) => ORDER.indexOf(a.id) - ORDER.indexOf(b.id));
}

/**
 * Whether the checks apply at all: an outgoing transaction, or one with an approval policy. Where
 * they do not (an ordinary deposit, a swap without approvers), the detail has no Evidence section.
 */
export function evidenceApplies(tx: Transaction): boolean {
  return isOutgoing(tx) || tx.extra?.approvers != null;
}

/**
 * The evidence to show: undefined where the checks do not apply and found nothing (a deposit with
 * a flagged amount or a hidden character still shows its section); [] when they found nothing.
 */
export function evidenceShown(input: EvidenceInput): EvidenceItem[] | undefined {
  const items = evidenceFor(input);
  return items.length > 0 || evidenceApplies(input.tx) ? items : undefined;
}
