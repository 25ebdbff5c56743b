// One session of the console: the stores, the signed client, the live socket and the live engine
// of one target (a profile, flags, or the demo). A `:ctx` switch stops one session and starts the
// next; nothing of the old one (its stores, its feed) reaches the new.
import { createRealtime, type RealtimeClient, type RequestInfo } from '../client/index.js';
import { type AuditLog, createMemoryAuditLog } from '../config/index.js';
import { createLive, type Live } from '../live/index.js';
import { firstPageLimit } from '../live/reads.js';
import { ALL_TRANSACTIONS, createStores, type SessionState, type Stores, txQueryKey, withNotice } from '../store/index.js';
import { CLOCK_FIX, clockSkewText } from './clock.js';
import type { Target } from './console-target.js';
import { makeClient, proxyEnvOf } from './context.js';
import type { DebugLog } from './debug-log.js';
import { VERSION } from './version.js';

export interface Session {
  readonly target: Target;
  readonly stores: Stores;
  readonly live: Live;
  /** Settles once the first load did (never rejects). */
  readonly firstLoad: Promise<void>;
  /** Stops the feed and the socket (idempotent); the target's own close is the caller's. */
  stop(): void;
}

export interface SessionDeps {
  readonly env: NodeJS.ProcessEnv;
  readonly rows: number;
  readonly log: DebugLog;
  /** This machine's audit log (opened once, shared by every profile's session). */
  readonly audit: () => AuditLog;
}

function requestLine(info: RequestInfo): string {
  const outcome = info.status !== undefined ? String(info.status) : (info.error ?? 'no answer');
  const retry = info.attempt > 1 ? ` (attempt ${info.attempt})` : '';
  const id = info.correlationId ? ` [${info.correlationId}]` : '';
  return `${info.method} ${info.path} ${outcome} ${Math.round(info.durationMs)} ms${retry}${id}`;
}

/** Builds the session of `target` and starts its first load (the reads go out at once). */
export function startSession(target: Target, deps: SessionDeps): Session {
  const { log } = deps;
  const now = Date.now;
  const stores = createStores({
    baseUrl: target.baseUrl,
    workspaceId: target.workspaceId,
    keyId: target.signer.kid,
    ...(target.role !== undefined ? { role: target.role } : {}),
    setup: target.setup,
    demo: target.demo,
    readOnly: target.readOnly,
    now: now(),
  });
  const setSession = (fn: (s: SessionState) => SessionState) => stores.session.setState(fn);
  // Facts of this session: they hold on the status line, and return after anything newer.
  for (const text of target.configWarnings ?? []) {
    setSession((s) => withNotice(s, { level: 'warn', text, sticky: true }, now()));
  }

  // The live engine's hook for every HTTP attempt is known only once it exists.
  const hooks: { onRequest?: (info: RequestInfo) => void } = {};
  const proxyEnv = proxyEnvOf(target, deps.env);
  const api = makeClient(
    target.signer,
    { baseUrl: target.baseUrl, workspaceId: target.workspaceId, proxy: target.proxy },
    {
      env: proxyEnv,
      now,
      onClockSkew: (skewMs) => {
        log('console', `clock skew ${skewMs} ms`);
        const text = `${clockSkewText(skewMs)}: ${CLOCK_FIX}`;
        setSession((s) => ({
          ...withNotice(s, { level: 'warn', text, key: 'clock-skew', sticky: true }, now()),
          clockSkewMs: skewMs,
        }));
      },
      onRequest: (info) => {
        log('http', requestLine(info));
        hooks.onRequest?.(info);
      },
    },
  );
  const realtime: RealtimeClient = createRealtime({
    baseUrl: target.baseUrl,
    workspaceId: target.workspaceId,
    signer: target.signer,
    // The same proxy decision as the HTTP client above.
    proxy: target.proxy,
    env: proxyEnv,
    now,
    userAgent: `custody-console/${VERSION}`,
  });
  realtime.on('state', (state) => log('ws', JSON.stringify(state)));
  realtime.on('stalled', ({ pongTimeoutMs }) => log('ws', `stalled: no pong in ${pongTimeoutMs} ms`));
  realtime.on('error', (err) => log('ws', `error: ${err.message}`));
  const live = createLive({
    api,
    realtime,
    stores,
    now,
    pricePollMs: target.pricePollMs,
    // About two screens of rows first; the history beyond is read as the cursor moves toward it.
    firstPageSize: firstPageLimit(deps.rows),
    log: (line) => log('live', line),
    // Every decline, approve and create attempt is appended here (nothing is written until one is).
    // The demo's throwaway sandbox keeps its own in memory: never mixed into the real log.
    audit: target.demo ? createMemoryAuditLog() : deps.audit(),
    ...(target.selfUserId !== undefined ? { selfUserId: target.selfUserId } : {}),
  });
  hooks.onRequest = live.onRequest;
  // The first reads go out before the view (Ink, React and the panes: the biggest chunk) is
  // loaded, so the server answers while it compiles. Never rejects.
  const firstLoad = live.start();
  let stopped = false;
  return {
    target,
    stores,
    live,
    firstLoad,
    stop() {
      if (stopped) return;
      stopped = true;
      live.stop();
      realtime.close();
    },
  };
}

/** Rows can be drawn as they will stay: the first page is in, with the account names and assets they show. */
function rowsReady(stores: Stores): boolean {
  const first = stores.transactions.getState().windows.get(txQueryKey(ALL_TRANSACTIONS));
  return (
    first !== undefined &&
    first.loading === undefined &&
    first.error === undefined &&
    stores.workspace.getState().accountsLoadedAt !== undefined &&
    stores.dictionary.getState().assets.size > 0
  );
}

/**
 * Resolves once rows are ready, or the first load settled without them (an error says why), or
 * after `ms`, whichever comes first. The rest of the first load (addresses, symbols, prices) does
 * not hold the first frame up.
 */
export function firstRows(stores: Stores, firstLoad: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const offs: (() => void)[] = [];
    const done = () => {
      clearTimeout(timer);
      for (const off of offs.splice(0)) off();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const check = () => {
      if (rowsReady(stores)) done();
    };
    offs.push(stores.transactions.subscribe(check), stores.workspace.subscribe(check), stores.dictionary.subscribe(check));
    firstLoad.then(done, done);
    check();
  });
}
