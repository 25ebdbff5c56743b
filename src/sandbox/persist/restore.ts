// Opening a state dir for startSandbox: what the world is made with (the stored settings, checked
// against the ones given), the clock it runs on, and the keys given at this start set beside the
// stored ones, with a line each for the start-up message.
import { publicHalf, validateJwk } from '../../auth/index.js';
import type { KeyEntry, KeySpec } from '../keys.js';
import type { Clock } from '../world/index.js';
import { DEFAULT_HISTORY } from '../world/index.js';
import { STATE_FORMAT, type StateMeta } from './entries.js';
import type { Journal } from './journal.js';
import { createPinnedClock, type PinnedClock } from './pinned-clock.js';
import { type OpenedState, openStateDir, StateDirError, type StateFs } from './state-dir.js';

export interface WorldSettings {
  seed: number | undefined;
  history: number | undefined;
  generator: boolean | undefined;
  pace: number | undefined;
}

export interface Restored {
  readonly state: OpenedState;
  readonly meta: StateMeta;
  readonly clock: PinnedClock;
  /** False for a state dir made by this start. */
  readonly existed: boolean;
}

const FLAG: Record<keyof WorldSettings, string> = {
  seed: '--seed',
  history: '--history',
  generator: 'the generator setting',
  pace: '--speed',
};

/** The world's seed as World reads it, so `--seed -1` and `--seed 4294967295` are one world. */
function normalSeed(seed: number): number {
  return Math.floor(seed) >>> 0;
}

/** Opens the dir, checks or stores the settings, and makes the clock the world will read. */
export function restoreState(dir: string, given: WorldSettings, source: Clock, io?: StateFs): Restored {
  const state = openStateDir(dir, io);
  try {
    const stored = state.meta;
    if (stored !== undefined) {
      const wanted: Record<keyof WorldSettings, number | boolean | undefined> = {
        ...given,
        seed: given.seed === undefined ? undefined : normalSeed(given.seed),
      };
      for (const name of Object.keys(FLAG) as (keyof WorldSettings)[]) {
        const value = wanted[name];
        if (value !== undefined && value !== stored[name]) {
          throw new StateDirError(
            `${state.dir} holds a world made with ${FLAG[name]} ${String(stored[name])}, not ${String(value)}: ` +
              `start without ${FLAG[name]} to go on with it, or use another --state-dir for a new world`,
          );
        }
      }
      return { state, meta: stored, clock: createPinnedClock(() => source.now(), stored.startMs), existed: true };
    }
    const startMs = Math.floor(source.now());
    const meta: StateMeta = {
      format: STATE_FORMAT,
      seed: normalSeed(given.seed ?? 1),
      history: Math.max(0, Math.floor(given.history ?? DEFAULT_HISTORY)),
      generator: given.generator ?? true,
      pace: given.pace ?? 1,
      startMs,
      createdAt: new Date(startMs).toISOString(),
    };
    state.create(meta);
    return { state, meta, clock: createPinnedClock(() => source.now(), startMs), existed: false };
  } catch (err) {
    state.close();
    throw err;
  }
}

/**
 * The keys given at this start, beside the stored ones: a new key is added, a known one given
 * another role or state takes the new one, and the same one again changes nothing. One line each.
 */
export function mergeKeys(journal: Journal, stored: (kid: string) => KeyEntry | undefined, keys: readonly KeySpec[]): string[] {
  const lines: string[] = [];
  for (const spec of keys) {
    const kid = publicHalf(validateJwk(spec.jwk, 'key')).kid;
    const before = stored(kid);
    const state = spec.state ?? 'active';
    if (before === undefined) {
      journal.registerKey(spec);
      lines.push(`key ${kid} added (${spec.role}, ${state})`);
      continue;
    }
    const changes: string[] = [];
    if (before.role !== spec.role) changes.push(`role ${before.role} → ${spec.role}`);
    if (before.state !== state) changes.push(`state ${before.state} → ${state}`);
    if (spec.userId !== undefined && spec.userId !== before.userId) changes.push(`member ${before.userId} → ${spec.userId}`);
    if (changes.length === 0) {
      lines.push(`key ${kid} kept (${before.role}, ${before.state})`);
      continue;
    }
    journal.registerKey({ ...spec, userId: spec.userId ?? before.userId });
    lines.push(`key ${kid} registered again: ${changes.join(', ')}`);
  }
  return lines;
}
