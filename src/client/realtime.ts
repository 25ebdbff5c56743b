import type { Agent } from 'node:http';
import WebSocket from 'ws';
import { ContractViolation, parseServerFrame } from '../contract/index.js';
import { DEFAULT_RECONNECT_POLICY, type ReconnectPolicy, reconnectDecision } from './backoff.js';
import { ApiError, ContractError, safeText } from './errors.js';
import { newCorrelationId } from './headers.js';
import { encodeQuery, workspacePath } from './query.js';
import { socketRoute, type TunnelAttempt } from './realtime-proxy.js';
import { realtimeUrl } from './realtime-url.js';
import type {
  RealtimeClient,
  RealtimeEvents,
  RealtimeOptions,
  RealtimeState,
  Subscription,
  SubscriptionHandlers,
} from './realtime-types.js';
import { type TransactionsListQuery, transactionsQuery } from './transactions.js';

// The live subscription, exactly wire notes §6: SUBSCRIBE/UNSUBSCRIBE over one socket, a fresh
// token per (re)subscribe, the same Correlation-Id per subscription across reconnects, pings
// with stall detection, close codes 4000/4001 and a growing reconnect delay (growing to minutes
// after a frame over the size limit: the server would send it again at once).

export * from './backoff.js';
export type * from './realtime-types.js';
export { realtimeUrl, subscriptionUri } from './realtime-url.js';

interface SubState {
  readonly uri: string;
  readonly path: string;
  readonly correlationId: string;
  readonly handlers: SubscriptionHandlers;
  alive: boolean;
  awaitingSnapshot: boolean;
  snapshots: number;
}

const CLOSE_NORMAL = 1000;
// How long close() waits for the server's close frame before dropping the connection.
const CLOSE_HANDSHAKE_MS = 2_000;

