// Calling the operator through the terminal, on the terminal side of the view (like clipboard.ts):
// the bell (BEL; tmux marks a background window with it, and passes it on to the terminal), and
// with notifications on a desktop notification by OSC 9 (iTerm2, WezTerm, kitty, Ghostty) or OSC
// 777 (urxvt, foot, VTE terminals), through tmux's or screen's passthrough where one sits in
// between. Sequences are written to stdout between Ink's frames in one write; none takes a cell,
// so the frame is not moved. A terminal that does not know an OSC ignores it.
import { BEL, ESC, type Multiplexer, multiplexerOf, passThrough } from './passthrough.js';
import type { TerminalOut } from './terminal-restore.js';

/** One call: what the notification says (never a secret: type, amount, asset, account name). */
export interface OperatorCall {
  readonly title: string;
  readonly body: string;
}

export type NotifyProtocol = 'osc9' | 'osc777';

/** Desktop notifications: off, the protocol the terminal most likely speaks, or a chosen one. */
export type NotifySetting = 'off' | 'auto' | NotifyProtocol;

/** Longest text sent: a notification is a line, and some terminals cap the sequence. */
export const MAX_TEXT = 160;

/**
 * One line of plain text for inside an OSC: no control character can end the sequence early or
 * start another; `;` (the separator of OSC 777's fields) becomes `,`.
 */
export function oscText(text: string): string {
  const plain = text
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replaceAll(';', ',')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > MAX_TEXT ? `${plain.slice(0, MAX_TEXT - 3)}...` : plain;
}

export function osc9(text: string): string {
  return `${ESC}]9;${oscText(text)}${BEL}`;
}

export function osc777(title: string, body: string): string {
  return `${ESC}]777;notify;${oscText(title)};${oscText(body)}${BEL}`;
}

/**
 * The protocol the terminal most likely speaks, from what it put in the environment: OSC 777 for
 * VTE (GNOME Terminal, Tilix), foot and urxvt; OSC 9 otherwise (iTerm2, WezTerm, kitty, Ghostty).
 * Sending both would make a terminal that knows both show two.
 */
export function notifyProtocolFor(env: NodeJS.ProcessEnv): NotifyProtocol {
  const term = env.TERM ?? '';
  if ((env.VTE_VERSION ?? '') !== '' || term.startsWith('foot') || term.startsWith('rxvt')) return 'osc777';
  return 'osc9';
}

/** What one call writes: BEL (plain: a multiplexer handles it itself) and the notification. */
export function callSequence(
  call: OperatorCall,
  o: { readonly bell: boolean; readonly notify?: NotifyProtocol; readonly via: Multiplexer },
): string {
  const sequence =
    o.notify === undefined
      ? ''
      : o.notify === 'osc9'
        ? osc9(`${call.title} - ${call.body}`)
        : osc777(call.title, call.body);
  const notification = sequence === '' ? '' : passThrough(sequence, o.via);
  return `${o.bell ? BEL : ''}${notification}`;
}

export interface AttentionOptions {
  readonly stdout: TerminalOut;
  readonly env: NodeJS.ProcessEnv;
  readonly bell: boolean;
  readonly notify: NotifySetting;
  /** The debug log: that a call went out and how (never its words). */
  readonly log?: (line: string) => void;
}

/** The view's `env.callOperator`; undefined when the bell and notifications are both off. */
export function createAttention(o: AttentionOptions): ((call: OperatorCall) => void) | undefined {
  const notify = o.notify === 'off' ? undefined : o.notify === 'auto' ? notifyProtocolFor(o.env) : o.notify;
  if (!o.bell && notify === undefined) return undefined;
  const via = multiplexerOf(o.env);
  const through = notify !== undefined && via !== 'none' ? `through ${via}` : '';
  const how = [o.bell ? 'bell' : '', notify ?? '', through].filter((w) => w !== '').join(', ');
  return (call) => {
    o.stdout.write(callSequence(call, { bell: o.bell, ...(notify !== undefined ? { notify } : {}), via }));
    o.log?.(`called the operator (${how})`);
  };
}
