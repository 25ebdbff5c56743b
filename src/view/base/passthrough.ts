// A terminal sequence through a multiplexer: tmux and GNU screen keep the sequences they do not
// understand (OSC 52, OSC 9, OSC 777) to themselves unless wrapped in a DCS string they pass on to
// the terminal outside. Shared by the clipboard (osc52.ts) and the operator's calls (attention.ts).

export const ESC = '\u001b';
export const BEL = '\u0007';
/** String terminator: ends a DCS string. */
export const ST = `${ESC}\\`;

/** Which multiplexer sits between the console and the terminal, by the environment it left. */
export type Multiplexer = 'tmux' | 'screen' | 'none';

function isSet(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}

/**
 * tmux first: inside tmux inside screen (or the reverse) the innermost sets TERM, but tmux's
 * buffer and its passthrough reach the terminal beyond it either way.
 */
export function multiplexerOf(env: NodeJS.ProcessEnv): Multiplexer {
  if (isSet(env.TMUX)) return 'tmux';
  if (isSet(env.STY) && (env.TERM ?? '').startsWith('screen')) return 'screen';
  return 'none';
}

/**
 * `sequence` in tmux's passthrough: tmux ends the DCS string at the first lone ESC, so every ESC
 * inside is doubled. tmux passes it on only with `allow-passthrough on` (3.3+); otherwise it is
 * dropped whole, never shown.
 */
export function tmuxPassthrough(sequence: string): string {
  return `${ESC}Ptmux;${sequence.replaceAll(ESC, ESC + ESC)}${ST}`;
}

/** `content` in one DCS string of screen's (which passes its content on as is; short ones only). */
export function screenPassthrough(content: string): string {
  return `${ESC}P${content}${ST}`;
}

/** `sequence` as it must be written for the terminal beyond `via` to receive it. */
export function passThrough(sequence: string, via: Multiplexer): string {
  return via === 'tmux' ? tmuxPassthrough(sequence) : via === 'screen' ? screenPassthrough(sequence) : sequence;
}
