// Raw terminal input → the keys and pastes of one read. Ink parses keys too, but it hands a run of
// plain text over as one input, knows nothing of bracketed paste and forgets which keys arrived
// together; the console needs all three (a paste is text, never keys; a decision needs a key that
// came alone), so it reads the terminal itself. Pure: the stdin side is listen.ts.
import type { KeyName } from './names.js';

/** One key as the keymap knows it. */
export interface KeyPress {
  /** 'j', 'G', 'enter', 'ctrl+u', 'up'; undefined for a key the console has no name for (Alt chords). */
  readonly name: KeyName | undefined;
  /** What the key types into a text field ('' for keys that type nothing). */
  readonly text: string;
}

export type InputEvent =
  | { readonly kind: 'key'; readonly key: KeyPress }
  /** `text` keeps at most MAX_PASTE_KEPT characters of the paste; `length` counts all of them. */
  | { readonly kind: 'paste'; readonly text: string; readonly length: number };

/** What the terminal wraps a paste in while bracketed paste (mode 2004) is on. */
export const PASTE_START = '\x1b[200~';
export const PASTE_END = '\x1b[201~';

/** A paste is kept only as far as a field could take it; the rest is counted, never held. */
export const MAX_PASTE_KEPT = 4_096;

/** An escape sequence longer than this is no key: it is dropped rather than waited for. */
const MAX_SEQUENCE = 32;

const ESC = '\x1b';

// CSI final letters and the `~` codes of the keys the console binds.
const CSI_LETTERS: Readonly<Record<string, KeyName>> = {
  A: 'up', B: 'down', C: 'right', D: 'left', H: 'home', F: 'end', Z: 'shift+tab',
};
const CSI_TILDE: Readonly<Record<string, KeyName>> = {
  '1': 'home', '7': 'home', '4': 'end', '8': 'end', '5': 'pageup', '6': 'pagedown',
  // Delete: there is no cursor to delete forward from, so it erases backwards like Backspace.
  '3': 'backspace',
};

const NO_KEY: KeyPress = { name: undefined, text: '' };

function named(name: KeyName): KeyPress {
  return { name, text: '' };
}

