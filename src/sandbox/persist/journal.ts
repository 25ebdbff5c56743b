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
  /** Replays the stored entries into the fresh world; returns how many. */
  replay(): number;
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

export function createJournal(deps: JournalDeps): Journal {
  const { world, clock, state } = deps;

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
      for (const entry of state.entries) {
        n++;
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
      return n;
    },
    advance() {
      const at = clock.pin();
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
