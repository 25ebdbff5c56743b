import { describe, expect, it } from 'vitest';
import type { Balance, Transaction } from '../../../src/contract/index.js';
import type { World } from '../../../src/sandbox/world/index.js';
import { niceCeil } from '../../../src/sandbox/world/balances-past.js';
import { toUnits, unitsText } from '../../../src/sandbox/world/balances.js';
import {
  balanceMismatches,
  eventUnits,
  holdsOf,
  isIncomingType,
  pairKey,
  pairsOf,
  units,
} from '../balance-replay.js';
import { ETH_ADDRESS, expectOk, externalId, harness, runUntil, START, TRON_ADDRESS } from './helpers.js';

const all = (world: World): Transaction[] => world.transactions({ limit: '1000000', includeEvents: true });
const balances = (world: World): Balance[] => world.balances({ nonEmpty: false });
const byPair = (world: World) => new Map(balances(world).map((b) => [pairKey(b.accountId, b.assetId), b]));

function pairOf(world: World, accountName: string, assetId: string): Balance {
  const accountId = world.accounts({}).find((a) => a.accountName === accountName)!.accountId;
  return world.balances({ accountId, assetId })[0]!;
}

describe('balances at start', () => {
  it.for([
    { seed: 1, history: 0 },
    { seed: 1, history: 3000 },
    { seed: 7, history: 20_000 },
  ])('are the replay of every transaction, none below zero (seed $seed, history $history)', (size) => {
    const { world } = harness(size);
    const list = balances(world);
    expect(list.length).toBeGreaterThan(40);
    expect(balanceMismatches(list, all(world))).toEqual([]);
  });

  it('fund every vault before its first transaction, enough that no past transaction overdrew', () => {
    const { world } = harness({ seed: 3, history: 20_000 });
    const txs = all(world);
    const funding = txs.filter((t) => t.extra?.description === 'Initial funding');
    expect(funding.length).toBeGreaterThan(40);
    for (const f of funding) expect(f.status).toBe('completed');
    // Replay in time order: an outgoing transaction holds its amount and fee from creation to its
    // end (the fee of one never broadcast at the network's highest); then what it did applies.
    type Step = { at: number; order: number; run: () => void };
    const free = new Map<string, bigint>();
    const move = (key: string, v: bigint) => free.set(key, (free.get(key) ?? 0n) + v);
    const steps: Step[] = [];
    const lows: string[] = [];
    for (const tx of txs) {
      const events = tx.embedded?.events ?? [];
      const done = tx.status === 'completed' || tx.status === 'failed-on-blockchain';
      const end = Number(tx.terminatedAt ?? Infinity);
      const apply = () => {
        for (const e of events) {
          const v = eventUnits(e.eventType, e.amount, e.assetId);
          move(pairKey(e.accountId, e.assetId), v);
          if (e.eventType === 'out' && tx.extra?.depositTransactionId == null)
            for (const o of e.extra?.out ?? [])
              if (o.toAccountId != null) move(pairKey(o.toAccountId, e.assetId), -v);
        }
      };
      if (isIncomingType(tx.transactionType)) {
        if (done) steps.push({ at: end, order: 1, run: apply });
        continue;
      }
      const holds = holdsOf(tx);
      steps.push({
        at: Number(tx.createdAt),
        order: 0,
        run: () => {
          for (const { key, high } of holds) {
            move(key, -high);
            if (free.get(key)! < 0n) lows.push(`${tx.transactionId} ${key} ${free.get(key)}`);
          }
        },
      });
      if (end === Infinity) continue;
      steps.push({
        at: end,
        order: 1,
        run: () => {
          for (const { key, high } of holds) move(key, high);
          if (done) apply();
        },
      });
    }
    steps.sort((a, b) => a.at - b.at || a.order - b.order);
    for (const s of steps) s.run();
    expect(lows.slice(0, 5)).toEqual([]);
  });

  it('rounds opening amounts up to two significant digits', () => {
    expect(niceCeil(31.2, 8)).toBe(toUnits('32', 8));
    expect(niceCeil(44.01, 18)).toBe(toUnits('45', 18));
    expect(niceCeil(1_234_567, 6)).toBe(toUnits('1300000', 6));
    expect(niceCeil(0.0123, 2)).toBe(toUnits('0.02', 2));
    expect(niceCeil(0.000001, 2)).toBe(1n);
    expect(niceCeil(0, 8)).toBe(0n);
  });
});

