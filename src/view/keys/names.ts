// Key names ('j', 'G', 'down', 'ctrl+d', 'shift+tab': read.ts makes them from the terminal's
// bytes) as people write them ("↓", "ctrl-d"), and text as it may enter a field.

/** Normalized key names: printable characters as themselves ('j', 'G', '?'), others by name. */
export type KeyName = string;

/** Typed or pasted text as it may enter the input line: one line, no control characters. */
export function typedText(input: string): string {
  return input.replace(/[\r\n\t]/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
}

/**
 * A paste as field text: the line breaks around it dropped (a copied line ends in one), those
 * inside it folded to spaces: never an Enter.
 */
export function pastedText(input: string): string {
  return typedText(input.replace(/^[\r\n]+|[\r\n]+$/g, ''));
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
