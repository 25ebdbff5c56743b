// The keymap is data: the same entries decide what a key does, what the footer shows and what the
// help screen lists.
import { describe, expect, it } from 'vitest';
import {
  findBinding,
  footerItems,
  helpEntries,
  isAvailable,
  KEYMAP,
  type KeyBinding,
  type KeyContext,
  keyLabel,
  keysLabel,
  roleAllows,
} from '../../src/view/keymap.js';
import { helpLines } from '../../src/view/panes/help.js';

function context(patch: Partial<KeyContext> = {}): KeyContext {
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
    selected: () => ({ status: 'waiting-approval' }),
    ...patch,
  };
}

function footer(
  patch: Partial<KeyContext> = {},
  width = 200,
  keymap: readonly KeyBinding[] = KEYMAP,
): string {
  return footerItems(keymap, context(patch), width, false)
    .map((i) => `${i.key} ${i.label}`)
    .join('  ');
}

// The decline entry the actions issue adds: dangerous, tied to the session action, and only on a
// transaction waiting for approval.
const DECLINE: KeyBinding = {
  id: 'decline',
  keys: ['d'],
  label: 'decline',
  description: 'decline the transaction (asks to confirm)',
  modes: ['normal'],
  panes: ['transactions'],
  group: 'actions',
  footer: { order: 50 },
  dangerous: true,
  action: 'decline',
  when: (c) => (c.selected() as { status?: string } | undefined)?.status === 'waiting-approval',
};
const WITH_DECLINE = [...KEYMAP, DECLINE];

describe('footer', () => {
  it.each<[string, Partial<KeyContext>, string]>([
    [
      'transactions list',
      {},
      '? help  / filter  : command  enter open  y copy  p pause  f follow  s sort  J json  r refresh  q quit',
    ],
    ['with a filter, esc clears it', { hasFilter: true }, 'esc clear'],
    ['paused', { paused: true }, 'p resume'],
    ['following', { follow: true }, 'f unfollow'],
    ['detail', { detail: true }, '? help  : command  esc back  y copy  p pause  J json  r refresh  q quit'],
    [
      'accounts',
      { pane: 'accounts' },
      '? help  / filter  : command  enter open  y copy  p pause  s sort  J json  r refresh  q quit',
    ],
    [
      'prices: nothing to open or copy',
      { pane: 'prices' },
      '? help  / filter  : command  p pause  s sort  J json  r refresh  q quit',
    ],
    ['swap placeholder', { pane: 'swap' }, '? help  : command  p pause  r refresh  q quit'],
    ['filter line', { mode: 'filter' }, 'enter apply  esc cancel  ctrl-u clear  ctrl-w word'],
    [
      'command line',
      { mode: 'command' },
      'enter apply  esc cancel  tab complete  ↑ history  ctrl-u clear  ctrl-w word',
    ],
    ['help', { mode: 'help' }, 'esc close'],
    ['json', { mode: 'json' }, 'esc close'],
  ])('%s', (_name, patch, expected) => {
    expect(footer(patch)).toContain(expected);
  });

  it('an empty list offers nothing to open, copy or show as JSON', () => {
    const text = footer({ selected: () => undefined });
    expect(text).not.toContain('enter open');
    expect(text).not.toContain('y copy');
    expect(text).not.toContain('J json');
  });

  it('cut to the width, keeping help and quit', () => {
    const narrow = footer({}, 40);
    expect(narrow.length).toBeLessThanOrEqual(40);
    expect(narrow).toContain('? help');
    expect(narrow).toContain('q quit');
    expect(narrow.startsWith('? help  / filter')).toBe(true);
  });

  it('ASCII names for arrows', () => {
    expect(footerItems(KEYMAP, context({ mode: 'command' }), 200, true).map((i) => i.key)).toContain('up');
    expect(keyLabel('down', false)).toBe('↓');
    expect(keyLabel('ctrl+d', true)).toBe('ctrl-d');
    expect(
      keysLabel(
        KEYMAP.find((b) => b.id === 'pane')!,
        false,
      ),
    ).toBe('1-5');
  });
});

