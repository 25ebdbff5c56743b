// Terminal column arithmetic. Widths come from string-width, the measure Ink lays out with, so a
// cell we pad to 12 columns is 12 columns in Ink's layout too. Cuts fall between grapheme clusters
// (an emoji with its modifiers, a letter with its accents) and never split one.

import stringWidth from 'string-width';
import { foldHidden } from './hidden.js';
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
// C0 and C1 controls: ESC starts terminal escape sequences.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
const LINE_BREAKS = /[\t\n\r]/g;
// Escape sequences as string-width's strip-ansi finds them: CSI (ESC [ or C1 CSI) with parameters
// and a final byte, and OSC strings up to BEL or ST.
const ESCAPE_SEQUENCES = /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;

/**
 * Code units read for each column a line may show. Wire text is cut to this before it is
 * sanitized or measured, so a frame costs the same whatever the server sends: a 50,000-character
 * name took a second per cell to measure (string-width's segmenting grows with the square of the
 * length on Node 20). Four units a column leaves room for wide, accented and emoji characters.
 */
const UNITS_PER_COLUMN = 4;

function columns(n: number): number {
  return Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0;
}

/** The most code units a line of `width` columns is read from. */
export function unitsFor(width: number): number {
  return columns(width) * UNITS_PER_COLUMN + 16;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The first `max` code units of `s`, never half a surrogate pair. */
export function headUnits(s: string, max: number): string {
  if (s.length <= max) return s;
  const end = isHighSurrogate(s.charCodeAt(max - 1)) ? max - 1 : max;
  return s.slice(0, Math.max(0, end));
}

/** The last `max` code units of `s`, never half a surrogate pair. */
export function tailUnits(s: string, max: number): string {
  if (s.length <= max) return s;
  const start = s.length - max;
  return s.slice(isHighSurrogate(s.charCodeAt(start - 1)) ? start + 1 : start);
}

/** Characters (code points) in `s`. */
export function countCharacters(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) if (isHighSurrogate(s.charCodeAt(i))) n -= 1;
  return n;
}

/**
 * At most `max` code units of text for a view that shows it whole (a detail wraps it over lines),
 * and how many characters were left out, for "(48,210 more characters)".
 */
export function clipText(s: string, max: number): { text: string; more: number } {
  if (s.length <= max) return { text: s, more: 0 };
  const text = headUnits(s, max);
  return { text, more: countCharacters(s) - countCharacters(text) };
}

/** `s` itself when it has at most `max` code units, else its start and "…". */
export function cutText(s: string, max: number): string {
  return s.length <= max ? s : `${headUnits(s, max)}\u2026`;
}

/**
 * Grapheme clusters, segmented a window at a time: ICU's segmenter takes time that grows with the
 * square of the text's length on Node 20 (0.9 s for 50,000 characters), a window keeps it linear.
 * The last cluster of a window is read again with what follows, unless it is the window's only
 * one (a cluster longer than a window is cut: no script needs one).
 */
function* graphemes(s: string): Generator<string> {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  const WINDOW = 256;
  let at = 0;
  while (at < s.length) {
    const end = Math.min(s.length, at + WINDOW);
    const parts = Array.from(segmenter.segment(s.slice(at, end)), (x) => x.segment);
    const keep = end < s.length && parts.length > 1 ? parts.length - 1 : parts.length;
    for (let i = 0; i < keep; i++) {
      yield parts[i]!;
      at += parts[i]!.length;
    }
  }
}

// Characters that are one column (the set the bundle's string-width stub proves, and Latin
// Extended) or two (CJK ideographs, kana, Hangul syllables) on their own and never join a
// neighbour into one cluster: text made only of them is measured a code unit at a time, without
// segmenting and without string-width, which tries emoji patterns on every cluster.
// test/format/text.test.ts checks every one of them against string-width.
const ONE = String.raw`\x20-\x7e\u00a0-\u00ac\u00ae-\u02ff\u2010-\u2027\u2030-\u205e\u2190-\u22ff\u2500-\u25fc\u25ff\u2605\u26a0\u2713\u2717\u2800-\u28ff\ufffd`;
const TWO = String.raw`\u3041-\u3096\u30a1-\u30fa\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3\uf900-\ufaff`;
export const SIMPLE_TEXT = new RegExp(`^[${ONE}${TWO}]*$`);
const TWO_COLUMNS = new RegExp(`[${TWO}]`);

