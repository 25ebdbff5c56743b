// The keymap is data: the same entries decide what a key does, what the footer shows and what the
// help screen lists; a key that does not apply says why.
import { describe, expect, it } from 'vitest';
import { footerItems, helpEntries } from '../../src/view/keys/footer.js';
import { KEYMAP } from '../../src/view/shell/keymap.js';
import {
  disabledReason,
  findBinding,
  isAvailable,
  isPresent,
  keysLabel,
  whyNot,
} from '../../src/view/keys/match.js';
import { keyLabel } from '../../src/view/keys/names.js';
import type { KeyBinding, KeyContext } from '../../src/view/keys/types.js';
import { helpLines } from '../../src/view/shell/help.js';

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
    selected: () => ({ transactionId: 'tx-1', status: 'waiting-approval' }),
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

describe('footer', () => {
  it.each<[string, Partial<KeyContext>, string]>([
    [
      'transactions list',
      {},
      '? help  / filter  : command  enter open  d decline  a approve  c cancel  y copy  p pause  f follow  s sort  S reverse  J json  r refresh  q quit',
    ],
    ['with a filter, esc clears it', { hasFilter: true }, 'esc clear'],
    ['paused', { paused: true }, 'p resume'],
    ['following', { follow: true }, 'f unfollow'],
    [
      'detail',
      { detail: true },
      '? help  : command  esc back  d decline  a approve  c cancel  y copy  p pause  J json  r refresh  q quit',
    ],
    [
      'accounts',
      { pane: 'accounts' },
      '? help  / filter  : command  enter open  y copy  p pause  s sort  S reverse  J json  r refresh  q quit',
    ],
    [
      'prices: nothing to open',
      { pane: 'prices' },
      '? help  / filter  : command  y copy  p pause  s sort  S reverse  J json  r refresh  q quit',
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
    ['copy menu', { mode: 'copy' }, 'esc close'],
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
    // The keys of the row in front outlive the general ones (footer-width.test.ts).
    expect(narrow.startsWith('? help  enter open')).toBe(true);
  });

  it('ASCII names for arrows', () => {
    expect(footerItems(KEYMAP, context({ mode: 'command' }), 200, true).map((i) => i.key)).toContain('up');
    expect(keyLabel('down', false)).toBe('↓');
    expect(keyLabel('ctrl+d', true)).toBe('ctrl-d');
    expect(keysLabel(KEYMAP.find((b) => b.id === 'pane')!, false)).toBe('1-9 0');
  });
});

describe('dangerous bindings (d decline, a approve)', () => {
  it('show on a transaction waiting for approval when the role allows', () => {
    expect(footer()).toContain('d decline  a approve');
    expect(findBinding(KEYMAP, 'd', context())?.id).toBe('decline');
  });

  it.each<[string, Partial<KeyContext>]>([
    ['read-only mode', { readOnly: true }],
    ['another pane', { pane: 'accounts' }],
    ['the command line', { mode: 'command' }],
    ['an empty list', { selected: () => undefined }],
  ])('are gone in %s', (_name, patch) => {
    expect(footer(patch)).not.toContain('decline');
    expect(findBinding(KEYMAP, 'd', context(patch))).toBeUndefined();
  });

  it.each<[string, Partial<KeyContext>, string]>([
    ['a view-only key', { role: 'view-only' }, 'a key with the view-only role cannot decline'],
    ['an mpc-hot-signer key', { role: 'mpc-hot-signer' }, 'a key with the mpc-hot-signer role cannot decline'],
    ['after a 403', { forbidden: new Set(['decline'] as const) }, 'the server refused to let this key decline earlier in this session (403)'],
    [
      'another status',
      { selected: () => ({ transactionId: 'tx-1', status: 'pending-signing' }) },
      'only a transaction waiting for approval can be declined (this one is pending-signing)',
    ],
  ])('say why not with %s (and leave the footer)', (_name, patch, reason) => {
    const c = context(patch);
    const b = findBinding(KEYMAP, 'd', c)!;
    expect(b.id).toBe('decline');
    expect(disabledReason(b, c)).toBe(reason);
    expect(isAvailable(b, c)).toBe(false);
    expect(footer(patch)).not.toContain('decline');
  });

  it('vanish from the help in read-only mode; say the role in it otherwise', () => {
    const groups = (readOnly: boolean) =>
      helpEntries(KEYMAP, { readOnly, role: 'full-access', forbidden: new Set() }, false).map((g) => g.title);
    expect(groups(false)).toContain('Actions');
    expect(groups(true)).not.toContain('Actions');
    const viewOnly = helpEntries(KEYMAP, { readOnly: false, role: 'view-only', forbidden: new Set() }, false)
      .flatMap((g) => g.entries)
      .find((e) => e.keys === 'd');
    expect(viewOnly?.description).toContain('(a key with the view-only role cannot decline)');
  });
});

describe('a key that does not apply says why', () => {
  it.each<[string, Partial<KeyContext>, string | undefined]>([
    ['f', { pane: 'accounts' }, 'f (follow) works on the transactions pane'],
    ['enter', { pane: 'prices' }, 'enter works on the accounts, activity, addressbook, addresses, balances, limits, members, swap and transactions panes'],
    ['/', { detail: true }, '/ (filter) works on the list (esc goes back to it)'],
    ['x', {}, 'x is not a key of the console (? lists them)'],
    // Read-only mode takes the decisions away, and their keys say so (not "no key of the console").
    ['d', { readOnly: true }, 'd (decline): read-only: decisions are turned off'],
    ['a', { readOnly: true }, 'a (approve): read-only: decisions are turned off'],
    ['c', { readOnly: true, pane: 'accounts' }, 'c (cancel): read-only: decisions are turned off'],
    ['x', { readOnly: true }, 'x is not a key of the console (? lists them)'],
    // Esc with nothing to go back from or clear: nothing to say.
    ['esc', {}, undefined],
    ['x', { mode: 'command' }, undefined],
  ])('%s in %j', (key, patch, why) => {
    expect(whyNot(KEYMAP, key, context(patch), false)).toBe(why);
  });

  it.each<[string, string, Partial<KeyContext>, string]>([
    ['y', 'copy', { selected: () => undefined, pane: 'accounts' }, 'nothing to copy: no record under the cursor'],
    ['J', 'json', { selected: () => undefined }, 'nothing to show: no record under the cursor'],
    ['enter', 'open', { selected: () => undefined }, 'nothing to open: the list is empty'],
  ])('%s (%s) with nothing selected', (key, id, patch, reason) => {
    const c = context(patch);
    const b = findBinding(KEYMAP, key, c)!;
    expect(b.id).toBe(id);
    expect(isPresent(b, c)).toBe(true);
    expect(disabledReason(b, c)).toBe(reason);
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
    ['ctrl+c', { mode: 'filter' }, 'interruptLeave'],
    ['ctrl+c', { mode: 'dialog' }, 'interruptLeave'],
    ['ctrl+c', { mode: 'help' }, 'interrupt'],
    ['ctrl+z', {}, 'suspend'],
    ['ctrl+z', { mode: 'dialog' }, 'suspend'],
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
      expect(typeof b.run).toBe('function');
    }
    expect(new Set(KEYMAP.map((b) => b.id)).size).toBe(KEYMAP.length);
    const modes = ['normal', 'filter', 'command', 'help', 'helpSearch', 'json'] as const;
    const panes = ['accounts', 'addresses', 'transactions', 'prices', 'swap'] as const;
    for (const mode of modes) {
      for (const pane of panes) {
        for (const detail of [false, true]) {
          const c = context({ mode, pane, detail, hasFilter: true });
          const seen = new Map<string, string>();
          for (const b of KEYMAP.filter((x) => isPresent(x, c))) {
            for (const k of b.keys) {
              expect(seen.get(k), `${k} in ${mode}/${pane}/${detail}`).toBeUndefined();
              seen.set(k, b.id);
            }
          }
        }
      }
    }
  });

  it('no key needs Alt, Ctrl-S or Ctrl-Q; Ctrl-Z only suspends', () => {
    const keys = KEYMAP.flatMap((b) => b.keys);
    expect(keys.filter((k) => /^(alt|meta)\+/.test(k) || ['ctrl+s', 'ctrl+q'].includes(k))).toEqual([]);
    expect(KEYMAP.filter((b) => b.keys.includes('ctrl+z')).map((b) => b.id)).toEqual(['suspend']);
  });
});

describe('help screen', () => {
  it('is generated from the keymap, grouped, with the commands', () => {
    const text = helpLines(KEYMAP, { readOnly: false, role: 'full-access', forbidden: new Set() }, false)
      .map((line) => line.map((s) => s.text).join(''))
      .join('\n')
      // Long descriptions wrap beside their keys.
      .replace(/\s+/g, ' ');
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
