// Guards the Ink 6.8 patch (patches/ink+6.8.0.patch, the one line of ink PR #910): with a frame
// shorter than the terminal, stock Ink's incremental renderer rewinds one row too few, so every
// update lands a row lower and rows get duplicated. The real App is mounted twice with the
// console's own mountConsole, once with incremental rendering and once with the standard
// renderer, on fake terminals of 100x30 (the frame is rows - 1 = 29 lines); the same keys and the
// same store changes go to both, and after every step the two emulated screens must be the same.
import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import xtermHeadless from '@xterm/headless';
import chalk from 'chalk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { applyPrices, applyTransactions, type Stores, withDetail } from '../../src/store/index.js';
import { createUiStore } from '../../src/store/ui.js';
import type { ViewEnv } from '../../src/view/index.js';
import { mountConsole } from '../../src/view/render.js';
import { ENTER_FULL_SCREEN } from '../../src/view/base/terminal.js';
import { fixtures, KEYS, loadedStores, NOW, recordingActions, withEvents } from './helpers.js';

const { Terminal } = xtermHeadless;
type XTerm = InstanceType<typeof Terminal>;

const COLUMNS = 100;
const ROWS = 30;

/** A TTY-looking stdout whose bytes go into an emulated terminal of the same size. */
class TerminalStdout extends Writable {
  readonly isTTY = true;
  columns = COLUMNS;
  rows = ROWS;
  // convertEol: a real tty turns "\n" into "\r\n" on the way out (onlcr); Ink relies on it.
  readonly term: XTerm = new Terminal({ cols: COLUMNS, rows: ROWS, allowProposedApi: true, convertEol: true });
  lastWriteAt = 0;
  /** Everything written, as text (to count bytes and look for escape sequences). */
  written = '';
  /** Each write as it came (a frame should be one). */
  readonly chunks: string[] = [];
  #pending = 0;

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.lastWriteAt = performance.now();
    this.written += chunk.toString();
    this.chunks.push(chunk.toString());
    this.#pending++;
    this.term.write(chunk, () => {
      this.#pending--;
    });
    done();
  }

  get parsing(): boolean {
    return this.#pending > 0;
  }

  screen(): string[] {
    const buffer = this.term.buffer.active;
    return Array.from({ length: ROWS }, (_, y) => buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
  }

  /** Each row's cells as text with their colours and attributes: what a person sees, not only the letters. */
  styledScreen(): string[] {
    const buffer = this.term.buffer.active;
    const cell = buffer.getNullCell();
    return Array.from({ length: ROWS }, (_, y) => {
      const line = buffer.getLine(buffer.viewportY + y);
      let out = '';
      for (let x = 0; line !== undefined && x < this.columns; x++) {
        line.getCell(x, cell);
        const flags = [cell.isBold(), cell.isDim(), cell.isItalic(), cell.isUnderline(), cell.isInverse()].map(Number).join('');
        out += `${cell.getChars() || ' '}${cell.getFgColorMode()}:${cell.getFgColor()}/${cell.getBgColorMode()}:${cell.getBgColor()}/${flags}|`;
      }
      return out;
    });
  }
}

/** A TTY-looking stdin that Ink reads keys from ('readable' + read()). */
class KeyStdin extends EventEmitter {
  readonly isTTY = true;
  isRaw = false;
  #queue: string[] = [];
  setEncoding() {}
  setRawMode(mode: boolean) {
    this.isRaw = mode;
  }
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read(): string | null {
    return this.#queue.shift() ?? null;
  }
  press(key: string): void {
    this.#queue.push(key);
    this.emit('readable');
  }
}

/** More rows than the fixtures hold, so the table fills the frame and rows move under updates. */
function manyTransactions(): Transaction[] {
  const out: Transaction[] = [];
  for (let i = 0; i < 40; i++) {
    const base = fixtures.transactions[i % fixtures.transactions.length]!;
    const createdAt = String(Number(base.createdAt) - (i + 1) * 600_000);
    out.push({ ...base, transactionId: `${base.transactionId}-c${i}`, createdAt, updatedAt: createdAt });
  }
  return out;
}

interface Side {
  name: string;
  stores: Stores;
  stdout: TerminalStdout;
  stdin: KeyStdin;
  unmount(): void;
}

