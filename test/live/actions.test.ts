// The write actions against a real sandbox over real HTTP: decline and approve with their 409,
// 403 and network outcomes, the in-flight guard, the audit line of every attempt, the swap route
// and the create that follows a quote (idempotent by externalId, refused after expiry).
import fs from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClientOptions, createApiClient, NetworkError } from '../../src/client/index.js';
import {
  type AuditEntry,
  type AuditLog,
  createMemoryAuditLog,
  openAuditLog,
  type StoredAuditEntry,
  verifyAuditLog,
  withoutLink,
} from '../../src/config/index.js';
import type { Transaction } from '../../src/contract/index.js';
import { createWriteActions } from '../../src/live/actions.js';
import { surelyNotSent } from '../../src/live/outcome-words.js';
import type { LiveOptions } from '../../src/live/index.js';
import type { Role } from '../../src/sandbox/index.js';
import { createStores } from '../../src/store/index.js';
import { makeTestKey } from '../helpers/api-key.js';
import { startHttpServer, type TestServer } from '../helpers/http-server.js';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';
import { tx } from '../store/helpers.js';
import { type Engine, type EngineOptions, engineOn, startGate } from './helpers.js';

let fx: SandboxFixture;
let dir: string;
let accountId: string;
/** Waiting-approval transactions not yet used by a test (each test declines or approves its own). */
let waiting: Transaction[];
/** Any transaction, for tests that change nothing (a 403 is refused before the record is looked at). */
let settled: Transaction;

beforeAll(async () => {
  fx = await startTestSandbox();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'custody-actions-'));
  const [account] = await fx.client().accounts.list({ statuses: ['active'], isTestnet: false });
  accountId = account!.accountId;
  waiting = await fx.client().transactions.list({ transactionStatuses: ['waiting-approval'], limit: 100 });
  expect(waiting.length).toBeGreaterThanOrEqual(6);
  const done = await fx.client().transactions.list({ transactionStatuses: ['completed'], limit: 1 });
  settled = done[0]!;
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

let logs = 0;
let current: { engine: Engine; audit: AuditLog; file: string } | undefined;
afterEach(() => {
  current = undefined;
});

/** An engine (not started) with a fresh audit log and a session that knows who acts. */
function setup(role: Role = 'full-access', o: EngineOptions = {}, on: SandboxFixture = fx) {
  const file = path.join(dir, `audit-${logs++}`, 'audit.jsonl');
  const audit = openAuditLog(file);
  const engine = engineOn(on, { role, ...o, live: { audit, ...o.live } });
  engine.stores.session.setState((s) => ({ ...s, keyId: on.keys[role].kid, setup: { origin: 'profile', profile: 'ops', host: 'sandbox' } }));
  current = { engine, audit, file };
  return current;
}

function nextWaiting(): Transaction {
  const tx = waiting.shift();
  if (tx === undefined) throw new Error('the seed ran out of waiting-approval transactions');
  return tx;
}


/** The entries of the log's lines, without their chain links (test/config checks those). */
async function lines(file: string): Promise<AuditEntry[]> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => withoutLink(JSON.parse(l) as StoredAuditEntry));
}

