// One activity's detail as lines: its title, what kind it is, when, who (by name, with the id), the
// account, and its description whole, wrapped, line breaks kept. The text is people's: every line
// is made safe to draw (no control characters, no bidi reordering). Pure.
import type { Activity } from '../../../contract/index.js';
import { clipText, countOf } from '../../../format/index.js';
import type { DirectoryState } from '../../../store/index.js';
import { personLabel } from '../../../domain/index.js';
import { activityTypeText, oneLine, safeText } from './words.js';
import { accountName, type RenderCtx } from '../../draw/context.js';
import { type Builder, type DetailLine, field, SHOWN_UNITS, section, when, wordWrap } from '../../draw/detail-kit.js';

export type ActivityCtx = Pick<RenderCtx, 'ascii' | 'now' | 'workspace'> & { readonly directory: DirectoryState };

function who(a: Activity, ctx: ActivityCtx): string {
  const label = personLabel(ctx.directory, a.userId, { ascii: ctx.ascii });
  if (label.text === '') return 'no one named (the service did it)';
  return label.known ? `${label.text}  (${oneLine(a.userId, ctx.ascii)})` : label.text;
}

/** Every line of an activity's detail, for a view `width` columns wide. */
export function activityDetailLines(a: Activity, ctx: ActivityCtx, width: number): DetailLine[] {
  const b: Builder = { lines: [], width, ascii: ctx.ascii };
  const title = oneLine(a.title, ctx.ascii);
  for (const piece of wordWrap(title === '' ? '(no title)' : title, width - 2)) b.lines.push([{ text: ` ${piece}`, token: 'header' }]);
  field(b, 'Type', activityTypeText(a, ctx.ascii));
  field(b, 'When', when(a.createdAt, ctx.now) ?? '');
  field(b, 'Who', who(a, ctx), undefined, true);
  if (a.accountId != null) field(b, 'Account', accountName(ctx, a.accountId), undefined, true);
  section(b, 'Description');
  // A few KB of it at most (a description of a million line breaks must not make a million lines).
  const { text, more } = clipText(a.description ?? '', SHOWN_UNITS);
  if (text.trim() === '') b.lines.push([{ text: '  none', token: 'muted' }]);
  // Line breaks are the author's: kept; each line is made safe and wrapped on its own.
  for (const raw of text.split(/\r\n|\r|\n/)) {
    if (text.trim() === '') break;
    const line = safeText(raw, ctx.ascii).trimEnd();
    for (const piece of wordWrap(line, width - 4)) b.lines.push(piece === '' ? [] : [{ text: `  ${piece}` }]);
  }
  if (more > 0) b.lines.push([{ text: `  (${countOf(more, 'more character')})`, token: 'muted' }]);
  section(b, 'Ids');
  field(b, 'Activity', a.activityId, undefined, true);
  if (a.userId != null) field(b, 'User', oneLine(a.userId, ctx.ascii), undefined, true);
  if (a.accountId != null) field(b, 'Account id', a.accountId, undefined, true);
  if (a.workspaceId != null) field(b, 'Workspace', a.workspaceId, undefined, true);
  return b.lines;
}
