// Members, address book, limits and balances loaded by the live engine from a real sandbox: the
// directory and the balances fill at start and match the server; a role refused a list (403) falls
// back with ONE notice and stops asking until `r`; a failing list says so, retries with backoff and
// its notice clears when it reads again; balances are read again soon after a transaction completes
// and polled with `updatedSince`; the member the key acts as is learned from its own actions.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryAuditLog } from '../../src/config/index.js';
import type { Balance } from '../../src/contract/index.js';
import { namesDestination } from '../../src/live/directory-loads.js';
import type { Notice } from '../../src/store/index.js';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';
import { startTamperProxy, type TamperProxy } from './http-tamper.js';
import { createInWorld, type Engine, engineOn, sleep, withdrawal } from './helpers.js';

let fx: SandboxFixture;
let proxy: TamperProxy;

beforeAll(async () => {
  fx = await startTestSandbox({ history: 200 });
  proxy = await startTamperProxy(fx.sandbox.port);
});
afterEach(() => {
  proxy.setTamper(undefined);
});
afterAll(async () => {
  await proxy.close();
  await fx.close();
});

const notices = (e: Engine) => e.stores.session.getState().notices;
const messages = (e: Engine) => e.stores.session.getState().messages;
const keyed = (list: readonly Notice[], key: string) => list.filter((n) => n.key === key);
const dir = (e: Engine) => e.stores.directory.getState();
const bal = (e: Engine) => e.stores.balances.getState();
const directoryLoaded = (e: Engine) =>
  dir(e).membersState === 'loaded' && dir(e).bookState === 'loaded' && dir(e).limitsState === 'loaded';
/** Requests the proxy forwarded to one endpoint (by the end of the path). */
const asked = (suffix: string) => proxy.exchanges.filter((x) => x.path.endsWith(suffix)).length;

async function allBalances(nonEmpty?: boolean): Promise<Balance[]> {
  const out: Balance[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await fx.client().balances.list({ limit: 1000, offset, ...(nonEmpty === undefined ? {} : { nonEmpty }) });
    out.push(...page);
    if (page.length < 1000) return out;
  }
}

const view = (b: Balance) => `${b.accountId}/${b.assetId} ${b.totalBalance} ${b.withdrawableBalance} @${b.updatedAt}`;

describe('at start', () => {
  it('members (with names), the address book, the limits and the balances match the server', async () => {
    const engine = engineOn(fx);
    await engine.live.start();
    await waitUntil(() => directoryLoaded(engine) && bal(engine).state === 'loaded', 8_000, 'the reference lists');
    const api = fx.client();
    const members = await api.members.list({ includeUsersProfiles: true, limit: 200 });
    expect(members.length).toBeGreaterThan(0);
    expect([...dir(engine).members.keys()].sort()).toEqual(members.map((m) => m.userId).sort());
    // Profiles were asked for: every member the server names has its name in the store.
    for (const m of members) {
      expect(dir(engine).members.get(m.userId)?.embedded?.profile?.name).toBe(m.embedded?.profile?.name);
    }
    const records = (await api.addressBook.list({ limit: 500 })).filter(namesDestination);
    expect(dir(engine).book.map((r) => r.recordId).sort()).toEqual(records.map((r) => r.recordId).sort());
    const limits = await api.limits.list({ limit: 100 });
    expect([...dir(engine).limits.keys()].sort()).toEqual(limits.map((l) => l.limitId).sort());

    const truth = await allBalances();
    expect([...bal(engine).byId.values()].map(view).sort()).toEqual(truth.map(view).sort());
    expect(bal(engine).cursor).toBe(Math.max(...truth.map((b) => Number(b.updatedAt))));
    expect(notices(engine).filter((n) => n.key?.startsWith('forbidden:'))).toEqual([]);
  });

  it('small pages are read whole', async () => {
    const engine = engineOn(fx, { live: { pageSize: 2 } });
    await engine.live.start();
    await waitUntil(() => directoryLoaded(engine) && bal(engine).state === 'loaded', 15_000, 'the reference lists');
    const members = await fx.client().members.list({ limit: 200 });
    expect(dir(engine).members.size).toBe(members.length);
    expect(bal(engine).byId.size).toBe((await allBalances()).length);
  });
});

