// The sandbox: a faithful local server of the custody API (README: "A local server of the API"). One port
// serves HTTP (Hono routes behind our own edge) and the WebSocket on `/ws`; the world beside it
// (./world/) holds the workspace and moves it through time.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PrivateJwk, PublicJwk } from '../auth/index.js';
import type { Role } from '../format/index.js';
import { createAuthenticator } from './auth.js';
import { type ChaosSpec, checkChaos, parseChaos } from './chaos.js';
import { createFaults } from './faults.js';
import { answerOnSocket, bugText, createClientErrorHandler, createRequestListener, createSendOutcome } from './http.js';
import { applyMutation } from './mutations.js';
import { createKeyRegistry, type KeyOptions, type KeySpec, type KeyState } from './keys.js';
import { createRealtimeHub } from './realtime.js';
import { createRoutes } from './routes.js';
import { type LogSink, safeLog, safeTap, type SandboxResponse } from './tap.js';
import { createJournal, type Journal } from './persist/journal.js';
import { mergeKeys, type Restored, restoreState } from './persist/restore.js';
import { StateDirError, StateWriteError, type StateFs } from './persist/state-dir.js';
import type { Failure } from './errors.js';
import type { Mutate, WorldPort } from './world-port.js';
import { wireJson } from './wire-json.js';
import { type Clock, createSystemClock, createWorld, type World } from './world/index.js';

export { type ChaosSpec, ChaosSpecError, formatChaos, parseChaos } from './chaos.js';
export { MAX_BODY_BYTES } from './http.js';
export type { Role } from '../format/index.js';
export type { KeyOptions, KeySpec, KeyState } from './keys.js';
export type { SandboxResponse } from './tap.js';
export { StateDirError } from './persist/state-dir.js';

/** The seed when none is given: two runs without `--seed` show the same world. */
const DEFAULT_SEED = 1;
const DEFAULT_IDLE_TIMEOUT_MS = 60_000;
const DEFAULT_TICK_INTERVAL_MS = 100;

export interface SandboxOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  seed?: number;
  /**
   * How many times faster than designed the world's work runs (ignored when `clock` is given);
   * default 1. The clock stays the real one: times are never stamped in the future.
   */
  speed?: number;
  /** Past transactions generated at start (the world's default when absent). */
  history?: number;
  /** New transactions every few seconds (the world's default when absent). */
  generator?: boolean;
  /** The world's clock: a ManualClock for tests; default the system clock. */
  clock?: Clock;
  /**
   * The clock tokens are checked against (iat ± 300 s, exp), epoch ms. Default the wall clock:
   * callers sign with theirs, whatever time the world is at (a manual clock).
   */
  authNow?: () => number;
  /** Faults on purpose; off by default. */
  chaos?: ChaosSpec | string;
  keys?: KeySpec[];
  /** A socket with no message and no ping for this long is closed; default 60000. */
  idleTimeoutMs?: number;
  /** How often the world runs on its own; default 100; 0 = only before each request. */
  tickIntervalMs?: number;
  /** One line per request, and anything that went wrong; default none. */
  log?: LogSink;
  /** Every HTTP answer and every WebSocket frame, as sent. */
  onResponse?: (response: SandboxResponse) => void;
  /**
   * A folder the world persists in (persist/): made on the first start, continued on the next.
   * The seed, history, generator and speed given must match the stored ones (or be left out).
   */
  stateDir?: string;
  /** Tests: the state dir's writes (a disk that fails). */
  stateFs?: StateFs;
  /** Also send every `_embedded` object under `embedded`, for typed clients (wire notes). */
  embeddedAlias?: boolean;
}

/** What a start from a state dir found (for the start-up message). */
export interface RestoredState {
  readonly dir: string;
  /** False when this start made the state dir. */
  readonly existed: boolean;
  /** Journal entries replayed. */
  readonly changes: number;
  readonly createdAt: string;
  /** A torn last journal line (a crash in the middle of a write) was dropped. */
  readonly droppedTail: boolean;
  /** One line per key given at this start: added, kept, or registered again with what changed. */
  readonly keys: readonly string[];
}

export interface RegisteredKey {
  kid: string;
  role: Role;
  state: KeyState;
}

