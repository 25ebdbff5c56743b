// GET /workspaces/{ws}/balances and /balances/{balanceId} against a real sandbox: the OpenAPI's
// filters, nonEmpty's default, paging, updatedSince, the roles of the OpenAPI's permission list,
// and the balances after a minute of a living world equal to the replay of every transaction
// read through GET /transactions (every answer also passes the fixture's conformance tap).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Balance, Transaction } from '../../src/contract/index.js';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';
import { balanceMismatches, pairKey, pairsOf } from './balance-replay.js';

let fx: SandboxFixture;
const ws = () => `/workspaces/${fx.workspaceId}`;

async function getBalances(query = ''): Promise<Balance[]> {
  const res = await fx.fetch('GET', `${ws()}/balances${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json.balances as Balance[];
}

async function allTransactions(): Promise<Transaction[]> {
  const out: Transaction[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await fx.client().transactions.list({ includeEvents: true, limit: 1000, offset });
    out.push(...page);
    if (page.length < 1000) return out;
  }
}

describe('balances of a still world', () => {
  let everything: Balance[];

  beforeAll(async () => {
    fx = await startTestSandbox({ seed: 5, history: 500 });
    everything = await getBalances('?nonEmpty=false');
  });
  afterAll(() => fx.close());

  it('lists every account and asset once, each also readable by its id, as the replay says', async () => {
    expect(everything.length).toBeGreaterThan(50);
    expect(new Set(everything.map((b) => b.balanceId)).size).toBe(everything.length);
    expect(new Set(everything.map((b) => pairKey(b.accountId, b.assetId))).size).toBe(everything.length);
    expect(balanceMismatches(everything, await allTransactions())).toEqual([]);
    for (const b of everything.slice(0, 12)) expect(await fx.client().balances.get(b.balanceId)).toEqual(b);
    const missing = await fx.fetch('GET', `${ws()}/balances/nosuchbalance00000000000`);
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('not-found');
  });

  it('nonEmpty defaults to true only when no account, asset or balance is named', async () => {
    const empty = everything.filter((b) => b.totalBalance === '0');
    expect(empty.length).toBeGreaterThan(0);
    const zero = empty[0]!;
    const ids = (list: Balance[]) => list.map((b) => b.balanceId);
    expect(ids(await getBalances())).toEqual(ids(everything.filter((b) => b.totalBalance !== '0')));
    expect(ids(await getBalances('?nonEmpty=true'))).toEqual(ids(await getBalances()));
    const named = [`?accountId=${zero.accountId}`, `?assetId=${zero.assetId}`, `?balanceIds=${zero.balanceId}`];
    for (const query of named) {
      expect(ids(await getBalances(query))).toContain(zero.balanceId);
      expect(ids(await getBalances(`${query}&nonEmpty=TRUE`))).not.toContain(zero.balanceId);
    }
    // A network or an exclusion names no account, asset or balance: the default stays true.
    expect(ids(await getBalances(`?networkId=${zero.networkId}`))).not.toContain(zero.balanceId);
  });

  it('filters as the OpenAPI lists them, one AND many narrowing the same field', async () => {
    const [a, b] = [...new Set(everything.map((x) => x.accountId))];
    const eth = everything.filter((x) => x.networkId === 'ETH');
    const cases: [string, (x: Balance) => boolean][] = [
      [`accountId=${a}`, (x) => x.accountId === a],
      [`accountIds=${a},${b}`, (x) => x.accountId === a || x.accountId === b],
      [`accountId=${a}&accountIds=${b}`, () => false],
      [`accountId=${a}&accountIds=${a},${b}`, (x) => x.accountId === a],
      [`balanceIds=${eth[0]!.balanceId},${eth[1]!.balanceId}`, (x) => x === eth[0] || x === eth[1]],
      ['assetId=2', (x) => x.assetId === '2'],
      ['assetIds=1,11,12', (x) => ['1', '11', '12'].includes(x.assetId)],
      ['assetNotIn=1,2,11', (x) => !['1', '2', '11'].includes(x.assetId)],
      ['networkId=ETH', (x) => x.networkId === 'ETH'],
      ['networkIds=TRX,SOL', (x) => x.networkId === 'TRX' || x.networkId === 'SOL'],
      ['accountTypes=vault', () => true],
      ['excludedAccountTypes=vault', () => false],
      [
        `accountId=${a}&assetNotIn=2&networkIds=ETH`,
        (x) => x.accountId === a && x.assetId !== '2' && x.networkId === 'ETH',
      ],
    ];
    for (const [query, keep] of cases) {
      const got = await getBalances(`?${query}&nonEmpty=false`);
      expect(got.map((x) => x.balanceId), query).toEqual(everything.filter(keep).map((x) => x.balanceId));
    }
  });

  it('pages with limit and offset (default 1000, at most 1000)', async () => {
    const pages: Balance[] = [];
    for (let offset = 0; offset < everything.length + 7; offset += 7)
      pages.push(...(await getBalances(`?nonEmpty=false&limit=7&offset=${offset}`)));
    expect(pages).toEqual(everything);
    expect(await getBalances('?nonEmpty=false&limit=0')).toEqual([]);
    expect(await getBalances(`?nonEmpty=false&offset=${everything.length}`)).toEqual([]);
    expect((await getBalances('?nonEmpty=false&limit=1000')).length).toBe(everything.length);
    const tooMany = await fx.fetch('GET', `${ws()}/balances?limit=1001`);
    expect(tooMany.status).toBe(400);
  });

  it('refuses what it cannot read with 400, naming the parameter', async () => {
    for (const query of ['nonEmpty=maybe', 'updatedSince=yesterday', 'limit=-1', 'zzUnknown=1']) {
      const res = await fx.fetch('GET', `${ws()}/balances?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.message, query).toMatch(new RegExp(query.split('=')[0]!));
    }
    expect((await fx.fetch('GET', `${ws()}/balances/${everything[0]!.balanceId}?x=1`)).status).toBe(400);
    // An empty list is no filter.
    expect((await getBalances('?accountTypes=&nonEmpty=false')).length).toBe(everything.length);
  });

  it('the roles of the OpenAPI: view-only, transaction-operator and full-access; not a signer', async () => {
    const target = `${ws()}/balances/${everything[0]!.balanceId}`;
    for (const role of ['view-only', 'transaction-operator', 'full-access'] as const) {
      expect((await fx.fetch('GET', `${ws()}/balances`, { role })).status, role).toBe(200);
      expect((await fx.fetch('GET', target, { role })).status, role).toBe(200);
    }
    for (const path of [`${ws()}/balances`, target]) {
      const res = await fx.fetch('GET', path, { role: 'mpc-hot-signer' });
      expect(res.status).toBe(403);
      expect(res.json.error).toBe('forbidden');
    }
    expect((await fx.fetch('GET', '/workspaces/otherworkspace000000000000/balances')).status).toBe(403);
  });
});

