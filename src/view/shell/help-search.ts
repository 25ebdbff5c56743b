// Searching the help (`/`): which lines hold the text, the current one, and the text marked where
// it appears. Pure: help.tsx draws with it, help-keys.ts moves through it.
import type { Segment } from '../base/segments.js';
import type { Token } from '../base/theme.js';

/** Longer than any word of the help: a paste cannot make the title line (or the matching) heavy. */
export const HELP_SEARCH_MAX = 60;

function lineText(line: readonly Segment[]): string {
  return line.map((s) => s.text).join('');
}

/** Indices of the lines holding `text`, case ignored; none for an empty text. */
export function helpMatches(lines: readonly (readonly Segment[])[], text: string): number[] {
  const needle = text.toLowerCase();
  if (needle === '') return [];
  const out: number[] = [];
  lines.forEach((line, i) => {
    if (lineText(line).toLowerCase().includes(needle)) out.push(i);
  });
  return out;
}

/** The current match's place among `count` (the search's `match` taken modulo), or -1 when none. */
export function currentMatch(count: number, match: number): number {
  return count === 0 ? -1 : ((match % count) + count) % count;
}

/**
 * The line with every occurrence of `text` (case ignored) in `token`; the rest keeps its own
 * style. Where lower-casing changes a text's length (rare letters), the line is left as it is.
 */
export function markMatches(line: readonly Segment[], text: string, token: Token): Segment[] {
  const needle = text.toLowerCase();
  const whole = lineText(line);
  const lower = whole.toLowerCase();
  if (needle === '' || lower.length !== whole.length) return [...line];
  const marked = new Array<boolean>(whole.length).fill(false);
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
    marked.fill(true, at, at + needle.length);
  }
  const out: Segment[] = [];
  let offset = 0;
  for (const s of line) {
    let start = 0;
    for (let i = 1; i <= s.text.length; i++) {
      if (i < s.text.length && marked[offset + i] === marked[offset + start]) continue;
      const piece = s.text.slice(start, i);
      out.push(marked[offset + start] ? { text: piece, token } : s.token ? { text: piece, token: s.token } : { text: piece });
      start = i;
    }
    offset += s.text.length;
  }
  return out;
}

/**
 * The scroll that shows line `index`: the same while it is in sight (`body` lines from `scroll`),
 * else with two lines of context above it; never past `max`.
 */
export function scrollToLine(index: number, scroll: number, body: number, max: number): number {
  if (index >= scroll && index < scroll + body) return Math.min(max, scroll);
  return Math.min(max, Math.max(0, index - 2));
}

/** The current match's line: its first column (an indent) becomes a pointer. */
export function withPointer(line: readonly Segment[], pointer: string): Segment[] {
  const [first, ...rest] = line;
  if (first === undefined || !first.text.startsWith(' ')) return [{ text: pointer, token: 'accent' }, ...line];
  const tail = first.text.slice(1);
  return [{ text: pointer, token: 'accent' }, ...(tail === '' ? [] : [{ ...first, text: tail }]), ...rest];
}

/** What the title says of the search: "3 matches (1/3)", "no match", or what to do first. */
export function matchesText(text: string, count: number, current: number): string {
  if (text === '') return 'type to search';
  if (count === 0) return 'no match';
  return `${count} ${count === 1 ? 'match' : 'matches'} (${current + 1}/${count})`;
}
