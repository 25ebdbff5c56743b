// The endpoints (custody-api.md and wire notes §5), routed by Hono. Each route names the
// permission it needs (format/roles.ts: wire notes §4) and reads its query and body with the
// contract's schemas.
// Authentication happened before (http.ts): every handler runs for a known, active key.
import { type Context, Hono } from 'hono';
import {
  AccountsQuerySchema,
  AddressesQuerySchema,
  ApproveRequestSchema,
  AssetPricesQuerySchema,
  AssetsQuerySchema,
  BalancesQuerySchema,
  CancelRequestSchema,
  CreateTransactionRequestSchema,
  DeclineRequestSchema,
  NetworksQuerySchema,
  SwapRouteRequestSchema,
  SymbolPricesQuerySchema,
  SymbolsQuerySchema,
  TransactionsQuerySchema,
  toWireDryRunTransaction,
  toWireTransaction,
  toWireTransactionList,
  WorkspaceQuerySchema,
} from '../contract/index.js';
import { type Permission, roleGrants } from '../format/index.js';
import { failure, quote } from './errors.js';
import type { KeyEntry } from './keys.js';
import { addMarketRoutes } from './market-routes.js';
import { StateWriteError } from './persist/state-dir.js';
import { addReferenceRoutes } from './reference-routes.js';
import { action, fromWorld, noQuery, notFound, ok, type Outcome, querySpec } from './route-kit.js';
import { addTransactionRoutes } from './transaction-routes.js';
import { parseBody } from './validation.js';
import type { Mutate, WorldPort } from './world-port.js';

export type { Outcome, Reply } from './route-kit.js';

/** One request as the edge read it: the raw target and body, exactly as received. */
export interface RequestContext {
  readonly method: string;
  /** The request target exactly as received (what the token signs). */
  readonly target: string;
  /** The target before `?`. */
  readonly path: string;
  /** The target after `?` (without a fragment), '' when there is none. */
  readonly rawQuery: string;
  readonly body: string;
  readonly correlationId: string;
  readonly key: KeyEntry;
}

type Bindings = { ctx: RequestContext };
type Handler = (params: Record<string, string>, ctx: RequestContext) => Outcome;

const query = {
  workspace: querySpec(WorkspaceQuerySchema),
  accounts: querySpec(AccountsQuerySchema),
  addresses: querySpec(AddressesQuerySchema),
  transactions: querySpec(TransactionsQuerySchema),
  networks: querySpec(NetworksQuerySchema),
  assets: querySpec(AssetsQuerySchema),
  symbols: querySpec(SymbolsQuerySchema),
  symbolPrices: querySpec(SymbolPricesQuerySchema),
  assetPrices: querySpec(AssetPricesQuerySchema),
  balances: querySpec(BalancesQuerySchema),
};

/**
 * The Hono app. `send` turns an outcome into the Response the edge writes out; every error is a
 * value here, so a throw reaching Hono's onError is a bug (the edge logs it). Every change goes
 * through `mutate` (world-port.ts's Mutations), never straight to the world.
 */
