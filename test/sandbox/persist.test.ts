// A sandbox with --state-dir: the world a restart finds is the world that was stopped, change for
// change (a random session of decisions, creates, book changes, quotes and time, then a restart
// compared field by field); settings that differ are refused; a second sandbox on the same folder
// is refused; a write that fails answers 503 and changes nothing; a torn last line is dropped;
// keys given at a later start are added beside the stored ones.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, StateDirError } from '../../src/sandbox/index.js';
import { generatePrivateJwk } from '../../src/auth/index.js';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'custody-state-'));
  dirs.push(dir);
  return path.join(dir, 'state');
}

/** A small seeded generator, so a failing session can be run again. */
function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

/** Everything a client can read of the world, in one object. */
async function snapshot(fx: SandboxFixture) {
  const ws = `/workspaces/${fx.workspaceId}`;
  const read = async (target: string) => {
    const res = await fx.fetch('GET', target);
    expect(res.status, `${target}: ${res.text.slice(0, 200)}`).toBe(200);
    return res.json;
  };
  return {
    transactions: await read(`${ws}/transactions?limit=1000&includeEvents=true&sortBy=updated`),
    balances: await read(`${ws}/balances?limit=1000`),
    activities: await read(`${ws}/activities?limit=1000`),
    book: await read(`${ws}/address-book-records?limit=1000`),
    members: await read(`${ws}/members?limit=1000`),
    prices: await read('/dictionary/symbol-market-prices'),
    keys: fx.sandbox.keys(),
  };
}

/** A session as people and scripts make one: decisions, creates, book changes, quotes, time. */
async function session(fx: SandboxFixture, seed: number, steps: number): Promise<number> {
  const pick = rng(seed);
  const ws = `/workspaces/${fx.workspaceId}`;
  const [account] = (await fx.client().accounts.list({ statuses: ['active'], isTestnet: false })).filter(
    (a) => !a.extra?.onlyAddressBookWithdrawals,
  );
  let sent = 0;
  const post = async (target: string, body: unknown) => {
    sent++;
    return fx.fetch('POST', target, { body: JSON.stringify(body) });
  };
  for (let i = 0; i < steps; i++) {
    fx.advance(pick(20_000));
    const waiting = await fx.client().transactions.list({ transactionStatuses: ['waiting-approval'], limit: 20 });
    const tx = waiting[pick(Math.max(1, waiting.length))];
    // The request comes a moment after the world last ran, as it does beside the ticker: what ran
    // then must be replayed then, not at the request's time.
    fx.clock!.advance(1 + pick(900));
    switch (pick(6)) {
      case 0:
        if (tx) await post(`${ws}/transactions/${tx.transactionId}/decline`, { reason: `no ${i}` });
        break;
      case 1:
        if (tx) await post(`${ws}/transactions/${tx.transactionId}/approve`, {});
        break;
      case 2:
        if (tx) await post(`${ws}/transactions/${tx.transactionId}/cancel`, { reason: `stop ${i}` });
        break;
      case 3:
        await post(`${ws}/transactions`, {
          accountId: account!.accountId,
          externalId: `persist-${seed}-${i % 7}`,
          transactionType: 'withdrawal',
          params: { assetId: '2', amount: `0.0${1 + pick(8)}`, toAddress: '0x000000000000000000000000000000000000dEaD' },
        });
        break;
      case 4:
        await post(`${ws}/address-book-records`, {
          name: `Desk ${i}`,
          externalId: `book-${seed}-${i}`,
          address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
          networkId: 'ETH',
        });
        break;
      default:
        await post(`${ws}/transactions/swap-route`, {
          accountId: account!.accountId,
          fromAssetId: '11',
          toAssetId: '12',
          fromAmount: String(1 + pick(90)),
        });
    }
  }
  return sent;
}