const posts = (engine: Engine, action: string) =>
  engine.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/${action}`));

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('decline', () => {
  it('happy path: the server cancels it, the row shows it at once, one audit line says so', async () => {
    const { engine, file } = setup();
    const tx = nextWaiting();
    const outcome = await engine.live.decide('decline', tx.transactionId, { reason: 'destination looks wrong' });
    expect(outcome).toMatchObject({ kind: 'done', transaction: { transactionId: tx.transactionId, status: 'canceled' } });
    const correlationId = (outcome as { correlationId?: string }).correlationId;
    expect(correlationId).toMatch(/^[\w-]{8,64}$/);
    expect(engine.stores.transactions.getState().byId.get(tx.transactionId)?.status).toBe('canceled');
    expect((await fx.client().transactions.get(tx.transactionId)).status).toBe('canceled');

    const entries = await lines(file);
    expect(entries).toEqual([
      {
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        setup: 'profile',
        profile: 'ops',
        baseUrl: fx.baseUrl,
        workspaceId: fx.workspaceId,
        keyId: fx.keys['full-access'].kid,
        action: 'decline',
        transactionId: tx.transactionId,
        // What it was on, as the server answered: what an auditor asks first.
        transactionType: tx.transactionType,
        amount: tx.params?.amount,
        assetId: tx.params?.assetId,
        toAddress: tx.params?.toAddress,
        reason: 'destination looks wrong',
        result: 'canceled',
        correlationId,
      },
    ]);
    expect(entries[0]).toMatchObject({ amount: expect.stringMatching(/^\d+(\.\d+)?$/), toAddress: expect.any(String) });
    const text = await fs.readFile(file, 'utf8');
    expect(text).not.toContain(fx.keys['full-access'].jwk.d);
    expect(text).not.toMatch(/eyJ|ApiKey/);
    // The detail's audit section has it too.
    expect(engine.stores.audit.getState().byTx.get(tx.transactionId)).toEqual([
      expect.objectContaining({ action: 'decline', result: 'canceled', keyId: fx.keys['full-access'].kid }),
    ]);
  });

  it('a double call sends one request: the second answers duplicate and writes no line', async () => {
    const { engine, file } = setup();
    const tx = nextWaiting();
    const [first, second] = await Promise.all([
      engine.live.decide('decline', tx.transactionId, { reason: 'x' }),
      engine.live.decide('decline', tx.transactionId, { reason: 'x' }),
    ]);
    expect(first.kind).toBe('done');
    expect(second).toEqual({ kind: 'duplicate' });
    expect(posts(engine, 'decline')).toHaveLength(1);
    expect(await lines(file)).toHaveLength(1);
  });

  it('409 (declined already): conflict, the row refreshed to its real status, result conflict', async () => {
    const { engine, file } = setup();
    const tx = nextWaiting();
    // Someone else declines first; this console still shows it waiting.
    await fx.client('transaction-operator').transactions.decide('decline', tx.transactionId, { reason: 'first' });
    engine.stores.transactions.setState((s) => ({ ...s, byId: new Map([[tx.transactionId, tx]]) }));
    const outcome = await engine.live.decide('decline', tx.transactionId, { reason: 'second' });
    expect(outcome).toMatchObject({ kind: 'conflict', status: 'canceled' });
    expect((outcome as { message: string }).message).toBe('it is now canceled, no longer waiting for approval');
    expect(engine.stores.transactions.getState().byId.get(tx.transactionId)?.status).toBe('canceled');
    expect(engine.requests.filter((r) => r.method === 'GET' && r.path.endsWith(tx.transactionId))).toHaveLength(1);
    const [entry] = await lines(file);
    expect(entry).toMatchObject({ action: 'decline', transactionId: tx.transactionId, result: 'conflict', reason: 'second' });
    expect(entry!.correlationId).toBeTruthy();
  });

  it('403 (a view-only key): forbidden, the action is hidden for the session, result forbidden', async () => {
    const { engine, file } = setup('view-only');
    const tx = waiting[0]!; // left waiting: the 403 changes nothing
    const outcome = await engine.live.decide('decline', tx.transactionId);
    expect(outcome.kind).toBe('forbidden');
    expect((outcome as { message: string }).message).toMatch(/^the server refused this key \(403: .+\); decline is hidden for the rest of this session$/);
    expect(engine.stores.session.getState().forbidden.has('decline')).toBe(true);
    expect(engine.stores.session.getState().forbidden.has('approve')).toBe(false);
    expect(await lines(file)).toEqual([expect.objectContaining({ action: 'decline', result: 'forbidden', keyId: fx.keys['view-only'].kid })]);
    expect((await lines(file))[0]).not.toHaveProperty('reason');
  });

  it('server unreachable (connection refused): network, nothing changed, one line', async () => {
    const port = await closedPort();
    const { engine, file } = setup('full-access', { client: { baseUrl: `http://127.0.0.1:${port}` } });
    const outcome = await engine.live.decide('decline', 'tx-anything', { reason: 'r' });
    expect(outcome).toMatchObject({ kind: 'network', changed: 'no' });
    expect((outcome as { message: string }).message).toMatch(/nothing was sent.*connection refused.*try again/);
    expect(await lines(file)).toEqual([expect.objectContaining({ action: 'decline', result: 'network' })]);
    // The client made a correlation id for it, but no server ever saw the request: an auditor
    // must not be sent looking for it there. Neither the line nor the outcome carries it.
    const err = await fx
      .client('full-access', { baseUrl: `http://127.0.0.1:${port}` })
      .transactions.decide('decline', 'tx-anything', { reason: 'r' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(surelyNotSent(err as NetworkError)).toBe(true);
    expect((err as NetworkError).correlationId).toMatch(/^[\w-]{8,64}$/);
    expect((await lines(file))[0]).not.toHaveProperty('correlationId');
    expect(outcome).not.toHaveProperty('correlationId');
  });

  it('the connection cut after sending: changed unknown, and the row is read again', async () => {
    const gate = await startGate(Number(new URL(fx.baseUrl).port));
    try {
      gate.setOpen(false);
      const { engine, file } = setup('full-access', { client: { baseUrl: gate.baseUrl } });
      const tx = settled;
      const outcome = await engine.live.decide('decline', tx.transactionId);
      expect(outcome).toMatchObject({ kind: 'network', changed: 'unknown' });
      expect((outcome as { message: string }).message).toMatch(/may or may not have been declined/);
      // The refresh was tried (through the same cut connection).
      expect(engine.requests.filter((r) => r.method === 'GET')).toHaveLength(1);
      // The request may have reached the server: its correlation id is what support looks for.
      expect(await lines(file)).toEqual([
        expect.objectContaining({ result: 'network', correlationId: expect.stringMatching(/^[\w-]{8,64}$/) as string }),
      ]);
    } finally {
      await gate.close();
    }
  });

  it('without an audit log the action still works and nothing is written', async () => {
    const engine = engineOn(fx);
    const tx = nextWaiting();
    expect((await engine.live.decide('decline', tx.transactionId)).kind).toBe('done');
    expect(engine.stores.audit.getState().byTx.size).toBe(0);
  });

  it('an audit log that cannot be written: the outcome still comes back, and an error notice says why', async () => {
    const { engine, file } = setup();
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, '', { mode: 0o644 });
    await fs.chmod(file, 0o644);
    const tx = nextWaiting();
    const outcome = await engine.live.decide('decline', tx.transactionId);
    expect(outcome.kind).toBe('done');
    const notice = engine.stores.session.getState().notices.find((n) => n.key === 'audit');
    expect(notice).toMatchObject({ level: 'error' });
    expect(notice!.text).toContain(file);
    expect(notice!.text).toContain('chmod 600');
    expect(await fs.readFile(file, 'utf8')).toBe('');
  });
});

