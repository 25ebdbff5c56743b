// The address book pane: the workspace's named destinations, as the directory store holds them
// (the records that name an address; read at start, every few minutes and on `r`). `/` finds a
// record by name, network, address, memo or who added it; `y` offers the address, memo, name and ids to copy.
import type { AddressBookRecord } from '../../../contract/index.js';
import { styleText } from '../../../format/index.js';
import { clean, personLabel } from '../../../domain/index.js';
import type { Column } from '../../draw/columns.js';
import { networkName } from '../../draw/context.js';
import { ageColumn, compareText, newestFirst, sortOf, type SortSpec, textMatcher } from '../kit.js';
import { fieldCopies } from '../copies.js';
import { directoryResource } from '../directory/resource.js';
import { directoryStatusStyle } from '../directory/lists.js';
import { BookDetailPane } from './detail.js';
import { bookMemo } from './detail-lines.js';

export const BOOK_PANE = 'addressbook';

export const bookColumns: readonly Column<AddressBookRecord>[] = [
  { id: 'name', title: 'NAME', minWidth: 10, maxWidth: 32, flex: 1, priority: 10, whole: true, cell: (r, ctx) => clean(r.name, ctx.ascii) },
  {
    id: 'network',
    title: 'NETWORK',
    minWidth: 8,
    maxWidth: 20,
    priority: 8,
    whole: true,
    cell: (r, ctx) => (r.networkId == null ? '' : networkName(ctx, r.networkId)),
  },
  {
    id: 'address',
    title: 'ADDRESS',
    minWidth: 16,
    maxWidth: 64,
    flex: 3,
    priority: 9,
    truncate: 'middle',
    cell: (r, ctx) => clean(r.address, ctx.ascii),
  },
  { id: 'memo', title: 'MEMO', minWidth: 6, maxWidth: 24, priority: 5, whole: true, cell: (r, ctx) => clean(bookMemo(r), ctx.ascii) },
  {
    id: 'status',
    title: 'STATUS',
    minWidth: 10,
    maxWidth: 14,
    priority: 7,
    whole: true,
    toned: true,
    cell: (r, ctx) => styleText(directoryStatusStyle(r.status), { ascii: ctx.ascii }),
  },
  {
    id: 'added',
    title: 'ADDED BY',
    minWidth: 10,
    maxWidth: 24,
    priority: 4,
    whole: true,
    cell: (r, ctx) => personLabel(ctx.directory, r.createdBy, { ascii: ctx.ascii }).text,
  },
  ageColumn(3),
];

export const bookSorts: readonly SortSpec[] = [
  { id: 'name', label: 'name' },
  { id: 'network', label: 'network' },
  { id: 'status', label: 'status' },
  { id: 'created', label: 'created ↓' },
];

/** The records kept by the `/` text, in the sort's order (name, then network, then id to break ties). */
export function bookRows(
  book: readonly AddressBookRecord[],
  filter: string,
  sort: number,
  text: (r: AddressBookRecord) => string,
): AddressBookRecord[] {
  const match = textMatcher(filter);
  const kept = match === undefined ? [...book] : book.filter((r) => match(text(r)));
  const by = sortOf(bookSorts, sort).id;
  const name = (r: AddressBookRecord) => String(r.name ?? '').toLowerCase();
  const net = (r: AddressBookRecord) => String(r.networkId ?? '');
  const tie = (a: AddressBookRecord, b: AddressBookRecord) => compareText(a.recordId, b.recordId);
  return kept.sort((a, b) =>
    by === 'network'
      ? compareText(net(a), net(b)) || compareText(name(a), name(b)) || tie(a, b)
      : by === 'status'
        ? compareText(String(a.status), String(b.status)) || compareText(name(a), name(b)) || tie(a, b)
        : by === 'created'
          ? newestFirst(String(a.createdAt), String(b.createdAt)) || tie(a, b)
          : compareText(name(a), name(b)) || compareText(net(a), net(b)) || tie(a, b),
  );
}

export const book = directoryResource<AddressBookRecord>({
  id: BOOK_PANE,
  title: 'Address book',
  columns: bookColumns,
  sorts: bookSorts,
  recordId: (r) => r.recordId,
  status: (r) => r.status,
  records: (d) => d.book,
  find: (d, id) => d.book.find((r) => r.recordId === id),
  state: (d) => d.bookState,
  reads: (d) => [d.book, d.members],
  order: (all, own, text) => bookRows(all, own.filter, own.sort, text),
  words: { plural: 'address book', none: 'the address book is empty' },
  // Where the money goes (address and memo) first: what a ticket or a sender needs.
  copies: (r, id) =>
    fieldCopies(id, r, [
      ['address', 'address', r.address],
      ['memo', 'memo', bookMemo(r)],
      ['name', 'name', r.name],
      ['externalId', 'external id', r.externalId],
    ]),
  opens: 'open the record (the whole address, network, status, who added it)',
  detail: BookDetailPane,
  command: { name: 'addressbook', description: 'the address book (also :book); with text: the records it finds (as `/`)', aliases: ['book'] },
});

