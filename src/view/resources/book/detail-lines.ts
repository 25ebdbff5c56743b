// An address-book record's detail as lines: its name and status, the address whole (never cut: it is
// what the money is sent to), its memo, the network, the accounts it is limited to, who added and
// changed it (by the one naming rule, domain/people.ts), its times and ids. Pure.
import type { AddressBookRecord } from '../../../contract/index.js';
import { styleText } from '../../../format/index.js';
import { clean, personLabel } from '../../../domain/index.js';
import { accountName, networkName, type RenderCtx } from '../../draw/context.js';
import { type Builder, type DetailLine, field, section, when } from '../../draw/detail-kit.js';
import { directoryStatusStyle } from '../directory/lists.js';

export type BookCtx = Pick<RenderCtx, 'ascii' | 'now' | 'dictionary' | 'workspace' | 'directory'>;

function network(ctx: BookCtx, networkId: string | null | undefined): string {
  if (networkId == null || networkId === '') return 'none given';
  const name = networkName(ctx, networkId);
  return name === networkId ? name : `${name} (${networkId})`;
}

/** The memo (or tag) a destination on a memo network needs: part of where the money goes. */
export function bookMemo(r: AddressBookRecord): string {
  return r.memo ?? r.tag ?? '';
}

/** Every line of a record's detail, for a view `width` columns wide. */
export function bookDetailLines(r: AddressBookRecord, ctx: BookCtx, width: number): DetailLine[] {
  const b: Builder = { lines: [], width, ascii: ctx.ascii };
  const style = directoryStatusStyle(r.status);
  b.lines.push([
    { text: ` ${clean(r.name, ctx.ascii) || '(no name)'}`, token: 'header' },
    { text: '  ' },
    { text: styleText(style, { ascii: ctx.ascii }), token: style.tone },
  ]);
  field(b, 'Address', clean(r.address, ctx.ascii) || 'none', r.address ? 'accent' : 'muted', true);
  const memo = clean(bookMemo(r), ctx.ascii);
  if (memo !== '') field(b, r.memo != null ? 'Memo' : 'Tag', memo, 'accent', true);
  field(b, 'Network', network(ctx, r.networkId));
  field(b, 'Type', clean(r.recordType, ctx.ascii));
  const accounts = Array.isArray(r.accountIds) ? r.accountIds : [];
  field(
    b,
    'Accounts',
    accounts.length === 0 ? 'any account may send to it' : accounts.map((id) => accountName(ctx, id)).join(', '),
    undefined,
    'words',
  );
  if (r.status === 'deleted' || r.status === 'rejected')
    field(b, '', 'not a usable destination: transactions to it are not named by this record', 'warning', 'words');
  section(b, 'Who and when');
  const who = (id: string | null | undefined) => personLabel(ctx.directory, id, { ascii: ctx.ascii }).text || 'not recorded';
  field(b, 'Added by', who(r.createdBy), undefined, true);
  field(b, 'Added', when(r.createdAt, ctx.now) ?? '');
  if (r.updatedBy != null && r.updatedBy !== r.createdBy) field(b, 'Changed by', who(r.updatedBy), undefined, true);
  if (r.updatedAt != null) field(b, 'Changed', when(r.updatedAt, ctx.now) ?? '');
  if (r.lastUsedAt != null) field(b, 'Last used', when(r.lastUsedAt, ctx.now) ?? '');
  section(b, 'Ids');
  field(b, 'External id', clean(r.externalId, ctx.ascii), undefined, true);
  field(b, 'Id', clean(r.recordId, ctx.ascii), undefined, true);
  return b.lines;
}
