// The members pane: who is in the workspace, by the one naming rule (domain/people.ts), with their
// role groups and status, as the directory store holds them (read at start, every few minutes and
// on `r`). `/` finds a member by name, email, role group or id.
import type { Member } from '../../../contract/index.js';
import { styleText } from '../../../format/index.js';
import { clean, personLabel } from '../../../domain/index.js';
import type { Column } from '../../draw/columns.js';
import { ageColumn, compareText, newestFirst, sortOf, type SortSpec, textMatcher } from '../kit.js';
import { fieldCopies } from '../copies.js';
import { directoryResource } from '../directory/resource.js';
import { directoryStatusStyle } from '../directory/lists.js';
import { MemberDetailPane } from './detail.js';
import { memberEmails, memberGroups } from './detail-lines.js';

export const MEMBERS_PANE = 'members';

export const memberColumns: readonly Column<Member>[] = [
  {
    id: 'name',
    title: 'NAME',
    minWidth: 12,
    maxWidth: 32,
    flex: 1,
    priority: 10,
    whole: true,
    cell: (m, ctx) => personLabel(ctx.directory, m.userId, { ascii: ctx.ascii }).text,
  },
  { id: 'email', title: 'EMAIL', minWidth: 10, maxWidth: 36, flex: 1, priority: 5, cell: (m, ctx) => memberEmails(m, ctx.ascii).join(', ') },
  { id: 'groups', title: 'ROLE GROUPS', minWidth: 12, maxWidth: 40, flex: 2, priority: 9, cell: (m, ctx) => memberGroups(m, ctx.ascii) },
  {
    id: 'status',
    title: 'STATUS',
    minWidth: 10,
    maxWidth: 15,
    priority: 8,
    whole: true,
    toned: true,
    cell: (m, ctx) => styleText(directoryStatusStyle(m.status), { ascii: ctx.ascii }),
  },
  { id: 'id', title: 'USER ID', width: 12, priority: 2, truncate: 'middle', cell: (m, ctx) => clean(m.userId, ctx.ascii) },
  ageColumn(3),
];

export const memberSorts: readonly SortSpec[] = [
  { id: 'name', label: 'name' },
  { id: 'status', label: 'status' },
  { id: 'created', label: 'joined ↓' },
];

/** The members kept by the `/` text, in the sort's order (the user id breaks ties). */
export function memberRows(
  members: readonly Member[],
  filter: string,
  sort: number,
  text: (m: Member) => string,
  name: (m: Member) => string,
): Member[] {
  const match = textMatcher(filter);
  const kept = match === undefined ? [...members] : members.filter((m) => match(text(m)));
  const by = sortOf(memberSorts, sort).id;
  const key = new Map(kept.map((m) => [m, name(m).toLowerCase()]));
  const byName = (a: Member, b: Member) => compareText(key.get(a)!, key.get(b)!) || compareText(a.userId, b.userId);
  return kept.sort((a, b) =>
    by === 'status'
      ? compareText(String(a.status), String(b.status)) || byName(a, b)
      : by === 'created'
        ? newestFirst(String(a.createdAt), String(b.createdAt)) || byName(a, b)
        : byName(a, b),
  );
}

export const members = directoryResource<Member>({
  id: MEMBERS_PANE,
  title: 'Members',
  columns: memberColumns,
  sorts: memberSorts,
  recordId: (m) => m.userId,
  status: (m) => m.status,
  records: (d) => [...d.members.values()],
  find: (d, id) => d.members.get(id),
  state: (d) => d.membersState,
  reads: (d) => [d.members, d.selfUserId],
  order: (all, own, text, d) => memberRows(all, own.filter, own.sort, text, (m) => personLabel(d, m.userId).text),
  words: { plural: 'members', none: 'no members' },
  copies: (m, id) => fieldCopies(id, m, [['name', 'name', m.embedded?.profile?.name]]),
  opens: 'open the member (role groups, emails, when they joined)',
  detail: MemberDetailPane,
  command: { name: 'members', description: "the workspace's members; with text: the ones it finds (as `/`)", aliases: ['people'] },
});