export interface SandboxHandle {
  /** `http://127.0.0.1:PORT` */
  readonly baseUrl: string;
  /** `ws://127.0.0.1:PORT/ws` */
  readonly wsUrl: string;
  readonly port: number;
  readonly workspaceId: string;
  /** The world itself: a change made on it directly is not journaled (tests only). */
  readonly world: World;
  readonly clock: Clock;
  /** Set when the sandbox runs from a state dir. */
  readonly restored: RestoredState | undefined;
  /** Keeps only the public half; the same kid again replaces the entry. Throws on a bad key or role. */
  registerKey(jwk: PublicJwk | PrivateJwk, role: Role, opts?: KeyOptions): { kid: string; userId: string };
  /** Throws for an unknown kid. Live subscriptions of a key that may no longer be used end. */
  setKeyState(kid: string, state: KeyState): void;
  keys(): RegisteredKey[];
  /** Runs what is due now, as before a request (through the journal with a state dir). */
  advance(): void;
  /** Throws ChaosSpecError for a bad spec; undefined turns chaos off. */
  setChaos(spec: ChaosSpec | string | undefined): void;
  /** Closes the sockets (1001), the timers and the server. Idempotent. */
  close(): Promise<void>;
}

function hostForUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<SandboxHandle> {
  const host = opts.host ?? '127.0.0.1';
  const seed = opts.seed ?? DEFAULT_SEED;
  const idleTimeoutMs = opts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const tickIntervalMs = opts.tickIntervalMs ?? DEFAULT_TICK_INTERVAL_MS;
  if (!(Number.isFinite(idleTimeoutMs) && idleTimeoutMs > 0)) throw new RangeError('idleTimeoutMs must be > 0');
  if (!(Number.isFinite(tickIntervalMs) && tickIntervalMs >= 0)) {
    throw new RangeError('tickIntervalMs must be >= 0');
  }
  // A bad spec fails here, before anything is built.
  const chaos = typeof opts.chaos === 'string' ? parseChaos(opts.chaos) : opts.chaos && checkChaos({ ...opts.chaos });
  const log = safeLog(opts.log);
  const tap = safeTap(opts.onResponse, log);
  const clock = opts.clock ?? createSystemClock();

  const pace = opts.clock === undefined ? opts.speed : undefined;
  let restored: Restored | undefined;
  if (opts.stateDir !== undefined) {
    restored = restoreState(
      opts.stateDir,
      { seed: opts.seed, history: opts.history, generator: opts.generator, pace },
      clock,
      opts.stateFs,
    );
  }
  const worldClock = restored?.clock ?? clock;
  const worldOptions: Parameters<typeof createWorld>[0] = { seed: restored?.meta.seed ?? seed, clock: worldClock };
  const history = restored?.meta.history ?? opts.history;
  if (history !== undefined) worldOptions.history = history;
  const generator = restored?.meta.generator ?? opts.generator;
  if (generator !== undefined) worldOptions.generator = generator;
  // A faster world runs its work sooner on the real clock, never on a clock that runs ahead of it.
  const worldPace = restored?.meta.pace ?? pace;
  if (worldPace !== undefined) worldOptions.pace = worldPace;
  const world = createWorld(worldOptions);
  // The server's view of the world (world-port.ts): a type error here means the two drifted.
  const port: WorldPort = world;

  const owner = port.members[0]?.userId ?? 'owner';
  const registry = createKeyRegistry(owner);
  // Every key's owner is a member (a new service member if the workspace did not know it).
  const register = (jwk: PublicJwk | PrivateJwk, role: Role, keyOpts?: KeyOptions) => {
    const entry = registry.register(jwk, role, keyOpts);
    port.directory.keyRegistered(entry.kid, entry.role, entry.userId);
    return entry;
  };
  let journal: Journal | undefined;
  let keyLines: string[] = [];
  let changes = 0;
  if (restored !== undefined) {
    journal = createJournal({
      world,
      clock: restored.clock,
      state: restored.state,
      registerKey: ({ jwk, role, ...rest }) => register(jwk, role, rest),
      setKeyState: (kid, state) => registry.setState(kid, state),
    });
    try {
      changes = journal.replay();
      journal.begin();
      keyLines = mergeKeys(journal, (kid) => registry.get(kid), opts.keys ?? []);
      // The world catches up with the time it was stopped: what expired meanwhile is expired.
      journal.advance();
    } catch (err) {
      restored.state.close();
      // Nothing is served yet: a folder that cannot be written is the folder's problem, said so.
      if (err instanceof StateWriteError) throw new StateDirError(`${restored.state.dir}: ${err.message}; nothing was changed`);
      throw err;
    }
  } else {
    for (const key of opts.keys ?? []) {
      const { jwk, role, ...rest } = key;
      register(jwk, role, rest);
    }
  }
  const mutate: Mutate = journal?.mutate ?? ((name, args) => applyMutation(world, name, args));

  let writeFailing = false;
  /** Runs what is due; a state dir that cannot be written stops the world and answers 503. */
  const advance = (): Failure | undefined => {
    try {
      (journal ?? port).advance();
      writeFailing = false;
    } catch (err) {
      if (err instanceof StateWriteError) {
        if (!writeFailing) log(`sandbox: ${err.message}; the world waits until it can write again`);
        writeFailing = true;
        return err.failure();
      }
      log(`sandbox bug in the world's advance: ${bugText(err)}`);
    }
    return undefined;
  };

  const auth = createAuthenticator(registry, opts.authNow ?? Date.now);

  // The hub and the faults refer to each other (faults act on sockets; frames draw garbage). The
  // socket faults run from timers, which fire only after the hub below exists.
  const faults = createFaults(seed, {
    dropAll: () => realtime.dropAll(),
    closeAll4001: () => realtime.closeAll4001(),
    stallOne: (pick) => realtime.stallOne(pick),
  });
  faults.set(chaos);
  const json = wireJson(opts.embeddedAlias === true);
  const realtime = createRealtimeHub({ world: port, auth, faults, idleTimeoutMs, advance, json, tap, log });

  const app = createRoutes(port, mutate, createSendOutcome(json));
  app.onError((err, c) => {
    const ctx = c.env.ctx;
    log(`sandbox bug on ${ctx.method} ${ctx.path} (correlation id ${ctx.correlationId}): ${bugText(err)}`);
    const message = `the sandbox failed on this request: a bug in the sandbox (correlation id ${ctx.correlationId})`;
    return new Response(JSON.stringify({ error: 'internal-error', message }), { status: 500 });
  });

  const listener = createRequestListener({ app, auth, faults, advance, tap, log });
  const server = createServer(
    // No Host needed: only the raw target matters, and a client without one still gets JSON.
    { requestTimeout: 30_000, headersTimeout: 20_000, keepAliveTimeout: 5_000, requireHostHeader: false },
    listener,
  );
  server.on('clientError', createClientErrorHandler(tap, log));
  // An `Expect` other than 100-continue is ignored (node would answer 417 itself, without JSON).
  server.on('checkExpectation', listener);
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => {});
    const target = req.url ?? '';
    const path = target.split('?')[0];
    if (path === '/ws') {
      try {
        realtime.handleUpgrade(req, socket, head);
      } catch (err) {
        log(`sandbox bug on a WebSocket upgrade: ${bugText(err)}`);
        socket.destroy();
      }
      return;
    }
    const request = { method: req.method ?? '', target };
    answerOnSocket(socket, 404, { error: 'not-found', message: 'the WebSocket endpoint is /ws' }, tap, log, request);
  });

  let ticker: NodeJS.Timeout | undefined;
  if (tickIntervalMs > 0) {
    ticker = setInterval(advance, tickIntervalMs);
    ticker.unref();
  }
  // Journal lines reach the disk within a second (a crash of the process loses none of them anyway).
  const flusher = restored === undefined ? undefined : setInterval(() => restored.state.flush(), 1000);
  flusher?.unref();
  const stopPersisting = () => {
    clearInterval(flusher);
    journal?.end();
    restored?.state.close();
  };

  let address: AddressInfo;
  try {
    address = await listen(server, opts.port ?? 0, host);
  } catch (err) {
    clearInterval(ticker);
    faults.stop();
    await realtime.close();
    stopPersisting();
    throw err;
  }
  const baseUrl = `http://${hostForUrl(host)}:${address.port}`;
  log(`custody sandbox listening on ${baseUrl} (workspace ${port.workspace.workspaceId})`);

  let closed: Promise<void> | undefined;
  return {
    baseUrl,
    wsUrl: `${baseUrl.replace(/^http/, 'ws')}/ws`,
    port: address.port,
    workspaceId: port.workspace.workspaceId,
    world,
    clock: worldClock,
    restored:
      restored === undefined
        ? undefined
        : {
            dir: restored.state.dir,
            existed: restored.existed,
            changes,
            createdAt: restored.meta.createdAt,
            droppedTail: restored.state.droppedTail,
            keys: keyLines,
          },
    registerKey(jwk, role, keyOpts) {
      const { kid, userId } =
        journal === undefined ? register(jwk, role, keyOpts) : journal.registerKey({ jwk, role, ...keyOpts });
      // The member the key acts for: the demo tells its console which member is "you".
      return { kid, userId };
    },
    setKeyState(kid, state) {
      if (journal !== undefined) journal.setKeyState(kid, state);
      else registry.setState(kid, state);
      realtime.keyChanged(kid, state);
    },
    keys: () => registry.list().map(({ kid, role, state }) => ({ kid, role, state })),
    advance() {
      advance();
    },
    setChaos(spec) {
      faults.set(spec);
    },
    close() {
      closed ??= (async () => {
        clearInterval(ticker);
        faults.stop();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        await realtime.close();
        server.closeAllConnections();
        await stopped;
        stopPersisting();
        log('custody sandbox stopped');
      })();
      return closed;
    },
  };
}