export function createRoutes(
  world: WorldPort,
  mutate: Mutate,
  send: (c: Context, outcome: Outcome) => Response,
) {
  const app = new Hono<{ Bindings: Bindings }>();
  const workspaceId = world.workspace.workspaceId;

  function route(method: 'GET' | 'POST' | 'DELETE', path: string, permission: Permission, what: string, run: Handler) {
    app.on(method, path, (c) => {
      const ctx = c.env.ctx;
      if (!roleGrants(ctx.key.role, permission)) {
        return send(c, failure('forbidden', `role ${ctx.key.role} cannot ${what}`));
      }
      const params = c.req.param() as Record<string, string>;
      // Decision: a workspace other than the key's is 403, like any resource the key may not see.
      if (params.ws !== undefined && params.ws !== workspaceId) {
        return send(
          c,
          failure('forbidden', `this key is bound to workspace ${workspaceId}, not ${quote(params.ws, 80)}`),
        );
      }
      try {
        return send(c, run(params, ctx));
      } catch (err) {
        // The state dir could not record the change, so it was not made: the one 503 by design.
        if (err instanceof StateWriteError) {
          return send(c, err.failure());
        }
        throw err;
      }
    });
  }

  const ws = '/workspaces/:ws';
  const tx = `${ws}/transactions/:id`;

  route('GET', '/workspaces', 'read', 'list workspaces', (_p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    return q.ok ? ok({ workspaces: [world.workspace] }) : q;
  });
  route('GET', ws, 'read', 'read the workspace', (_p, ctx) => {
    // Decision: the OpenAPI's parameters here are checked, then ignored: there is one workspace,
    // and it has no settings to include.
    const q = query.workspace(ctx.rawQuery);
    return q.ok ? ok(world.workspace) : q;
  });
  route('GET', `${ws}/accounts`, 'core', 'list accounts', (_p, ctx) => {
    const q = query.accounts(ctx.rawQuery);
    return q.ok ? ok({ accounts: world.accounts(q.value) }) : q;
  });
  route('GET', `${ws}/accounts/:accountId`, 'core', 'read accounts', (p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const account = world.account(p.accountId!);
    return account ? ok(account) : notFound('account', p.accountId!);
  });
  route('GET', `${ws}/addresses`, 'read', 'list addresses', (_p, ctx) => {
    const q = query.addresses(ctx.rawQuery);
    return q.ok ? ok({ addresses: world.addresses(q.value) }) : q;
  });
  // The OpenAPI lets view-only, transaction-operator and full-access keys read balances: `read`.
  route('GET', `${ws}/balances`, 'read', 'read balances', (_p, ctx) => {
    const q = query.balances(ctx.rawQuery);
    return q.ok ? ok({ balances: world.balances(q.value) }) : q;
  });
  route('GET', `${ws}/balances/:balanceId`, 'read', 'read balances', (p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const balance = world.balance(p.balanceId!);
    return balance ? ok(balance) : notFound('balance', p.balanceId!);
  });
  route('GET', `${ws}/transactions`, 'core', 'list transactions', (_p, ctx) => {
    const q = query.transactions(ctx.rawQuery);
    return q.ok ? ok(toWireTransactionList({ transactions: world.transactions(q.value) })) : q;
  });
  route('POST', `${ws}/transactions`, 'write', 'create transactions', (_p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const body = parseBody(CreateTransactionRequestSchema, ctx.body);
    if (!body.ok) return body;
    const result = mutate('create', { body: body.value, actor: ctx.key.userId });
    if (!result.ok) return fromWorld(result);
    return ok(toWireTransaction(result.value), result.created === false ? 200 : 201);
  });
  route('POST', `${ws}/transactions/swap-route`, 'read', 'ask for a swap route', (_p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const body = parseBody(SwapRouteRequestSchema, ctx.body);
    if (!body.ok) return body;
    const result = mutate('swapRoute', { body: body.value });
    return result.ok ? ok(toWireDryRunTransaction(result.value)) : fromWorld(result);
  });
  route('GET', tx, 'core', 'read transactions', (p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const found = world.transaction(p.id!);
    return found ? ok(toWireTransaction(found)) : notFound('transaction', p.id!);
  });
  route('GET', `${tx}/events`, 'read', 'read transaction events', (p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const events = world.events(p.id!);
    return events ? ok({ events }) : notFound('transaction', p.id!);
  });
  route('POST', `${tx}/decline`, 'write', 'decline transactions', (p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const body = parseBody(DeclineRequestSchema, ctx.body);
    return body.ok ? action(mutate('decline', { id: p.id!, actor: ctx.key.userId, reason: body.value.reason })) : body;
  });
  route('POST', `${tx}/approve`, 'write', 'approve transactions', (p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const body = parseBody(ApproveRequestSchema, ctx.body);
    return body.ok ? action(mutate('approve', { id: p.id!, actor: ctx.key.userId })) : body;
  });
  route('POST', `${tx}/cancel`, 'write', 'cancel transactions', (p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const body = parseBody(CancelRequestSchema, ctx.body);
    return body.ok ? action(mutate('cancel', { id: p.id!, actor: ctx.key.userId, reason: body.value.reason })) : body;
  });
  route('GET', `${ws}/symbol-market-prices`, 'read', 'read market prices', (_p, ctx) => {
    const q = query.symbolPrices(ctx.rawQuery);
    if (!q.ok) return q;
    // Decision: the workspace-scoped prices are `used=true` unless ids are asked for.
    const { baseSymbolIds, baseAssetIds, used } = q.value;
    const filter = baseSymbolIds || baseAssetIds || used !== undefined ? q.value : { ...q.value, used: true };
    return ok({ prices: world.symbolPrices(filter) });
  });

  route('GET', '/dictionary/networks', 'read', 'read the dictionary', (_p, ctx) => {
    const q = query.networks(ctx.rawQuery);
    return q.ok ? ok({ networks: world.networks(q.value) }) : q;
  });
  route('GET', '/dictionary/networks/:networkId', 'read', 'read the dictionary', (p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const network = world.network(p.networkId!);
    return network ? ok(network) : notFound('network', p.networkId!);
  });
  route('GET', '/dictionary/assets', 'read', 'read the dictionary', (_p, ctx) => {
    const q = query.assets(ctx.rawQuery);
    return q.ok ? ok({ assets: world.assets(q.value) }) : q;
  });
  route('GET', '/dictionary/assets/:assetId', 'read', 'read the dictionary', (p, ctx) => {
    // The OpenAPI lists the list filters here too: they are checked, then ignored.
    const q = query.assets(ctx.rawQuery);
    if (!q.ok) return q;
    const asset = world.asset(p.assetId!);
    return asset ? ok(asset) : notFound('asset', p.assetId!);
  });
  route('GET', '/dictionary/symbols', 'read', 'read the dictionary', (_p, ctx) => {
    const q = query.symbols(ctx.rawQuery);
    return q.ok ? ok({ symbols: world.symbols(q.value) }) : q;
  });
  route('GET', '/dictionary/symbols/:symbolId', 'read', 'read the dictionary', (p, ctx) => {
    const q = query.symbols(ctx.rawQuery);
    if (!q.ok) return q;
    const symbol = world.symbols({ symbolIds: [p.symbolId!] }).find((s) => s.symbolId === p.symbolId);
    return symbol ? ok(symbol) : notFound('symbol', p.symbolId!);
  });
  route('GET', '/dictionary/symbol-market-prices', 'read', 'read market prices', (_p, ctx) => {
    const q = query.symbolPrices(ctx.rawQuery);
    return q.ok ? ok({ prices: world.symbolPrices(q.value) }) : q;
  });
  route('GET', '/dictionary/asset-market-prices', 'read', 'read market prices', (_p, ctx) => {
    const q = query.assetPrices(ctx.rawQuery);
    return q.ok ? ok({ prices: world.assetPrices(q.value) }) : q;
  });

  addReferenceRoutes(route, ws, world.directory, mutate);
  addTransactionRoutes(route, ws, world.ops, mutate);
  addMarketRoutes(route, ws, world.market, mutate);

  app.notFound((c) => {
    const ctx = c.env.ctx;
    return send(c, failure('not-found', `no endpoint ${ctx.method} ${quote(ctx.path, 200)}`));
  });
  return app;
}
