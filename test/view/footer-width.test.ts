// At 80 columns the footer keeps every key of what is in front (open, back, decline, approve, a
// dialog's answers) and lets the general ones go first.
import { describe, expect, it } from 'vitest';
import { footerItems } from '../../src/view/keys/footer.js';
import { KEYMAP } from '../../src/view/shell/keymap.js';
import type { KeyContext } from '../../src/view/keys/types.js';

const waiting = () => ({ transactionId: 'tx-1', status: 'waiting-approval' });
const completed = () => ({ transactionId: 'tx-2', status: 'completed' });

function context(patch: Partial<KeyContext>): KeyContext {
  return {
    mode: 'normal',
    pane: 'transactions',
    detail: false,
    readOnly: false,
    role: 'full-access',
    forbidden: new Set(),
    paused: false,
    follow: false,
    hasFilter: false,
    selected: waiting,
    ...patch,
  };
}

/** The footer as widgets/footer.tsx asks for it on a terminal `columns` wide. */
function footer(patch: Partial<KeyContext>, columns: number): string {
  return footerItems(KEYMAP, context(patch), columns - 1, false)
    .map((i) => `${i.key} ${i.label}`)
    .join('  ');
}

describe('the footer at 80 columns', () => {
  it.each<[string, Partial<KeyContext>, string]>([
    [
      'a row waiting for approval',
      {},
      '? help  / filter  : command  enter open  d decline  a approve  y copy  q quit',
    ],
    [
      'a row waiting for approval, filtered (esc clears)',
      { hasFilter: true },
      '? help  / filter  enter open  esc clear  d decline  a approve  y copy  q quit',
    ],
    [
      'the detail of a transaction waiting for approval',
      { detail: true },
      '? help  : command  esc back  d decline  a approve  c cancel  y copy  q quit',
    ],
    [
      'a finished row (decline and approve do not apply), filtered',
      { hasFilter: true, selected: completed },
      '? help  / filter  : command  enter open  esc clear  y copy  p pause  q quit',
    ],
    [
      'read-only: no actions',
      { readOnly: true, hasFilter: true },
      '? help  / filter  : command  enter open  esc clear  y copy  p pause  q quit',
    ],
    [
      'the decline dialog, typing the reason',
      { mode: 'dialog', dialog: { phase: 'reason', typed: false, action: 'decline' } },
      'enter next  esc keep  ctrl-u clear',
    ],
    [
      'the approve dialog, typed confirmation',
      { mode: 'dialog', dialog: { phase: 'confirm', typed: true, action: 'approve' } },
      'enter approve  esc keep  ctrl-u clear',
    ],
    ['the filter line', { mode: 'filter' }, 'enter apply  esc cancel  ctrl-u clear  ctrl-w word'],
  ])('%s', (_name, patch, expected) => {
    const line = footer(patch, 80);
    expect(line).toBe(expected);
    expect(line.length + 1).toBeLessThanOrEqual(80);
  });

  it.each([60, 70, 80, 100, 120])('at %i columns every action that applies is there, before any general key', (columns) => {
    const line = footer({ hasFilter: true, detail: false }, columns);
    for (const action of ['enter open', 'esc clear', 'd decline']) expect(line).toContain(action);
    if (columns >= 80) expect(line).toContain('a approve');
    expect(line).toContain('? help');
    expect(line).toContain('q quit');
  });

  it('the general keys come back as the width allows, in their order', () => {
    const wide = footer({ hasFilter: true }, 200);
    expect(wide).toBe(
      '? help  / filter  : command  enter open  esc clear  d decline  a approve  c cancel  y copy  p pause  f follow  s sort  S reverse  J json  r refresh  q quit',
    );
    expect(footer({ hasFilter: true }, 100)).toBe(
      '? help  / filter  : command  enter open  esc clear  d decline  a approve  c cancel  q quit',
    );
    expect(footer({ hasFilter: true }, 110)).toBe(
      '? help  / filter  : command  enter open  esc clear  d decline  a approve  c cancel  y copy  p pause  q quit',
    );
  });
});