describe('balances of a living world', () => {
  beforeAll(async () => {
    fx = await startTestSandbox({ seed: 9, history: 400, generator: true });
  });
  afterAll(() => fx.close());

  it('after a minute of world time: the replay of the transactions; updatedSince returns what moved', async () => {
    const before = await getBalances('?nonEmpty=false');
    const cursor = Math.max(...before.map((b) => Number(b.updatedAt)));
    const start = fx.clock!.now();
    for (let s = 0; s < 60; s++) {
      fx.advance(1000);
      await fx.fetch('GET', `${ws()}/balances?limit=1`);
    }
    const after = await getBalances('?nonEmpty=false');
    const txs = await allTransactions();
    // Something finished in that minute, so a completion not applied would show.
    const finished = txs.filter((t) => Number(t.terminatedAt) > start && t.status === 'completed');
    expect(finished.length).toBeGreaterThan(3);
    expect(balanceMismatches(after, txs)).toEqual([]);

    const old = new Map(before.map((b) => [b.balanceId, b]));
    const moved = after.filter((b) => {
      const o = old.get(b.balanceId);
      if (o === undefined) return true;
      return o.totalBalance !== b.totalBalance || o.withdrawableBalance !== b.withdrawableBalance;
    });
    expect(moved.length).toBeGreaterThan(0);
    const since = await getBalances(`?updatedSince=${cursor}&nonEmpty=false`);
    const sinceIds = new Set(since.map((b) => b.balanceId));
    for (const b of moved) expect(sinceIds.has(b.balanceId), b.balanceId).toBe(true);
    // ... and nothing no transaction of that minute could have moved.
    const touched = new Set(txs.filter((t) => Number(t.updatedAt) > cursor).flatMap((t) => [...pairsOf(t)]));
    for (const b of since) {
      if (Number(b.updatedAt) === cursor) continue;
      expect(touched.has(pairKey(b.accountId, b.assetId)), b.balanceId).toBe(true);
      expect(Number(b.updatedAt)).toBeGreaterThanOrEqual(cursor);
    }
    expect(since.length).toBeLessThan(after.length);
  });

  it('a withdrawal over HTTP holds its amount at once; one above what may be withdrawn is a 409', async () => {
    const hot = (await fx.client().accounts.list()).find((a) => a.accountName === 'Trading')!;
    const [usdt] = await getBalances(`?accountId=${hot.accountId}&assetId=11`);
    const post = (amount: string, externalId: string) =>
      fx.fetch('POST', `${ws()}/transactions`, {
        body: JSON.stringify({
          accountId: hot.accountId,
          externalId,
          transactionType: 'withdrawal',
          params: { assetId: '11', amount, toAddress: '0x742d35cc6634c0532925a3b844bc454e4438f44e' },
        }),
      });
    const free = Number(usdt!.withdrawableBalance);
    const refused = await post(String(Math.ceil(free) + 1), 'balances-too-much');
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: 'conflict' });
    expect(refused.json.message).toMatch(
      /^insufficient funds: account "Trading" can withdraw [\d.]+ USDT on ETH; this withdrawal needs \d+ USDT$/,
    );
    const created = await post('1500', 'balances-ok');
    expect(created.status, created.text).toBe(201);
    const [held] = await getBalances(`?balanceIds=${usdt!.balanceId}`);
    expect(Number(held!.withdrawableBalance)).toBeLessThanOrEqual(free - 1500 + 0.000001);
    expect(Number(held!.updatedAt)).toBeGreaterThanOrEqual(Number(created.json.createdAt));
  });
});
