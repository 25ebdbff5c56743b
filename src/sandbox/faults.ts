// The chaos spec at work: draws for the HTTP edge and the frames, timers for the socket faults.
// Draws come from the world's generator (world/rng.ts), on the sandbox seed's own 'faults' stream:
// a run repeats as far as the order of requests does, and nothing the world draws moves them.
// Timers run on real time (not the world's clock): they stand for the network.
import { type ChaosSpec, checkChaos, parseChaos } from './chaos.js';
import { type Failure, failure } from './errors.js';
import { Rng, streamSeed } from './world/rng.js';

export interface SocketFaults {
  /** Drops every socket without a close frame (1006 at the client). */
  dropAll(): void;
  /** Closes every socket with 4001 (token refresh). */
  closeAll4001(): void;
  /** Stalls one socket (chosen with `pick`). */
  stallOne(pick: (count: number) => number): void;
}

export type HttpFault = Failure & { chaos: '503' | '429' };

export interface Faults {
  readonly spec: ChaosSpec | undefined;
  set(spec: ChaosSpec | string | undefined): void;
  /** A 503 or 429 for this request, or undefined (most of the time). */
  httpFault(): HttpFault | undefined;
  /** Added latency for this answer in ms (0 without chaos). */
  latencyMs(): number;
  /** True when this frame is to be replaced by garbage. */
  garbage(): boolean;
  stop(): void;
}

export function createFaults(seed: number, sockets: SocketFaults): Faults {
  const rng = new Rng(streamSeed(seed, 'faults'));
  let current: ChaosSpec | undefined;
  let timers: NodeJS.Timeout[] = [];

  function every(seconds: number | undefined, fn: () => void): void {
    if (seconds === undefined) return;
    const timer = setInterval(fn, seconds * 1000);
    timer.unref();
    timers.push(timer);
  }

  function stop(): void {
    for (const timer of timers) clearInterval(timer);
    timers = [];
  }

  return {
    get spec() {
      return current;
    },
    set(spec) {
      const next = typeof spec === 'string' ? parseChaos(spec) : spec && checkChaos({ ...spec });
      stop();
      current = next && Object.values(next).some((v) => v !== undefined) ? next : undefined;
      if (!current) return;
      every(current.dropEverySeconds, () => sockets.dropAll());
      every(current.close4001EverySeconds, () => sockets.closeAll4001());
      every(current.stallEverySeconds, () => sockets.stallOne((count) => rng.int(count)));
    },
    httpFault() {
      const s503 = current?.share503 ?? 0;
      const s429 = current?.share429 ?? 0;
      if (s503 + s429 === 0) return undefined;
      const draw = rng.next();
      const retry = { 'Retry-After': '1' };
      if (draw < s503) {
        return { ...failure('service-unavailable', 'chaos: a share of requests is refused with 503 (--chaos)', retry), chaos: '503' };
      }
      if (draw < s503 + s429) {
        return { ...failure('too-many-requests', 'chaos: a share of requests is refused with 429 (--chaos)', retry), chaos: '429' };
      }
      return undefined;
    },
    latencyMs() {
      const latency = current?.latencyMs;
      if (!latency) return 0;
      return Math.round(latency.min + rng.next() * (latency.max - latency.min));
    },
    garbage() {
      const share = current?.garbageShare ?? 0;
      return share > 0 && rng.next() < share;
    },
    stop,
  };
}
