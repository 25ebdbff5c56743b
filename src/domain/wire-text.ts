// The server's text as the domain rules take it: trimmed, one safe line, bounded. Junk (not a
// string) reads as nothing, never a throw. Pure.
import { headUnits, sanitizeLine } from '../format/index.js';

/** Columns of an id shown when no name stands for it ("swcshs66…"). */
export const SHORT_ID = 8;

/** Wire text trimmed, or undefined for anything blank or not a string. */
export function nonBlank(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const t = value.trim();
  return t === '' ? undefined : t;
}

/** A name is read this far at most: it is drawn into cells and lines many times a frame. */
const NAME_UNITS = 1_024;

/** Wire text as one safe line, trimmed (and cut: NAME_UNITS); anything not a string is empty. */
export function clean(text: unknown, ascii: boolean): string {
  return typeof text === 'string' ? sanitizeLine(headUnits(text, NAME_UNITS), { ascii }).trim() : '';
}