function messageBytes(data: WebSocket.RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/** The Correlation-Id of a frame that does not parse, when it can still be read. */
function looseCorrelationId(text: string): string | undefined {
  try {
    const value = JSON.parse(text) as { headers?: { 'Correlation-Id'?: unknown } } | null;
    const id = value?.headers?.['Correlation-Id'];
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** A snapshot of 1000 transactions is a few MB; anything far beyond is refused. */
export const DEFAULT_MAX_FRAME_BYTES = 32 * 1024 * 1024;

/** ws's error when a frame's declared length passes `maxPayload` (it then closes with 1009). */
const FRAME_TOO_LARGE = 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';

/** `workspaceId` goes into every subscription's `uri`. */
export function createRealtime(opts: RealtimeOptions & { workspaceId: string }): RealtimeClient {
  const url = realtimeUrl(opts.baseUrl);
  const Impl = opts.WebSocketImpl ?? WebSocket;
  const now = opts.now ?? Date.now;
  const pingIntervalMs = opts.pingIntervalMs ?? 15_000;
  const pongTimeoutMs = opts.pongTimeoutMs ?? 10_000;
  const connectTimeoutMs = opts.connectTimeoutMs ?? 10_000;
  const policy: ReconnectPolicy = {
    reconnectStepMs: opts.reconnectStepMs ?? DEFAULT_RECONNECT_POLICY.reconnectStepMs,
    reconnectMaxMs: opts.reconnectMaxMs ?? DEFAULT_RECONNECT_POLICY.reconnectMaxMs,
    longLivedMs: opts.longLivedMs ?? DEFAULT_RECONNECT_POLICY.longLivedMs,
    tokenRefreshDelayMs: opts.tokenRefreshDelayMs ?? DEFAULT_RECONNECT_POLICY.tokenRefreshDelayMs,
    frameTooLargeBaseMs: opts.frameTooLargeBaseMs ?? DEFAULT_RECONNECT_POLICY.frameTooLargeBaseMs,
    frameTooLargeMaxMs: opts.frameTooLargeMaxMs ?? DEFAULT_RECONNECT_POLICY.frameTooLargeMaxMs,
  };
  const maxFrameBytes = opts.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  const after =
    opts.timers?.after.bind(opts.timers) ??
    ((ms: number, fn: () => void) => {
      const timer = setTimeout(fn, ms);
      return () => clearTimeout(timer);
    });
  // Checked now, so a bad workspace id fails at creation rather than on every subscribe.
  const wsPath = workspacePath(opts.workspaceId);
  const route = opts.agent
    ? undefined
    : socketRoute({ proxy: opts.proxy, env: opts.env }, url, {
        path: new URL(url).pathname,
        timeoutMs: connectTimeoutMs,
      });

  const subs = new Map<string, SubState>();
  const listeners: { [K in keyof RealtimeEvents]: Set<(value: RealtimeEvents[K]) => void> } = {
    state: new Set(),
    stalled: new Set(),
    frame: new Set(),
    error: new Set(),
  };

  let state: RealtimeState = { kind: 'connecting', attempt: 1 };
  let socket: WebSocket | undefined;
  let openedAt: number | undefined;
  let failures = 0;
  /** Sockets in a row closed for a frame over the size limit. */
  let framesTooLarge = 0;
  let attempt = 0;
  let closedByUs = false;
  let cancelReconnect: (() => void) | undefined;
  let pingTimer: NodeJS.Timeout | undefined;
  let pongTimer: NodeJS.Timeout | undefined;
  /** The proxy tunnel of the current attempt, when there is a proxy. */
  let tunnel: TunnelAttempt | undefined;

  function emit<K extends keyof RealtimeEvents>(event: K, value: RealtimeEvents[K]): void {
    for (const fn of [...listeners[event]]) {
      try {
        fn(value);
      } catch (err) {
        if (event !== 'error') emit('error', err instanceof Error ? err : new Error(String(err)));
      }
    }
  }

  function setState(next: RealtimeState): void {
    state = next;
    emit('state', next);
  }

  /** Runs a consumer's handler; its bug must not take the socket down. */
  function guard(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      emit('error', err instanceof Error ? err : new Error(String(err)));
    }
  }

  function stopKeepAlive(): void {
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
    pingTimer = undefined;
    pongTimer = undefined;
  }

  function startKeepAlive(ws: WebSocket): void {
    stopKeepAlive();
    pingTimer = setInterval(() => {
      if (ws !== socket || ws.readyState !== WebSocket.OPEN) return;
      // One outstanding ping at a time: its pong (or its absence) decides.
      pongTimer ??= setTimeout(() => {
        if (ws !== socket) return;
        emit('stalled', { pongTimeoutMs });
        ws.terminate(); // 'close' (1006) follows and reconnects
      }, pongTimeoutMs);
      ws.ping();
    }, pingIntervalMs);
  }

  function connect(): void {
    if (closedByUs) return;
    cancelReconnect?.();
    cancelReconnect = undefined;
    attempt += 1;
    setState({ kind: 'connecting', attempt });
    if (!route) {
      open(opts.agent);
      return;
    }
    route.attempt().then(
      (next) => {
        if (closedByUs) return next.abort();
        tunnel = next;
        open(next.agent);
      },
      (err: unknown) => {
        if (closedByUs) return;
        emit('error', err instanceof Error ? err : new Error(String(err)));
        scheduleReconnect(1006, '');
      },
    );
  }

  function open(agent: Agent | undefined): void {
    const headers: Record<string, string> = { 'User-Agent': opts.userAgent ?? 'custody-console' };
    // `closeTimeout` (ws >= 8.19) is missing from @types/ws.
    const wsOptions: WebSocket.ClientOptions & { closeTimeout?: number } = {
      handshakeTimeout: connectTimeoutMs,
      closeTimeout: CLOSE_HANDSHAKE_MS,
      maxPayload: maxFrameBytes,
      headers,
    };
    if (agent) wsOptions.agent = agent;
    let ws: WebSocket;
    try {
      ws = new Impl(url, wsOptions);
    } catch (err) {
      emit('error', err instanceof Error ? err : new Error(String(err)));
      scheduleReconnect(1006, '');
      return;
    }
    socket = ws;
    openedAt = undefined;
    tunnel?.watch(ws, (err) => {
      if (ws === socket && !closedByUs) emit('error', err);
    });
    ws.on('open', () => {
      if (ws !== socket) return;
      openedAt = now();
      attempt = 0;
      setState({ kind: 'open' });
      startKeepAlive(ws);
      for (const sub of subs.values()) if (sub.alive) void sendSubscribe(ws, sub);
    });
    ws.on('pong', () => {
      if (ws !== socket) return;
      clearTimeout(pongTimer);
      pongTimer = undefined;
    });
    ws.on('message', (data) => {
      if (ws === socket) onMessage(data);
    });
    // Every failure is followed by 'close', where reconnecting is decided. A frame over the limit
    // is known only here: the close that follows says 1006 (the server's reply is never read).
    let frameRefused = false;
    ws.on('error', (err: Error & { code?: string }) => {
      if (err.code === FRAME_TOO_LARGE) frameRefused = true;
    });
    ws.on('close', (code, reason) => {
      if (ws !== socket) return;
      socket = undefined;
      stopKeepAlive();
      for (const sub of subs.values()) sub.awaitingSnapshot = true;
      if (closedByUs) return;
      const lived = openedAt === undefined ? 0 : Math.max(0, now() - openedAt);
      openedAt = undefined;
      if (frameRefused) framesTooLarge += 1;
      else if (lived >= policy.longLivedMs) framesTooLarge = 0;
      onClosed(code, safeText(reason.toString('utf8')), lived, frameRefused);
    });
  }

  function onClosed(code: number, reason: string, livedMs: number, frameRefused = false): void {
    const decision = reconnectDecision(
      { code, livedMs, failures, framesTooLarge: frameRefused ? framesTooLarge : 0 },
      policy,
    );
    if (!decision.reconnect) {
      setState({ kind: 'logged-out' });
      return;
    }
    failures = decision.failures;
    const next: RealtimeState = {
      kind: 'reconnecting',
      attempt: attempt + 1,
      delayMs: decision.delayMs,
      code,
    };
    if (reason) next.reason = reason;
    if (frameRefused) next.frameTooLarge = maxFrameBytes;
    setState(next);
    cancelReconnect = after(decision.delayMs, connect);
  }

  function scheduleReconnect(code: number, reason: string): void {
    onClosed(code, reason, 0);
  }

  async function sendSubscribe(ws: WebSocket, sub: SubState): Promise<void> {
    let token: string;
    try {
      // Single-use tokens: a new one for every (re)subscribe.
      token = await opts.signer.sign({ method: 'SUBSCRIBE', pathWithQuery: sub.uri, body: '{}' });
    } catch (err) {
      emit('error', err instanceof Error ? err : new Error(String(err)));
      return;
    }
    if (ws !== socket || ws.readyState !== WebSocket.OPEN || !sub.alive) return;
    sub.awaitingSnapshot = true;
    ws.send(
      JSON.stringify({
        method: 'SUBSCRIBE',
        uri: sub.uri,
        headers: {
          'Correlation-Id': sub.correlationId,
          Authorization: `ApiKey ${token}`,
          'Content-Type': 'application/json',
        },
        body: {},
      }),
    );
  }

  function malformed(text: string, violation: ContractViolation): void {
    const id = looseCorrelationId(text);
    const owner = id === undefined ? undefined : subs.get(id);
    // A frame that names no live subscription may have been anyone's: every one hears of it.
    const targets = owner ? [owner] : [...subs.values()].filter((sub) => sub.alive);
    for (const sub of targets) {
      const init: ConstructorParameters<typeof ContractError>[0] = {
        message: safeText(violation.message),
        field: violation.issues[0]?.path ?? '',
        endpoint: `SUBSCRIBE ${sub.path}`,
        issues: violation.issues,
      };
      if (id !== undefined) init.correlationId = id;
      const err = new ContractError(init);
      guard(() => sub.handlers.onMalformed?.(err));
    }
  }

  function onMessage(data: WebSocket.RawData): void {
    const bytes = messageBytes(data);
    emit('frame', { bytes: bytes.length });
    const text = bytes.toString('utf8');
    let frame: ReturnType<typeof parseServerFrame>;
    try {
      frame = parseServerFrame(text);
    } catch (err) {
      if (err instanceof ContractViolation) malformed(text, err);
      else emit('error', err instanceof Error ? err : new Error(String(err)));
      return;
    }
    const sub = frame.correlationId === undefined ? undefined : subs.get(frame.correlationId);
    if (!sub?.alive) return; // late frames of an ended subscription, or another client's id
    if (!frame.ok) {
      sub.alive = false;
      subs.delete(sub.correlationId);
      const err = new ApiError({
        status: frame.status,
        code: safeText(frame.body.error),
        message: safeText(frame.body.message),
        correlationId: sub.correlationId,
        method: 'SUBSCRIBE',
        path: sub.path,
      });
      guard(() => sub.handlers.onError?.(err));
      return;
    }
    const { transactions } = frame.body;
    if (sub.awaitingSnapshot) {
      sub.awaitingSnapshot = false;
      const reconnect = sub.snapshots > 0;
      sub.snapshots += 1;
      guard(() => sub.handlers.onSnapshot(transactions, { correlationId: sub.correlationId, reconnect }));
    } else {
      guard(() => sub.handlers.onUpdate(transactions));
    }
  }

  function subscribe(query: TransactionsListQuery, handlers: SubscriptionHandlers): Subscription {
    if (closedByUs) throw new Error('the realtime client is closed');
    const encoded = encodeQuery(transactionsQuery(query));
    const sub: SubState = {
      uri: `${wsPath}/transactions${encoded}`,
      path: `${wsPath}/transactions`,
      correlationId: newCorrelationId(),
      handlers,
      alive: true,
      awaitingSnapshot: true,
      snapshots: 0,
    };
    subs.set(sub.correlationId, sub);
    if (socket && socket.readyState === WebSocket.OPEN) void sendSubscribe(socket, sub);
    return {
      uri: sub.uri,
      correlationId: sub.correlationId,
      get active() {
        return sub.alive && !closedByUs && state.kind !== 'logged-out';
      },
      unsubscribe() {
        if (!sub.alive) return;
        sub.alive = false;
        subs.delete(sub.correlationId);
        if (socket && socket.readyState === WebSocket.OPEN) {
          socket.send(
            JSON.stringify({
              method: 'UNSUBSCRIBE',
              uri: sub.uri,
              headers: { 'Correlation-Id': sub.correlationId },
            }),
          );
        }
      },
    };
  }

  function on<K extends keyof RealtimeEvents>(event: K, fn: (value: RealtimeEvents[K]) => void): () => void {
    listeners[event].add(fn);
    return () => {
      listeners[event].delete(fn);
    };
  }

  function reconnect(): void {
    if (closedByUs) return;
    if (state.kind === 'logged-out' || state.kind === 'reconnecting') {
      failures = 0;
      framesTooLarge = 0;
      connect();
    }
  }

  function close(): void {
    if (closedByUs) return;
    closedByUs = true;
    cancelReconnect?.();
    cancelReconnect = undefined;
    stopKeepAlive();
    const ws = socket;
    if (ws) {
      if (ws.readyState === WebSocket.OPEN) ws.close(CLOSE_NORMAL);
      else ws.terminate();
    }
    tunnel?.abort();
    setState({ kind: 'closed' });
  }

  // The first connection starts right away; subscriptions made before it opens are sent on open.
  queueMicrotask(connect);

  return {
    subscribe,
    on,
    get state() {
      return state;
    },
    reconnect,
    close,
  };
}
