import { describe, expect, it } from 'vitest';
import { displayWidth, type Glyphs, glyphs } from '../../src/format/index.js';

type Key = keyof Glyphs;
const unicode = glyphs(false);
const ascii = glyphs(true);
const textKeys = (Object.keys(unicode) as Key[]).filter(
  (k) => typeof unicode[k] === 'string' && k !== 'borderStyle',
);

describe('glyphs', () => {
  it.each([
    ['selection', '▶', '>'],
    ['rule', '─', '-'],
    ['up', '▲', '+'],
    ['down', '▼', '-'],
    ['flat', '·', '='],
    ['moreBelow', '▼', 'v'],
    ['ellipsis', '…', '~'],
    ['middleEllipsis', '…', '...'],
    ['bullet', '●', '*'],
    ['liveDot', '●', '*'],
    ['check', '✓', '+'],
    ['cross', '✗', 'x'],
    ['warning', '⚠', '!'],
    ['arrow', '→', '->'],
    ['borderStyle', 'single', 'classic'],
  ] as const)('%s: %j / %j', (key, u, a) => {
    expect(unicode[key]).toBe(u);
    expect(ascii[key]).toBe(a);
  });

  it.each(textKeys)('Unicode %s is one column', (key) => {
    expect(displayWidth(unicode[key] as string)).toBe(1);
  });

  it.each(textKeys)('ASCII %s is printable ASCII', (key) => {
    expect(ascii[key]).toMatch(/^[\x20-\x7e]+$/);
  });

  it.each([
    ['spinner', 10, 4],
    ['sparkLevels', 8, 8],
  ] as const)('%s: %i Unicode frames, %i ASCII frames, each one printable column', (key, u, a) => {
    expect(unicode[key]).toHaveLength(u);
    expect(ascii[key]).toHaveLength(a);
    for (const frame of unicode[key]) expect(displayWidth(frame)).toBe(1);
    for (const frame of ascii[key]) expect(frame).toMatch(/^[\x21-\x7e]$/);
  });

  it('hands out frozen sets', () => {
    expect(Object.isFrozen(unicode)).toBe(true);
    expect(Object.isFrozen(ascii.spinner)).toBe(true);
  });
});
