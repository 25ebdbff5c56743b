// A transaction limit's detail as lines: its rule in words with its approvers by name (the domain's
// words, domain/limits.ts, as the approval dialog says them), which transactions it covers (from
// which accounts, to which destinations), who made and changed it, its ids. Pure.
import type { TransactionLimit } from '../../../contract/index.js';
import { styleText } from '../../../format/index.js';
import { clean, limitFields, personLabel } from '../../../domain/index.js';
import { accountName } from '../../draw/context.js';
import { type Builder, type DetailLine, field, section, when } from '../../draw/detail-kit.js';
import type { DirectoryCtx } from '../directory/detail-pane.js';
import { directoryStatusStyle } from '../directory/lists.js';

/** The limit's rule in words ("Transaction amount above $100,000.00 · large-btc-payouts"). */
export function limitRule(l: TransactionLimit, ctx: Pick<DirectoryCtx, 'directory' | 'ascii'>): string {
  return limitFields(l, undefined, ctx.directory, { ascii: ctx.ascii }).find((f) => f.label === 'Rule')?.value ?? '';
}

/** "2 of 3", "no approval", "" (the domain's Needs, short for a column). */
export function limitNeeds(l: TransactionLimit): string {
  const rule = l.limitRule;
  if (rule?.skipApproval === true) return 'none';
  const k = rule?.approve?.numberOfApprovals;
  const listed = rule?.approve?.authorisedApproversUserIds;
  return k == null ? '' : `${k} of ${Array.isArray(listed) ? listed.length : '?'}`;
}

function ids(list: readonly string[] | null | undefined): readonly string[] {
  return Array.isArray(list) ? list : [];
}

/** The destinations it covers, in words: accounts and address-book records by name, and kinds. */
export function limitDestinations(l: TransactionLimit, ctx: DirectoryCtx): string {
  const d = l.destinations ?? {};
  const book = new Map(ctx.directory.book.map((r) => [r.recordId, r]));
  const named = [
    ...ids(d.accountIds).map((id) => accountName(ctx, id)),
    ...ids(d.addressBookRecordIds).map((id) => clean(book.get(id)?.name, ctx.ascii) || clean(id, ctx.ascii)),
  ];
  const kinds = [
    ...(d.toAccounts === true ? ['own accounts'] : []),
    ...(d.toAddressBook === true ? ['address book'] : []),
    ...(d.toExternalAddresses === true ? ['external addresses'] : []),
  ];
  const all = [...named, ...kinds];
  return all.length === 0 ? 'any destination' : all.join(', ');
}

/** Every line of a limit's detail, for a view `width` columns wide. */
export function limitDetailLines(l: TransactionLimit, ctx: DirectoryCtx, width: number): DetailLine[] {
  const b: Builder = { lines: [], width, ascii: ctx.ascii };
  const style = directoryStatusStyle(l.status);
  b.lines.push([
    { text: ' Transaction limit', token: 'header' },
    { text: '  ' },
    { text: styleText(style, { ascii: ctx.ascii }), token: style.tone },
  ]);
  for (const f of limitFields(l, undefined, ctx.directory, { ascii: ctx.ascii }))
    field(b, f.label, f.value, f.label === 'Rule' ? 'accent' : undefined, 'words');
  section(b, 'Covers');
  const sources = ids(l.sources?.accountIds);
  field(b, 'From', sources.length === 0 ? 'any account' : sources.map((id) => accountName(ctx, id)).join(', '), undefined, 'words');
  field(b, 'To', limitDestinations(l, ctx), undefined, 'words');
  section(b, 'Who and when');
  const who = (id: string | null | undefined) => personLabel(ctx.directory, id, { ascii: ctx.ascii }).text || 'not recorded';
  field(b, 'Created by', who(l.createdBy), undefined, true);
  field(b, 'Created', when(l.createdAt, ctx.now) ?? '');
  if (l.updatedBy != null && l.updatedBy !== l.createdBy) field(b, 'Changed by', who(l.updatedBy), undefined, true);
  if (l.updatedAt != null) field(b, 'Changed', when(l.updatedAt, ctx.now) ?? '');
  section(b, 'Ids');
  field(b, 'External id', clean(l.externalId, ctx.ascii), undefined, true);
  field(b, 'Id', clean(l.limitId, ctx.ascii), undefined, true);
  return b.lines;
}
