// The sandbox with --state-dir at the largest size (issue 22): a fresh start that makes the state
// dir, changes through the API (declines, creates, address book records) with the journal's
// growth per change, the journal's growth while the world runs on its own, then a stop and a
// restart timed to the JSON line (the world built again from its seed and the journal replayed).
// Targets: a change writes at most 1 KB (never the history again), and the restart takes at most
// 1.5 x the fresh start.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONFIG, HUGE } from './config.mjs';
import { startSandbox } from './sandbox.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** { history, startMs, restartMs, changes, bytesPerChange, idleBytesPerMinute, journalBytes, replayed } */
export async function measureStateDir() {
  const history = CONFIG.sizes[HUGE];
  const root = mkdtempSync(join(tmpdir(), 'custody-bench-state-'));
  const stateDir = join(root, 'state');
  const journal = join(stateDir, 'journal.jsonl');
  const size = () => statSync(journal).size;
  try {
    const first = await startSandbox({ history, extra: ['--state-dir', stateDir], timeoutMs: 180_000 });
    let changes = 0;
    let written = 0;
    let idleBytesPerMinute = Number.NaN;
    /** A change the server answered with 2xx; a 409 (the world moved first) is no change. */
    const change = (method, path, body) => first.request(method, path, body).then(() => true, () => false);
    try {
      const [account] = (await first.request('GET', '/accounts?statuses=active&isTestnet=false')).body.accounts.filter(
        (a) => !a.extra?.onlyAddressBookWithdrawals,
      );
      for (let i = 0; i < CONFIG.stateChanges; i++) {
        const before = size();
        const waiting = (await first.request('GET', '/transactions?transactionStatuses=waiting-approval&limit=5')).body.transactions;
        const tx = waiting[0];
        let done;
        if (tx && i % 3 === 0) done = await change('POST', `/transactions/${tx.transactionId}/decline`, { reason: `bench ${i}` });
        else if (i % 3 === 1) {
          done = await change('POST', '/transactions', {
            accountId: account.accountId,
            externalId: `bench-state-${i}`,
            transactionType: 'withdrawal',
            params: { assetId: '2', amount: '0.01', toAddress: '0x000000000000000000000000000000000000dEaD' },
          });
        } else {
          done = await change('POST', '/address-book-records', {
            name: `Bench desk ${i}`,
            externalId: `bench-book-${i}`,
            address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
            networkId: 'ETH',
          });
        }
        if (done) {
          changes++;
          // The change's own line, and whatever the world did in the same moment (a top-up).
          written += size() - before;
        }
      }
      const idleFrom = size();
      await sleep(CONFIG.stateIdleMs);
      idleBytesPerMinute = ((size() - idleFrom) * 60_000) / CONFIG.stateIdleMs;
    } finally {
      await first.close();
    }
    const journalBytes = size();
    // A new key beside the stored one (the first's key file is gone with it).
    const again = await startSandbox({ history, extra: ['--state-dir', stateDir], timeoutMs: 180_000 });
    await sleep(200);
    const replayed = Number(/\((\d+) changes replayed/.exec(again.stderr())?.[1] ?? Number.NaN);
    await again.close();
    return {
      history,
      startMs: first.startupMs,
      restartMs: again.startupMs,
      changes,
      bytesPerChange: written / changes,
      idleBytesPerMinute,
      journalBytes,
      replayed,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
