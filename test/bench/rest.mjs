// The console at rest (issue 21): on a shared jump host ten operators leave it open for hours, so
// what it holds and burns while nobody types adds up. A standalone 1,000-transaction sandbox at
// the default speed (the world works as it does for a user), the console on it to its first rows,
// then left alone: its resident memory 10 s later, beside the bare Ink program's at rest, and the
// CPU of the console process alone over the next minute (from /proc, the sandbox not counted).
import { CONFIG, delay } from './config.mjs';
import { waitForRows } from './measure.mjs';
import { cpuSeconds, memory, spawnBaseline, spawnConsole } from './programs.mjs';
import { startSandbox } from './sandbox.mjs';
import { showsAccountRows } from './screen.mjs';

/** { rssMb, baselineRssMb, cpuPercent, cpuSeconds, seconds } */
export async function measureRest(baselineBin) {
  const baseline = spawnBaseline(baselineBin);
  let baselineRssMb;
  try {
    await baseline.waitFor(() => showsAccountRows(baseline.lines()), { timeoutMs: 20_000, what: 'the baseline frame' });
    await delay(CONFIG.restSettleMs);
    baselineRssMb = memory(baseline.pid).rssMb;
  } finally {
    await baseline.dispose();
  }

  const sandbox = await startSandbox({ history: 1000, timeoutMs: 60_000 });
  try {
    const session = spawnConsole(sandbox);
    try {
      await waitForRows(session, 60_000);
      await session.waitForRawMode({ timeoutMs: 30_000 });
      await delay(CONFIG.restSettleMs);
      const rssMb = memory(session.pid).rssMb;
      const cpu0 = cpuSeconds(session.pid);
      const t0 = performance.now();
      await delay(CONFIG.restCpuMs);
      const seconds = (performance.now() - t0) / 1000;
      const used = cpuSeconds(session.pid) - cpu0;
      return { rssMb, baselineRssMb, cpuPercent: (100 * used) / seconds, cpuSeconds: used, seconds };
    } finally {
      await session.dispose();
    }
  } finally {
    await sandbox.close();
  }
}