describe('approve', () => {
  it('approves: the answer merged, one line with the new status', async () => {
    const { engine, file } = setup();
    const tx = nextWaiting();
    const outcome = await engine.live.decide('approve', tx.transactionId);
    expect(outcome.kind).toBe('done');
    const answer = (outcome as { transaction: Transaction }).transaction;
    expect(answer.transactionId).toBe(tx.transactionId);
    expect(answer.extra?.approvers?.approvedBy?.length ?? 0).toBeGreaterThan(0);
    expect(engine.stores.transactions.getState().byId.get(tx.transactionId)?.updatedAt).toBe(answer.updatedAt);
    expect(await lines(file)).toEqual([
      expect.objectContaining({ action: 'approve', transactionId: tx.transactionId, result: answer.status }),
    ]);
    expect(await lines(file)).not.toContainEqual(expect.objectContaining({ reason: expect.anything() }));
  });

  it('403 hides approve only', async () => {
    const { engine } = setup('view-only');
    const tx = settled;
    expect((await engine.live.decide('approve', tx.transactionId)).kind).toBe('forbidden');
    expect([...engine.stores.session.getState().forbidden]).toEqual(['approve']);
  });
});

describe('the detail reads earlier lines from the log', () => {
  it('openTransaction loads that transaction’s entries into the audit store', async () => {
    const { engine, audit } = setup();
    const tx = settled;
    const base = { baseUrl: fx.baseUrl, workspaceId: fx.workspaceId, action: 'decline', result: 'network' };
    await audit.append({ ...base, time: '2026-01-01T00:00:00.000Z', transactionId: tx.transactionId });
    await audit.append({ ...base, time: '2026-01-01T00:00:01.000Z', transactionId: 'someone-else' });
    engine.live.openTransaction(tx.transactionId);
    await waitUntil(() => engine.stores.audit.getState().byTx.has(tx.transactionId), 5_000, 'audit entries');
    expect(engine.stores.audit.getState().byTx.get(tx.transactionId)).toEqual([
      { time: '2026-01-01T00:00:00.000Z', action: 'decline', transactionId: tx.transactionId, result: 'network' },
    ]);
    expect(engine.stores.audit.getState().byTx.has('someone-else')).toBe(false);
  });

  it('only the lines of this session’s server and workspace: the same id elsewhere is another transaction', async () => {
    const { engine, audit } = setup();
    const tx = settled;
    const line = { action: 'approve', result: 'completed', transactionId: tx.transactionId };
    await audit.append({ ...line, baseUrl: `${fx.baseUrl}/`, workspaceId: fx.workspaceId, time: '2026-01-01T00:00:00.000Z' });
    await audit.append({ ...line, baseUrl: fx.baseUrl, workspaceId: 'another-ws', time: '2026-01-01T00:00:01.000Z' });
    await audit.append({ ...line, baseUrl: 'https://elsewhere.example', workspaceId: fx.workspaceId, time: '2026-01-01T00:00:02.000Z' });
    engine.live.openTransaction(tx.transactionId);
    await waitUntil(() => engine.stores.audit.getState().byTx.has(tx.transactionId), 5_000, 'audit entries');
    expect(engine.stores.audit.getState().byTx.get(tx.transactionId)).toEqual([
      { time: '2026-01-01T00:00:00.000Z', action: 'approve', transactionId: tx.transactionId, result: 'completed' },
    ]);
  });
});

