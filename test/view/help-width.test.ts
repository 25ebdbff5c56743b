// The help's lines use the width they have: a description wraps at the line's end, not before,
// and a key label is never cut.
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/format/index.js';
import { KEYMAP } from '../../src/view/shell/keymap.js';
import type { KeyBinding } from '../../src/view/keys/types.js';
import { helpLines } from '../../src/view/shell/help.js';

const SESSION = { readOnly: false, role: 'full-access', forbidden: new Set<never>() } as const;

function text(lines: readonly (readonly { text: string }[])[]): string[] {
  return lines.map((l) => l.map((s) => s.text).join(''));
}

describe.each([60, 80, 120, 160])('help at %i columns', (width) => {
  const all = text(helpLines(KEYMAP, SESSION, false, width));
  // The keys and the commands (the legend after them lays itself out).
  const lines = all.slice(0, all.findIndex((l) => l === ' Statuses') >>> 0);

  it('no line is wider than the terminal', () => {
    expect(lines.length).toBeGreaterThan(50);
    for (const line of all) expect(displayWidth(line)).toBeLessThanOrEqual(width);
  });

  it('a wrapped description breaks only where the next word would not fit', () => {
    for (let i = 0; i + 1 < lines.length; i++) {
      const line = lines[i]!;
      const next = lines[i + 1]!;
      // A continuation: blank keys column, then text.
      const indent = /^ {10,}\S/.test(next) ? next.search(/\S/) : -1;
      if (indent < 0 || line.trim() === '') continue;
      const word = next.slice(indent).split(' ')[0]!;
      expect(displayWidth(line) + 1 + displayWidth(word)).toBeGreaterThan(width);
    }
  });
});

describe('the keys column', () => {
  const long: KeyBinding = {
    id: 'long',
    keys: ['ctrl+u'],
    helpKeys: 'ctrl-u ctrl-w ctrl-a ctrl-e',
    label: 'edit',
    description: 'edit the line',
    modes: ['normal'],
    group: 'general',
    run: () => {},
  };

  it('widens for a long label instead of cutting it', () => {
    const lines = text(helpLines([...KEYMAP, long], SESSION, false, 120));
    expect(lines.find((l) => l.includes('edit the line'))).toContain('ctrl-u ctrl-w ctrl-a ctrl-e edit the line');
  });

  it('a label wider than a third of a narrow line gets its own line, whole', () => {
    const lines = text(helpLines([...KEYMAP, long], SESSION, false, 60));
    const at = lines.findIndex((l) => l.includes('edit the line'));
    expect(lines[at - 1]).toBe('   ctrl-u ctrl-w ctrl-a ctrl-e');
    expect(lines[at]!.trim()).toBe('edit the line');
    expect(lines.join('\n')).not.toMatch(/ctrl-a…/);
  });
});