describe('a world that survives a restart', () => {
  it('a restart finds every transaction, decision, book record, activity, balance and key as they were', async () => {
    const stateDir = tempDir();
    const first = await startTestSandbox({ stateDir, generator: true, history: 300 });
    const sent = await session(first, 5, 60);
    expect(sent).toBeGreaterThan(30);
    const before = await snapshot(first);
    const at = first.clock!.now();
    await first.close();
    // The journal holds changes, not the world: a few hundred bytes per change, never the history.
    const journal = fs.statSync(path.join(stateDir, 'journal.jsonl')).size;
    expect(journal / sent).toBeLessThan(2_000);

    const second = await startTestSandbox({ stateDir, history: 300, generator: true, manualClock: at, roleKeys: first.keys });
    expect(second.sandbox.restored).toMatchObject({ existed: true, droppedTail: false });
    expect(second.sandbox.restored!.keys.every((line) => / kept /.test(line))).toBe(true);
    expect(await snapshot(second)).toEqual(before);

    // And it goes on from there as the first would have: the same session again gives one world.
    await session(second, 9, 10);
    const after = await snapshot(second);
    await second.close();
    const third = await startTestSandbox({
      stateDir,
      history: 300,
      generator: true,
      manualClock: second.clock!.now(),
      roleKeys: first.keys,
    });
    expect(await snapshot(third)).toEqual(after);
    await third.close();
  }, 120_000);

  it('time goes on while it is stopped: what expired meanwhile is expired at the restart', async () => {
    const stateDir = tempDir();
    const first = await startTestSandbox({ stateDir, generator: true, history: 100 });
    const waiting = await first.client().transactions.list({ transactionStatuses: ['waiting-approval'] });
    expect(waiting.length).toBeGreaterThan(0);
    const at = first.clock!.now();
    await first.close();
    // Ten days later: approvals wait at most a few days in this world.
    const second = await startTestSandbox({
      stateDir,
      history: 100,
      generator: true,
      manualClock: at + 10 * 86_400_000,
      roleKeys: first.keys,
    });
    for (const tx of waiting) {
      const now = await second.client().transactions.get(tx.transactionId);
      expect(now.status, tx.transactionId).not.toBe('waiting-approval');
    }
    await second.close();
  }, 60_000);

  it('what the world did on its own before a stop is there after a restart long after', async () => {
    const stateDir = tempDir();
    const opts = { stateDir, generator: true, history: 100 } as const;
    const first = await startTestSandbox(opts);
    // Ten minutes and more with no request: arrivals and steps only, as clients see them live. The
    // last 50 s hold no journaled call (the quote sweep runs each minute), only the world's own work.
    for (let i = 0; i < 130; i++) first.advance(5_000);
    const seen = await first.client().transactions.list({ limit: 1000, sortBy: 'updated' });
    const at = first.clock!.now();
    await first.close();
    // What the journal holds of those minutes ends before some of what clients saw: only the
    // horizon (written ahead) tells a restart how far the world got.
    const lines = fs.readFileSync(path.join(stateDir, 'journal.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const lastChange = Math.max(...lines.filter((l) => l.op !== 'horizon' && l.op !== 'start').map((l) => l.at));
    expect(seen.filter((t) => Number(t.createdAt) > lastChange).length).toBeGreaterThan(0);
    const second = await startTestSandbox({ ...opts, manualClock: at + 3_600_000, roleKeys: first.keys });
    const now = new Map(
      (await second.client().transactions.list({ limit: 1000, sortBy: 'updated' })).map((t) => [t.transactionId, t]),
    );
    expect(seen.filter((t) => Number(t.createdAt) > at - 600_000).length).toBeGreaterThan(10);
    for (const tx of seen) {
      const after = now.get(tx.transactionId);
      expect(after, `${tx.transactionId} (created ${tx.createdAt})`).toBeDefined();
      // The same transaction, not one made again later from the same draws.
      expect(after!.createdAt, tx.transactionId).toBe(tx.createdAt);
      expect(Number(after!.updatedAt)).toBeGreaterThanOrEqual(Number(tx.updatedAt));
      if (after!.updatedAt === tx.updatedAt) expect(after!.status).toBe(tx.status);
    }
    await second.close();
  }, 60_000);

  it('refuses another seed or history, and names the stored one', async () => {
    const stateDir = tempDir();
    const first = await startTestSandbox({ stateDir, seed: 3, history: 50 });
    const at = first.clock!.now();
    await first.close();
    await expect(startTestSandbox({ stateDir, seed: 4, history: 50, manualClock: at })).rejects.toThrow(
      /made with --seed 3, not 4: start without --seed/,
    );
    await expect(startTestSandbox({ stateDir, seed: 3, history: 60, manualClock: at })).rejects.toThrow(
      /made with --history 50, not 60/,
    );
    // Left out, the stored ones are used.
    const again = await startSandbox({ stateDir, clock: { now: () => at }, tickIntervalMs: 0 });
    expect(again.restored?.existed).toBe(true);
    await again.close();
  });

  it('locks the folder: a second sandbox on it is refused; a lock left by a dead one is taken', async () => {
    const stateDir = tempDir();
    const first = await startSandbox({ stateDir, history: 10, tickIntervalMs: 0 });
    await expect(startSandbox({ stateDir, history: 10, tickIntervalMs: 0 })).rejects.toThrow(/in use by another sandbox/);
    await first.close();
    // kill -9 leaves the lock: a pid that no longer runs.
    fs.writeFileSync(path.join(stateDir, 'lock'), '2147483646\n', { mode: 0o600 });
    const second = await startSandbox({ stateDir, history: 10, tickIntervalMs: 0 });
    await second.close();
    expect(fs.existsSync(path.join(stateDir, 'lock'))).toBe(false);
  });

  it('refuses a folder or file others may write, and a state of another format', async () => {
    const stateDir = tempDir();
    const first = await startSandbox({ stateDir, history: 10, tickIntervalMs: 0 });
    await first.close();
    expect(fs.statSync(stateDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(stateDir, 'journal.jsonl')).mode & 0o777).toBe(0o600);
    fs.chmodSync(stateDir, 0o777);
    await expect(startSandbox({ stateDir, tickIntervalMs: 0 })).rejects.toThrow(/writable by others; run: chmod 700/);
    fs.chmodSync(stateDir, 0o700);
    fs.chmodSync(path.join(stateDir, 'journal.jsonl'), 0o666);
    await expect(startSandbox({ stateDir, tickIntervalMs: 0 })).rejects.toThrow(StateDirError);
    fs.chmodSync(path.join(stateDir, 'journal.jsonl'), 0o600);
    const meta = JSON.parse(fs.readFileSync(path.join(stateDir, 'state.json'), 'utf8'));
    fs.writeFileSync(path.join(stateDir, 'state.json'), JSON.stringify({ ...meta, format: 2 }));
    await expect(startSandbox({ stateDir, tickIntervalMs: 0 })).rejects.toThrow(/format 2; this sandbox reads format 1/);
  });

  it('drops a torn last line (a crash in the middle of a write) and refuses a damaged one inside', async () => {
    const stateDir = tempDir();
    const first = await startTestSandbox({ stateDir, history: 50 });
    const [tx] = await first.client().transactions.list({ transactionStatuses: ['waiting-approval'] });
    await first.client().transactions.decide('decline', tx!.transactionId, { reason: 'kept' });
    const at = first.clock!.now();
    await first.close();
    const journal = path.join(stateDir, 'journal.jsonl');
    const whole = fs.readFileSync(journal, 'utf8');
    fs.appendFileSync(journal, '{"at":1,"op":"mut');
    const second = await startTestSandbox({ stateDir, history: 50, manualClock: at, roleKeys: first.keys });
    expect(second.sandbox.restored?.droppedTail).toBe(true);
    expect((await second.client().transactions.get(tx!.transactionId)).status).toBe('canceled');
    await second.close();
    // The torn line is gone; the second start's own lines follow the whole ones.
    const after = fs.readFileSync(journal, 'utf8');
    expect(after.startsWith(whole)).toBe(true);
    expect(after).not.toContain('"op":"mut\n');
    fs.writeFileSync(journal, whole.replace('"op":"mutate"', '"op":"mutilate"'));
    await expect(startTestSandbox({ stateDir, history: 50, manualClock: at, roleKeys: first.keys })).rejects.toThrow(
      /line \d+ is damaged/,
    );
  });

  it('a write that fails (disk full) answers 503 and changes nothing; the next one works', async () => {
    const stateDir = tempDir();
    let full = false;
    const stateFs = {
      writeSync(fd: number, buffer: Uint8Array, offset: number, length: number) {
        if (full) {
          // Half a line reaches the disk, then the disk is full.
          fs.writeSync(fd, buffer, offset, Math.floor(length / 2));
          throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
        }
        return fs.writeSync(fd, buffer, offset, length);
      },
    };
    const fx = await startTestSandbox({ stateDir, history: 50, stateFs });
    const ws = `/workspaces/${fx.workspaceId}`;
    const [tx] = await fx.client().transactions.list({ transactionStatuses: ['waiting-approval'] });
    const size = fs.statSync(path.join(stateDir, 'journal.jsonl')).size;
    full = true;
    const refused = await fx.fetch('POST', `${ws}/transactions/${tx!.transactionId}/decline`, { body: '{}' });
    expect(refused.status).toBe(503);
    expect(refused.json).toMatchObject({ error: 'service-unavailable' });
    expect(refused.json.message).toMatch(/could not be written \(ENOSPC\).*nothing was changed/);
    expect(fs.statSync(path.join(stateDir, 'journal.jsonl')).size).toBe(size);
    full = false;
    expect((await fx.client().transactions.get(tx!.transactionId)).status).toBe('waiting-approval');
    const declined = await fx.fetch('POST', `${ws}/transactions/${tx!.transactionId}/decline`, { body: '{}' });
    expect(declined.status).toBe(200);
    const at = fx.clock!.now();
    await fx.close();
    const again = await startTestSandbox({ stateDir, history: 50, manualClock: at, roleKeys: fx.keys });
    expect((await again.client().transactions.get(tx!.transactionId)).status).toBe('canceled');
    await again.close();
  });

  it('a folder that cannot be written at the start refuses the start with the reason', async () => {
    const stateDir = tempDir();
    const first = await startSandbox({ stateDir, history: 10, tickIntervalMs: 0 });
    await first.close();
    const full = {
      writeSync(): number {
        throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      },
    };
    await expect(startSandbox({ stateDir, tickIntervalMs: 0, stateFs: full })).rejects.toThrow(
      new StateDirError(`${stateDir}: the state dir could not be written (ENOSPC); nothing was changed`),
    );
    // The lock went with it: a start that can write goes on.
    const again = await startSandbox({ stateDir, tickIntervalMs: 0 });
    expect(again.restored?.existed).toBe(true);
    await again.close();
  });

  it('keys given at a later start are added beside the stored ones; another role takes the new one', async () => {
    const stateDir = tempDir();
    const first = await startTestSandbox({ stateDir, history: 20 });
    const at = first.clock!.now();
    await first.close();
    const extra = await generatePrivateJwk();
    const viewer = first.keys['view-only'];
    const second = await startSandbox({
      stateDir,
      clock: { now: () => at },
      tickIntervalMs: 0,
      keys: [
        { jwk: extra, role: 'view-only' },
        { jwk: viewer.jwk, role: 'full-access' },
        { jwk: first.keys['full-access'].jwk, role: 'full-access' },
      ],
    });
    expect(second.restored!.keys).toEqual([
      `key ${extra.kid} added (view-only, active)`,
      `key ${viewer.kid} registered again: role view-only → full-access`,
      `key ${first.keys['full-access'].kid} kept (full-access, active)`,
    ]);
    const roles = Object.fromEntries(second.keys().map((k) => [k.kid, k.role]));
    expect(roles[viewer.kid]).toBe('full-access');
    expect(roles[first.keys['mpc-hot-signer'].kid]).toBe('mpc-hot-signer');
    await second.close();
    // No private key reaches the state dir.
    const text = fs.readFileSync(path.join(stateDir, 'journal.jsonl'), 'utf8');
    expect(text).not.toContain(extra.d);
    expect(text).not.toContain('"d":');
  });
});
