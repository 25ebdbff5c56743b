// Filters and scrolling in the consoles of `npm run bench`. A `:tx` filter is a server query (its
// view is read by key like the full one); a `/` text filters the rows held. Each is typed in one
// go (as pasted) and timed from the write to the chunk after which the screen shows the filtered
// view: its chip in the title, its position text, and only rows that pass the filter. Then Esc,
// and the full view back before the next one. Scrolling moves the cursor the way a user reading
// older history does, so the consoles' peak memory includes what that reads.
import { CONFIG, DEBUG, delay, progress, rng } from './config.mjs';
import { signal } from './programs.mjs';
import { showsFilteredView, showsFullView, showsTransactionRows, txTitle } from './screen.mjs';
import { median } from './stats.mjs';

/** An account of the sandbox's demo world: its rows are a few among every page of history. */
const TEXT = 'Payroll';

export const FILTERS = [
  {
    name: 'tx',
    label: ':tx waiting-approval',
    keys: ':tx waiting-approval\r',
    chip: 'status: waiting-approval',
    row: (line) => line.includes('waiting-approval'),
  },
  {
    name: 'text',
    label: `/${TEXT}`,
    keys: `/${TEXT}\r`,
    chip: `/${TEXT}`,
    row: (line) => line.toLowerCase().includes(TEXT.toLowerCase()),
  },
];

const ESC = '\x1b';
const PAGE_DOWN = '\x1b[6~';

function notReading(session, what) {
  return session.waitFor(() => txTitle(session.lines())?.loading === false, { timeoutMs: 30_000, what });
}

/** One filter: the time from its keys to the filtered view on screen; then back to the full view. */
export async function filterOnce(session, filter) {
  await session.drained();
  const t0 = session.write(filter.keys);
  const at = await session.waitFor(() => showsFilteredView(session.lines(), filter.chip, filter.row), {
    timeoutMs: 10_000,
    what: `the view of ${filter.label}`,
    now: false,
  });
  await notReading(session, `the view of ${filter.label} read`);
  await delay(rng.range(100, 250));
  session.write(ESC);
  await session.waitFor(() => showsFullView(session.lines()), { timeoutMs: 30_000, what: 'the full view back', now: false });
  await delay(rng.range(150, 400));
  return at - t0;
}

/**
 * Both filters on each console, in interleaved rounds (the order of the consoles rotates, the
 * order of the filters alternates; the console not measured is stopped, as in the key rounds):
 * `{ [filter.name]: { [console label]: ms[] } }`.
 */
export async function measureFilters(consoles) {
  const times = Object.fromEntries(FILTERS.map((f) => [f.name, Object.fromEntries(consoles.map((c) => [c.label, []]))]));
  for (const c of consoles) signal(c.session, 'SIGSTOP');
  for (let round = 0; round < CONFIG.filterRounds; round++) {
    const order = consoles.map((_, i) => consoles[(i + round) % consoles.length]);
    for (const c of order) {
      signal(c.session, 'SIGCONT');
      await delay(CONFIG.settleMs); // catch up on what arrived while stopped
      await c.session.waitFor(() => showsFullView(c.session.lines()), { timeoutMs: 30_000, what: 'the full view' });
      for (let k = 0; k < CONFIG.filtersPerRound; k++) {
        const filters = (k + round) % 2 === 0 ? FILTERS : [...FILTERS].reverse();
        for (const f of filters) {
          times[f.name][c.label].push(await filterOnce(c.session, f));
          if (DEBUG) progress(`  ${c.label} ${f.label}: ${times[f.name][c.label].at(-1).toFixed(1)} ms`);
        }
      }
      signal(c.session, 'SIGSTOP');
    }
    progress(
      `filter round ${round + 1}/${CONFIG.filterRounds}: ` +
        consoles
          .map((c) => FILTERS.map((f) => `${c.label} ${f.label} p50 ${median(times[f.name][c.label]).toFixed(1)} ms`).join(', '))
          .join(', '),
    );
  }
  for (const c of consoles) signal(c.session, 'SIGCONT');
  return times;
}

/**
 * A user moving about: `G` presses (to the last row held; the pane reads the next page of older
 * history as the cursor nears it), then PgDn presses, each once the previous one's rows are on
 * screen and read. Resolves with the times from key to the moved window and where the window
 * ends (`{ first, last, held, more }` from the position text: rows first-last of held, more?).
 */
/** The window shows the view's oldest row, and the view's whole history is held. */
const atOldest = (position) => position.all && position.last >= position.of;

export async function scroll(session) {
  const keys = [...Array(CONFIG.scroll.G).fill('G'), ...Array(CONFIG.scroll.pageDown).fill(PAGE_DOWN)];
  const times = [];
  await session.waitFor(() => showsFullView(session.lines()), { timeoutMs: 30_000, what: 'the full view' });
  for (const key of keys) {
    await session.drained();
    const before = txTitle(session.lines()).position;
    const t0 = session.write(key);
    if (atOldest(before)) {
      // The oldest row is on screen already (a small workspace): nothing further to read.
      await delay(rng.range(200, 500));
      continue;
    }
    // Live rows arriving above the cursor move the window one row at a time; a key moves it a page
    // or more, or to the oldest row (a key that lands there may move it less: new rows that came
    // in above meanwhile are set aside, "▲ 7 new", and the count shrinks by them).
    const at = await session.waitFor(
      () => {
        const p = txTitle(session.lines())?.position;
        return p !== undefined && (p.first >= before.first + 10 || atOldest(p)) && showsTransactionRows(session.lines());
      },
      { timeoutMs: 10_000, what: `the window to move (${key === 'G' ? 'G' : 'PgDn'})`, now: false },
    );
    times.push(at - t0);
    await notReading(session, 'the older rows read');
    await delay(rng.range(200, 500));
  }
  const end = txTitle(session.lines()).position;
  return { times, first: end.first, last: end.last, held: end.of, more: end.more, keys: { ...CONFIG.scroll } };
}
