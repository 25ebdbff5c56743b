// What the console decides from the environment: color and ASCII. (The clipboard: clipboard.test.ts.)
import { describe, expect, it } from 'vitest';
import { terminalCapabilities } from '../../src/view/base/terminal.js';

const tty = { isTTY: true };

describe('terminalCapabilities', () => {
  it.each([
    [{ LANG: 'en_US.UTF-8' }, tty, { ascii: false, color: true }],
    [{ LANG: 'en_US.utf8', NO_COLOR: '1' }, tty, { ascii: false, color: false }],
    [{ LANG: 'C.UTF-8', NO_COLOR: '' }, tty, { ascii: false, color: true }], // empty NO_COLOR is unset (no-color.org)
    [{ LANG: 'C.UTF-8' }, { isTTY: false }, { ascii: false, color: false }],
    [{ LANG: 'C.UTF-8' }, {}, { ascii: false, color: false }],
    [{ LANG: 'C.UTF-8', TERM: 'dumb' }, tty, { ascii: false, color: false }],
    [{ LANG: 'C' }, tty, { ascii: true, color: true }],
    [{}, tty, { ascii: true, color: true }], // no locale at all is "C"
    [{ LANG: 'POSIX' }, tty, { ascii: true, color: true }],
    [{ LC_ALL: 'C', LANG: 'en_US.UTF-8' }, tty, { ascii: true, color: true }], // LC_ALL wins
    [{ LC_CTYPE: 'de_DE.UTF-8', LANG: 'C' }, tty, { ascii: false, color: true }], // then LC_CTYPE
    [{ LC_ALL: '', LC_CTYPE: '', LANG: 'ja_JP.UTF-8' }, tty, { ascii: false, color: true }], // empty is unset
    [{ LANG: 'en_US.ISO-8859-1' }, tty, { ascii: true, color: true }],
  ])('%o on %o → %o', (env, stdout, expected) => {
    expect(terminalCapabilities(env as NodeJS.ProcessEnv, stdout)).toEqual(expected);
  });
});
