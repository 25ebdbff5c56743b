// The status line after `y` says where the text went, and only what is known: "copied" when tmux
// took it, "sent" for an escape sequence the terminal may ignore.
import { describe, expect, it } from 'vitest';
import { type CopyOutcome, copyFailedNotice, copyNotice } from '../../src/view/base/copy-outcome.js';

describe('copyNotice', () => {
  it.each<[CopyOutcome, 'info' | 'warn', string]>([
    [{ to: 'tmux', clipboard: true }, 'info', 'copied id tx-1 to the tmux buffer and clipboard'],
    [
      { to: 'tmux', clipboard: false, why: 'tmux set-clipboard is off' },
      'info',
      'copied id tx-1 to a tmux buffer (tmux set-clipboard is off)',
    ],
    [{ to: 'tmux', clipboard: false }, 'info', 'copied id tx-1 to a tmux buffer'],
    [{ to: 'osc52', via: 'terminal' }, 'info', "sent id tx-1 to the terminal's clipboard (OSC 52)"],
    [{ to: 'osc52', via: 'screen' }, 'info', "sent id tx-1 to the terminal's clipboard (OSC 52 through screen)"],
    // tmux drops the passthrough unless allow-passthrough is on: a warning that stays.
    [
      { to: 'osc52', via: 'tmux', why: 'tmux not found' },
      'warn',
      "sent id tx-1 to the terminal's clipboard (OSC 52 through tmux passthrough: tmux not found)",
    ],
  ])('%j', (outcome, level, text) => {
    expect(copyNotice('id', 'tx-1', outcome)).toEqual({ level, text });
  });

  it('never says "copied" for an escape sequence', () => {
    for (const via of ['terminal', 'tmux', 'screen'] as const) {
      expect(copyNotice('address', 'bc1q', { to: 'osc52', via }).text).toMatch(/^sent address bc1q /);
    }
  });
});

describe('copyFailedNotice', () => {
  it.each<[unknown, string]>([
    [new Error('write EPIPE'), 'copy failed: write EPIPE (id tx-1)'],
    ['no terminal', 'copy failed: no terminal (id tx-1)'],
  ])('%s', (error, text) => {
    expect(copyFailedNotice('id', 'tx-1', error)).toEqual({ level: 'error', text });
  });
});
