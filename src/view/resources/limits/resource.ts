// The transaction limits pane: the rules that ask for approval, in words (domain/limits.ts, as the
// approval dialog says them), as the directory store holds them (read at start, every few minutes
// and on `r`). `/` finds a limit by its rule, its approvers' names or its id.
import type { TransactionLimit } from '../../../contract/index.js';
import { styleText } from '../../../format/index.js';
import { clean, peopleText } from '../../../domain/index.js';
import type { Column } from '../../draw/columns.js';
import { ageColumn, compareText, fixed8, newestFirst, sortOf, type SortSpec, textMatcher } from '../kit.js';
import { fieldCopies } from '../copies.js';
import { directoryResource } from '../directory/resource.js';
import { directoryStatusStyle } from '../directory/lists.js';
import { LimitDetailPane } from './detail.js';
import { limitNeeds, limitRule } from './detail-lines.js';

export const LIMITS_PANE = 'limits';

export const limitColumns: readonly Column<TransactionLimit>[] = [
  {
    id: 'rule',
    title: 'RULE',
    minWidth: 20,
    maxWidth: 60,
    flex: 2,
    priority: 10,
    cell: (l, ctx) => (ctx.directory === undefined ? '' : limitRule(l, { directory: ctx.directory, ascii: ctx.ascii })),
  },
  { id: 'needs', title: 'NEEDS', minWidth: 6, maxWidth: 8, priority: 9, whole: true, cell: (l) => limitNeeds(l) },
  {
    id: 'approvers',
    title: 'APPROVERS',
    minWidth: 12,
    maxWidth: 48,
    flex: 2,
    priority: 8,
    cell: (l, ctx) => peopleText(ctx.directory, l.limitRule?.approve?.authorisedApproversUserIds, { ascii: ctx.ascii }),
  },
  {
    id: 'delay',
    title: 'DELAY',
    width: 5,
    priority: 5,
    align: 'right',
    cell: (l) => {
      const h = l.limitRule?.securityDelay?.durationHours;
      return h == null || Number(h) === 0 ? '' : `${h}h`;
    },
  },
  {
    id: 'status',
    title: 'STATUS',
    minWidth: 10,
    maxWidth: 15,
    priority: 7,
    whole: true,
    toned: true,
    cell: (l, ctx) => styleText(directoryStatusStyle(l.status), { ascii: ctx.ascii }),
  },
  { id: 'id', title: 'EXTERNAL ID', minWidth: 10, maxWidth: 24, priority: 2, truncate: 'middle', cell: (l, ctx) => clean(l.externalId, ctx.ascii) },
  ageColumn(3),
];

export const limitSorts: readonly SortSpec[] = [
  { id: 'threshold', label: 'threshold' },
  { id: 'status', label: 'status' },
  { id: 'created', label: 'created ↓' },
];

/** The threshold in 10^-8 USD units; a limit without one (any amount) comes first. */
function threshold(l: TransactionLimit): bigint {
  return fixed8(l.transactionParams?.aboveAmount?.amount ?? undefined) ?? -1n;
}

/** The limits kept by the `/` text, in the sort's order (the id breaks ties). */
export function limitRows(
  limits: readonly TransactionLimit[],
  filter: string,
  sort: number,
  text: (l: TransactionLimit) => string,
): TransactionLimit[] {
  const match = textMatcher(filter);
  const kept = match === undefined ? [...limits] : limits.filter((l) => match(text(l)));
  const by = sortOf(limitSorts, sort).id;
  const byThreshold = (a: TransactionLimit, b: TransactionLimit) => {
    const x = threshold(a);
    const y = threshold(b);
    return (x < y ? -1 : x > y ? 1 : 0) || compareText(a.limitId, b.limitId);
  };
  return kept.sort((a, b) =>
    by === 'status'
      ? compareText(String(a.status), String(b.status)) || byThreshold(a, b)
      : by === 'created'
        ? newestFirst(String(a.createdAt), String(b.createdAt)) || compareText(a.limitId, b.limitId)
        : byThreshold(a, b),
  );
}

export const limits = directoryResource<TransactionLimit>({
  id: LIMITS_PANE,
  title: 'Limits',
  columns: limitColumns,
  sorts: limitSorts,
  recordId: (l) => l.limitId,
  status: (l) => l.status,
  records: (d) => [...d.limits.values()],
  find: (d, id) => d.limits.get(id),
  state: (d) => d.limitsState,
  reads: (d) => [d.limits, d.members],
  order: (all, own, text) => limitRows(all, own.filter, own.sort, text),
  words: { plural: 'transaction limits', none: 'no transaction limits: no transaction asks for approval by a limit' },
  copies: (l, id) => fieldCopies(id, l, [['externalId', 'external id', l.externalId]]),
  opens: 'open the limit (its rule in words, approvers, what it covers)',
  detail: LimitDetailPane,
  command: { name: 'limits', description: 'the transaction limits; with text: the ones it finds (as `/`)', aliases: ['limit'] },
});

