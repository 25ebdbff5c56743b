// A world that survives a restart: every change is written to the state dir's journal before it
// happens, with the one time it happens at (pinned-clock.ts), and a restart builds the world again
// from its seed and replays the journal. The world is deterministic given its seed and those
// times, so the replay ends where the world was. What only time does (price ticks at fixed world
// times) is not journaled: the replay makes the same ticks by the next change.
import { createKeyRegistry, type KeyEntry, type KeySpec, type KeyState } from '../keys.js';
import { applyMutation, isMutationName } from '../mutations.js';
import type { Mutate, MutationName, Mutations } from '../world-port.js';
import type { World } from '../world/index.js';
import type { JournalEntry } from './entries.js';
import type { PinnedClock } from './pinned-clock.js';
import { type OpenedState, StateDirError } from './state-dir.js';

type KeyLine = Extract<JournalEntry, { op: 'key' }>;

export interface JournalDeps {
  readonly world: World;
  readonly clock: PinnedClock;
  readonly state: OpenedState;
  /** Registers a key in the server's registry and the world's directory (index.ts's `register`). */
  readonly registerKey: (spec: KeySpec) => KeyEntry;
  readonly setKeyState: (kid: string, state: KeyState) => void;
}

export interface Journal {
  /** Replays the stored entries into the fresh world; returns how many were changes. */
  replay(): number;
  /**
   * Marks this start (after the replay): the world first runs up to where the last run may have
   * got on its own, then goes on from now. Throws StateWriteError.
   */
  begin(): void;
  /** Marks a stop: the world ran up to now. Best effort (a failing disk loses only the mark). */
  end(): void;
  /** The world's advance, journaled when it has work due. Throws StateWriteError. */
  advance(): void;
  /** Throws StateWriteError: nothing happened. */
  readonly mutate: Mutate;
  /** Throws StateWriteError (nothing registered), or the registry's error for a bad key. */
  registerKey(spec: KeySpec): KeyEntry;
  setKeyState(kid: string, state: KeyState): void;
}

/**
 * The journal's line for a key: checked as the registry checks it (a bad key throws before anything
 * is written), and only its public half: a private key given to the sandbox never reaches the disk.
 */
function keyLine(at: number, spec: KeySpec): KeyLine {
  const checked = createKeyRegistry('check').register(spec.jwk, spec.role, spec);
  const line: KeyLine = { at, op: 'key', jwk: { ...checked.jwk }, role: checked.role, state: checked.state };
  if (spec.userId !== undefined) line.userId = spec.userId;
  if (spec.allowIps !== undefined) line.allowIps = [...spec.allowIps];
  return line;
}

function specOf(line: KeyLine): KeySpec {
  const spec: KeySpec = { jwk: line.jwk as unknown as KeySpec['jwk'], role: line.role, state: line.state };
  if (line.userId !== undefined) spec.userId = line.userId;
  if (line.allowIps !== undefined) spec.allowIps = line.allowIps;
  return spec;
}

function attempt(fn: () => unknown): void {
  try {
    fn();
  } catch {
    // Refused live too (the caller got the error then).
  }
}

/** How far ahead of its time the world may run its own work before the journal says so again. */
export const HORIZON_MS = 10_000;
/** The replay runs a stretch of world time in steps shorter than the world's catch-up limits. */
const STEP_MS = 50_000;

export function createJournal(deps: JournalDeps): Journal {
  const { world, clock, state } = deps;
  /** The last horizon written or read: what a run may have reached on its own. */
  let horizon = -Infinity;

  /**
   * Runs the world's own work from its time up to `target`, as the last run did while nothing was
   * journaled: in steps, so that no catch-up limit skips any of it. What the last run did there was
   * sent to clients; what it had not reached yet is the world going on while it was stopped.
   */
  function runUpTo(from: number, target: number): void {
    for (let t = from; t < target; ) {
      t = Math.min(t + STEP_MS, target);
      clock.set(t);
      world.advance();
    }
  }

  /** A start at `at`, the world's time being `from` (where the replay got). */
  function start(from: number, at: number): void {
    if (horizon > -Infinity) runUpTo(from, Math.min(horizon, at));
    horizon = -Infinity;
    clock.set(at);
  }

  /** Written first, then done: a crash between the two replays the change, never loses an answer. */
  function record(entry: JournalEntry): void {
    state.append(entry);
  }

  const mutate = (<K extends MutationName>(name: K, args: Mutations[K]['args']) => {
    const at = clock.pin();
    record({ at, op: 'mutate', name, args });
    return applyMutation(world, name, args);
  }) as Mutate;

  return {
    replay() {
      let n = 0;
      let changes = 0;
      for (const entry of state.entries) {
        n++;
        if (entry.op === 'horizon') {
          horizon = entry.at;
          continue;
        }
        if (entry.op === 'start') {
          start(clock.now(), entry.at);
          continue;
        }
        changes++;
        clock.set(entry.at);
        switch (entry.op) {
          case 'advance':
            world.advance();
            break;
          case 'mutate':
            if (!isMutationName(entry.name)) {
              throw new StateDirError(`journal entry ${n}: "${entry.name}" is no change this sandbox knows`);
            }
            applyMutation(world, entry.name, entry.args as never);
            break;
          // A key that was refused when it was sent is refused again: the replay goes on, as the server did.
          case 'key':
            attempt(() => deps.registerKey(specOf(entry)));
            break;
          case 'key-state':
            attempt(() => deps.setKeyState(entry.kid, entry.state));
            break;
        }
      }
      return changes;
    },
    begin() {
      const from = clock.now();
      const at = clock.pin();
      record({ at, op: 'start' });
      start(from, at);
    },
    end() {
      try {
        record({ at: clock.pin(), op: 'horizon' });
      } catch {
        // The horizon written ahead stands: a restart runs at most HORIZON_MS further.
      }
    },
    advance() {
      const at = clock.pin();
      // The world's own work up to `at` is not journaled (a replay makes it by world time), but a
      // restart must know how far it got: the horizon, written ahead.
      if (at > horizon) {
        record({ at: at + HORIZON_MS, op: 'horizon' });
        horizon = at + HORIZON_MS;
      }
      // Only what depends on the call's time is journaled; the rest a replay makes by world time.
      world.advance(() => record({ at, op: 'advance' }));
    },
    mutate,
    registerKey(spec) {
      const line = keyLine(clock.pin(), spec);
      record(line);
      return deps.registerKey(spec);
    },
    setKeyState(kid, keyState) {
      const at = clock.pin();
      record({ at, op: 'key-state', kid, state: keyState });
      deps.setKeyState(kid, keyState);
    },
  };
}