function simpleWidth(ch: string): number {
  return TWO_COLUMNS.test(ch) ? 2 : 1;
}

function graphemeWidth(g: string): number {
  return g.length === 1 && SIMPLE_TEXT.test(g) ? simpleWidth(g) : stringWidth(g);
}

/** Columns `s` takes in a terminal, as Ink measures it; linear in the length of `s`. */
export function displayWidth(s: string): number {
  if (PRINTABLE_ASCII.test(s)) return s.length;
  if (SIMPLE_TEXT.test(s)) {
    let width = 0;
    for (let i = 0; i < s.length; i++) width += simpleWidth(s[i]!);
    return width;
  }
  // string-width strips escape sequences first and measures what is left; so does this, with a
  // pattern of its own (its whole-text measure is the slow one). Only text not yet sanitized has any.
  if (s.includes('\x1b') || s.includes('\x9b')) return displayWidth(s.replace(ESCAPE_SEQUENCES, '').replace(/[\x1b\x9b]/g, ''));
  let width = 0;
  for (const g of graphemes(s)) width += graphemeWidth(g);
  return width;
}

/**
 * One line of visible text: tabs and line breaks become spaces; characters that hide or reorder
 * text (bidi controls, zero-width spaces, the BOM, tags: hidden.ts) are folded away, other control
 * characters become "�" ("?" in ASCII), so wire text can neither move the cursor nor disguise
 * itself. Identifiers show what is folded here as marks first (showHidden).
 */
export function sanitizeLine(s: string, { ascii = false }: AsciiOption = {}): string {
  if (PRINTABLE_ASCII.test(s)) return s;
  const line = foldHidden(s.replace(LINE_BREAKS, ' ')).replace(CONTROLS, ascii ? '?' : '\uFFFD');
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

/** The longest run of whole graphemes from the start (or the end) that fits in `width` columns. */
export function takeWidth(s: string, width: number, fromEnd = false): string {
  const w = columns(width);
  const text = fromEnd ? tailUnits(s, unitsFor(w)) : headUnits(s, unitsFor(w));
  if (PRINTABLE_ASCII.test(text)) return fromEnd ? text.slice(Math.max(0, text.length - w)) : text.slice(0, w);
  // Simple text is one cluster per code unit; anything else is segmented.
  const clusters = SIMPLE_TEXT.test(text) ? text.split('') : graphemes(text);
  const parts = fromEnd ? Array.from(clusters).reverse() : clusters;
  const kept: string[] = [];
  let used = 0;
  for (const part of parts) {
    const pw = graphemeWidth(part);
    if (used + pw > w) break;
    used += pw;
    kept.push(part);
  }
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
 * the result may be one column narrower than `width`, never wider. Only the start of a long text
 * is ever read (unitsFor).
 */
export function truncateToWidth(s: string, width: number, { ascii = false }: AsciiOption = {}): string {
  const w = columns(width);
  const read = headUnits(s, unitsFor(w));
  const line = sanitizeLine(read, { ascii });
  if (read.length === s.length && displayWidth(line) <= w) return line;
  const marker = glyphs(ascii).ellipsis;
  const markerWidth = displayWidth(marker);
  if (w < markerWidth) return '';
  return takeWidth(line, w - markerWidth) + marker;
}

/** Exactly `width` columns: truncated if too long, padded with spaces on the side away from `align`. */
export function fitCell(s: string, width: number, align: Align = 'left', options: AsciiOption = {}): string {
  const text = truncateToWidth(s, width, options);
  return align === 'right' ? padStartToWidth(text, width) : padEndToWidth(text, width);
}
