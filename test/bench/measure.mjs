// The measurements of `npm run bench` made on programs in the terminal or on the sandbox: first
// frames and first rows, key latency in interleaved rounds, a decline through the API to the
// screen, bytes per second in steady state, the sandbox's filtered list, and signing.
// (Filters and scrolling: filters.mjs.)
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { CONFIG, DEBUG, delay, HUGE, progress, rng, SMALL, SMOKE } from './config.mjs';
import { bundleSigner, signal, spawnBaseline, spawnConsole, spawnDemo } from './programs.mjs';
import { makeKey, startSandbox } from './sandbox.mjs';
import { selectedRow, showsAccountRows, showsTransactionRows } from './screen.mjs';
import { median } from './stats.mjs';
import { watchUpdates } from './updates.mjs';

/** Resolves with the arrival time of the chunk after which the transactions pane shows rows. */
export function waitForRows(session, timeoutMs = 30_000) {
  return session.waitFor(() => showsTransactionRows(session.lines()), { timeoutMs, what: 'transaction rows on screen' });
}

/**
 * First frames, in interleaved runs (the order rotates every run): the console on the small
 * sandbox (spawn to the chunk after which account rows show: the first frame; and to the chunk
 * after which the transactions pane shows its rows and their position: the first rows), the
 * baseline Ink program (account rows), the console on the huge sandbox (first rows) and the demo
 * (account rows; its sandbox starts inside it).
 */
export async function measureFirstFrames({ small, huge, baselineBin, hugeHistory }) {
  const subjects = [
    { name: 'console', spawn: () => spawnConsole(small), frame: 'console', rows: SMALL },
    { name: 'baseline', spawn: () => spawnBaseline(baselineBin), frame: 'baseline' },
    { name: `console ${hugeHistory.toLocaleString('en-US')}`, spawn: () => spawnConsole(huge), rows: HUGE },
    { name: 'demo', spawn: spawnDemo, frame: 'demo' },
  ];
  const times = { console: [], baseline: [], demo: [], rows: { [SMALL]: [], [HUGE]: [] } };
  const total = CONFIG.warmupRuns + CONFIG.firstFrameRuns;
  for (let run = 0; run < total; run++) {
    const order = subjects.map((_, i) => subjects[(i + run) % subjects.length]);
    const line = [];
    for (const s of order) {
      const session = s.spawn();
      try {
        const frame = s.frame && session.waitFor(() => showsAccountRows(session.lines()), { timeoutMs: 20_000, what: 'account rows' });
        const rows = s.rows && waitForRows(session, 20_000);
        const [frameAt, rowsAt] = await Promise.all([frame, rows]);
        const measured = run >= CONFIG.warmupRuns;
        if (s.frame) {
          if (measured) times[s.frame].push(frameAt - session.startedAt);
          line.push(`${s.name} ${(frameAt - session.startedAt).toFixed(0)}`);
        }
        if (s.rows) {
          if (measured) times.rows[s.rows].push(rowsAt - session.startedAt);
          line.push(`${s.name} rows ${(rowsAt - session.startedAt).toFixed(0)}`);
        }
        await session.waitForRawMode({ timeoutMs: 10_000 });
      } finally {
        await session.dispose();
      }
      await delay(rng.range(100, 300));
    }
    progress(`first frame run ${run + 1}/${total}${run < CONFIG.warmupRuns ? ' (warm-up)' : ''}: ${line.join(', ')} ms`);
  }
  return times;
}

/**
 * One key: writes it and resolves with the time until the chunk after which `identify()` (read
 * off the screen) differs from what it was before the key.
 */
async function keyLatency(session, identify, key = 'j') {
  await session.drained();
  const before = identify();
  if (before === undefined) throw new Error(`no cursor on the screen\n${session.screen()}`);
  const t0 = session.write(key);
  const at = await session.waitFor(
    () => {
      const now = identify();
      return now !== undefined && now !== before;
    },
    { timeoutMs: 5_000, what: 'the cursor to move', now: false },
  );
  return at - t0;
}

/** Key latency at each size and of the echo program, in interleaved rounds (the others stopped). */
export async function measureKeys(subjects) {
  const samples = Object.fromEntries(subjects.map((s) => [s.name, []]));
  const roundMedians = Object.fromEntries(subjects.map((s) => [s.name, []]));
  for (const s of subjects) signal(s.session, 'SIGSTOP');
  for (let round = 0; round < CONFIG.keyRounds; round++) {
    // Rotate the order every round: no subject always follows the same one.
    const order = subjects.map((_, i) => subjects[(i + round) % subjects.length]);
    for (const s of order) {
      signal(s.session, 'SIGCONT');
      await delay(CONFIG.settleMs); // catch up on what arrived while stopped
      const these = [];
      for (let k = 0; k < CONFIG.keysPerRound; k++) {
        these.push(await keyLatency(s.session, s.identify));
        if (DEBUG) progress(`  ${s.name} key ${k}: ${these.at(-1).toFixed(1)} ms`);
        await delay(rng.range(60, 260));
      }
      signal(s.session, 'SIGSTOP');
      samples[s.name].push(...these);
      roundMedians[s.name].push(median(these));
    }
    progress(
      `key round ${round + 1}/${CONFIG.keyRounds}: ` +
        subjects.map((s) => `${s.name} p50 ${roundMedians[s.name].at(-1).toFixed(1)} ms`).join(', '),
    );
  }
  for (const s of subjects) signal(s.session, 'SIGCONT');
  return { samples, roundMedians };
}

/** Console subjects of measureKeys(): the cursor's row identifies the key's effect. */
export function keySubject(name, session) {
  return { name, session, identify: () => selectedRow(session.lines()) };
}

