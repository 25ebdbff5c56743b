// Notices have a lifetime, against a real sandbox: a failure's notice clears when its cause does
// (the server answers again after an outage, the read that failed works, a 429 spell ends, the
// audit log takes a line again), and the same failure repeated is one counted message.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openAuditLog } from '../../src/config/index.js';
import type { Transaction } from '../../src/contract/index.js';
import type { Notice } from '../../src/store/index.js';
import { pickNotice } from '../../src/view/draw/status-line.js';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';
import { startTamperProxy, type TamperProxy } from './http-tamper.js';
import { type Engine, engineOn, type Gate, startGate } from './helpers.js';

let fx: SandboxFixture;
let dir: string;

beforeAll(async () => {
  fx = await startTestSandbox({ history: 200 });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'custody-notices-'));
});
afterEach(() => {
  fx.sandbox.setChaos(undefined);
});
afterAll(async () => {
  await fx.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const live = (e: Engine) => e.stores.session.getState().notices;
const history = (e: Engine) => e.stores.session.getState().messages;
const keyed = (list: readonly Notice[], key: string) => list.filter((n) => n.key === key);
const kind = (e: Engine) => e.stores.session.getState().connection.kind;

describe('the connection drops and comes back', () => {
  let gate: Gate | undefined;
  afterEach(async () => {
    await gate?.close();
    gate = undefined;
  });

  it('"cannot reach the server" is counted while away and cleared once the server answers again', async () => {
    gate = await startGate(fx.sandbox.port);
    const engine = engineOn(fx, {
      client: { baseUrl: gate.baseUrl, timeoutMs: 2_000 },
      realtime: { baseUrl: gate.baseUrl },
      live: { socketGraceMs: 300, pollIntervalMs: 200 },
    });
    await engine.live.start();
    await waitUntil(() => kind(engine) === 'live', 5_000, 'live');
    expect(live(engine)).toEqual([]);

    gate.setOpen(false);
    await waitUntil(() => kind(engine) === 'offline', 5_000, 'offline');
    // Every read fails alike: one notice, the same words each time, counted.
    await waitUntil(() => (keyed(live(engine), 'network')[0]?.count ?? 0) >= 3, 8_000, 'the failures counted');
    const away = keyed(live(engine), 'network');
    expect(away).toHaveLength(1);
    expect(away[0]).toMatchObject({ level: 'warn', cause: 'server' });
    expect(away[0]!.text).toMatch(/^cannot reach the server: 127\.0\.0\.1:\d+/);
    expect(pickNotice(live(engine), false).shown?.key).toBe('network');

    gate.setOpen(true);
    await waitUntil(() => kind(engine) === 'live', 8_000, 'live again');
    await waitUntil(() => keyed(live(engine), 'network').length === 0, 5_000, 'the notice cleared');
    // Under "● live" the status line has nothing of the outage left to say.
    expect(pickNotice(live(engine), false).shown).toBeUndefined();
    // The history keeps it, with its count and when it ended.
    // (On a busy machine a read in flight when the gate closed may time out rather than be refused:
    // other words, so an entry of its own. Every entry ended, and the refusals were counted.)
    const said = keyed(history(engine), 'network');
    expect(said.length).toBeGreaterThanOrEqual(1);
    expect(Math.max(...said.map((n) => n.count))).toBeGreaterThanOrEqual(3);
    for (const n of said) expect(n.clearedAt).toBeGreaterThanOrEqual(n.at);
  }, 40_000);
});

describe('a read that fails, then works', () => {
  let proxy: TamperProxy | undefined;
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
  });

  it('its notice holds while other reads work, and clears when that read works', async () => {
    proxy = await startTamperProxy(fx.sandbox.port);
    const engine = engineOn(fx, { client: { baseUrl: proxy.baseUrl }, live: { retryBaseMs: 100, retryMaxMs: 300 } });
    const broken = JSON.stringify({ error: 'internal', message: 'the accounts table is being rebuilt' });
    proxy.setTamper((x) => (x.path.endsWith('/accounts') ? { kind: 'replace', status: 500, body: broken } : { kind: 'pass' }));
    await engine.live.start();
    const key = 'http:500:loading accounts';
    await waitUntil(() => (keyed(live(engine), key)[0]?.count ?? 0) >= 2, 5_000, 'the accounts failure counted');
    expect(keyed(live(engine), key)[0]).toMatchObject({ level: 'warn', cause: 'read:loading accounts' });
    // Prices keep being answered meanwhile: that ends nothing of the accounts.
    const polled = proxy.exchanges.filter((x) => x.path.endsWith('/symbol-market-prices')).length;
    await waitUntil(
      () => proxy!.exchanges.filter((x) => x.path.endsWith('/symbol-market-prices')).length > polled + 2,
      5_000,
      'more price polls',
    );
    expect(keyed(live(engine), key)).toHaveLength(1);

    proxy.setTamper(undefined);
    await waitUntil(() => engine.stores.workspace.getState().accounts.length > 0, 5_000, 'the accounts');
    await waitUntil(() => keyed(live(engine), key).length === 0, 3_000, 'the notice cleared');
    expect(keyed(history(engine), key)[0]!.clearedAt).toBeDefined();
  }, 30_000);
});

describe('a rate-limit spell', () => {
  it('says so once, counted, and clears with the degraded mark when reads get through', async () => {
    const engine = engineOn(fx, { live: { pricePollMs: 50 } });
    await engine.live.start();
    await waitUntil(() => kind(engine) === 'live', 5_000, 'live');
    fx.sandbox.setChaos('429=1');
    await waitUntil(() => (keyed(live(engine), 'busy:429')[0]?.count ?? 0) >= 2, 5_000, 'the 429s counted');
    expect(engine.stores.session.getState().degraded).toBeDefined();
    fx.sandbox.setChaos(undefined);
    await waitUntil(() => engine.stores.session.getState().degraded === undefined, 5_000, 'degraded cleared');
    await waitUntil(() => keyed(live(engine), 'busy:429').length === 0, 3_000, 'the notice cleared');
  }, 20_000);
});

describe('the audit log', () => {
  it('a line it refused: the outcome says why, the notice holds, and clears when a line is written again', async () => {
    const file = path.join(dir, 'audit.jsonl');
    await fs.writeFile(file, '', { mode: 0o644 });
    await fs.chmod(file, 0o644);
    const engine = engineOn(fx, { live: { audit: openAuditLog(file) } });
    const waiting: Transaction[] = await fx.client().transactions.list({ transactionStatuses: ['waiting-approval'], limit: 2 });
    expect(waiting).toHaveLength(2);

    const first = await engine.live.decide('decline', waiting[0]!.transactionId, { reason: 'not recorded' });
    expect(first.kind).toBe('done');
    expect(first.auditFailure).toContain(file);
    const notice = keyed(live(engine), 'audit');
    expect(notice).toHaveLength(1);
    expect(notice[0]).toMatchObject({ level: 'error', cause: 'audit:write' });

    await fs.chmod(file, 0o600);
    const second = await engine.live.decide('decline', waiting[1]!.transactionId, { reason: 'recorded' });
    expect(second.kind).toBe('done');
    expect(second.auditFailure).toBeUndefined();
    expect(keyed(live(engine), 'audit')).toEqual([]);
    expect(keyed(history(engine), 'audit')[0]!.clearedAt).toBeDefined();
  });
});
