// Reading a whole transactions list page by page by key, against a real sandbox: everything once
// and in order, a total cap, oldest first, ties at one millisecond across page edges, 503s that
// the client's own retries ride out, and a server that stays down (the error says where it stopped).
import { beforeAll, describe, expect, it } from 'vitest';
import { PagesStoppedError, readPages } from '../../src/commands/page-reader.js';
import type { TransactionsListQuery } from '../../src/client/index.js';
import type { Transaction } from '../../src/contract/index.js';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const TIES = 250;
let fx: SandboxFixture;
let tieAt: string;

beforeAll(async () => {
  fx = await startTestSandbox({ history: 1500 });
  // The manual clock stands still: every transaction made now shares one createdAt, a run longer
  // than two pages of 100: two pages lie wholly within it and the third starts inside it.
  const world = fx.sandbox.world;
  const accountId = world.accounts()[0]!.accountId;
  const actor = world.members[0]!.userId;
  for (let i = 0; i < TIES; i++) {
    const made = world.create(
      { accountId, externalId: `tie-${i}`, transactionType: 'withdrawal', params: { assetId: '1', amount: '0.0001', toAddress: BTC_ADDRESS } },
      actor,
    );
    if (!made.ok) throw new Error(`create: ${made.message}`);
  }
  tieAt = world.transactions({ limit: '1' })[0]!.createdAt;
});

async function readAll(query: TransactionsListQuery, opts: Parameters<typeof readPages>[2] = {}, api = fx.client()) {
  const pages: Transaction[][] = [];
  for await (const page of readPages(api, query, opts)) pages.push(page);
  return pages;
}

const ids = (pages: Transaction[][]) => pages.flat().map((t) => t.transactionId);
/** One big read, straight from the world (the server's order). */
const truth = (q: Record<string, string | string[]> = {}) => fx.sandbox.world.transactions({ limit: '100000', ...q }).map((t) => t.transactionId);

describe('readPages', () => {
  it('the ties are there: one createdAt for more than a page', () => {
    expect(fx.sandbox.world.transactions({ limit: '100000' }).filter((t) => t.createdAt === tieAt).length).toBe(TIES);
  });

  it('reads everything, newest first, in pages of 100: the same ids in the same order as one big read', async () => {
    const progress: [number, number][] = [];
    const pages = await readAll({}, { pageSize: 100, onProgress: (rows, page) => progress.push([rows, page]) });
    const all = truth();
    expect(all.length).toBeGreaterThan(1500);
    expect(ids(pages)).toEqual(all);
    expect(new Set(ids(pages)).size).toBe(all.length);
    expect(pages.every((p) => p.length <= 100)).toBe(true);
    expect(progress.at(-1)).toEqual([all.length, pages.length]);
  });

  it('never asks a growing offset: only the ties of the last key', async () => {
    const targets: string[] = [];
    const api = fx.client('full-access', { fetch: (url, init) => (targets.push(String(url)), fetch(url, init)) });
    await readAll({}, { pageSize: 100 }, api);
    const offsets = targets.map((u) => Number(new URL(u).searchParams.get('offset') ?? 0));
    expect(Math.max(...offsets)).toBeLessThanOrEqual(TIES);
    expect(offsets.some((o) => o > 0)).toBe(true); // the run of ties was stepped over by offset
  });

  it('oldest first returns the reverse order', async () => {
    const pages = await readAll({ sortDirection: 'ASC' }, { pageSize: 100 });
    expect(ids(pages)).toEqual(truth().reverse());
  });

  it('by update time too, both ways', async () => {
    expect(ids(await readAll({ sortBy: 'updated' }, { pageSize: 100 }))).toEqual(truth({ sortBy: 'updated' }));
    expect(ids(await readAll({ sortBy: 'updated', sortDirection: 'ASC' }, { pageSize: 100 }))).toEqual(truth({ sortBy: 'updated', sortDirection: 'ASC' }));
  });

  it('a limit of 250 stops at 250 (the first 250), asking no more than it needs', async () => {
    const targets: string[] = [];
    const api = fx.client('full-access', { fetch: (url, init) => (targets.push(String(url)), fetch(url, init)) });
    const pages = await readAll({}, { pageSize: 100, limit: 250 }, api);
    expect(ids(pages)).toEqual(truth().slice(0, 250));
    expect(targets.map((u) => new URL(u).searchParams.get('limit'))).toEqual(['100', '100', '50']);
  });

  it('keeps the query\'s filters and its own time bound', async () => {
    const to = fx.sandbox.world.transactions({ limit: '100000' })[700]!.createdAt;
    const q = { transactionStatuses: ['completed'], createdAtTo: to };
    const pages = await readAll(q, { pageSize: 100 });
    expect(ids(pages)).toEqual(truth({ transactionStatuses: ['completed'], createdAtTo: to }));
    expect(pages.flat().every((t) => t.status === 'completed' && BigInt(t.createdAt) <= BigInt(to))).toBe(true);
  });

  it('a server that answers 503 twice, then works, still gives everything (the client retries)', async () => {
    let calls = 0;
    const api = fx.client('full-access', {
      retry: { limit: 3, baseDelayMs: 1, maxDelayMs: 5 },
      fetch: (url, init) => {
        calls++;
        if (calls === 3 || calls === 4) {
          return Promise.resolve(new Response('{"error":"unavailable","message":"try later"}', { status: 503, headers: { 'content-type': 'application/json' } }));
        }
        return fetch(url, init);
      },
    });
    const pages = await readAll({}, { pageSize: 100 }, api);
    expect(ids(pages)).toEqual(truth());
    expect(calls).toBeGreaterThan(pages.length);
  });

  it('a server that keeps failing: the error says where it stopped', async () => {
    let calls = 0;
    const api = fx.client('full-access', {
      retry: { limit: 2, baseDelayMs: 1, maxDelayMs: 5 },
      fetch: (url, init) => {
        calls++;
        if (calls <= 3) return fetch(url, init);
        return Promise.resolve(new Response('{"error":"unavailable","message":"down"}', { status: 503, headers: { 'content-type': 'application/json' } }));
      },
    });
    const seen: Transaction[] = [];
    const err = await (async () => {
      for await (const page of readPages(api, {}, { pageSize: 100 })) seen.push(...page);
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PagesStoppedError);
    const stop = (err as PagesStoppedError).stop;
    const last = seen.at(-1)!;
    expect(seen.length).toBe(300);
    expect(stop).toMatchObject({ rows: 300, field: 'createdAt', lastKey: last.createdAt, newestFirst: true, aborted: false });
    expect(stop.lastKeyIso).toBe(new Date(Number(last.createdAt)).toISOString());
    expect(stop.rowsAtLastKey).toBe(seen.filter((t) => t.createdAt === last.createdAt).length);
    expect((err as Error).message).toContain(stop.lastKeyIso!);
    expect((err as Error).message).toMatch(/503/);
    expect((err as Error).message).toMatch(/300 rows/);
  });

  it('an aborted signal stops it with where it was', async () => {
    const stop = new AbortController();
    const seen: Transaction[] = [];
    const err = await (async () => {
      for await (const page of readPages(fx.client(), {}, { pageSize: 100, signal: stop.signal })) {
        seen.push(...page);
        stop.abort();
      }
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PagesStoppedError);
    expect((err as PagesStoppedError).stop).toMatchObject({ rows: 100, aborted: true, lastKey: seen.at(-1)!.createdAt });
  });

  it('an empty range ends at once', async () => {
    expect(await readAll({ createdAtTo: '1' })).toEqual([]);
  });
});
