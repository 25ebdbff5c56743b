// Terminal column arithmetic. Widths come from string-width, the measure Ink lays out with, so a
// cell we pad to 12 columns is 12 columns in Ink's layout too. Cuts fall between grapheme clusters
// (an emoji with its modifiers, a letter with its accents) and never split one.

import stringWidth from 'string-width';
import { glyphs } from './symbols.js';

export type Align = 'left' | 'right';

export interface AsciiOption {
  /** Use ASCII markers instead of Unicode ones (non-UTF-8 locale). */
  readonly ascii?: boolean;
}

// Made on first use: building a segmenter loads ICU's break data (~10 ms), and most text the
// console cuts is ASCII, which never needs one.
let segmenter: Intl.Segmenter | undefined;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
// C0 and C1 controls (ESC starts terminal escape sequences) and the bidirectional controls that
// can make text, an address for one, display in an order other than the one it has.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const LINE_BREAKS = /[\t\n\r]/g;

export function displayWidth(s: string): number {
  return PRINTABLE_ASCII.test(s) ? s.length : stringWidth(s);
}

/**
 * One line of visible text: tabs and line breaks become spaces; other control characters and bidi
 * controls become "�" ("?" in ASCII), so wire text can neither move the cursor nor reorder itself.
 */
export function sanitizeLine(s: string, { ascii = false }: AsciiOption = {}): string {
  if (PRINTABLE_ASCII.test(s)) return s;
  const line = s.replace(LINE_BREAKS, ' ').replace(UNSAFE, ascii ? '?' : '\uFFFD');
  return ascii ? asciiFold(line) : line;
}

// Punctuation people type in names ("Kraken — BTC deposit") and its ASCII reading.
const ASCII_PUNCTUATION: Readonly<Record<string, string>> = {
  '\u2013': '-', '\u2014': '-', '\u2212': '-', '\u2026': '...', '\u00b7': '-', '\u2022': '*',
  '\u2018': "'", '\u2019': "'", '\u201c': '"', '\u201d': '"', '\u2192': '->', '\u2190': '<-',
  '\u00a0': ' ',
};
const NON_ASCII = /[^\x20-\x7e]/g;
const COMBINING = /[\u0300-\u036f]/g;

/**
 * Text for a terminal whose locale is not UTF-8: known punctuation in its ASCII reading, accents
 * dropped (Tomás → Tomas), anything else "?". Such a terminal would draw UTF-8 as garbage.
 */
export function asciiFold(s: string): string {
  if (PRINTABLE_ASCII.test(s)) return s;
  return s
    .normalize('NFKD')
    .replace(COMBINING, '')
    .replace(NON_ASCII, (c) => ASCII_PUNCTUATION[c] ?? '?');
}

function columns(n: number): number {
  return Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0;
}

/** The longest run of whole graphemes from the start (or the end) that fits in `width` columns. */
export function takeWidth(s: string, width: number, fromEnd = false): string {
  if (PRINTABLE_ASCII.test(s)) return fromEnd ? s.slice(Math.max(0, s.length - width)) : s.slice(0, width);
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  const parts = Array.from(segmenter.segment(s), (x) => x.segment);
  if (fromEnd) parts.reverse();
  let used = 0;
  let count = 0;
  for (const part of parts) {
    const w = stringWidth(part);
    if (used + w > width) break;
    used += w;
    count += 1;
  }
  const kept = parts.slice(0, count);
  return (fromEnd ? kept.reverse() : kept).join('');
}

/** Pads with spaces on the right to `width` columns; text already as wide or wider is returned as is. */
export function padEndToWidth(s: string, width: number): string {
  return s + ' '.repeat(Math.max(0, columns(width) - displayWidth(s)));
}

/** Pads with spaces on the left to `width` columns; text already as wide or wider is returned as is. */
export function padStartToWidth(s: string, width: number): string {
  return ' '.repeat(Math.max(0, columns(width) - displayWidth(s))) + s;
}

/**
 * At most `width` columns of one line: text that fits is kept whole; longer text keeps its start
 * and ends with "…" ("~" in ASCII). A wide character that would straddle the edge is left out, so
 * the result may be one column narrower than `width`, never wider.
 */
export function truncateToWidth(s: string, width: number, { ascii = false }: AsciiOption = {}): string {
  const w = columns(width);
  const line = sanitizeLine(s, { ascii });
  if (displayWidth(line) <= w) return line;
  const marker = glyphs(ascii).ellipsis;
  const markerWidth = displayWidth(marker);
  if (w < markerWidth) return '';
  return takeWidth(line, w - markerWidth) + marker;
}

/** Exactly `width` columns: truncated if too long, padded with spaces on the side away from `align`. */
export function fitCell(s: string, width: number, align: Align = 'left', options: AsciiOption = {}): string {
  const text = truncateToWidth(options.ascii === true ? asciiFold(s) : s, width, options);
  return align === 'right' ? padStartToWidth(text, width) : padEndToWidth(text, width);
}