/** Decline waiting transactions through the API; time until the screen shows them canceled. */
export async function measureUpdateToScreen(sandbox, session) {
  session.write(':');
  await delay(150);
  for (const ch of 'tx waiting-approval canceled') {
    session.write(ch);
    await delay(15);
  }
  session.write('\r');
  await session.waitForText('[status:', { timeoutMs: 5_000 });
  await delay(200);
  session.write('g'); // back to the top of the filtered list, where the waiting ones are
  await delay(500);
  const times = [];
  let misses = 0;
  while (times.length < CONFIG.declines && misses < 40) {
    const { body } = await sandbox.request('GET', '/transactions?transactionStatuses=waiting-approval&limit=50');
    await session.drained();
    const lines = session.lines();
    // A row is known by its address, or by its amount where the list names the destination
    // (an address-book record or an own account stands in TO / FROM instead of the address).
    const markOf = (tx) => {
      const to = String(tx.params?.toAddress ?? tx.extra?.toAddress ?? '');
      const amount = String(tx.params?.amount ?? '');
      const whole = /^\d{1,15}/.exec(amount)?.[0];
      const byAmount = whole === undefined ? undefined : `${Number(whole).toLocaleString('en-US')}.`;
      return (l) => (to.length >= 8 && l.includes(to.slice(-8))) || (byAmount !== undefined && l.includes(` ${byAmount}`));
    };
    const visible = body.transactions.find((tx) => {
      const marks = markOf(tx);
      return lines.filter((l) => marks(l) && l.includes('waiting-approval')).length === 1;
    });
    if (visible === undefined) {
      // New ones come in above the cursor (which stays on its row): back to the top.
      misses++;
      session.write('g');
      await delay(300);
      continue;
    }
    const marks = markOf(visible);
    // Another canceled row may share the amount: the screen must show one more than before.
    const canceledNow = () =>
      session.lines().filter((l) => marks(l) && l.includes('canceled') && !l.includes('waiting-approval')).length;
    const before = canceledNow();
    const shown = session.waitFor(
      () => canceledNow() > before,
      { timeoutMs: 5_000, what: `transaction ${visible.transactionId} shown canceled`, now: false },
    );
    const t0 = performance.now();
    const declined = sandbox.request('POST', `/transactions/${visible.transactionId}/decline`, {});
    const [at] = await Promise.all([shown, declined]);
    times.push(at - t0);
    if (DEBUG) progress(`  decline ${times.length}: ${(at - t0).toFixed(1)} ms`);
    await delay(rng.range(300, 700));
  }
  if (times.length < CONFIG.declines) {
    throw new Error(`only ${times.length} waiting transactions were on screen to decline\n${session.screen().trimEnd()}`);
  }
  return times;
}

/** Bytes per second, incremental and full repaint, side by side on the same sandbox. */
export async function measureBytes(sandbox) {
  const sessions = {
    incremental: spawnConsole(sandbox),
    full: spawnConsole(sandbox, { CUSTODY_RENDERER: 'standard' }),
  };
  try {
    for (const s of Object.values(sessions)) {
      await waitForRows(s, 60_000);
      await s.waitForRawMode();
    }
    await delay(SMOKE ? 500 : 3_000); // past the start and its first repaints
    const updates = await watchUpdates(sandbox);
    const rates = { incremental: [], full: [] };
    const updatesStart = updates.count();
    const windowsStart = performance.now();
    for (let w = 0; w < CONFIG.bytesWindows; w++) {
      const before = { incremental: sessions.incremental.bytes, full: sessions.full.bytes };
      const t0 = performance.now();
      await delay(CONFIG.bytesWindowMs);
      const seconds = (performance.now() - t0) / 1000;
      for (const name of ['incremental', 'full']) rates[name].push((sessions[name].bytes - before[name]) / seconds);
    }
    const updatesPerSecond = (updates.count() - updatesStart) / ((performance.now() - windowsStart) / 1000);
    updates.close();
    return { rates, updatesPerSecond };
  } finally {
    await Promise.all(Object.values(sessions).map((s) => s.dispose()));
  }
}

/** A filtered list (status + account, limit 100) against a big sandbox. */
export async function measureSandboxList() {
  const sandbox = await startSandbox({ history: CONFIG.listHistory, timeoutMs: 120_000 });
  try {
    const { body } = await sandbox.request('GET', '/accounts');
    const accounts = body.accounts.map((a) => a.accountId);
    const statuses = ['completed', 'waiting-approval', 'canceled', 'failed-on-blockchain'];
    const times = [];
    const warmup = Math.min(20, CONFIG.listRequests);
    for (let i = 0; i < warmup + CONFIG.listRequests; i++) {
      const account = accounts[i % accounts.length];
      const status = statuses[i % statuses.length];
      const r = await sandbox.request('GET', `/transactions?accountId=${account}&transactionStatuses=${status}&limit=100`);
      if (i >= warmup) times.push(r.ms);
    }
    return { times, startupMs: sandbox.startupMs };
  } finally {
    await sandbox.close();
  }
}

/** Microseconds per signature with the project's signer and an imported key. */
export async function measureSign() {
  const { createSigner } = await bundleSigner();
  const key = makeKey();
  rmSync(key.dir, { recursive: true, force: true });
  const signer = await createSigner(key.jwk);
  const input = (i) => ({ method: 'GET', pathWithQuery: `/workspaces/ws/transactions?limit=100&cursor=${i}`, body: '' });
  for (let i = 0; i < 200; i++) await signer.sign(input(i));
  const perSign = [];
  for (let r = 0; r < CONFIG.signRepeats; r++) {
    const t0 = performance.now();
    for (let i = 0; i < CONFIG.signIterations; i++) await signer.sign(input(i));
    perSign.push(((performance.now() - t0) * 1000) / CONFIG.signIterations);
  }
  return perSign;
}
