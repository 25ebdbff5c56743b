// The console against a hostile server (issue 17): a sandbox behind test/helpers/hostile-proxy.mjs,
// which rewrites every answer and frame (names, memos and descriptions of 50,000 characters, the
// first account of every accounts answer 1,000,000; escape sequences; invisible characters;
// negative amounts). Each run starts a console on the proxy and times spawn to rows on screen,
// then keys one at a time (j/k in the transactions, addresses and accounts panes and the pane
// switches between them; key to the chunk after which the screen shows its effect), then SIGTERM
// to exit. Every byte the console wrote is searched for the proxy's OSC sequences (title,
// clipboard): the count must be 0.
import { performance } from 'node:perf_hooks';
import { startHostileProxy, ESCAPES } from '../helpers/hostile-proxy.mjs';
import { CONFIG, DEBUG, delay, progress, rng, SMALL, SPEED } from './config.mjs';
import { waitForRows } from './measure.mjs';
import { spawnConsole } from './programs.mjs';
import { startSandbox } from './sandbox.mjs';
import { selectedRow } from './screen.mjs';

/** The pane in front, by its title rule ("── Transactions │ …" → "Transactions"). */
function paneOf(lines) {
  const title = lines.find((l) => l.startsWith('── '));
  return title === undefined ? undefined : /^── (\S+)/.exec(title)?.[1];
}

const PANE_KEYS = { 1: 'Accounts', 2: 'Addresses', 3: 'Transactions' };

/**
 * A pane switch, then j and k: only a k right after a j in the same visit, so the cursor never
 * stands at the top when k comes, whichever row a pane remembers.
 */
const FULL_KEYS = ['j', 'j', 'k', '2', 'j', 'j', 'k', '1', 'j', 'j', 'k', '3', 'j', 'k', '2', 'j', 'k', '1', 'j', 'k', '3'];
const SMOKE_KEYS = ['j', 'k', '2', 'j', '1', 'j', '3', 'j'];

/**
 * What a key must change on screen. In the transactions pane the cursor's transaction, known by
 * the columns live updates leave alone (new rows come in above it and move its screen row, not it);
 * the accounts and addresses hold still, so there the cursor's screen row.
 */
function identity(lines) {
  const pane = paneOf(lines);
  if (pane === 'Transactions') return `${pane}|${selectedRow(lines) ?? ''}`;
  return `${pane}|${lines.findIndex((l) => l.startsWith('▶'))}`;
}

async function keyTime(session, key) {
  await session.drained();
  const lines = session.lines();
  const before = identity(lines);
  const pane = PANE_KEYS[key];
  const done =
    pane === undefined
      ? () => {
          const now = identity(session.lines());
          return now !== before && now.startsWith(`${paneOf(lines)}|`) && !now.endsWith('|');
        }
      : () => {
          const now = session.lines();
          return paneOf(now) === pane && now.some((l) => l.startsWith('▶'));
        };
  const t0 = session.write(key);
  const at = await session.waitFor(done, { timeoutMs: 30_000, what: `the effect of ${key}`, now: false });
  return at - t0;
}

/** OSC sequences of the proxy's (title, clipboard) found in everything a console wrote. */
function countControls(text) {
  let n = 0;
  for (const osc of ESCAPES.filter((e) => e.startsWith('\x1b]'))) n += text.split(osc).length - 1;
  return n + (text.match(/[\u009b\u009d]/g)?.length ?? 0);
}

export async function measureHostile() {
  const history = CONFIG.sizes[SMALL];
  const sandbox = await startSandbox({ history, extra: ['--speed', String(SPEED)], timeoutMs: 120_000 });
  const proxy = await startHostileProxy(sandbox.baseUrl);
  const keys = CONFIG.hostileRuns > 1 ? FULL_KEYS : SMOKE_KEYS;
  const result = { history, firstRows: [], keys: [], sigterm: [], controls: 0, largestAnswerBytes: 0 };
  try {
    for (let run = 0; run < CONFIG.hostileRuns; run++) {
      const session = spawnConsole({ ...sandbox, baseUrl: proxy.baseUrl });
      let output = '';
      const decoder = new TextDecoder();
      session.pty.onData((data) => {
        output += decoder.decode(typeof data === 'string' ? Buffer.from(data) : data, { stream: true });
      });
      try {
        const rowsAt = await waitForRows(session, 60_000);
        result.firstRows.push(rowsAt - session.startedAt);
        await session.waitForRawMode({ timeoutMs: 30_000 });
        // Past the start: the open transactions come in above the first rows.
        await delay(CONFIG.settleMs);
        const these = [];
        for (const key of keys) {
          these.push(await keyTime(session, key));
          if (DEBUG) progress(`  hostile ${run + 1} ${key}: ${these.at(-1).toFixed(1)} ms`);
          await delay(rng.range(60, 260));
        }
        result.keys.push(...these);
        const t0 = performance.now();
        session.kill('SIGTERM');
        const exit = await Promise.race([session.exit, delay(30_000).then(() => undefined)]);
        if (exit === undefined) throw new Error('the console on the hostile server did not end on SIGTERM in 30 s');
        result.sigterm.push(exit.at - t0);
        result.controls += countControls(output);
        progress(
          `hostile run ${run + 1}/${CONFIG.hostileRuns}: rows ${(rowsAt - session.startedAt).toFixed(0)} ms, ` +
            `keys max ${Math.max(...these).toFixed(0)} ms, SIGTERM → exit ${result.sigterm.at(-1).toFixed(0)} ms`,
        );
      } finally {
        await session.dispose();
      }
      await delay(rng.range(100, 300));
    }
    result.largestAnswerBytes = Math.max(0, ...proxy.requests.map((r) => r.bytes ?? 0));
    return result;
  } finally {
    await proxy.close();
    await sandbox.close();
  }
}
