// OSC 52 carries a copy to the local clipboard through SSH, and through tmux when wrapped.
import { describe, expect, it } from 'vitest';
import { osc52 } from '../../src/view/osc52.js';

describe('osc52', () => {
  it('is ESC ] 52 ; c ; base64 BEL', () => {
    expect(osc52('tx-123', { tmux: false })).toBe('\u001b]52;c;dHgtMTIz\u0007');
  });

  it('wraps for tmux: DCS passthrough with every ESC inside doubled', () => {
    expect(osc52('tx-123', { tmux: true })).toBe('\u001bPtmux;\u001b\u001b]52;c;dHgtMTIz\u0007\u001b\\');
  });

  it('encodes UTF-8 and keeps control characters out of the sequence', () => {
    const seq = osc52('Ärger\u001b[2J', { tmux: false });
    const payload = seq.slice('\u001b]52;c;'.length, -1);
    expect(payload).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(Buffer.from(payload, 'base64').toString('utf8')).toBe('Ärger\u001b[2J');
    expect(osc52('', { tmux: false })).toBe('\u001b]52;c;\u0007');
  });
});