describe('the demo’s log, kept in memory', () => {
  it('a decline is recorded, shown in the detail’s audit section and read back when it reopens', async () => {
    const audit = createMemoryAuditLog();
    const engine = engineOn(fx, { live: { audit } });
    // A settled one: the server refuses (409), and that attempt is recorded like any other.
    const tx = settled;
    expect((await engine.live.decide('decline', tx.transactionId, { reason: 'demo reason' })).kind).toBe('conflict');
    expect((await audit.read({ transactionId: tx.transactionId })).entries).toEqual([
      expect.objectContaining({ action: 'decline', result: 'conflict', reason: 'demo reason', baseUrl: fx.baseUrl }),
    ]);
    expect(engine.stores.audit.getState().byTx.get(tx.transactionId)).toEqual([
      expect.objectContaining({ action: 'decline', result: 'conflict', reason: 'demo reason' }),
    ]);
    engine.stores.audit.setState({ byTx: new Map() });
    engine.live.openTransaction(tx.transactionId);
    await waitUntil(() => engine.stores.audit.getState().byTx.has(tx.transactionId), 5_000, 'audit entries');
    expect(engine.stores.audit.getState().byTx.get(tx.transactionId)).toHaveLength(1);
  });
});

describe('quote', () => {
  it.each([
    ['aggregator', { fromAssetId: '11', toAssetId: '12', fromAmount: '100' }, 'swap-aggregator'],
    ['bridge', { fromAssetId: '11', toAssetId: '21', fromAmount: '2500' }, 'bridge'],
    ['intents', { fromAssetId: '1', toAssetId: '2', fromAmount: '0.1' }, 'intents'],
  ])('%s answer', async (_name, body, type) => {
    const { engine, file } = setup();
    const outcome = await engine.live.quote({ accountId, ...body });
    expect(outcome.kind).toBe('quote');
    if (outcome.kind !== 'quote') return;
    expect(outcome.answer.transactionType).toBe(type);
    expect(Math.abs(outcome.receivedAt - Date.now())).toBeLessThan(5_000);
    expect(await lines(file)).toEqual([]);
  });

  it('404 pair-not-available: unavailable', async () => {
    const { engine } = setup();
    const outcome = await engine.live.quote({ accountId, fromAssetId: '5', toAssetId: '6', fromAmount: '10' });
    expect(outcome).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/no route/) });
  });

  it.each([
    ['a zero amount', { fromAmount: '0' }, 'fromAmount'],
    ['both amounts', { fromAmount: '1', toAmount: '1' }, 'toAmount'],
    ['an unknown asset', { fromAssetId: 'nope', fromAmount: '1' }, 'fromAssetId'],
  ])('400 %s: invalid, naming the field', async (_name, over, field) => {
    const { engine } = setup();
    const outcome = await engine.live.quote({ accountId, fromAssetId: '11', toAssetId: '12', ...over });
    expect(outcome).toMatchObject({ kind: 'invalid', field });
  });

  it('network failure', async () => {
    const port = await closedPort();
    const { engine } = setup('full-access', { client: { baseUrl: `http://127.0.0.1:${port}` } });
    const outcome = await engine.live.quote({ accountId, fromAssetId: '11', toAssetId: '12', fromAmount: '1' });
    expect(outcome.kind).toBe('network');
  });
});

