// The live engine on a real sandbox: our real clients (HTTP + WebSocket on loopback), fresh
// stores, and a way to read the server's truth for comparison. Plus a gate: a TCP forwarder
// that can cut the connection to the sandbox (offline) and let it through again.
import { createServer, type Server, type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import type { ApiClientOptions, RealtimeOptions, RequestInfo } from '../../src/client/index.js';
import type { Transaction } from '../../src/contract/index.js';
import { createLive, type Live, type LiveOptions } from '../../src/live/index.js';
import type { Role } from '../../src/sandbox/index.js';
import { isTerminalTransactionStatus } from '../../src/format/index.js';
import { ALL_TRANSACTIONS, createStores, type Stores, txQueryKey } from '../../src/store/index.js';
import type { SandboxFixture } from '../helpers/sandbox.js';

export interface Engine {
  live: Live;
  stores: Stores;
  logs: string[];
  requests: RequestInfo[];
  /** The server's time when start() was called: every change from then on must reach the store. */
  startedAt?: number;
}

const engines: Live[] = [];
afterEach(() => {
  for (const live of engines.splice(0)) live.stop();
});

export interface EngineOptions {
  role?: Role;
  client?: Partial<ApiClientOptions>;
  realtime?: Partial<RealtimeOptions>;
  live?: Partial<LiveOptions>;
}

/** An engine on the fixture, not started. Stopped after each test. */
export function engineOn(fx: SandboxFixture, o: EngineOptions = {}): Engine {
  const role = o.role ?? 'full-access';
  const stores = createStores({ baseUrl: fx.baseUrl, workspaceId: fx.workspaceId, now: Date.now() });
  const logs: string[] = [];
  const requests: RequestInfo[] = [];
  const hooks: { onRequest?: (info: RequestInfo) => void } = {};
  const api = fx.client(role, {
    onRequest: (info) => {
      requests.push(info);
      hooks.onRequest?.(info);
    },
    ...o.client,
  });
  const realtime = fx.realtime(role, { reconnectStepMs: 50, reconnectMaxMs: 200, ...o.realtime });
  const live = createLive({
    api,
    realtime,
    stores,
    pricePollMs: 250,
    retryBaseMs: 100,
    retryMaxMs: 1_000,
    log: (line) => logs.push(line),
    ...o.live,
  });
  hooks.onRequest = live.onRequest;
  engines.push(live);
  const engine: Engine = { live, stores, logs, requests };
  const start = live.start.bind(live);
  // What changed while the engine ran is held, whatever the cursor: the server's clock says when.
  engine.live = { ...live, start: () => ((engine.startedAt ??= fx.clock?.now() ?? Date.now()), start()) };
  return engine;
}

/** Every transaction on the server, by id (paged like any client, full-access key). */
export async function serverTruth(fx: SandboxFixture): Promise<Map<string, Transaction>> {
  const api = fx.client();
  const all = new Map<string, Transaction>();
  for (let offset = 0; ; offset += 1000) {
    const page = await api.transactions.list({ sortBy: 'activity', sortDirection: 'DESC', limit: 1000, offset });
    for (const tx of page) all.set(tx.transactionId, tx);
    if (page.length < 1000) return all;
  }
}

/**
 * Differences between the store and the server. The console holds part of the history (all
 * unfinished work, what changed while it watched, the history around the cursor), so: every row
 * it holds must be the server's current version (not stale, not extra); every unfinished
 * transaction must be held; and with `since` (epoch ms, the server's clock), every transaction
 * the server changed at or after it must be held too (nothing missed while it watched).
 */
export function diffWithTruth(stores: Stores, truth: Map<string, Transaction>, opts: { since?: number } = {}): string[] {
  const state = stores.transactions.getState();
  const out: string[] = [];
  for (const [id, tx] of truth) {
    const mine = state.byId.get(id);
    const mustHold =
      !isTerminalTransactionStatus(tx.status) || (opts.since !== undefined && Number(tx.updatedAt ?? tx.createdAt) >= opts.since);
    if (mine === undefined) {
      if (mustHold) out.push(`missing ${id}`);
    } else if (mine.status !== tx.status || mine.updatedAt !== tx.updatedAt) {
      out.push(`stale ${id}: ${mine.status}@${mine.updatedAt} vs ${tx.status}@${tx.updatedAt}`);
    }
  }
  for (const id of state.byId.keys()) if (!truth.has(id)) out.push(`extra ${id}`);
  if (new Set(state.order).size !== state.order.length) out.push('duplicate ids in order');
  if (state.order.length !== state.byId.size) out.push(`order has ${state.order.length}, byId ${state.byId.size}`);
  return out;
}

/** The first page of the view the console opens on is in the store (or failed, said in a notice). */
export function firstPageIn(stores: Stores): boolean {
  const w = stores.transactions.getState().windows.get(txQueryKey(ALL_TRANSACTIONS));
  return w !== undefined && w.loading === undefined;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A withdrawal request the sandbox accepts (small amount: no approval needed). */
export function withdrawal(accountId: string, externalId: string, amount = '0.02') {
  return {
    accountId,
    externalId,
    transactionType: 'withdrawal',
    params: { assetId: '2', amount, toAddress: '0x000000000000000000000000000000000000dEaD' },
  };
}

let created = 0;
/** Creates `n` withdrawals in the world, in-process (no HTTP): each one is a real frame on the socket. */
export async function createInWorld(fx: SandboxFixture, n: number): Promise<string[]> {
  const [account] = await fx.client().accounts.list({ statuses: ['active'], isTestnet: false });
  const actor = fx.sandbox.world.members[0]!.userId;
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const body = withdrawal(account!.accountId, `live-test-${created++}`);
    const result = fx.sandbox.world.create(body as Parameters<typeof fx.sandbox.world.create>[0], actor);
    if (!result.ok) throw new Error(`create failed: ${result.message}`);
    ids.push(result.value.transactionId);
  }
  return ids;
}

export interface Gate {
  readonly baseUrl: string;
  /** Lets connections through (true) or cuts every open one and resets new ones (false). */
  setOpen(open: boolean): void;
  close(): Promise<void>;
}

/** A TCP forwarder to `port` on loopback that can be shut like a network going down. */
export async function startGate(port: number): Promise<Gate> {
  let open = true;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (!open) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(port, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: gatePort } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${gatePort}`,
    setOpen(next) {
      open = next;
      if (!next) for (const s of [...sockets]) s.resetAndDestroy();
    },
    async close() {
      for (const s of [...sockets]) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
