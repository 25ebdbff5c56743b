// Reference data (networks, assets, symbols, accounts, addresses, the workspace's name) and the
// price poller, each a loop (loop.ts): one read at a time, a notice and a retry with backoff on
// failure, prices again every `pricePollMs`. Pages over the size limit are asked smaller.
import { readPages } from '../client/index.js';
import {
  applyPrices,
  withAccounts,
  withAddresses,
  withDictionary,
  withWorkspaceName,
} from '../store/index.js';
import type { EngineContext } from './engine-context.js';
import { createLoop, type Loop } from './loop.js';
import { sizeCause, tooLargeNotice } from './notices.js';

/** The longest list read here (pages of `pageSize`). */
const MAX_LIST_PAGES = 10_000;

export type ReferenceName = 'networks' | 'assets' | 'symbols' | 'accounts' | 'addresses' | 'workspace';

export interface ReferenceLoads {
  readonly lists: Readonly<Record<ReferenceName, Loop>>;
  readonly prices: Loop;
}

export function createReferenceLoads(
  ctx: EngineContext,
  o: { pageSize: number; pricePollMs: number },
): ReferenceLoads {
  const { api, stores, now, write } = ctx;

  /**
   * Every page of a list that pages by limit/offset. A record too large even alone ends it with
   * what came before (said in a notice); the list is not asked again until `r`.
   */
  async function readAll<T>(
    what: string,
    noun: string,
    read: (limit: number, offset: number) => Promise<T[]>,
  ): Promise<T[]> {
    const pages = await readPages(read, { pageSize: o.pageSize, maxItems: o.pageSize * MAX_LIST_PAGES });
    if (pages.refused !== undefined) ctx.notify(tooLargeNotice(what, pages.items.length, noun, pages.refused));
    else ctx.clear([sizeCause(what)]);
    return pages.items;
  }

  /** A load until it succeeds (or stop()): a failure is a notice and a retry with backoff. */
  function loop(what: string, load: () => Promise<void>, everyMs?: number): Loop {
    return createLoop({
      run: async () => {
        await load();
        if (!ctx.stopped()) ctx.answered(what);
      },
      timers: ctx.timers,
      retryBaseMs: ctx.retryBaseMs,
      retryMaxMs: ctx.retryMaxMs,
      ...(everyMs === undefined ? {} : { everyMs: () => everyMs }),
      onError: (err) => ctx.failed(err, what),
    });
  }

  const lists: Record<ReferenceName, Loop> = {
    networks: loop('loading networks', async () => {
      const networks = await api.dictionary.networks();
      write(stores.dictionary, (s) => withDictionary(s, { networks }, now()), 'networks');
    }),
    assets: loop('loading assets', async () => {
      const assets = await readAll('loading assets', 'assets', (limit, offset) =>
        api.dictionary.assets({ limit, offset }),
      );
      write(stores.dictionary, (s) => withDictionary(s, { assets }, now()), 'assets');
    }),
    symbols: loop('loading symbols', async () => {
      const symbols = await readAll('loading symbols', 'symbols', (limit, offset) =>
        api.dictionary.symbols({ limit, offset }),
      );
      write(stores.dictionary, (s) => withDictionary(s, { symbols }, now()), 'symbols');
    }),
    accounts: loop('loading accounts', async () => {
      const accounts = await readAll('loading accounts', 'accounts', (limit, offset) =>
        api.accounts.list({ limit, offset }),
      );
      write(stores.workspace, (s) => withAccounts(s, accounts, now()), 'accounts');
    }),
    addresses: loop('loading addresses', async () => {
      const addresses = await readAll('loading addresses', 'addresses', (limit, offset) =>
        api.addresses.list({ limit, offset }),
      );
      write(stores.workspace, (s) => withAddresses(s, addresses, now()), 'addresses');
    }),
    workspace: loop('reading the workspace', async () => {
      const workspace = await api.workspaces.get();
      ctx.setSession((s) => withWorkspaceName(s, workspace.name));
    }),
  };

  // Prices: their own poller, their own slice (a tick never wakes the transactions slice).
  const prices = loop(
    'polling prices',
    async () => {
      const answer = await api.dictionary.symbolPrices();
      write(stores.prices, (s) => applyPrices(s, answer, now()), 'prices');
    },
    o.pricePollMs,
  );

  return { lists, prices };
}