function mountSide(name: string, incremental: boolean, scrollRegions = false): Side {
  const stores = loadedStores();
  stores.transactions.setState(
    applyTransactions(stores.transactions.getState(), manyTransactions(), { now: NOW - 30_000, live: false }),
    true,
  );
  const stdout = new TerminalStdout();
  const stdin = new KeyStdin();
  const env: ViewEnv = { ascii: false, color: true, now: () => NOW, copy: () => Promise.resolve({ to: 'osc52', via: 'terminal' }), quit: () => {} };
  stdout.write(ENTER_FULL_SCREEN); // as the console does before the first frame
  const mount = mountConsole({
    stores,
    ui: createUiStore(),
    actions: recordingActions({ calls: [], copied: [], quits: 0 }),
    env,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stdout: stdout as unknown as NodeJS.WriteStream,
    incremental,
    scrollRegions: () => scrollRegions,
  });
  return { name, stores, stdout, stdin, unmount: () => mount.unmount() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Until neither side has written for a while (Ink throttles frames to 60 a second) and xterm parsed it all. */
async function settled(sides: Side[]): Promise<void> {
  for (;;) {
    await sleep(15);
    const quiet = sides.every((s) => !s.stdout.parsing && performance.now() - s.stdout.lastWriteAt > 35);
    if (quiet) return;
  }
}

/**
 * Every screen once they have settled on the same picture as the standard one (and it shows
 * `shows`), or as they are after a second and a half. A loaded machine may fire a throttled
 * frame late; a drifted screen never heals by waiting (only changed lines are ever rewritten), so
 * this cannot hide the bug. Colours and attributes are compared too.
 */
async function screensAfterStep(others: Side[], standard: Side, shows?: RegExp): Promise<{ want: string[]; got: Map<string, string[]> }> {
  const deadline = performance.now() + 1_500;
  for (;;) {
    await settled([...others, standard]);
    const want = standard.stdout.screen();
    const wantStyled = standard.stdout.styledScreen();
    const got = new Map(others.map((o) => [o.name, o.stdout.screen()]));
    const same = others.every((o) => isDeepStrictEqual(got.get(o.name), want) && isDeepStrictEqual(o.stdout.styledScreen(), wantStyled));
    const done = same && (shows === undefined || shows.test(want.join('\n')));
    if (done || performance.now() > deadline) return { want, got };
  }
}

/** One step of the script; `shows` is checked on the screen afterwards (the step did what it says). */
type Step = { label: string; shows?: RegExp } & (
  | { key: string; repeat?: number }
  | { change: (stores: Stores) => void }
  | { columns: number }
);

/** The terminal is resized to `columns` (as a tmux split or a window drag does): xterm reflows, Ink is told. */
function resize(side: Side, columns: number): void {
  side.stdout.columns = columns;
  side.stdout.term.resize(columns, ROWS);
  side.stdout.emit('resize');
}

const priceTick = (factor: string) => (stores: Stores) => {
  const ticked = fixtures.pricesNow.map((p) => ({ ...p, price: p.baseSymbolId === 'BTC' ? factor : p.price }));
  stores.prices.setState(applyPrices(stores.prices.getState(), ticked, NOW), true);
};

/** A live update: the first waiting-approval withdrawal is declined. */
const statusChange = (stores: Stores) => {
  const waiting = fixtures.transactions.find((t) => t.status === 'waiting-approval')!;
  const next = { ...waiting, status: 'declined', updatedAt: String(NOW - 1_000) };
  stores.transactions.setState(applyTransactions(stores.transactions.getState(), [next], { now: NOW - 1_000, live: true }), true);
};

/** A new transaction arrives at the top: every row below moves one down. */
const arrival = (stores: Stores) => {
  const base = fixtures.transactions[0]!;
  const fresh = { ...base, transactionId: 'tx-new-live-000001', createdAt: String(NOW - 500), updatedAt: String(NOW - 500) };
  stores.transactions.setState(applyTransactions(stores.transactions.getState(), [fresh], { now: NOW - 500, live: true }), true);
};

/** The detail's events arrive (as the live engine stores them). */
const detailLoaded = (stores: Stores) => {
  const state = stores.transactions.getState();
  const id = state.detail?.id;
  if (id === undefined) return;
  const current = state.byId.get(id);
  const withTimeline = current && fixtures.events[id.replace(/-c\d+$/, '')] ? withEvents({ ...current, transactionId: id.replace(/-c\d+$/, '') }) : undefined;
  const events = withTimeline?.embedded?.events?.map((e) => ({ ...e, transactionId: id })) ?? [];
  const next = current ? { ...current, embedded: { ...(current.embedded ?? {}), events } } : undefined;
  let s = state;
  if (next) s = applyTransactions(s, [{ ...next, updatedAt: String(Number(next.updatedAt ?? next.createdAt) + 1) }], { now: NOW, live: false });
  stores.transactions.setState(withDetail(s, { id, status: 'ready', eventsAt: NOW }), true);
};

const SCRIPT: Step[] = [
  { label: 'j', key: 'j' },
  { label: 'j', key: 'j' },
  { label: 'price tick', change: priceTick('97500.00'), shows: /BTC 97,500\.00/ },
  { label: 'down', key: KEYS.down },
  { label: 'status change', change: statusChange, shows: /declined/ },
  { label: 'k', key: 'k' },
  { label: 'new row at the top', change: arrival, shows: / of all 49 / },
  { label: 'G', key: 'G' },
  { label: 'price tick', change: priceTick('96100.25') },
  { label: 'g', key: 'g' },
  { label: 'page down', key: KEYS.pageDown },
  { label: 'page up', key: KEYS.pageUp },
  { label: 'enter (detail)', key: KEYS.enter, shows: /esc back/ },
  // Names, the limit and the evidence come first in a waiting transaction's detail: down to its events.
  { label: 'G (detail)', key: 'G' },
  { label: 'detail loaded', change: detailLoaded, shows: /Events/ },
  { label: 'price tick in the detail', change: priceTick('98000.10') },
  { label: 'esc', key: KEYS.esc },
  { label: '1 accounts', key: '1', shows: /Accounts │/ },
  { label: 'j', key: 'j' },
  { label: '2 addresses', key: '2', shows: /Addresses │/ },
  { label: '4 prices', key: '4', shows: /Prices │/ },
  { label: 'price tick on prices', change: priceTick('97000.00'), shows: /97,000\.00/ },
  { label: 'tab', key: KEYS.tab },
  { label: '3 transactions', key: '3', shows: /Transactions │/ },
  { label: '/', key: '/' },
  { label: 'filter text', key: 'with', shows: /\/with/ },
  { label: 'apply filter', key: KEYS.enter, shows: /\[\/with\]/ },
  { label: 'status change under a filter', change: statusChange },
  { label: 'esc clears', key: KEYS.esc },
  { label: '? help', key: '?' },
  { label: 'esc', key: KEYS.esc },
  { label: 'p pause', key: 'p', shows: /resume|paused/ },
  { label: 'p resume', key: 'p' },
];

// Colours on (a test run has no colour terminal): a line written from its middle must set the
// styles in force there again, and only coloured frames show whether it does.
let level: typeof chalk.level;
beforeAll(() => {
  level = chalk.level;
  chalk.level = 3;
});
afterAll(() => {
  chalk.level = level;
});

let sides: Side[] = [];
afterEach(() => {
  for (const side of sides) side.unmount();
  sides = [];
});

/** Several transactions arrive at once at the top: the rows below move down by as many lines. */
const arrivals = (count: number, tag: string) => (stores: Stores) => {
  const base = fixtures.transactions[1]!;
  const fresh = Array.from({ length: count }, (_, i) => ({
    ...base,
    transactionId: `tx-${tag}-${i}`,
    createdAt: String(NOW - 400 + i),
    updatedAt: String(NOW - 400 + i),
  }));
  stores.transactions.setState(applyTransactions(stores.transactions.getState(), fresh, { now: NOW - 300, live: true }), true);
};

/** Arrivals, scrolls and a dialog for the renderer that moves lines with the terminal's scroll region. */
const SHIFTS: Step[] = [
  { label: 'arrival at the top', change: arrivals(1, 'a'), shows: / of all 49 / },
  { label: 'three arrivals at once', change: arrivals(3, 'b'), shows: / of all 52 / },
  { label: 'j', key: 'j' },
  { label: 'arrival with the cursor below the top', change: arrivals(2, 'c') },
  { label: 'scroll down a line at a time', key: 'j', repeat: 30 },
  { label: 'arrival while scrolled', change: arrivals(1, 'd') },
  { label: 'page down', key: KEYS.pageDown },
  { label: 'page up', key: KEYS.pageUp },
  { label: 'k back up', key: 'k', repeat: 12 },
  { label: 'g', key: 'g' },
  { label: 'decline dialog', key: 'd' },
  { label: 'arrival under the dialog', change: arrivals(1, 'e') },
  { label: 'esc', key: KEYS.esc },
  { label: '/', key: '/' },
  { label: 'filter text', key: 'tx-', shows: /\/tx-/ },
  { label: 'apply filter', key: KEYS.enter },
  { label: 'arrival under a filter', change: arrivals(1, 'f') },
  { label: 'esc clears', key: KEYS.esc },
  // A resize reflows the screen under Ink: the next frame must not be written against the old one.
  { label: 'narrower', columns: 84 },
  { label: 'arrival while narrow', change: arrivals(1, 'g') },
  { label: 'wider again', columns: COLUMNS },
  { label: 'arrival after the resize', change: arrivals(2, 'h') },
];

async function runScript(others: Side[], standard: Side, script: Step[]): Promise<string[]> {
  const sidesNow = [...others, standard];
  const { want: first } = await screensAfterStep(others, standard, /127\.0\.0\.1:4010/);
  expect(first[0]).toMatch(/^ flags {2}127\.0\.0\.1:4010/);
  expect(first[ROWS - 1]).toBe(''); // the frame is shorter than the terminal: where stock Ink drifts
  for (const [i, step] of script.entries()) {
    for (const side of sidesNow) {
      if ('key' in step) for (let n = 0; n < (step.repeat ?? 1); n++) side.stdin.press(step.key);
      else if ('columns' in step) resize(side, step.columns);
      else step.change(side.stores);
    }
    const { want, got } = await screensAfterStep(others, standard, step.shows);
    if (step.shows) expect(want.join('\n'), `step ${i + 1} (${step.label})`).toMatch(step.shows);
    for (const other of others) {
      expect(got.get(other.name), `step ${i + 1} (${step.label}): the ${other.name} screen differs from the standard one`).toEqual(want);
      expect(other.stdout.styledScreen(), `step ${i + 1} (${step.label}): the ${other.name} colours differ`).toEqual(standard.stdout.styledScreen());
    }
  }
  // The script did move the screen (a guard that compares nothing would pass too).
  expect(standard.stdout.screen()).not.toEqual(first);
  return first;
}

describe('incremental rendering (patched Ink 6.8) against the standard renderer', () => {
  it('shows the same screen after every key and store change, on a frame shorter than the terminal', async () => {
    sides = [mountSide('incremental', true), mountSide('regions', true, true), mountSide('standard', false)];
    const [lines, regions, standard] = sides as [Side, Side, Side];
    await runScript([lines, regions], standard, SCRIPT);
  });

  it('moves lines with the scroll region through arrivals, scrolls, filters and dialogs, and writes fewer bytes', async () => {
    sides = [mountSide('incremental', true), mountSide('regions', true, true), mountSide('standard', false)];
    const [lines, regions, standard] = sides as [Side, Side, Side];
    await runScript([lines, regions], standard, SHIFTS);
    // The regions side did use the terminal's scroll region; the lines side never did.
    expect(regions.stdout.written).toMatch(/\u001B\[\d+;\d+r/);
    expect(lines.stdout.written).not.toMatch(/\u001B\[\d+;\d+r/);
    expect(Buffer.byteLength(regions.stdout.written)).toBeLessThan(Buffer.byteLength(lines.stdout.written));
  });

  // Ink brackets each frame in synchronized-output marks (vitest.config.ts keeps is-in-ci false).
  it('writes each frame in one write, its synchronized-output marks included', async () => {
    const BEGIN = '\u001B[?2026h';
    const END = '\u001B[?2026l';
    sides = [mountSide('incremental', true, true), mountSide('standard', false)];
    const [incremental, standard] = sides as [Side, Side];
    await runScript([incremental], standard, SHIFTS.slice(0, 6));
    for (const side of sides) {
      const frames = side.stdout.chunks.filter((c) => c.includes(BEGIN));
      expect(frames.length, `${side.name}: frames after the first`).toBeGreaterThanOrEqual(6);
      for (const frame of frames) {
        expect(frame.startsWith(BEGIN) && frame.endsWith(END), `${side.name}: ${JSON.stringify(frame.slice(0, 40))}`).toBe(true);
      }
      expect(side.stdout.chunks.filter((c) => c === BEGIN || c === END)).toEqual([]);
    }
  });
});
