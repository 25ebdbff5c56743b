// The pieces every record's detail is drawn with ("Label   value" fields, section titles, times):
// shared so the transaction and the address details read alike. Pure.
import {
  clipText,
  countOf,
  displayWidth,
  fitCell,
  formatAbsolute,
  formatCountdown,
  formatRelative,
  parseMillis,
  sanitizeLine,
  showHidden,
} from '../../format/index.js';
import type { Segment } from '../base/segments.js';
import type { Token } from '../base/theme.js';

export type DetailLine = readonly Segment[];

/** Columns of the label, with its air. */
export const LABEL = 17;

export interface Builder {
  readonly lines: DetailLine[];
  readonly width: number;
  readonly ascii: boolean;
}

/**
 * Code units of one value a detail or dialog shows whole: a few KB, some forty lines of an
 * address. Past it the value ends with a line that says how much more there is.
 */
export const SHOWN_UNITS = 4_096;

/** The value cut to `max` units, and the pieces it wraps to (`wrap`), with the note of what was left out. */
function shownPieces(text: string, max: number, wrap: (kept: string) => string[]): string[] {
  const { text: kept, more } = clipText(text, max);
  const pieces = wrap(kept);
  if (more > 0) pieces.push(`(${countOf(more, 'more character')})`);
  return pieces;
}

/** Pieces of at most `width` columns, cut anywhere. */
function cutPieces(text: string, w: number): string[] {
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

/**
 * An identifier (an id, an address, a URL: no spaces to break at) cut into pieces of at most
 * `width` columns, with every invisible character it holds shown as a mark (format/hidden.ts).
 */
export function hardWrap(text: string, width: number, max = SHOWN_UNITS): string[] {
  return shownPieces(text, max, (kept) => cutPieces(showHidden(kept), Math.max(1, width)));
}

/**
 * Prose broken between words; a word longer than the line is cut into pieces. Measured as it will
 * be drawn: made one safe line first (format/text.ts sanitizeLine).
 */
export function wordWrap(text: string, width: number, max = SHOWN_UNITS): string[] {
  return shownPieces(text, max, (kept) => {
    const w = Math.max(1, width);
    const out: string[] = [];
    let line = '';
    for (const word of sanitizeLine(kept).split(' ')) {
      const next = line === '' ? word : `${line} ${word}`;
      if (displayWidth(next) <= w) {
        line = next;
        continue;
      }
      if (line !== '') out.push(line);
      const pieces = cutPieces(word, w);
      line = pieces.pop() ?? '';
      out.push(...pieces);
    }
    out.push(line);
    return out;
  });
}

export function section(b: Builder, title: string): void {
  const r = b.ascii ? '-' : '─';
  b.lines.push([]);
  b.lines.push([
    { text: ` ${r}${r} `, token: 'border' },
    { text: title, token: 'title' },
  ]);
}

/**
 * "Label          value": with `wrap`, a value too long for the line continues under itself,
 * whole (up to SHOWN_UNITS): cut anywhere for an identifier (true), between words for a name or
 * prose ('words').
 */
export function field(
  b: Builder,
  label: string,
  value: string | readonly Segment[],
  token?: Token,
  wrap: boolean | 'words' = false,
): void {
  // One column of air after the label, always: a label as wide as the column must not touch its value.
  const head: Segment = { text: ` ${fitCell(label, LABEL - 2, 'left', { ascii: b.ascii })} `, token: 'muted' };
  if (typeof value !== 'string') {
    b.lines.push([head, ...value]);
    return;
  }
  const room = b.width - LABEL - 1;
  const pieces = wrap === false || room <= 8 ? [value] : wrap === 'words' ? wordWrap(value, room) : hardWrap(value, room);
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
