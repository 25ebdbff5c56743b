// The mark beside a row the live feed just changed (the table's gutter): how long it stays, kept
// where the help's legend reads it too, so the legend says what the table does.

/** How long a row stays marked after a live update changed it. */
export const CHANGE_MARK_MS = 2_000;
