// OSC 52 carries a copy to the local clipboard through SSH; tmux and screen need it wrapped in
// their DCS passthrough, screen in strings short enough for its buffer.
import { describe, expect, it } from 'vitest';
import { chunks, osc52, type Osc52Wrap, SCREEN_CHUNK } from '../../src/view/base/osc52.js';

const ESC = '\u001b';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** What the terminal behind screen receives: the contents of the DCS strings, joined. */
function throughScreen(sequence: string): { strings: string[]; joined: string } {
  const strings: string[] = [];
  const rest = sequence.replace(/\u001bP([\s\S]*?)\u001b\\/g, (_all, content: string) => {
    strings.push(content);
    return '';
  });
  expect(rest, 'nothing outside the DCS strings').toBe('');
  return { strings, joined: strings.join('') };
}

describe('osc52', () => {
  it.each<[string, Osc52Wrap | undefined, string]>([
    ['tx-123', undefined, `${ESC}]52;c;dHgtMTIz\u0007`],
    ['tx-123', 'none', `${ESC}]52;c;dHgtMTIz\u0007`],
    ['', 'none', `${ESC}]52;c;\u0007`],
    // tmux: DCS passthrough, every ESC inside doubled.
    ['tx-123', 'tmux', `${ESC}Ptmux;${ESC}${ESC}]52;c;dHgtMTIz\u0007${ESC}\\`],
    ['', 'tmux', `${ESC}Ptmux;${ESC}${ESC}]52;c;\u0007${ESC}\\`],
    // screen: one DCS string while it fits, ESC inside as is.
    ['tx-123', 'screen', `${ESC}P${ESC}]52;c;dHgtMTIz\u0007${ESC}\\`],
    ['', 'screen', `${ESC}P${ESC}]52;c;\u0007${ESC}\\`],
  ])('%j wrapped %s', (text, wrap, expected) => {
    expect(osc52(text, wrap)).toBe(expected);
  });

  it('encodes UTF-8 and keeps control characters out of the sequence', () => {
    const seq = osc52('Ärger\u001b[2J\u0007', 'none');
    const payload = seq.slice(`${ESC}]52;c;`.length, -1);
    expect(payload).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(Buffer.from(payload, 'base64').toString('utf8')).toBe('Ärger\u001b[2J\u0007');
  });

  it.each([
    ['an id', 'tx-w1-7f3a9c2e5b1d', 1],
    ['exactly one chunk of base64', 'x'.repeat((SCREEN_CHUNK / 4) * 3), 1],
    ['one byte more', 'x'.repeat((SCREEN_CHUNK / 4) * 3 + 1), 2],
    ['a long text in many strings', 'Ä'.repeat(1000), Math.ceil(b64('Ä'.repeat(1000)).length / SCREEN_CHUNK)],
  ])('screen: %s arrives whole, in strings within screen 4.0 limit of 256 bytes', (_name, text, strings) => {
    const seen = throughScreen(osc52(text, 'screen'));
    expect(seen.strings).toHaveLength(strings);
    expect(seen.joined).toBe(osc52(text, 'none'));
    for (const s of seen.strings) expect(Buffer.byteLength(s)).toBeLessThan(256);
    // Every string but the first is pure base64 (the last adds BEL): no cut inside `ESC ]`.
    for (const s of seen.strings.slice(1)) expect(s).toMatch(/^[A-Za-z0-9+/=]*\u0007?$/);
  });
});

describe('chunks', () => {
  it.each<[string, number, string[]]>([
    ['', 3, []],
    ['ab', 3, ['ab']],
    ['abc', 3, ['abc']],
    ['abcdefg', 3, ['abc', 'def', 'g']],
    ['abc', 1, ['a', 'b', 'c']],
  ])('%j by %i → %j', (text, size, expected) => {
    expect(chunks(text, size)).toEqual(expected);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a size of %s', (size) => {
    expect(() => chunks('abc', size)).toThrow(RangeError);
  });
});
