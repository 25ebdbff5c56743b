// OSC 52 puts text on the clipboard of the terminal the person sits at, through SSH: the text
// travels base64 encoded, so no byte of it can act as a control character. A multiplexer in
// between needs it wrapped in a DCS string it passes through: tmux (only with allow-passthrough
// on, so clipboard.ts prefers tmux's own buffer) and GNU screen (passthrough.ts).
import { BEL, ESC, type Multiplexer, screenPassthrough, tmuxPassthrough } from './passthrough.js';

/** How the sequence reaches the terminal: as is, or through a multiplexer's DCS passthrough. */
export type Osc52Wrap = Multiplexer;

/**
 * Base64 characters per screen DCS string. Screen drops a string longer than its buffer: 256
 * bytes before 4.2, 512 in 4.2.0, 768 since 4.2.1. 240 plus the 7 bytes of `ESC ] 52 ; c ;` in
 * the first string fits the oldest.
 */
export const SCREEN_CHUNK = 240;

/** `text` cut into pieces of at most `size` characters (none for the empty string). */
export function chunks(text: string, size: number): string[] {
  if (!Number.isInteger(size) || size < 1) {
    throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  }
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

export function osc52(text: string, wrap: Osc52Wrap = 'none'): string {
  const payload = Buffer.from(text, 'utf8').toString('base64');
  const head = `${ESC}]52;c;`;
  switch (wrap) {
    case 'none':
      return `${head}${payload}${BEL}`;
    case 'tmux':
      return tmuxPassthrough(`${head}${payload}${BEL}`);
    case 'screen': {
      // Screen passes each DCS string's content to the terminal, which sees them joined into one
      // OSC 52. Only the base64 is cut, so no cut falls inside `ESC ]`.
      const pieces = chunks(payload, SCREEN_CHUNK);
      if (pieces.length === 0) pieces.push('');
      const last = pieces.length - 1;
      return pieces
        .map((piece, i) => screenPassthrough(`${i === 0 ? head : ''}${piece}${i === last ? BEL : ''}`))
        .join('');
    }
  }
}