describe('create from a quote', () => {
  async function quoted(engine: Engine) {
    const outcome = await engine.live.quote({ accountId, fromAssetId: '11', toAssetId: '12', fromAmount: '100' });
    if (outcome.kind !== 'quote') throw new Error(`no quote: ${JSON.stringify(outcome)}`);
    const p = outcome.answer.params!;
    return {
      accountId,
      transactionType: 'swap-aggregator',
      params: { fromAssetId: p.fromAssetId!, toAssetId: p.toAssetId!, quoteId: p.quoteId!, fromAmount: p.fromAmount! },
    };
  }

  it('201, then the same externalId again: 200 and the same transaction, never a second one', async () => {
    const { engine, file } = setup();
    const body = { ...(await quoted(engine)), externalId: 'actions-test-create-1' };
    const first = await engine.live.create(body);
    expect(first.kind).toBe('done');
    const created = (first as { transaction: Transaction }).transaction;
    expect(created.externalId).toBe('actions-test-create-1');
    expect(engine.stores.transactions.getState().byId.has(created.transactionId)).toBe(true);
    const again = await engine.live.create(body);
    expect(again).toMatchObject({ kind: 'done', transaction: { transactionId: created.transactionId } });
    const onServer = await fx.client().transactions.list({ externalId: 'actions-test-create-1', accountId });
    expect(onServer).toHaveLength(1);
    // Each line names where it was done: the server and the workspace, for creates as for the rest.
    const where = { baseUrl: fx.baseUrl, workspaceId: fx.workspaceId };
    expect(await lines(file)).toEqual([
      expect.objectContaining({ action: 'create', transactionId: created.transactionId, externalId: 'actions-test-create-1', ...where }),
      expect.objectContaining({ action: 'create', transactionId: created.transactionId, externalId: 'actions-test-create-1', ...where }),
    ]);
    expect(await verifyAuditLog(file)).toMatchObject({ intact: true, chained: 2 });
  });

  it('a double call while the first is on its way sends one POST', async () => {
    const { engine } = setup();
    const body = { ...(await quoted(engine)), externalId: 'actions-test-create-2' };
    const [a, b] = await Promise.all([engine.live.create(body), engine.live.create(body)]);
    expect([a.kind, b.kind].sort()).toEqual(['done', 'duplicate']);
    expect(engine.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/transactions'))).toHaveLength(1);
  });

  it('after the quote expired: refused, naming params.quoteId, recorded with its code', async () => {
    const { engine, file } = setup();
    const body = { ...(await quoted(engine)), externalId: 'actions-test-create-3' };
    fx.advance(31_000);
    const outcome = await engine.live.create(body);
    expect(outcome).toMatchObject({ kind: 'refused', status: 400, code: 'bad-request', field: 'params.quoteId' });
    expect((outcome as { message: string }).message).toMatch(/expired/);
    expect(await lines(file)).toEqual([
      expect.objectContaining({
        action: 'create',
        externalId: 'actions-test-create-3',
        result: 'bad-request',
        baseUrl: fx.baseUrl,
        workspaceId: fx.workspaceId,
      }),
    ]);
    expect((await lines(file))[0]).not.toHaveProperty('transactionId');
  });

  it('the same externalId with another body: conflict, nothing new created', async () => {
    const { engine } = setup();
    const body = { ...(await quoted(engine)), externalId: 'actions-test-create-4' };
    expect((await engine.live.create(body)).kind).toBe('done');
    const other = { ...(await quoted(engine)), externalId: 'actions-test-create-4' };
    const outcome = await engine.live.create(other);
    expect(outcome).toMatchObject({ kind: 'conflict', message: expect.stringMatching(/already used/) });
  });

  it('without an externalId nothing is sent', async () => {
    const { engine, file } = setup();
    const body = { ...(await quoted(engine)), externalId: '' };
    const outcome = await engine.live.create(body);
    expect(outcome).toMatchObject({ kind: 'refused', code: 'missing-external-id', field: 'externalId' });
    expect(engine.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/transactions'))).toHaveLength(0);
    expect(await lines(file)).toEqual([]);
  });
});

describe('against a scripted server (what the sandbox never does)', () => {
  let server: TestServer;
  let key: Awaited<ReturnType<typeof makeTestKey>>;
  beforeAll(async () => {
    server = await startHttpServer(() => ({ status: 500 }));
    key = await makeTestKey();
  });
  afterAll(async () => {
    await server.close();
  });

  function actions(client: Partial<ApiClientOptions> = {}) {
    server.requests.length = 0;
    const api = createApiClient({
      baseUrl: server.url,
      workspaceId: 'ws1',
      signer: key.signer,
      // Retries on, generously: a POST must still go out once.
      retry: { limit: 3, baseDelayMs: 1, maxDelayMs: 5 },
      ...client,
    });
    const stores = createStores({ baseUrl: server.url, workspaceId: 'ws1', now: Date.now() });
    const writes = createWriteActions({ api, stores, options: { api, stores } as LiveOptions, now: Date.now });
    return { writes, stores };
  }

  it('a 503 on decline is not retried: one POST, refused with the status', async () => {
    server.setHandler(() => ({ status: 503, json: { error: 'unavailable', message: 'try later' } }));
    const { writes } = actions();
    const outcome = await writes.decide('decline', 'tx1', { reason: 'r' });
    expect(outcome).toMatchObject({ kind: 'refused', status: 503, code: 'unavailable' });
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('no answer in time: changed unknown, and the row is read again and merged', async () => {
    server.setHandler((req) =>
      req.method === 'POST' ? { hang: true } : { json: tx('tx1', { status: 'canceled', updatedAt: '2000' }) },
    );
    const { writes, stores } = actions({ timeoutMs: 200 });
    const outcome = await writes.decide('decline', 'tx1');
    expect(outcome).toMatchObject({ kind: 'network', changed: 'unknown' });
    expect((outcome as { message: string }).message).toMatch(/^no answer from \S+ within [\d.]+ s: it may or may not have been declined; it is now canceled$/);
    expect(stores.transactions.getState().byId.get('tx1')?.status).toBe('canceled');
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('a 2xx answer that breaks the contract: changed unknown (it probably happened), row refreshed', async () => {
    server.setHandler((req) =>
      req.method === 'POST' ? { json: { nonsense: true } } : { json: tx('tx1', { status: 'canceled', updatedAt: '3000' }) },
    );
    const { writes, stores } = actions();
    const outcome = await writes.decide('approve', 'tx1');
    expect(outcome).toMatchObject({ kind: 'network', changed: 'unknown' });
    expect(stores.transactions.getState().byId.get('tx1')?.updatedAt).toBe('3000');
  });

  it('a create with no answer finds what it made by its externalId', async () => {
    server.setHandler((req) =>
      req.method === 'POST'
        ? { destroy: true }
        : { json: { transactions: [tx('tx9', { externalId: 'ext-lost', status: 'new' })] } },
    );
    const { writes, stores } = actions();
    const outcome = await writes.create({
      accountId: 'acc1',
      externalId: 'ext-lost',
      transactionType: 'withdrawal',
      params: { assetId: '2', amount: '1', toAddress: '0x000000000000000000000000000000000000dEaD' },
    });
    expect(outcome).toMatchObject({ kind: 'network', changed: 'unknown' });
    expect((outcome as { message: string }).message).toMatch(/it was created: tx9 is now new/);
    expect(stores.transactions.getState().byId.has('tx9')).toBe(true);
    const lookup = server.requests.find((r) => r.method === 'GET');
    expect(lookup?.url).toContain('externalId=ext-lost');
  });
});
