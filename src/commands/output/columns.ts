// `--columns a,b.c`: which values of a record are shown, as dot paths into the record as the API
// sent it. Paths walk own properties only, so a hostile record's `__proto__` or `constructor` key
// (JSON.parse makes them own properties) never leads anywhere but to nothing.
import { UsageError } from '../cli.js';

/** Keys a path never walks into, even when the record holds them as its own. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const INDEX = /^(?:0|[1-9]\d*)$/;

/**
 * The dot paths of `--columns`, in the order given: each trimmed, empty ones and repeats dropped.
 * A path with an empty segment (`a..b`, `.a`) or no path at all is refused (exit 2): it would
 * silently show an empty column.
 */
export function parseColumns(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(',')) {
    const path = part.trim();
    if (path === '' || out.includes(path)) continue;
    if (path.split('.').some((s) => s.trim() === '')) throw new UsageError(`--columns: '${path}' is not a dot path (a.b.c)`);
    out.push(path);
  }
  if (out.length === 0) throw new UsageError('--columns: no column named (e.g. --columns transactionId,status)');
  return out;
}

/** The value at a dot path (`amount.value`, `items.0.id`), or undefined when any step is missing. */
export function valueAt(record: unknown, path: string): unknown {
  let at: unknown = record;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object' || FORBIDDEN.has(key)) return undefined;
    if (Array.isArray(at)) {
      if (!INDEX.test(key)) return undefined;
      const i = Number(key);
      if (i >= at.length) return undefined;
      at = at[i];
    } else {
      if (!Object.hasOwn(at, key)) return undefined;
      at = (at as Record<string, unknown>)[key];
    }
  }
  return at;
}

/** Extra name columns for a record (`accountName` beside `accountId`), from the caller's reference data. */
export type NamesOf = (record: unknown) => Readonly<Record<string, string>>;

/**
 * What a column of this record holds: the record's own value first, else a name column the
 * caller adds. `names` is the caller's answer for this record, read once per record.
 */
export function columnValue(record: unknown, path: string, names: Readonly<Record<string, string>> | undefined): unknown {
  const own = valueAt(record, path);
  if (own !== undefined || names === undefined || !Object.hasOwn(names, path)) return own;
  return names[path];
}

/**
 * A record cut down to the given columns, each under its dotted name (`{"amount.value": "1.5"}`);
 * a missing one is left out. Null-prototype, so no column name can reach Object.prototype.
 */
export function projectRecord(record: unknown, columns: readonly string[], namesOf?: NamesOf): Record<string, unknown> {
  const names = namesOf?.(record);
  const out = Object.create(null) as Record<string, unknown>;
  for (const path of columns) {
    const v = columnValue(record, path, names);
    if (v !== undefined) out[path] = v;
  }
  return out;
}
