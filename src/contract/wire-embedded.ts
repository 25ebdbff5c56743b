import * as z from 'zod';

// Wire notes §5: embedded objects travel as `_embedded`; `embedded` is accepted too. Parsed
// values carry one field, `embedded`; `toWireEmbedded` turns it back into `_embedded` for a
// server that emits the wire form.

/** `T` without key `K`, keeping both the known keys and the index signature of a loose object. */
export type Without<T, K extends PropertyKey> = { [P in keyof T as P extends K ? never : P]: T[P] };

/** The wire form of a parsed value: `embedded` travels as `_embedded`. */
export type WireEmbedded<T extends { embedded?: unknown }> = Without<T, 'embedded'> & {
  _embedded?: T['embedded'];
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Moves `_embedded` into `embedded` without touching the input. When both are objects they are
 * merged and `_embedded` wins; an invalid `_embedded` is moved as it is so that validation reports
 * it (under `embedded`).
 */
export function readEmbedded(input: unknown): unknown {
  if (!isPlainObject(input) || !('_embedded' in input)) return input;
  const { _embedded: wire, ...rest } = input;
  if (wire === undefined) return rest;
  const alias = rest.embedded;
  if (wire === null) return alias === undefined ? { ...rest, embedded: null } : rest;
  const embedded = isPlainObject(wire) && isPlainObject(alias) ? { ...alias, ...wire } : wire;
  return { ...rest, embedded };
}

/** Wraps an object schema so that it reads `_embedded` as well as `embedded`. */
export function acceptEmbedded<S extends z.ZodType>(schema: S) {
  return z.preprocess(readEmbedded, schema);
}

/** Renames `embedded` to `_embedded` (the form the service emits). */
export function toWireEmbedded<T extends { embedded?: unknown }>(value: T): WireEmbedded<T> {
  const { embedded, ...rest } = value;
  const wire = embedded === undefined ? rest : { ...rest, _embedded: embedded };
  return wire as unknown as WireEmbedded<T>;
}
