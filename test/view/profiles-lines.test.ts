// `:ctx`'s list as lines: the marks (in use, previous, production), host and workspace, the
// cursor's one selection bar, the empty list, and a config file's hostile text cleaned and bounded.
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/format/index.js';
import type { Segment } from '../../src/view/base/segments.js';
import type { ProfileEntry } from '../../src/view/model/model.js';
import { profileLines } from '../../src/view/profiles/lines.js';

const ENTRIES: readonly ProfileEntry[] = [
  { name: 'dev', host: '127.0.0.1:4010', workspaceId: 'ws-dev', production: false },
  { name: 'prod-eu', host: 'custody.example.com', workspaceId: 'ws-prod', production: true },
  { name: 'staging', host: 'staging.example.com', workspaceId: 'ws-stg', production: false },
];

const text = (line: readonly Segment[]) => line.map((s) => s.text).join('');
const lines = (opts: Partial<Parameters<typeof profileLines>[1]> = {}, entries = ENTRIES) =>
  profileLines(entries, { cursor: -1, width: 120, ascii: false, ...opts });

describe('profileLines', () => {
  it.each<[string, Partial<Parameters<typeof profileLines>[1]>, readonly string[]]>([
    ['the one in use marked ●', { current: 'prod-eu' }, [' ', '\u25cf', ' ']],
    ['in ASCII the one in use is *', { current: 'prod-eu', ascii: true }, [' ', '*', ' ']],
    ['the previous one marked -', { current: 'prod-eu', previous: 'dev' }, ['-', '\u25cf', ' ']],
    ['no profile in use: no mark', {}, [' ', ' ', ' ']],
  ])('%s', (_, opts, marks) => {
    expect(lines(opts).map((l) => text(l)[1])).toEqual(marks);
  });

  it('says PRODUCTION for the production ones only', () => {
    expect(lines().map((l) => text(l).includes('PRODUCTION'))).toEqual([false, true, false]);
  });

  it('shows each host and workspace, and never "(no server)" for a complete profile', () => {
    lines().forEach((line, i) => {
      expect(text(line)).toContain(ENTRIES[i]!.host);
      expect(text(line)).toContain(ENTRIES[i]!.workspaceId);
      expect(text(line)).not.toContain('(no server)');
      expect(text(line)).not.toContain('(no workspace)');
    });
  });

  it('says what a profile without server or workspace lacks', () => {
    const [line] = lines({}, [{ name: 'bare', production: false }]);
    expect(text(line!)).toContain('(no server)');
    expect(text(line!)).toContain('(no workspace)');
  });

  it.each([0, 1, 2])('the cursor on row %i is one selection segment; the others are not', (cursor) => {
    const out = lines({ cursor, current: 'prod-eu' });
    out.forEach((line, i) => {
      if (i === cursor) expect(line.map((s) => s.token)).toEqual(['selection']);
      else expect(line.some((s) => s.token === 'selection')).toBe(false);
    });
  });

  it('the empty list is one line saying how to make a profile', () => {
    const out = lines({}, []);
    expect(out).toHaveLength(1);
    expect(text(out[0]!)).toContain('no profiles in the config file');
    expect(text(out[0]!)).toContain('custody init');
  });

  describe('a hostile name or host', () => {
    const hostile: readonly ProfileEntry[] = [
      { name: 'evil\x1b[2J\x07name', host: 'h\x1b]52;c;Zm9v\x07ost', workspaceId: 'ws\r\nnext', production: true },
      { name: '\u202eevil\u202c', host: '\u2066host\u2069', workspaceId: '\u200fws', production: false },
      { name: 'n'.repeat(10_000), host: 'h'.repeat(10_000), workspaceId: 'w'.repeat(10_000), production: false },
      { name: '\u0000\u0001\u007f\u009b31m', host: '\u009bhost', production: false },
    ];
    const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

    it.each([
      [80, false],
      [100, false],
      [120, true],
      [200, false],
    ])('comes out cleaned and no wider than %i columns (ascii %s)', (width, ascii) => {
      for (const cursor of [-1, 0, 2]) {
        const out = profileLines(hostile, { current: hostile[0]!.name, previous: hostile[1]!.name, cursor, width, ascii });
        expect(out).toHaveLength(hostile.length);
        for (const line of out) {
          const all = text(line);
          expect(all).not.toMatch(CONTROLS);
          expect(displayWidth(all)).toBeLessThanOrEqual(width);
          if (ascii) expect(all).toMatch(/^[\x20-\x7e]*$/);
        }
      }
    });
  });
});
