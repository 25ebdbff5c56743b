// Where a copy (`y`) went, and how the status line says it. Honest about what is known: tmux
// answers whether it took the text; an escape sequence is only sent, and the terminal may ignore it.
import type { NoticeLevel } from '../../store/index.js';

export type CopyOutcome =
  /** Into a tmux buffer; `clipboard` when tmux also forwards it to the terminal's clipboard. */
  | { readonly to: 'tmux'; readonly clipboard: boolean; readonly why?: string }
  /**
   * Written as OSC 52: straight to the terminal, or through screen's or tmux's passthrough.
   * `why` says why the better way (tmux's own buffer) could not be used.
   */
  | { readonly to: 'osc52'; readonly via: 'terminal' | 'tmux' | 'screen'; readonly why?: string };

const VIA: Readonly<Record<'terminal' | 'tmux' | 'screen', string>> = {
  terminal: 'OSC 52',
  tmux: 'OSC 52 through tmux passthrough',
  screen: 'OSC 52 through screen',
};

export interface CopyNotice {
  readonly level: NoticeLevel;
  readonly text: string;
}

/** The status line after a copy of `what` ("id", "address"), shown as `shown`. */
export function copyNotice(what: string, shown: string, outcome: CopyOutcome): CopyNotice {
  if (outcome.to === 'tmux') {
    if (outcome.clipboard) {
      return { level: 'info', text: `copied ${what} ${shown} to the tmux buffer and clipboard` };
    }
    const why = outcome.why === undefined ? '' : ` (${outcome.why})`;
    return { level: 'info', text: `copied ${what} ${shown} to a tmux buffer${why}` };
  }
  // tmux passes a DCS string on only with allow-passthrough on (off by default): likely lost.
  const level: NoticeLevel = outcome.via === 'tmux' ? 'warn' : 'info';
  const why = outcome.why === undefined ? '' : `: ${outcome.why}`;
  return { level, text: `sent ${what} ${shown} to the terminal's clipboard (${VIA[outcome.via]}${why})` };
}

export function copyFailedNotice(what: string, shown: string, error: unknown): CopyNotice {
  const reason = error instanceof Error ? error.message : String(error);
  return { level: 'error', text: `copy failed: ${reason} (${what} ${shown})` };
}

/**
 * A copy of text that holds invisible characters (format/hidden.ts names them): it went as the
 * server sent it, and the person is told, louder, before pasting it anywhere.
 */
export function withHiddenWarning(notice: CopyNotice, hidden: readonly string[]): CopyNotice {
  if (hidden.length === 0) return notice;
  return {
    level: notice.level === 'error' ? 'error' : 'warn',
    text: `${notice.text}; it contains invisible characters (${hidden.join(', ')}), copied as sent`,
  };
}
