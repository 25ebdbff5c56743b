// Key names: Ink's (input, key) pair → one name of the keymap ('j', 'G', 'down', 'ctrl+d',
// 'shift+tab'), and a name as people write it ("↓", "ctrl-d").
import type { Key } from 'ink';

/** Normalized key names: printable characters as themselves ('j', 'G', '?'), others by name. */
export type KeyName = string;

export function keyName(input: string, key: Key): KeyName | undefined {
  if (key.escape) return 'esc';
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.leftArrow) return 'left';
  if (key.rightArrow) return 'right';
  if (key.pageUp) return 'pageup';
  if (key.pageDown) return 'pagedown';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'enter';
  if (key.tab) return key.shift ? 'shift+tab' : 'tab';
  // Terminals send DEL (which Ink calls delete) for the Backspace key; there is no cursor to
  // delete forward from, so both erase backwards.
  if (key.backspace || key.delete) return 'backspace';
  if (key.ctrl && input.length === 1) return `ctrl+${input.toLowerCase()}`;
  // Nothing is bound to Alt; an Alt chord must not act as the bare key.
  if (key.meta) return undefined;
  if ([...input].length === 1) return input;
  return undefined;
}

/** Typed or pasted text as it may enter the input line: one line, no control characters. */
export function typedText(input: string): string {
  return input.replace(/[\r\n\t]/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
}

const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

/** One character as Ink reports it when it arrives alone (also what a bunched chunk splits into). */
export function singleKey(ch: string): { input: string; key: Key } {
  if (ch === '\r' || ch === '\n') return { input: '', key: { ...NO_KEY, return: true } };
  if (ch === '\t') return { input: '', key: { ...NO_KEY, tab: true } };
  if (ch === '\x7f' || ch === '\b') return { input: '', key: { ...NO_KEY, backspace: true } };
  const code = ch.codePointAt(0)!;
  if (code < 0x20) return { input: String.fromCharCode(code + 0x60), key: { ...NO_KEY, ctrl: true } };
  return { input: ch, key: { ...NO_KEY, shift: ch !== ch.toLowerCase() } };
}

/**
 * Ink hands over plain text that arrived in one read as one input ("jjj", "/abc\r"): keys typed
 * quickly over SSH, or a busy console, arrive bunched. Split such a chunk back into single keys;
 * escape sequences are already separated by Ink's parser and keep their flags.
 */
export function splitBunched(input: string, key: Key): Array<{ input: string; key: Key }> | undefined {
  const chars = [...input];
  if (chars.length < 2 || key.ctrl || key.meta || key.escape) return undefined;
  return chars.map(singleKey);
}

const KEY_LABELS: Readonly<Record<string, readonly [string, string]>> = {
  // name: [unicode, ascii]
  down: ['↓', 'down'],
  up: ['↑', 'up'],
  pagedown: ['PgDn', 'PgDn'],
  pageup: ['PgUp', 'PgUp'],
  home: ['Home', 'Home'],
  end: ['End', 'End'],
  enter: ['enter', 'enter'],
  esc: ['esc', 'esc'],
  tab: ['tab', 'tab'],
  'shift+tab': ['shift-tab', 'shift-tab'],
  backspace: ['backspace', 'backspace'],
  ' ': ['space', 'space'],
};

/** A key as people write it: "↓" ("down" in ASCII), "ctrl-d", "G". */
export function keyLabel(key: KeyName, ascii: boolean): string {
  const known = KEY_LABELS[key];
  if (known !== undefined) return ascii ? known[1] : known[0];
  if (key.startsWith('ctrl+')) return `ctrl-${key.slice(5)}`;
  return key;
}
