// `y`'s copy menu (lazygit's): what the selected or open record has to copy, one key each (the
// resource lists them: resources/copies.ts); `yy` copies the id, Esc closes. A copy goes the way
// `y` always went (tmux buffer, OSC 52, screen: base/clipboard.ts) and the status line says where.
// What the menu shows is bounded and shows hidden characters; what it copies is the exact value,
// except a control character, which is never copied raw (a pasted ESC or newline acts).
import {
  codePointName,
  countOf,
  cutText,
  escapeHiddenInJson,
  fitCell,
  hiddenCharacters,
  sanitizeLine,
  showHidden,
  truncateMiddle,
} from '../../format/index.js';
import type { JsonTarget } from '../../store/ui.js';
import { copyFailedNotice, copyNotice, type CopyNotice, withHiddenWarning } from '../base/copy-outcome.js';
import type { Segment } from '../base/segments.js';
import type { KeyBinding } from '../keys/types.js';
import type { ViewModel } from '../model/model.js';
import { notify } from '../model/notify.js';
import { ALL_COPY_KEYS, type CopyCtx, type CopyEntry, copiesOf } from '../resources/copies.js';
import { refData } from '../resources/kit.js';
import { resourceOf } from '../resources/registry.js';

/** The entries of a record of `pane` (the id and the JSON when its resource lists none). */
export function copyEntries(pane: string, id: string, record: unknown, ctx: CopyCtx): readonly CopyEntry[] {
  const resource = resourceOf(pane);
  return resource?.copies?.(record, id, ctx) ?? copiesOf(id, [], record);
}

/** What the menu is open on, as it is now; undefined once the record is gone. */
export function menuNow(vm: ViewModel, target: JsonTarget | undefined): readonly CopyEntry[] | undefined {
  if (target === undefined) return undefined;
  const record = resourceOf(target.pane)?.find(vm, target.id);
  return record === undefined ? undefined : copyEntries(target.pane, target.id, record, refData(vm));
}

// A C0 or C1 control character, or DEL.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * What goes to the clipboard: the exact value, but a control character as its mark ("‹U+001B›"):
 * pasted raw, an ESC or a line break would act in the terminal or shell it lands in. The JSON's
 * own line breaks are its layout; in its strings every hidden character is a \u escape, as the
 * JSON view shows them (the same JSON).
 */
export function copiedText(entry: CopyEntry, ascii = false): { text: string; controls: string[] } {
  if (entry.kind === 'json') return { text: entry.text.split('\n').map(escapeHiddenInJson).join('\n'), controls: [] };
  const controls = hiddenCharacters(entry.text.match(CONTROLS)?.join('') ?? '', 'identifier');
  if (controls.length === 0) return { text: entry.text, controls };
  const [open, close] = ascii ? ['<', '>'] : ['\u2039', '\u203a'];
  return { text: entry.text.replace(CONTROLS, (ch) => `${open}${codePointName(ch)}${close}`), controls };
}

/** Bounded before it is measured: a value a page long is cut in its middle anyway. */
const PREVIEW_UNITS = 512;

/** A value as the menu and the status line show it: one line, hidden characters as marks, at most `width`. */
export function previewText(entry: CopyEntry, width: number, ascii: boolean): string {
  if (entry.kind === 'json') {
    const lines = entry.text.split('\n').length;
    return `${countOf(lines, 'line')}, ${countOf(entry.text.length, 'character')}`;
  }
  const shown = sanitizeLine(showHidden(cutText(entry.text, PREVIEW_UNITS), ascii), { ascii });
  return truncateMiddle(shown, Math.max(1, width), { ascii });
}

/** The label column's width: the longest label ("destination address"). */
const LABEL_WIDTH = 20;

/** The menu's lines: ` h  blockchain hash       0xabc…def`, one per entry. Pure. */
export function copyMenuLines(entries: readonly CopyEntry[] | undefined, width: number, ascii: boolean): Segment[][] {
  if (entries === undefined) return [[{ text: '  the record is no longer loaded (esc closes)', token: 'muted' }]];
  const room = Math.max(8, width - 4 - LABEL_WIDTH - 2);
  return entries.map((e) => [
    { text: `  ${e.key} `, token: 'key' },
    { text: ` ${fitCell(e.label, LABEL_WIDTH, 'left', { ascii })}  ` },
    { text: previewText(e, room, ascii), token: e.kind === 'json' ? 'muted' : 'accent' },
  ]);
}

/** The status line after a copy: where it went, and what it held that the eye cannot see. */
export function copyOutcomeNotice(notice: CopyNotice, entry: CopyEntry, controls: readonly string[]): CopyNotice {
  const hidden = entry.kind === 'json' ? [] : hiddenCharacters(entry.text.replace(CONTROLS, ''), 'identifier');
  const warned = withHiddenWarning(notice, hidden);
  if (controls.length === 0) return warned;
  return {
    level: warned.level === 'error' ? 'error' : 'warn',
    text: `${warned.text}; its control characters (${controls.join(', ')}) were copied as marks, never raw`,
  };
}

/** Copies one entry; the console goes on (tmux may take a moment) and the status line says where it went. */
export function copyEntry(vm: ViewModel, entry: CopyEntry): void {
  const ascii = vm.env.ascii;
  const { text, controls } = copiedText(entry, ascii);
  const shown = previewText(entry, 40, ascii);
  Promise.resolve()
    .then(() => vm.env.copy(text))
    .then(
      (outcome) => copyOutcomeNotice(copyNotice(entry.label, shown, outcome), entry, controls),
      (error: unknown) => copyFailedNotice(entry.label, shown, error),
    )
    .then(({ level, text: line }) => notify(vm, level, line, 'view-copy'))
    .catch(() => {}); // a notice that cannot be set has nowhere else to go
}

export const COPY_MENU_BINDINGS: readonly KeyBinding[] = [
  {
    id: 'copyEntry',
    keys: ALL_COPY_KEYS,
    helpKeys: 'y then a key',
    label: 'copy',
    description:
      'in the copy menu: the key of the entry copies it (the menu lists what the record has: y id, e external id, ' +
      'h/H blockchain hash, l/L explorer link, d destination, s source, a address or amount, m memo, n name, ' +
      'p price, t title, j JSON); yy copies the id',
    modes: ['copy'],
    group: 'view',
    run: (vm, key) => {
      const ui = vm.ui.getState();
      const entry = menuNow(vm, ui.copyMenu)?.find((e) => e.key === key);
      if (entry === undefined) {
        notify(vm, 'info', `nothing to copy under ${key} here: the menu lists what this record has`, 'view-key');
        return;
      }
      ui.closeOverlay();
      copyEntry(vm, entry);
    },
  },
  {
    id: 'copyClose',
    keys: ['esc', 'q'],
    label: 'close',
    description: 'close the copy menu without copying',
    modes: ['copy'],
    group: 'view',
    footer: { order: 5, keep: true },
    run: (vm) => vm.ui.getState().closeOverlay(),
  },
];
