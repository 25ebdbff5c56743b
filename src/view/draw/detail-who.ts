// The parts of a transaction's detail that say who and where: the creator, the destination with its
// address-book name (or "not in address book"), the approvals with member names, and the limit that
// asked for approval. Pure: record + context → lines, into the detail's builder.
import type { Transaction } from '../../contract/index.js';
import {
  displayWidth,
  formatAbsolute,
  formatCountdown,
  formatRelative,
  isTerminalTransactionStatus,
  parseMillis,
} from '../../format/index.js';
import { type DirectoryState, emptyDirectory } from '../../store/index.js';
import {
  type Destination,
  destinationOf,
  destinationWords,
  limitFields,
  limitOf,
  membersNote,
  peopleText,
  personName,
  sourceOf,
} from '../../domain/index.js';
import type { Segment } from '../base/segments.js';
import type { Token } from '../base/theme.js';
import { counterparty, type RenderCtx } from './context.js';
import { type Builder, field, LABEL, section } from './detail-kit.js';

export function directoryOf(ctx: Pick<RenderCtx, 'directory'>): DirectoryState {
  return ctx.directory ?? emptyDirectory;
}

/**
 * The status a transaction ended in, or undefined while it runs: an ended one's deadlines are
 * history, never a countdown ("Expires in 57m" on a canceled transaction is a lie).
 */
export function endedAs(tx: Transaction): string | undefined {
  return isTerminalTransactionStatus(tx.status) || tx.terminatedAt != null ? tx.status : undefined;
}

const DESTINATION_TOKEN: Record<Destination['kind'], Token | undefined> = {
  book: 'success',
  account: 'success',
  unknown: 'warning',
  unread: 'muted',
  none: undefined,
};

/** The destination of the record, where it is known (the dialog freezes the same words). */
export function destinationFor(
  tx: Transaction,
  ctx: Pick<RenderCtx, 'directory' | 'workspace' | 'dictionary'>,
): Destination {
  return destinationOf(directoryOf(ctx), ctx.workspace.accountsById, tx, {
    dictionary: ctx.dictionary,
    addresses: ctx.workspace.addresses,
  });
}

/**
 * "To 0x12…ab" (in full) and under it who that is: the address-book name, "not in address book",
 * or the own account. An incoming transaction's sender is named when the book or an account knows it.
 */
export function partyFields(b: Builder, tx: Transaction, ctx: RenderCtx): void {
  const party = counterparty(ctx, tx);
  if (party.direction === 'none') return;
  field(b, party.direction === 'in' ? 'From' : 'To', party.text, undefined, true);
  const ref = { dictionary: ctx.dictionary, addresses: ctx.workspace.addresses };
  const who =
    party.direction === 'in'
      ? sourceOf(directoryOf(ctx), ctx.workspace.accountsById, tx, ref)
      : destinationFor(tx, ctx);
  // A sender nobody recorded is the usual case, not a hint: only a known one is said.
  if (party.direction === 'in' && who.kind !== 'book' && who.kind !== 'account') return;
  // The account's name already stands as the destination: say only what it is.
  const words = who.kind === 'account' && who.name === party.text ? 'own account' : destinationWords(who);
  if (words !== '') field(b, '', words, DESTINATION_TOKEN[who.kind], true);
}

export function createdByField(b: Builder, tx: Transaction, ctx: RenderCtx): void {
  if (tx.createdBy == null) return;
  field(b, 'Created by', personName(directoryOf(ctx), tx.createdBy, { ascii: ctx.ascii }), undefined, true);
}

function delayField(b: Builder, tx: Transaction, now: number): void {
  const a = tx.extra?.approvers;
  if (a == null || (a.securityDelayDuration == null && a.securityDelayExpiresAt == null)) return;
  const duration = a.securityDelayDuration == null ? '' : `${a.securityDelayDuration}h`;
  const t = parseMillis(a.securityDelayExpiresAt);
  const ended = endedAs(tx);
  const running = t !== undefined && t > now && ended === undefined;
  const end =
    t === undefined
      ? ''
      : running
        ? `ends in ${formatCountdown(t - now)}  ${formatAbsolute(t)}`
        : t > now
          ? `no longer: ${ended}  (was to end ${formatAbsolute(t)})`
          : `ended ${formatRelative(t, now)}  ${formatAbsolute(t)}`;
  field(
    b,
    'Security delay',
    [duration, end].filter((s) => s !== '').join(', '),
    running ? 'warning' : t !== undefined && t > now ? 'muted' : undefined,
  );
}

/** Approved k of n by whom, who may approve, the security delay: names where members are read. */
export function approvalsSection(b: Builder, tx: Transaction, ctx: RenderCtx): void {
  const a = tx.extra?.approvers;
  if (a == null) return;
  const dir = directoryOf(ctx);
  const opts = { ascii: ctx.ascii };
  section(b, 'Approvals');
  const approved = a.approvedBy ?? [];
  const needed = a.number ?? '?';
  const done = a.number != null && approved.length >= Number(a.number);
  const status: Segment = { text: `${approved.length} of ${needed}`, token: done ? 'success' : 'warning' };
  const by = approved.length === 0 ? '' : `  by ${peopleText(dir, approved, opts)}`;
  if (LABEL + 1 + displayWidth(status.text + by) <= b.width) field(b, 'Approved', [status, { text: by }]);
  else {
    // Too many names for the line: they go under it, whole.
    field(b, 'Approved', [status, { text: '  by' }]);
    field(b, '', by.slice(5), undefined, true);
  }
  if (a.availableApprovers != null) {
    const names = a.availableApprovers.length === 0 ? 'nobody listed' : peopleText(dir, a.availableApprovers, opts);
    field(b, 'May approve', names, undefined, true);
  }
  delayField(b, tx, ctx.now);
  if (a.skipApproval != null) field(b, 'Skip approval', a.skipApproval ? 'yes' : 'no');
  const note = membersNote(dir);
  const ids = [...approved, ...(a.availableApprovers ?? []), tx.createdBy ?? ''].some((id) => id !== '');
  if (note !== undefined && ids) field(b, '', note, 'muted');
}

/**
 * The rule that asked for approval: what it is, approvals needed k of n, its approvers, its delay.
 * What the Approvals section above already says (the same approvers, the delay with its countdown)
 * is not said twice.
 */
export function limitSection(b: Builder, tx: Transaction, ctx: RenderCtx): void {
  const a = tx.extra?.approvers;
  if (a?.limitId == null) return;
  const dir = directoryOf(ctx);
  const available = new Set(a.availableApprovers ?? []);
  const sameApprovers = (ids: readonly string[] | null | undefined) =>
    a.availableApprovers != null && ids != null && ids.length === available.size && ids.every((id) => available.has(id));
  const limit = limitOf(dir, tx);
  const fields = limitFields(limit, a, dir, { ascii: ctx.ascii }).filter(
    (f) =>
      !(f.label === 'Security delay' && a.securityDelayDuration != null) &&
      !(f.label === 'Approvers' && sameApprovers(limit?.limitRule.approve?.authorisedApproversUserIds ?? a.availableApprovers)),
  );
  b.lines.push([]);
  b.lines.push([
    { text: ` ${b.ascii ? '--' : '──'} `, token: 'border' },
    { text: 'Limit', token: 'title' },
    { text: `  ${a.limitId}  the rule that asked for approval`, token: 'muted' },
  ]);
  for (const f of fields) field(b, f.label, f.value, undefined, true);
}