/** One escape sequence (ESC included) as a key. */
export function sequenceKey(seq: string): KeyPress {
  if (seq === ESC) return named('esc');
  if (seq.startsWith(`${ESC}[`) || seq.startsWith(`${ESC}O`)) {
    const body = seq.slice(2);
    const final = body.at(-1) ?? '';
    if (final === '~') {
      // "5~", "5;2~" (with modifiers): the first parameter names the key.
      const code = body.slice(0, -1).split(';')[0]!;
      const name = CSI_TILDE[code];
      return name === undefined ? NO_KEY : named(name);
    }
    const name = CSI_LETTERS[final];
    // Only "A" or "1;5A": anything else ending in a letter is a report (focus, mouse), not a key.
    if (name !== undefined && /^(?:\[?|1;\d+)$/.test(body.slice(0, -1))) return named(name);
    return NO_KEY;
  }
  // ESC + a character: an Alt chord. Nothing is bound to Alt; it must not act as the bare key.
  return NO_KEY;
}

/** One character typed outside an escape sequence as a key. */
export function characterKey(ch: string): KeyPress {
  if (ch === '\r' || ch === '\n') return named('enter');
  if (ch === '\t') return named('tab');
  if (ch === '\x7f' || ch === '\b') return named('backspace');
  const code = ch.codePointAt(0)!;
  if (code >= 0x01 && code <= 0x1a) return named(`ctrl+${String.fromCharCode(code + 0x60)}`);
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return NO_KEY;
  return { name: ch, text: ch };
}

type Parsed = { readonly end: number } | 'pending' | undefined;

/** Where the escape sequence starting at `at` ends, 'pending' when the read cut it, else undefined. */
function sequenceEnd(s: string, at: number): Parsed {
  const kind = s[at + 1];
  if (kind === undefined) return 'pending';
  if (kind === 'O') return at + 2 < s.length ? { end: at + 3 } : 'pending';
  if (kind !== '[') return undefined;
  for (let i = at + 2; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // Legacy function keys of the Linux console: ESC [ [ A.
    if (c === 0x5b && i === at + 2) continue;
    if (c >= 0x20 && c <= 0x3f) continue; // parameters and intermediates
    if (c >= 0x40 && c <= 0x7e) return { end: i + 1 };
    return undefined;
  }
  return s.length - at > MAX_SEQUENCE ? undefined : 'pending';
}

export interface KeyReader {
  /** The events of one read, in order; an unfinished escape sequence or paste waits for the next. */
  push(chunk: string): InputEvent[];
  /**
   * No more input came: an ESC left waiting is the Esc key; a paste the terminal never ended is
   * delivered as a paste (never as keys).
   */
  flush(): InputEvent[];
  /** What the reader holds back: an ESC that may begin a sequence, or a paste not yet ended. */
  pending(): 'escape' | 'paste' | undefined;
}

export function createKeyReader(): KeyReader {
  let rest = '';
  let paste: { text: string; length: number } | undefined;

  function addPaste(text: string): void {
    const p = paste!;
    if (p.text.length < MAX_PASTE_KEPT) p.text += text.slice(0, MAX_PASTE_KEPT - p.text.length);
    p.length += [...text].length;
  }

  function endPaste(out: InputEvent[]): void {
    out.push({ kind: 'paste', text: paste!.text, length: paste!.length });
    paste = undefined;
  }

  function parse(s: string, out: InputEvent[]): void {
    let i = 0;
    while (i < s.length) {
      if (paste !== undefined) {
        const end = s.indexOf(PASTE_END, i);
        if (end === -1) {
          // Keep back what could be the start of the end marker.
          let keep = 0;
          for (let k = Math.min(PASTE_END.length - 1, s.length - i); k > 0; k--) {
            if (PASTE_END.startsWith(s.slice(s.length - k))) {
              keep = k;
              break;
            }
          }
          addPaste(s.slice(i, s.length - keep));
          rest = s.slice(s.length - keep);
          return;
        }
        addPaste(s.slice(i, end));
        endPaste(out);
        i = end + PASTE_END.length;
        continue;
      }
      const esc = s.indexOf(ESC, i);
      const plainEnd = esc === -1 ? s.length : esc;
      for (const ch of s.slice(i, plainEnd)) out.push({ kind: 'key', key: characterKey(ch) });
      if (esc === -1) return;
      // ESC ESC [ A: Alt with an arrow in some terminals; the key is the sequence after the first ESC.
      const start = s[esc + 1] === ESC ? esc + 1 : esc;
      const parsed = sequenceEnd(s, start);
      if (parsed === 'pending') {
        rest = s.slice(esc);
        return;
      }
      if (start !== esc && parsed === undefined) {
        out.push({ kind: 'key', key: named('esc') });
        i = esc + 2;
        continue;
      }
      const end = parsed?.end ?? Math.min(s.length, esc + 1 + (s.codePointAt(esc + 1)! > 0xffff ? 2 : 1));
      const seq = s.slice(start, end);
      i = end;
      if (seq === PASTE_START) paste = { text: '', length: 0 };
      else if (seq !== PASTE_END) out.push({ kind: 'key', key: sequenceKey(seq) });
    }
  }

  return {
    push(chunk) {
      const out: InputEvent[] = [];
      const s = rest + chunk;
      rest = '';
      parse(s, out);
      return out;
    },
    flush() {
      const out: InputEvent[] = [];
      if (paste !== undefined) {
        addPaste(rest);
        rest = '';
        endPaste(out);
      } else if (rest !== '') {
        // A lone ESC is the Esc key; anything longer that never finished is no key at all.
        if (/^\x1b+$/.test(rest)) out.push({ kind: 'key', key: named('esc') });
        rest = '';
      }
      return out;
    },
    pending() {
      if (paste !== undefined) return 'paste';
      return rest !== '' ? 'escape' : undefined;
    },
  };
}
