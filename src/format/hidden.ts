// Characters that draw nothing, or change how the text around them is drawn: bidi controls that
// reorder it, zero-width spaces and joiners, the BOM, soft hyphens, line and paragraph separators,
// tag characters, Hangul fillers and the rest of Unicode's format and default-ignorable classes.
// Two addresses that differ by one of them look identical; a name can hide its end behind a
// bidi override. Text from the server is shown by one of two rules:
// - identifiers (addresses, memos, ids, hashes, symbols): every such character is shown as a
//   visible mark ‹U+200B›, so what is on screen is what would be signed or copied;
// - names and free text: the characters that hide or reorder text are folded away (line and
//   paragraph separators become spaces); ZWJ, ZWNJ and variation selectors stay, as scripts and
//   emoji need them.
// Either way the text is flagged (hiddenCharacters) and shown as evidence where a decision is made.

/** Everything an identifier shows as a mark: controls, format and default-ignorable characters, separators but the space. */
// Set subtraction needs the `v` flag (Node 20 has it; TypeScript's ES2022 target does not allow it
// in a literal).
const IDENTIFIER_HIDDEN = new RegExp(String.raw`[[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\p{Zs}]--[ ]]`, 'gv');

/**
 * What names and free text fold away: the same but controls (sanitizeLine makes those "�", line
 * breaks spaces), less the joiners and variation selectors that emoji and scripts need.
 */
const TEXT_HIDDEN = new RegExp(
  // The joiners listed here are taken out of the class one by one, not joined to anything.
  // eslint-disable-next-line no-misleading-character-class
  String.raw`[[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}]--[\u200c\u200d\ufe00-\ufe0f\u180b-\u180d\u180f\u{e0100}-\u{e01ef}]]`,
  'gv',
);

const SEPARATORS = /^[\u2028\u2029]$/;

export type TextKind = 'identifier' | 'text';

/** "U+200B", as the marks and the flags name a character. */
export function codePointName(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The hidden characters `s` holds by the rule of `kind`, named ("U+200B"), each once, in order of
 * first appearance, at most `max` of them; empty when there are none.
 */
export function hiddenCharacters(s: string, kind: TextKind, max = 3): string[] {
  const re = kind === 'identifier' ? IDENTIFIER_HIDDEN : TEXT_HIDDEN;
  const found: string[] = [];
  re.lastIndex = 0;
  for (const m of s.matchAll(re)) {
    const name = codePointName(m[0]);
    if (!found.includes(name)) found.push(name);
    if (found.length >= max) break;
  }
  return found;
}

/** Whether an identifier holds a character it would show as a mark. */
export function hasHidden(s: string, kind: TextKind = 'identifier'): boolean {
  const re = kind === 'identifier' ? IDENTIFIER_HIDDEN : TEXT_HIDDEN;
  re.lastIndex = 0;
  return re.test(s);
}

/** An identifier with every hidden character shown as a mark: "bc1q‹U+200B›xyz" ("<U+200B>" in ASCII). */
export function showHidden(s: string, ascii = false): string {
  IDENTIFIER_HIDDEN.lastIndex = 0;
  if (!IDENTIFIER_HIDDEN.test(s)) return s;
  const [open, close] = ascii ? ['<', '>'] : ['\u2039', '\u203a'];
  return s.replace(IDENTIFIER_HIDDEN, (ch) => `${open}${codePointName(ch)}${close}`);
}

/** Free text with the characters that hide or reorder it folded away; line separators become spaces. */
export function foldHidden(s: string): string {
  TEXT_HIDDEN.lastIndex = 0;
  if (!TEXT_HIDDEN.test(s)) return s;
  return s.replace(TEXT_HIDDEN, (ch) => (SEPARATORS.test(ch) ? ' ' : ''));
}

/**
 * A line of JSON text with every hidden character written as its \u escape ("\u200b"): still the
 * same JSON, and the raw view shows what the server sent instead of hiding it.
 */
export function escapeHiddenInJson(line: string): string {
  IDENTIFIER_HIDDEN.lastIndex = 0;
  if (!IDENTIFIER_HIDDEN.test(line)) return line;
  const escape = (unit: number) => `\\u${unit.toString(16).padStart(4, '0')}`;
  return line.replace(IDENTIFIER_HIDDEN, (ch) => Array.from({ length: ch.length }, (_, i) => escape(ch.charCodeAt(i))).join(''));
}
