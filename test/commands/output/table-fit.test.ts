// A table wider than the terminal gives up text columns to fit, one column at a time from the
// widest; ids, times and numbers stay whole (cut short they cannot be used); what cannot fit wraps.
import { describe, expect, it } from 'vitest';
import { createEmitter } from '../../../src/commands/output/emitters.js';
import { fitWidths } from '../../../src/commands/output/table.js';

describe('fitWidths', () => {
  it.each([
    ['fits already', [10, 20], [false, false], 40, [10, 20]],
    ['the widest text column gives way', [10, 30], [false, false], 30, [10, 18]],
    ['two wide ones give way in turn', [20, 20, 5], [false, false, true], 35, [13, 13, 5]],
    ['a kept column never does; what cannot fit stays', [24, 24], [true, true], 30, [24, 24]],
    ['never below 8', [9, 30], [false, true], 20, [8, 30]],
  ] as const)('%s', (_, widths, kept, width, expected) => {
    expect(fitWidths(widths, kept, width)).toEqual(expected);
  });
});

describe('a table emitter with the terminal width', () => {
  const records = [
    { transactionId: 'be5wavbusvtwu5kelya1uv54', status: 'waiting-confirmations', note: 'a note that is rather long', createdAt: '1795855134159', amount: '123456.789' },
  ];
  const render = (width: number | undefined) => {
    const e = createEmitter({
      format: 'table',
      kind: 'list',
      defaultColumns: ['transactionId', 'status', 'note', 'createdAt', 'amount'],
      times: ['createdAt'],
      tty: true,
      width,
    });
    return (records.map((r) => e.record(r)).join('') + e.end()).trimEnd().split('\n');
  };

  it('cuts text with "…" to fit, and keeps the id, the time and the amount whole', () => {
    const lines = render(100);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
    expect(lines[1]).toContain('be5wavbusvtwu5kelya1uv54');
    expect(lines[1]).toContain('2026-11-28T');
    expect(lines[1]).toContain('123456.789');
    expect(lines[1]).toContain('…');
  });

  it('without a width (a file), nothing is cut', () => {
    expect(render(undefined)[1]).toContain('a note that is rather long');
  });
});
