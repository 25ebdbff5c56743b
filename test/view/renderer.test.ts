// CUSTODY_RENDERER and the gate that says, before each frame, whether lines may be moved with the
// terminal's scroll region: always for `regions`, never for `lines` and `standard`, and for the
// default outside tmux, or inside it only while this pane is as wide as its window (asked again
// on every resize; off while tmux has not said, or cannot).
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { fullWidthPane, rendererOf, scrollRegionGate } from '../../src/view/base/renderer.js';

describe('rendererOf', () => {
  it.each([
    [undefined, 'incremental'],
    ['', 'incremental'],
    ['incremental', 'incremental'],
    ['regions', 'regions'],
    ['lines', 'lines'],
    ['standard', 'standard'],
    ['Standard', undefined],
    ['fast', undefined],
  ])('%j → %j', (value, want) => {
    expect(rendererOf(value)).toBe(want);
  });
});

describe('fullWidthPane', () => {
  it.each([
    ['120 120\n', true],
    ['80 120\n', false],
    ['120 80', false],
    ['', false],
    ['120', false],
    ['abc abc', false],
  ])('%j → %j', (answer, want) => {
    expect(fullWidthPane(answer)).toBe(want);
  });
});

/** A stdout that can be resized, and a tmux that answers what `widths` holds now. */
function setup(widths: { answer: string | Error }) {
  const stdout = new EventEmitter() as unknown as NodeJS.WriteStream;
  const asked: (readonly string[])[] = [];
  const runTmux = (args: readonly string[]) => {
    asked.push(args);
    return widths.answer instanceof Error ? Promise.reject(widths.answer) : Promise.resolve(widths.answer);
  };
  const logged: string[] = [];
  return { stdout, asked, runTmux, logged, log: (t: string) => logged.push(t) };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('scrollRegionGate', () => {
  it.each([
    ['regions', { TMUX: '/tmp/tmux-0/default,1,0' }, true],
    ['lines', {}, false],
    ['standard', {}, false],
    ['incremental', {}, true],
  ] as const)('%s with %j: %j, tmux never asked', (renderer, env, want) => {
    const s = setup({ answer: '80 120' });
    const gate = scrollRegionGate({ renderer, env, stdout: s.stdout, runTmux: s.runTmux });
    expect(gate.enabled()).toBe(want);
    expect(s.asked).toEqual([]);
  });

  it('inside tmux: off until tmux says the pane is full width, and asked again on resize', async () => {
    const widths: { answer: string | Error } = { answer: '120 120\n' };
    const s = setup(widths);
    const env = { TMUX: '/tmp/tmux-0/default,1,0', TMUX_PANE: '%3' };
    const gate = scrollRegionGate({ renderer: 'incremental', env, stdout: s.stdout, runTmux: s.runTmux, log: s.log });
    expect(gate.enabled()).toBe(false);
    await tick();
    expect(gate.enabled()).toBe(true);
    expect(s.asked[0]).toEqual(['display-message', '-p', '-t', '%3', '#{pane_width} #{window_width}']);

    widths.answer = '60 120\n'; // the window was split
    s.stdout.emit('resize');
    await tick();
    expect(gate.enabled()).toBe(false);

    widths.answer = new Error('tmux did not answer in 2000 ms');
    s.stdout.emit('resize');
    await tick();
    expect(gate.enabled()).toBe(false);
    expect(s.logged.at(-1)).toMatch(/did not say the pane width .*: scroll regions off/);

    gate.stop();
    widths.answer = '120 120';
    s.stdout.emit('resize');
    await tick();
    expect(s.asked).toHaveLength(3);
  });
});
