// Fields of the config file that custody does not know. The schema keeps them (a newer custody
// may have written them, and the file is never rewritten to drop them), but a misspelt field
// such as "readonly" silently does nothing, so they are reported with the nearest known name.
import { type Config, ConfigSchema, ProfileSchema, profileNames } from './file.js';

export interface UnknownField {
  /** The profile holding the field; undefined for a top-level field. */
  profile?: string;
  field: string;
  /** The known field it most likely means, when one is close enough. */
  suggestion?: string;
  /** One line for a person: where, what, the suggestion, and that it is ignored. */
  message: string;
}

export const CONFIG_FIELDS: readonly string[] = Object.keys(ConfigSchema.shape);
export const PROFILE_FIELDS: readonly string[] = Object.keys(ProfileSchema.shape);

/** Case and `-`/`_` are the usual slips ("readonly", "read_only", "base-url"): compared without them. */
function fold(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '');
}

/** Edit distance with adjacent transpositions (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The known name `name` most likely means: one equal to it but for case and `-`/`_` first, else
 * the closest by edit distance when that is small for the name's length (at most 2, or a third
 * of the longer name), else one that it starts (at least 4 letters: "proxyUrl" → "proxy");
 * undefined when nothing is that close. Ties go to the earlier known name.
 */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  const folded = fold(name);
  const same = known.find((k) => fold(k) === folded);
  if (same !== undefined) return same;
  let best: { name: string; distance: number } | undefined;
  for (const k of known) {
    const distance = editDistance(folded, fold(k));
    const limit = Math.max(2, Math.floor(Math.max(folded.length, k.length) / 3));
    if (distance <= limit && (best === undefined || distance < best.distance)) best = { name: k, distance };
  }
  if (best !== undefined) return best.name;
  return known.find((k) => fold(k).length >= 4 && folded.startsWith(fold(k)));
}

function describe(where: string, field: string, suggestion: string | undefined): string {
  const hint = suggestion === undefined ? '' : ` (did you mean ${JSON.stringify(suggestion)}?)`;
  return `${where}: unknown field ${JSON.stringify(field)}${hint} — it is ignored`;
}

function unknownIn(
  object: Record<string, unknown>,
  known: readonly string[],
  where: string,
  profile: string | undefined,
): UnknownField[] {
  const found: UnknownField[] = [];
  for (const field of Object.keys(object)) {
    if (known.includes(field)) continue;
    const suggestion = nearestName(field, known);
    found.push({
      ...(profile === undefined ? {} : { profile }),
      field,
      ...(suggestion === undefined ? {} : { suggestion }),
      message: describe(where, field, suggestion),
    });
  }
  return found;
}

/** Every unknown field of a loaded config: top-level ones first, then each profile's by name. */
export function unknownConfigFields(config: Config): UnknownField[] {
  const found = unknownIn(config, CONFIG_FIELDS, 'config file (top level)', undefined);
  for (const name of profileNames(config)) {
    const profile = config.profiles[name];
    if (profile === undefined) continue;
    found.push(...unknownIn(profile, PROFILE_FIELDS, `profile ${name}`, name));
  }
  return found;
}
