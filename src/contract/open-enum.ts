import * as z from 'zod';

/**
 * The known values of an enum plus any other string: the service adds values over time, and an
 * unknown one must reach the screen as its own text instead of failing the page. The `string & {}`
 * keeps editor completion for the known literals.
 */
export type OpenEnum<T extends readonly string[]> = T[number] | (string & {});

/** A schema that accepts any string and types it as the open union of `values`. */
export function openEnum<const T extends readonly string[]>(values: T, what: string) {
  const example = values[0] === undefined ? '' : ` such as "${values[0]}"`;
  const schema = z.string({
    error: (issue) =>
      issue.input === undefined
        ? `missing: expected ${what}${example}`
        : `expected ${what}${example} as a string`,
  });
  // Runtime is a plain string check; only the static type is narrowed to the open union.
  return schema as unknown as z.ZodType<OpenEnum<T>, string>;
}

/** True when `value` is one of the known `values` (narrows the open union to the literals). */
export function isKnownValue<const T extends readonly string[]>(
  values: T,
  value: string | null | undefined,
): value is T[number] {
  return value != null && (values as readonly string[]).includes(value);
}
