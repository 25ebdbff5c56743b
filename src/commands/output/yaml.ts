// A small YAML emitter for JSON values (the records of the API): block mappings and sequences,
// strings plain only when no YAML 1.1 or 1.2 reader could take them for anything but that string,
// else double-quoted with escapes. Written here because the job is this narrow (no anchors, tags,
// multi-line blocks or parsing); a YAML library would be a dependency for a hundred lines.

/** Plain text that reads back as itself: a letter or `_` first, then letters, digits and `_ . / -`, single spaces between words. */
const PLAIN = /^[A-Za-z_][A-Za-z0-9_./-]*(?: [A-Za-z0-9_./-]+)*$/;
/** Words YAML 1.1 (yes/no/on/off, y/n) or 1.2 (true/false/null) reads as something else. */
const RESERVED = /^(?:y|n|yes|no|on|off|true|false|null)$/i;
/**
 * Characters written as escapes in a quoted string: controls (YAML allows none raw but tab), and
 * every invisible, bidi or unusual space, so neither a terminal nor a reader's eye is fooled
 * (the value read back is the same). Astral ones too (`u` flag).
 */
const ESCAPED = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\p{Zs}\\"]/gu;

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\', '"': '\\"', '\0': '\\0', '\x07': '\\a', '\b': '\\b', '\t': '\\t', '\n': '\\n',
  '\v': '\\v', '\f': '\\f', '\r': '\\r', '\x1b': '\\e', ' ': ' ', '\u0085': '\\N', '\u00a0': '\\_',
  '\u2028': '\\L', '\u2029': '\\P',
};

function escapeChar(ch: string): string {
  const short = SHORT_ESCAPES[ch];
  if (short !== undefined) return short;
  const code = ch.codePointAt(0)!;
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\U${code.toString(16).padStart(8, '0')}`;
}

/** A string as YAML: plain when it is safe, else double-quoted ("1.5", "yes", "a: b", "#x", "line\nbreak"). */
export function yamlString(s: string): string {
  if (PLAIN.test(s) && !RESERVED.test(s)) return s;
  return `"${s.replace(ESCAPED, escapeChar)}"`;
}

/** A scalar, or `[]` / `{}` for an empty collection; undefined for a value written as a block. */
function scalar(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return yamlString(value);
  if (typeof value === 'boolean') return String(value);
  // JSON numbers are finite; anything else is written as its text, quoted.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : yamlString(String(value));
  if (typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '[]' : undefined;
  if (typeof value === 'object') return Object.keys(value).length === 0 ? '{}' : undefined;
  return yamlString(String(value));
}

/** The lines of a block (a non-empty mapping or sequence), not indented; a scalar is one line. */
export function yamlLines(value: unknown): string[] {
  const single = scalar(value);
  if (single !== undefined) return [single];
  const lines: string[] = [];
  if (Array.isArray(value)) {
    for (const item of value) {
      const inner = yamlLines(item);
      lines.push(`- ${inner[0]}`, ...inner.slice(1).map((l) => `  ${l}`));
    }
    return lines;
  }
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined) continue;
    const one = scalar(v);
    if (one !== undefined) lines.push(`${yamlString(key)}: ${one}`);
    else lines.push(`${yamlString(key)}:`, ...yamlLines(v).map((l) => `  ${l}`));
  }
  return lines;
}

/** A whole document of one value. */
export function yamlDocument(value: unknown): string {
  return `${yamlLines(value).join('\n')}\n`;
}

/** One item of a top-level sequence: `- ` before its first line, its other lines indented under it. */
export function yamlSequenceItem(value: unknown): string {
  const [first, ...rest] = yamlLines(value);
  return `- ${first}\n${rest.map((l) => `  ${l}\n`).join('')}`;
}