describe('dangerous bindings (how d decline / a approve plug in)', () => {
  it('show on a transaction waiting for approval when the role allows', () => {
    expect(footer({}, 200, WITH_DECLINE)).toContain('d decline');
    expect(findBinding(WITH_DECLINE, 'd', context())?.id).toBe('decline');
  });

  it.each<[string, Partial<KeyContext>]>([
    ['read-only mode', { readOnly: true }],
    ['a view-only key', { role: 'view-only' }],
    ['an mpc-hot-signer key', { role: 'mpc-hot-signer' }],
    ['after a 403', { forbidden: new Set(['decline'] as const) }],
    ['another status', { selected: () => ({ status: 'completed' }) }],
    ['another pane', { pane: 'accounts' }],
    ['the command line', { mode: 'command' }],
  ])('vanish in %s', (_name, patch) => {
    expect(footer(patch, 200, WITH_DECLINE)).not.toContain('decline');
    expect(findBinding(WITH_DECLINE, 'd', context(patch))).toBeUndefined();
  });

  it('vanish from the help in read-only mode', () => {
    const groups = (readOnly: boolean) =>
      helpEntries(WITH_DECLINE, { readOnly, role: 'full-access', forbidden: new Set() }, false).map(
        (g) => g.title,
      );
    expect(groups(false)).toContain('Actions');
    expect(groups(true)).not.toContain('Actions');
  });

  it('roles: operators and full access may act, an unknown role is left to the server', () => {
    expect(roleAllows('transaction-operator', 'decline')).toBe(true);
    expect(roleAllows('full-access', 'approve')).toBe(true);
    expect(roleAllows('view-only', 'decline')).toBe(false);
    expect(roleAllows(undefined, 'decline')).toBe(true);
    expect(roleAllows('future-role', 'decline')).toBe(true);
    expect(roleAllows('toString', 'decline')).toBe(true);
  });
});

describe('findBinding', () => {
  it.each<[string, Partial<KeyContext>, string | undefined]>([
    ['j', {}, 'down'],
    ['down', { mode: 'help' }, 'down'],
    ['down', { mode: 'command' }, 'historyNext'],
    ['j', { mode: 'filter' }, undefined],
    ['tab', {}, 'nextPane'],
    ['tab', { mode: 'command' }, 'complete'],
    ['esc', {}, undefined],
    ['esc', { hasFilter: true }, 'back'],
    ['esc', { detail: true }, 'back'],
    ['esc', { mode: 'json' }, 'close'],
    ['esc', { mode: 'filter' }, 'inputCancel'],
    ['enter', {}, 'open'],
    ['enter', { detail: true }, undefined],
    ['enter', { pane: 'prices' }, undefined],
    ['q', {}, 'quit'],
    ['q', { mode: 'help' }, 'close'],
    ['ctrl+c', { mode: 'filter' }, 'interrupt'],
    ['f', { pane: 'accounts' }, undefined],
    ['/', { detail: true }, undefined],
    ['x', {}, undefined],
  ])('%s in %j → %s', (key, patch, id) => {
    expect(findBinding(KEYMAP, key, context(patch))?.id).toBe(id);
  });

  it('every binding has keys, a description and a group; no key means two things at once', () => {
    for (const b of KEYMAP) {
      expect(b.keys.length).toBeGreaterThan(0);
      expect(b.description.length).toBeGreaterThan(5);
    }
    const modes = ['normal', 'filter', 'command', 'help', 'json'] as const;
    const panes = ['accounts', 'addresses', 'transactions', 'prices', 'swap'] as const;
    for (const mode of modes) {
      for (const pane of panes) {
        for (const detail of [false, true]) {
          const c = context({ mode, pane, detail, hasFilter: true });
          const seen = new Map<string, string>();
          for (const b of KEYMAP.filter((x) => isAvailable(x, c))) {
            for (const k of b.keys) {
              expect(seen.get(k), `${k} in ${mode}/${pane}/${detail}`).toBeUndefined();
              seen.set(k, b.id);
            }
          }
        }
      }
    }
  });

  it('no key needs Alt, Ctrl-S, Ctrl-Q or Ctrl-Z', () => {
    const keys = KEYMAP.flatMap((b) => b.keys);
    expect(keys.filter((k) => /^(alt|meta)\+/.test(k) || ['ctrl+s', 'ctrl+q', 'ctrl+z'].includes(k))).toEqual(
      [],
    );
  });
});

describe('help screen', () => {
  it('is generated from the keymap, grouped, with the commands', () => {
    const text = helpLines(KEYMAP, { readOnly: false, role: 'full-access', forbidden: new Set() }, false)
      .map((line) => line.map((s) => s.text).join(''))
      .join('\n');
    for (const b of KEYMAP) expect(text).toContain(b.description);
    for (const title of [
      'Move',
      'Panes',
      'View',
      'Live data',
      'Filter and command line',
      'General',
      'Commands (:)',
    ]) {
      expect(text).toContain(title);
    }
    expect(text).toContain(':tx [word ...]');
    expect(text).toContain(':quit :q');
  });
});