describe('balances follow the transactions', () => {
  it('a withdrawal holds its amount and fee while it runs, and takes them when it completes', () => {
    // Trading's TRX: no start-up work moves it, and without the generator nothing else does.
    const h = harness({ history: 300 });
    const before = pairOf(h.world, 'Trading', '3');
    const tx = expectOk(
      h.world.create(
        {
          accountId: h.accountId('Trading'),
          externalId: externalId(),
          transactionType: 'withdrawal',
          params: { assetId: '3', amount: '1250.5', toAddress: TRON_ADDRESS },
        },
        h.owner,
      ),
    );
    const running = pairOf(h.world, 'Trading', '3');
    expect(running.totalBalance).toBe(before.totalBalance);
    const held = units(before.withdrawableBalance!, 6) - units(running.withdrawableBalance!, 6);
    // The fee: 1.1 to 31 TRX on this network.
    expect(held).toBeGreaterThan(units('1251.5', 6));
    expect(held).toBeLessThan(units('1281.6', 6));
    expect(Number(running.updatedAt)).toBeGreaterThan(Number(before.updatedAt));
    const done = runUntil(h, tx.transactionId, 'completed');
    const fee = done.embedded!.events!.find((e) => e.eventType === 'fee')!;
    expect(held).toBe(units('1250.5', 6) + units(fee.amount!, 6));
    const after = pairOf(h.world, 'Trading', '3');
    expect(units(before.totalBalance!, 6) - units(after.totalBalance!, 6)).toBe(held);
    expect(after.withdrawableBalance).toBe(after.totalBalance);
    expect(Number(after.updatedAt)).toBe(Number(done.terminatedAt));
    expect(balanceMismatches(balances(h.world), all(h.world))).toEqual([]);
  });

  it('a canceled transaction gives back what it held; an overdraft is refused with 409', () => {
    const h = harness({ history: 300 });
    const account = h.accountId('Payroll');
    const before = pairOf(h.world, 'Payroll', '11');
    const tx = expectOk(
      h.world.create(
        {
          accountId: account,
          externalId: externalId(),
          transactionType: 'withdrawal',
          params: { assetId: '11', amount: '250000', toAddress: ETH_ADDRESS },
        },
        h.owner,
      ),
    );
    expect(units(pairOf(h.world, 'Payroll', '11').withdrawableBalance!, 6)).toBe(
      units(before.withdrawableBalance!, 6) - units('250000', 6),
    );
    expectOk(h.world.cancel(tx.transactionId, h.owner, 'test'));
    expect(pairOf(h.world, 'Payroll', '11').withdrawableBalance).toBe(before.withdrawableBalance);

    const count = h.world.stats().transactions;
    const tooMuch = h.world.create(
      {
        accountId: account,
        externalId: externalId(),
        transactionType: 'withdrawal',
        params: {
          assetId: '11',
          amount: unitsText(toUnits(before.totalBalance!, 6) + 1n, 6),
          toAddress: ETH_ADDRESS,
        },
      },
      h.owner,
    );
    expect(tooMuch).toMatchObject({ ok: false, status: 409, code: 'conflict' });
    expect(!tooMuch.ok && tooMuch.message).toMatch(
      /^insufficient funds: account "Payroll" can withdraw [\d.]+ USDT on ETH/,
    );
    expect(h.world.stats().transactions).toBe(count);
    expect(pairOf(h.world, 'Payroll', '11').withdrawableBalance).toBe(before.withdrawableBalance);
  });

  it('ten minutes of the generator: never below zero, always the replay, updatedAt moving with them', () => {
    const h = harness({ seed: 4, history: 2000, generator: true });
    let previous = byPair(h.world);
    for (let minute = 0; minute < 10; minute++) {
      const from = h.clock.now();
      h.run(60_000, 1_000);
      const now = byPair(h.world);
      // Balances no transaction changed in this minute could have moved keep their updatedAt.
      const touched = new Set<string>();
      const changed = h.world.transactions({ updatedAtFrom: String(from + 1), limit: '100000', includeEvents: true });
      for (const tx of changed) for (const key of pairsOf(tx)) touched.add(key);
      for (const [key, b] of now) {
        expect(b.totalBalance!.startsWith('-'), key).toBe(false);
        const old = previous.get(key);
        if (old === undefined) continue;
        const moved = old.totalBalance !== b.totalBalance || old.withdrawableBalance !== b.withdrawableBalance;
        if (moved) expect(Number(b.updatedAt), key).toBeGreaterThan(from);
        if (!touched.has(key)) expect(b.updatedAt, key).toBe(old.updatedAt);
      }
      previous = now;
    }
    const txs = all(h.world);
    const finished = txs.filter((t) => t.status === 'completed' && Number(t.terminatedAt) > START);
    expect(new Set(finished.map((t) => t.transactionType)).size).toBeGreaterThanOrEqual(3);
    expect(balanceMismatches(balances(h.world), txs)).toEqual([]);
  });
});
