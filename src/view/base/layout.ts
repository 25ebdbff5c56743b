// The frame's line budget. Ink 6 repaints the whole screen when a frame is as tall as the
// terminal, so the frame is always rows - 1 lines: header, tabs, the pane, ticker, status, footer.

export const MIN_COLUMNS = 60;
export const MIN_ROWS = 16;

/** Lines outside the pane: header, tabs, ticker, status line, footer. */
const CHROME_LINES = 5;
/** Lines of a list pane around its rows: title rule, column titles, bottom rule. */
const LIST_CHROME_LINES = 3;
/** Selection marker, change marker, space. */
export const GUTTER = 3;

export interface FrameLayout {
  readonly columns: number;
  readonly rows: number;
  /** Lines the frame may use: rows - 1. */
  readonly frame: number;
  /** Lines of the pane area. */
  readonly pane: number;
  /** Rows of a list pane's table window. */
  readonly table: number;
  readonly tooSmall: boolean;
}

export function frameLayout(columns: number, rows: number): FrameLayout {
  const c = Math.max(0, Math.floor(columns));
  const r = Math.max(0, Math.floor(rows));
  const frame = Math.max(0, r - 1);
  const pane = Math.max(0, frame - CHROME_LINES);
  return {
    columns: c,
    rows: r,
    frame,
    pane,
    table: Math.max(1, pane - LIST_CHROME_LINES),
    tooSmall: c < MIN_COLUMNS || r < MIN_ROWS,
  };
}

export function tooSmallMessage(columns: number, rows: number): string {
  return `terminal too small: need at least ${MIN_COLUMNS}x${MIN_ROWS} (now ${columns}x${rows})`;
}