describe('a role refused a list (403)', () => {
  it('members: ids, one notice, no more asking until r', async () => {
    proxy.setTamper((x) =>
      x.path.endsWith('/members')
        ? { kind: 'replace', status: 403, body: JSON.stringify({ error: 'forbidden', message: 'role x cannot read members' }) }
        : { kind: 'pass' },
    );
    const before = asked('/members');
    const engine = engineOn(fx, {
      client: { baseUrl: proxy.baseUrl },
      realtime: { baseUrl: fx.baseUrl },
      live: { directoryEveryMs: 100 },
    });
    await engine.live.start();
    await waitUntil(() => dir(engine).membersState === 'forbidden', 5_000, 'members forbidden');
    await waitUntil(() => dir(engine).bookState === 'loaded' && dir(engine).limitsState === 'loaded', 5_000, 'the rest');
    // The others go on being read every 100 ms; members are not asked again.
    const books = asked('/address-book-records');
    await waitUntil(() => asked('/address-book-records') >= books + 3, 5_000, 'the book read again');
    expect(asked('/members')).toBe(before + 1);
    const said = keyed(messages(engine), 'forbidden:loading members');
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ level: 'warn', count: 1 });
    expect(said[0]!.text).toBe("members: this key's role cannot read them; user ids shown instead of names");
    expect(said[0]!.detail).toContain('role x cannot read members');
    // Not a failure: no "retrying" notice of the read.
    expect(notices(engine).some((n) => n.cause === 'read:loading members')).toBe(false);

    // `r` asks once more; still refused: nothing said again.
    engine.live.refresh('directory');
    await waitUntil(() => asked('/members') === before + 2, 5_000, 'members asked on r');
    await sleep(300);
    expect(asked('/members')).toBe(before + 2);
    expect(keyed(messages(engine), 'forbidden:loading members')).toHaveLength(1);
    expect(keyed(messages(engine), 'forbidden:loading members')[0]!.count).toBe(1);

    // The role was changed on the server: `r` reads them, and they are read every period again.
    proxy.setTamper(undefined);
    engine.live.refresh('transactions');
    await waitUntil(() => dir(engine).membersState === 'loaded' && dir(engine).members.size > 0, 5_000, 'members read');
    const now = asked('/members');
    await waitUntil(() => asked('/members') >= now + 2, 5_000, 'members read every period again');
  });

  it('a key whose role reads none of them (mpc-hot-signer): balances forbidden, one notice', async () => {
    const engine = engineOn(fx, { role: 'mpc-hot-signer', live: { balancesPollMs: 100 } });
    await engine.live.start();
    await waitUntil(() => bal(engine).state === 'forbidden', 5_000, 'balances forbidden');
    await sleep(400);
    expect(keyed(messages(engine), 'forbidden:loading balances')).toHaveLength(1);
    expect(keyed(messages(engine), 'forbidden:loading balances')[0]!.text).toBe(
      "balances: this key's role cannot read them; no balances or USD totals",
    );
    expect(bal(engine).byId.size).toBe(0);
    // Nothing polled after the refusal.
    const balanceReads = engine.requests.filter((r) => r.path.endsWith('/balances'));
    expect(balanceReads).toHaveLength(1);
  });
});

describe('a failing list', () => {
  it('is marked failed with a notice, retried with backoff, and the notice clears when it reads', async () => {
    let failing = true;
    proxy.setTamper((x) =>
      failing && x.path.endsWith('/transaction-limits')
        ? { kind: 'replace', status: 500, body: JSON.stringify({ error: 'internal', message: 'boom' }) }
        : { kind: 'pass' },
    );
    const before = asked('/transaction-limits');
    // A long period: only the backoff (100 ms, doubling) can bring the retries.
    const engine = engineOn(fx, {
      client: { baseUrl: proxy.baseUrl },
      realtime: { baseUrl: fx.baseUrl },
      live: { directoryEveryMs: 600_000 },
    });
    await engine.live.start();
    await waitUntil(() => dir(engine).limitsState === 'failed', 5_000, 'limits failed');
    await waitUntil(() => asked('/transaction-limits') >= before + 3, 5_000, 'retried');
    const failure = notices(engine).find((n) => n.cause === 'read:loading transaction limits');
    expect(failure?.text).toMatch(/^loading transaction limits: /);
    failing = false;
    await waitUntil(() => dir(engine).limitsState === 'loaded', 5_000, 'limits loaded');
    await waitUntil(() => !notices(engine).some((n) => n.cause === 'read:loading transaction limits'), 2_000, 'cleared');
    expect(dir(engine).limits.size).toBeGreaterThan(0);
  });
});

