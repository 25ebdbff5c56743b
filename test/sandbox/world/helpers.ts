import { expect } from 'vitest';
import type { Transaction } from '../../../src/contract/index.js';
import {
  createManualClock,
  createWorld,
  type ManualClock,
  type World,
} from '../../../src/sandbox/world/index.js';

export const START = Date.UTC(2025, 5, 2, 12, 0, 0);

export interface Harness {
  world: World;
  clock: ManualClock;
  owner: string;
  member: (i: number) => string;
  /** Moves the clock in steps of `stepMs` for `ms` in all, advancing the world after each. */
  run: (ms: number, stepMs?: number) => void;
  accountId: (name: string) => string;
  status: (id: string) => string;
}

export function harness(opts: { seed?: number; history?: number; generator?: boolean } = {}): Harness {
  const clock = createManualClock(START);
  const world = createWorld({
    seed: opts.seed ?? 1,
    clock,
    history: opts.history ?? 200,
    generator: opts.generator ?? false,
  });
  return {
    world,
    clock,
    owner: world.members[0]!.userId,
    member: (i) => world.members[i]!.userId,
    run(ms, stepMs = 250) {
      for (let t = 0; t < ms; t += stepMs) {
        clock.advance(stepMs);
        world.advance();
      }
    },
    accountId(name) {
      const account = world.accounts({}).find((a) => a.accountName === name);
      if (account === undefined) throw new Error(`no account ${name}`);
      return account.accountId;
    },
    status(id) {
      return world.transaction(id)!.status;
    },
  };
}

/** Advances in small steps until the transaction is in `status` (fails after `maxMs`). */
export function runUntil(
  h: Harness,
  id: string,
  status: string,
  maxMs = 15 * 60_000,
  stepMs = 250,
): Transaction {
  for (let t = 0; t <= maxMs; t += stepMs) {
    const tx = h.world.transaction(id)!;
    if (tx.status === status) return tx;
    h.clock.advance(stepMs);
    h.world.advance();
  }
  throw new Error(`transaction ${id} did not reach ${status} (is ${h.world.transaction(id)?.status})`);
}

export function expectOk<T>(result: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!result.ok) expect.fail(`expected ok, got: ${result.message}`);
  return result.value;
}

export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
export const ETH_ADDRESS = '0x742d35cc6634c0532925a3b844bc454e4438f44e';
export const TRON_ADDRESS = 'TKAduQVqNaTLyBzVvRrcctY6FFraowJ3Uc';

let serial = 0;
export function externalId(): string {
  serial += 1;
  return `test-${serial}`;
}
