// Every non-ASCII glyph the console draws, with its ASCII fallback for terminals whose locale is not
// UTF-8. Each Unicode glyph is one column wide by string-width (Ink's measure), so swapping sets
// never changes a layout except where the ASCII text is longer ("..." and "->").

export interface Glyphs {
  /** Marks the selected row. */
  readonly selection: string;
  /** Horizontal rule between header, table and footer (repeat it to the width). */
  readonly rule: string;
  /** Vertical separator. */
  readonly separator: string;
  /** Price up / down / unchanged (ticker and change columns). */
  readonly up: string;
  readonly down: string;
  readonly flat: string;
  /** "▼ 2,341 more" under a table, and its mirror above it. */
  readonly moreBelow: string;
  readonly moreAbove: string;
  /** End truncation of text, and the marker after an amount whose hidden digits are not zero. */
  readonly ellipsis: string;
  /** Middle truncation of ids and addresses ("bc1q…n5hj9"): it must read as a gap, not a character. */
  readonly middleEllipsis: string;
  readonly bullet: string;
  /** Marks a row that offers to search the server. */
  readonly search: string;
  /** Connection state dots in the header. */
  readonly liveDot: string;
  readonly offlineDot: string;
  readonly check: string;
  readonly cross: string;
  readonly warning: string;
  /** from → to */
  readonly arrow: string;
  /** Frames of the busy indicator, drawn in turn. */
  readonly spinner: readonly string[];
  /** Sparkline levels, lowest first (8 levels). */
  readonly sparkLevels: readonly string[];
  /** The Ink `borderStyle` that matches this set. */
  readonly borderStyle: 'single' | 'classic';
}

const UNICODE: Glyphs = Object.freeze({
  selection: '▶',
  rule: '─',
  separator: '│',
  up: '▲',
  down: '▼',
  flat: '·',
  moreBelow: '▼',
  moreAbove: '▲',
  ellipsis: '…',
  middleEllipsis: '…',
  bullet: '●',
  search: '»',
  liveDot: '●',
  offlineDot: '○',
  check: '✓',
  cross: '✗',
  warning: '⚠',
  arrow: '→',
  spinner: Object.freeze(['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']),
  sparkLevels: Object.freeze(['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█']),
  borderStyle: 'single',
});

const ASCII: Glyphs = Object.freeze({
  selection: '>',
  rule: '-',
  separator: '|',
  up: '+',
  down: '-',
  flat: '=',
  moreBelow: 'v',
  moreAbove: '^',
  // '~' rather than '.': a truncated "Acme Inc" must not read as the complete "Acme Inc."; DOS-style
  // "PROGRA~1" made '~' a known "something is cut here" mark.
  ellipsis: '~',
  middleEllipsis: '...',
  bullet: '*',
  search: '?',
  liveDot: '*',
  offlineDot: 'o',
  check: '+',
  cross: 'x',
  warning: '!',
  arrow: '->',
  spinner: Object.freeze(['|', '/', '-', '\\']),
  // '_' at the bottom instead of a space, so the lowest point stays visible and a gap (space) is
  // never mistaken for a low value.
  sparkLevels: Object.freeze(['_', '.', ':', '-', '=', '+', '*', '#']),
  borderStyle: 'classic',
});

export function glyphs(ascii: boolean): Glyphs {
  return ascii ? ASCII : UNICODE;
}
