// Copy to the clipboard of the terminal the person sits at, through SSH and tmux: OSC 52 carries
// the text (base64) to the outermost terminal. Inside tmux the sequence is wrapped in a DCS
// passthrough (`ESC P tmux; ... ESC \`) with every ESC inside doubled, or tmux would eat it.

const ESC = '\u001b';
const BEL = '\u0007';

export function osc52(text: string, { tmux }: { tmux: boolean }): string {
  const payload = Buffer.from(text, 'utf8').toString('base64');
  const sequence = `${ESC}]52;c;${payload}${BEL}`;
  if (!tmux) return sequence;
  return `${ESC}Ptmux;${sequence.replaceAll(ESC, ESC + ESC)}${ESC}\\`;
}
