// The pieces every record's detail is drawn with ("Label   value" fields, section titles, times):
// shared so the transaction and the address details read alike. Pure.
import { displayWidth, fitCell, formatAbsolute, formatCountdown, formatRelative, parseMillis } from '../../format/index.js';
import type { Segment } from '../segments.js';
import type { Token } from '../theme.js';

export type DetailLine = readonly Segment[];

/** Columns of the label, with its air. */
export const LABEL = 17;

export interface Builder {
  readonly lines: DetailLine[];
  readonly width: number;
  readonly ascii: boolean;
}

/** Cuts text into pieces of at most `width` columns (ids and URLs have no spaces to break at). */
export function hardWrap(text: string, width: number): string[] {
  const w = Math.max(1, width);
  if (displayWidth(text) <= w) return [text];
  const out: string[] = [];
  let piece = '';
  let used = 0;
  for (const ch of text) {
    const cw = displayWidth(ch);
    if (used + cw > w) {
      out.push(piece);
      piece = '';
      used = 0;
    }
    piece += ch;
    used += cw;
  }
  if (piece !== '') out.push(piece);
  return out;
}

/** Prose broken between words; a word longer than the line (an id, an address) is cut into pieces. */
export function wordWrap(text: string, width: number): string[] {
  const w = Math.max(1, width);
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (displayWidth(next) <= w) {
      line = next;
      continue;
    }
    if (line !== '') out.push(line);
    const pieces = hardWrap(word, w);
    line = pieces.pop() ?? '';
    out.push(...pieces);
  }
  out.push(line);
  return out;
}

export function section(b: Builder, title: string): void {
  const r = b.ascii ? '-' : '─';
  b.lines.push([]);
  b.lines.push([
    { text: ` ${r}${r} `, token: 'border' },
    { text: title, token: 'title' },
  ]);
}

/** "Label          value": a value too long for the line continues under itself, whole. */
export function field(
  b: Builder,
  label: string,
  value: string | readonly Segment[],
  token?: Token,
  wrap = false,
): void {
  // One column of air after the label, always: a label as wide as the column must not touch its value.
  const head: Segment = { text: ` ${fitCell(label, LABEL - 2, 'left', { ascii: b.ascii })} `, token: 'muted' };
  if (typeof value !== 'string') {
    b.lines.push([head, ...value]);
    return;
  }
  const room = b.width - LABEL - 1;
  const pieces = wrap && room > 8 ? hardWrap(value, room) : [value];
  pieces.forEach((piece, i) => {
    const seg: Segment = token === undefined ? { text: piece } : { text: piece, token };
    b.lines.push(i === 0 ? [head, seg] : [{ text: ' '.repeat(LABEL) }, seg]);
  });
}

/** "3m ago  2026-…": a moment relative to now and in full. */
export function when(ms: string | null | undefined, now: number): string | undefined {
  if (ms == null) return undefined;
  return `${formatRelative(ms, now)}  ${formatAbsolute(ms)}`;
}

/** "in 4m 05s  2026-…" for a future moment, "3m ago  …" for a past one. */
export function countdown(ms: string | null | undefined, now: number): string | undefined {
  const t = parseMillis(ms);
  if (ms == null || t === undefined) return ms ?? undefined;
  return t > now
    ? `in ${formatCountdown(t - now)}  ${formatAbsolute(t)}`
    : `${formatRelative(t, now)}  ${formatAbsolute(t)}`;
}
