// What the console needs to know about, and do to, the terminal it runs in: the alternate screen
// and its restore (terminal-restore.ts, shared with the process entry), Ctrl-Z (terminal-suspend.ts),
// whether to draw in color and in Unicode, and the clipboard (clipboard.ts: tmux's buffer or OSC 52).
export { type AttentionOptions, createAttention, type NotifySetting } from './attention.js';
export { type ClipboardOptions, createClipboard } from './clipboard.js';
export * from './terminal-restore.js';
export { suspendConsole } from './terminal-suspend.js';

/**
 * True when the locale says UTF-8. The first of LC_ALL, LC_CTYPE and LANG that is set decides,
 * as for the C library; none set is the "C" locale, which is ASCII.
 */
export function isUtf8Locale(env: NodeJS.ProcessEnv): boolean {
  for (const name of ['LC_ALL', 'LC_CTYPE', 'LANG']) {
    const value = env[name];
    if (value !== undefined && value !== '') return /utf-?8/i.test(value);
  }
  return false;
}

export interface TerminalCapabilities {
  /** ASCII borders and symbols: the locale is not UTF-8. */
  ascii: boolean;
  /** Colors allowed: a terminal, NO_COLOR unset or empty (no-color.org), TERM not "dumb". */
  color: boolean;
}

export function terminalCapabilities(env: NodeJS.ProcessEnv, stdout: { isTTY?: boolean }): TerminalCapabilities {
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  return {
    ascii: !isUtf8Locale(env),
    color: !noColor && stdout.isTTY === true && env.TERM !== 'dumb',
  };
}
