// A member's detail as lines: who (by the one naming rule, domain/people.ts), status, the role
// groups the key's list read gives (what the member may do), emails, times and the user id. Pure.
import type { Member } from '../../../contract/index.js';
import { styleText } from '../../../format/index.js';
import { clean, personLabel } from '../../../domain/index.js';
import { type Builder, type DetailLine, field, section, when } from '../../draw/detail-kit.js';
import type { DirectoryCtx } from '../directory/detail-pane.js';
import { directoryStatusStyle } from '../directory/lists.js';

/** The member's role groups ("owner, admins"); "" when the server sent none. */
export function memberGroups(m: Member, ascii: boolean): string {
  const groups = m.embedded?.permissionGroups;
  return Array.isArray(groups) ? groups.map((g) => clean(g, ascii)).filter((g) => g !== '').join(', ') : '';
}

/** The member's email identities, as the list carried them. */
export function memberEmails(m: Member, ascii: boolean): string[] {
  const ids = m.embedded?.identities;
  return Array.isArray(ids) ? ids.filter((i) => i.identityType === 'email').map((i) => clean(i.identityValue, ascii)) : [];
}

/** Every line of a member's detail, for a view `width` columns wide. */
export function memberDetailLines(m: Member, ctx: DirectoryCtx, width: number): DetailLine[] {
  const b: Builder = { lines: [], width, ascii: ctx.ascii };
  const style = directoryStatusStyle(m.status);
  b.lines.push([
    { text: ` ${personLabel(ctx.directory, m.userId, { ascii: ctx.ascii }).text}`, token: 'header' },
    { text: '  ' },
    { text: styleText(style, { ascii: ctx.ascii }), token: style.tone },
  ]);
  const groups = memberGroups(m, ctx.ascii);
  // No groups in the answer: the server leaves them out (an older server, a narrower role), not "none".
  field(b, 'Role groups', groups === '' ? 'not given by the server' : groups, groups === '' ? 'muted' : 'accent', 'words');
  const emails = memberEmails(m, ctx.ascii);
  if (emails.length > 0) field(b, emails.length === 1 ? 'Email' : 'Emails', emails.join(', '), undefined, true);
  section(b, 'When');
  field(b, 'Joined', when(m.createdAt, ctx.now) ?? '');
  if (m.updatedAt != null) field(b, 'Updated', when(m.updatedAt, ctx.now) ?? '');
  if (m.deactivatedAt != null) field(b, 'Deactivated', when(m.deactivatedAt, ctx.now) ?? '');
  section(b, 'Ids');
  field(b, 'User id', clean(m.userId, ctx.ascii), undefined, true);
  return b.lines;
}