describe('balances stay current', () => {
  it('are read again soon after the feed shows a transaction complete', async () => {
    // No poll within the test: only a read the feed set off can bring the store up to date.
    const engine = engineOn(fx, { live: { balancesPollMs: 600_000, balancesSettleMs: 1_000 } });
    await engine.live.start();
    await waitUntil(() => bal(engine).state === 'loaded', 5_000, 'balances');
    await waitUntil(() => engine.stores.session.getState().connection.kind === 'live', 5_000, 'live');
    const reads = () => engine.requests.filter((r) => r.path.endsWith('/balances')).length;
    const first = reads();
    const [id] = await createInWorld(fx, 1);
    // A new withdrawal holds part of the balance: a read follows its arrival too.
    await waitUntil(() => engine.stores.transactions.getState().byId.has(id!), 5_000, 'the new withdrawal');
    await waitUntil(() => reads() > first, 5_000, 'a balances read after the arrival');
    await sleep(1_500);
    let atCompletion: number | undefined;
    const unsubscribe = engine.stores.transactions.subscribe((s) => {
      if (atCompletion === undefined && s.byId.get(id!)?.status === 'completed') atCompletion = reads();
    });
    try {
      for (let i = 0; i < 60; i++) {
        fx.advance(60_000);
        if ((await fx.client().transactions.get(id!)).status === 'completed') break;
      }
      expect((await fx.client().transactions.get(id!)).status).toBe('completed');
      await waitUntil(() => atCompletion !== undefined, 5_000, 'the completion seen live');
      // The completion itself set the read off (other transactions of the world move too).
      expect(engine.logs.some((l) => l.startsWith('balances: money moved') && l.includes(`${id} completed`))).toBe(true);
      await waitUntil(() => reads() > atCompletion!, 5_000, 'a balances read after the completion');
    } finally {
      unsubscribe();
    }
    const truth = (await allBalances(false)).filter((b) => bal(engine).byId.has(b.balanceId) || b.totalBalance !== '0');
    await waitUntil(
      () => JSON.stringify([...bal(engine).byId.values()].map(view).sort()) === JSON.stringify(truth.map(view).sort()),
      5_000,
      'the store to match the server',
    );
  });

  it('are polled with updatedSince (a little before the newest held) and nonEmpty=false', async () => {
    const engine = engineOn(fx, {
      client: { baseUrl: proxy.baseUrl },
      realtime: { baseUrl: fx.baseUrl },
      live: { balancesPollMs: 100 },
    });
    const before = proxy.exchanges.length;
    await engine.live.start();
    await waitUntil(() => bal(engine).state === 'loaded', 5_000, 'balances');
    const cursor = bal(engine).cursor!;
    await waitUntil(
      () => proxy.exchanges.slice(before).some((x) => x.url.includes('updatedSince=')),
      5_000,
      'a poll',
    );
    const poll = proxy.exchanges.slice(before).find((x) => x.url.includes('updatedSince='))!;
    const q = new URL(poll.url, 'http://x').searchParams;
    expect(Number(q.get('updatedSince'))).toBe(cursor - 2_000);
    expect(q.get('nonEmpty')).toBe('false');
    expect(bal(engine).state).toBe('loaded');
  });
});

describe('which member the key acts as', () => {
  it('is the one given (the demo knows its key)', async () => {
    const engine = engineOn(fx, { live: { selfUserId: 'u-given' } });
    await engine.live.start();
    await waitUntil(() => dir(engine).selfUserId === 'u-given', 5_000, 'self');
  });

  it('is learned from a transaction this console creates', async () => {
    const engine = engineOn(fx);
    await engine.live.start();
    const [account] = await fx.client().accounts.list({ statuses: ['active'], isTestnet: false });
    const outcome = await engine.live.create(withdrawal(account!.accountId, `self-${Date.now()}`) as never);
    expect(outcome.kind).toBe('done');
    const createdBy = outcome.kind === 'done' ? outcome.transaction.createdBy : undefined;
    expect(createdBy).toBeTruthy();
    expect(dir(engine).selfUserId).toBe(createdBy);
  });

  it('is learned from an approval this console makes: the one approver the answer gained', async () => {
    const engine = engineOn(fx);
    await engine.live.start();
    const owner = fx.sandbox.world.members[0]!.userId;
    const waiting = await fx.client().transactions.list({ transactionStatuses: ['waiting-approval'], limit: 100 });
    const tx = waiting.find((t) => t.extra?.approvers?.availableApprovers?.includes(owner) && !t.extra.approvers.approvedBy?.length);
    await waitUntil(() => engine.stores.transactions.getState().byId.has(tx!.transactionId), 5_000, 'the row held');
    expect(dir(engine).selfUserId).toBeUndefined();
    const outcome = await engine.live.decide('approve', tx!.transactionId);
    expect(outcome.kind).toBe('done');
    expect(dir(engine).selfUserId).toBe(owner);
  });

  it('is learned at start from this key’s earlier create in the audit log', async () => {
    const [account] = await fx.client().accounts.list({ statuses: ['active'], isTestnet: false });
    const { data: tx } = await fx.client().transactions.create(withdrawal(account!.accountId, `audit-${Date.now()}`) as never);
    const audit = createMemoryAuditLog();
    const kid = fx.keys['full-access'].kid;
    const line = { baseUrl: fx.baseUrl, workspaceId: fx.workspaceId, keyId: kid, result: tx.status };
    await audit.append({ ...line, time: new Date().toISOString(), action: 'create', transactionId: tx.transactionId });
    // Another key's create names someone else: not taken.
    await audit.append({ ...line, keyId: 'another-key', time: new Date().toISOString(), action: 'create', transactionId: 'tx-x' });
    const engine = engineOn(fx, { live: { audit } });
    engine.stores.session.setState((s) => ({ ...s, keyId: kid }));
    await engine.live.start();
    await waitUntil(() => dir(engine).selfUserId !== undefined, 5_000, 'self learned');
    expect(dir(engine).selfUserId).toBe(tx.createdBy);
  });
});
