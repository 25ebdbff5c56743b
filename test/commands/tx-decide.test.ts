// `custody tx approve|decline|cancel ID` without a terminal, in-process against a sandbox on a
// loopback port: the refusals here (exit 2, nothing sent), --yes, the server's refusals (1), no
// server (3), the JSON object, and the audit line in the same chain as the console's.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outcomeExit, outcomeLine, outcomeRecord, settingsRefusal } from '../../src/commands/script/decide.js';
import type { Transaction } from '../../src/contract/index.js';
import { auditLogPath, openAuditLog, verifyAuditChain, writePrivateKey } from '../../src/config/index.js';
import { custody, type Home, tempHome } from '../helpers/cli-io.js';
import { auditEntry } from '../helpers/audit-entry.js';
import { responseHooks, type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';

let fx: SandboxFixture;
let waiting: string[];

beforeAll(async () => {
  fx = await startTestSandbox();
  const page = await fx.client().transactions.list({ transactionStatuses: ['waiting-approval'], limit: 20 });
  waiting = page.map((tx) => tx.transactionId);
  expect(waiting.length).toBeGreaterThanOrEqual(6);
});
afterAll(async () => {
  await fx.close();
});
afterEach(() => {
  responseHooks.splice(0);
});

/** One waiting transaction per test that decides: none decides on another's. */
let next = 1;
const aWaiting = () => waiting[next++]!;
/** The one the refusals leave alone (each test checks that it is still waiting). */
const untouched = () => waiting[0]!;

async function setup(): Promise<{ home: Home; flags: string[] }> {
  const home = await tempHome();
  const keyFile = path.join(home.keysDir, 'full.jwk');
  await writePrivateKey(keyFile, fx.keys['full-access'].jwk);
  return { home, flags: ['--base-url', fx.baseUrl, '--workspace', fx.workspaceId, '--key-file', keyFile] };
}

const statusOf = async (id: string) => (await fx.client().transactions.get(id)).status;

/** The HTTP requests the sandbox answered from here on. */
function requestsFrom(): () => number {
  const start = fx.responses.filter((r) => r.kind === 'http').length;
  return () => fx.responses.filter((r) => r.kind === 'http').length - start;
}

describe('custody tx decide (no terminal)', () => {
  it('without --yes: exit 2, nothing sent, still waiting on the server', async () => {
    const { home, flags } = await setup();
    const id = untouched();
    const sent = requestsFrom();
    const r = await custody(['tx', 'decline', id, '--reason', 'no', ...flags], home.env());
    expect(r.code).toBe(2);
    expect(r.err).toContain('not at a terminal: nothing sent; --yes decides without the confirmation');
    expect(r.out).toBe('');
    expect(sent()).toBe(0);
    expect(await statusOf(id)).toBe('waiting-approval');
  });

  it('with --yes: exit 0, declined with its reason on the server, one line on stdout', async () => {
    const { home, flags } = await setup();
    const id = aWaiting();
    const r = await custody(['tx', 'decline', id, '--reason', 'unknown destination', '--yes', ...flags], home.env());
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const status = await statusOf(id);
    expect(status).not.toBe('waiting-approval');
    expect(r.out).toBe(`declined ${id} (now ${status})\n`);
    const [record] = fx.sandbox.world.actionLog(id);
    expect(record).toMatchObject({ kind: 'decline', reason: 'unknown destination' });
  });

  it('--read-only: exit 2 before connecting', async () => {
    const { home, flags } = await setup();
    const id = untouched();
    const sent = requestsFrom();
    const r = await custody(['tx', 'approve', id, '--yes', '--read-only', ...flags], home.env());
    expect(r.code).toBe(2);
    expect(r.err).toContain('read-only');
    expect(sent()).toBe(0);
    expect(await statusOf(id)).toBe('waiting-approval');
  });

  it('a view-only profile: exit 2 naming the roles that may, without a request', async () => {
    const home = await tempHome();
    const keyFile = path.join(home.keysDir, 'view.jwk');
    await writePrivateKey(keyFile, fx.keys['view-only'].jwk);
    await fs.mkdir(path.dirname(home.configFile), { recursive: true, mode: 0o700 });
    const config = {
      version: 1,
      activeProfile: 'watcher',
      profiles: { watcher: { baseUrl: fx.baseUrl, workspaceId: fx.workspaceId, keyFile, role: 'view-only' } },
    };
    await fs.writeFile(home.configFile, JSON.stringify(config), { mode: 0o600 });
    const id = untouched();
    const sent = requestsFrom();
    const r = await custody(['tx', 'cancel', id, '--yes'], home.env());
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/the role view-only may not cancel \(the roles that may: .*full-access.*\): nothing sent/);
    expect(sent()).toBe(0);
  });

  it('already declined: exit 2 (not applicable), nothing sent', async () => {
    const { home, flags } = await setup();
    const id = aWaiting();
    await fx.client().transactions.decide('decline', id, {});
    const r = await custody(['tx', 'decline', id, '--yes', ...flags], home.env());
    expect(r.code).toBe(2);
    expect(r.err).toContain('only a transaction waiting for approval can be declined');
    expect(fx.sandbox.world.actionLog(id)).toHaveLength(1);
  });

  it('declined by someone else between the read and the send (409): exit 1, the JSON object says so', async () => {
    const { home, flags } = await setup();
    const id = aWaiting();
    const [member] = await fx.client().members.list({ limit: 1 });
    let raced: boolean | undefined;
    responseHooks.push((res) => {
      if (raced === undefined && res.kind === 'http' && res.method === 'GET' && res.target.endsWith(`/transactions/${id}`)) {
        raced = fx.sandbox.world.decline(id, member!.userId).ok;
      }
    });
    const r = await custody(['tx', 'decline', id, '--yes', '--output', 'json', ...flags], home.env());
    expect(raced).toBe(true);
    expect(r.code).toBe(1);
    const object = JSON.parse(r.out) as Record<string, unknown>;
    expect(object).toMatchObject({ transactionId: id, action: 'decline', outcome: 'conflict' });
    expect(String(object.message)).toContain('not declined');
  });

  it('--output json: one object with the outcome and the new status', async () => {
    const { home, flags } = await setup();
    const id = aWaiting();
    const r = await custody(['tx', 'cancel', id, '--yes', '--output', 'json', ...flags], home.env());
    expect(r.code).toBe(0);
    const object = JSON.parse(r.out) as Record<string, unknown>;
    expect(object).toMatchObject({ transactionId: id, action: 'cancel', outcome: 'done', status: await statusOf(id) });
    expect(typeof object.correlationId).toBe('string');
    expect(r.out.trim().split('\n')).toHaveLength(1);
  });

  it('no server: exit 3, nothing sent', async () => {
    const { home } = await setup();
    const keyFile = path.join(home.keysDir, 'full.jwk');
    const r = await custody(
      ['tx', 'decline', 'tx_1', '--yes', '--base-url', 'http://127.0.0.1:9', '--workspace', fx.workspaceId, '--key-file', keyFile],
      home.env(),
    );
    expect(r.code).toBe(3);
    expect(r.err).toContain('nothing sent');
  });

  it('the audit line is written and verifies in the same chain as a console line before it', async () => {
    const { home, flags } = await setup();
    const env = home.env();
    const file = auditLogPath(env);
    await openAuditLog(file).append(auditEntry());
    const id = aWaiting();
    const r = await custody(['tx', 'decline', id, '--reason', 'duplicate payout', '--yes', ...flags], env);
    expect(r.code).toBe(0);
    const content = await fs.readFile(file, 'utf8');
    const report = verifyAuditChain(content);
    expect(report.breaks).toEqual([]);
    expect(report.entries).toBe(2);
    expect(report.chained).toBe(2);
    const last = JSON.parse(content.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(last).toMatchObject({
      setup: 'flags',
      baseUrl: fx.baseUrl,
      workspaceId: fx.workspaceId,
      keyId: fx.keys['full-access'].kid,
      action: 'decline',
      transactionId: id,
      reason: 'duplicate payout',
      result: await statusOf(id),
    });
  });
});

describe('outcomeExit (pure)', () => {
  it.each([
    [{ kind: 'done', transaction: {} }, 0],
    [{ kind: 'conflict', message: 'm' }, 1],
    [{ kind: 'forbidden', message: 'm' }, 1],
    [{ kind: 'refused', status: 400, code: 'bad-request', message: 'm' }, 1],
    [{ kind: 'refused', status: 0, code: 'local-error', message: 'm' }, 3],
    [{ kind: 'network', message: 'm', changed: 'unknown' }, 3],
    [{ kind: 'network', message: 'm', changed: 'no' }, 3],
  ] as const)('%j → %i', (outcome, code) => {
    expect(outcomeExit(outcome as Parameters<typeof outcomeExit>[0])).toBe(code);
  });
});

describe('settingsRefusal (pure)', () => {
  it.each([
    [{ readOnly: true, role: 'full-access' }, 'read-only'],
    [{ readOnly: false, role: 'view-only' }, 'the role view-only may not decline'],
    [{ readOnly: false, role: 'full-access' }, undefined],
    // A role this console does not know, or none: the server decides.
    [{ readOnly: false, role: 'future-role' }, undefined],
    [{ readOnly: false }, undefined],
  ] as const)('%j → %s', (settings, words) => {
    const why = settingsRefusal('decline', settings);
    if (words === undefined) expect(why).toBeUndefined();
    else expect(why).toContain(words);
  });
});

describe('outcomeLine and outcomeRecord (pure)', () => {
  const tx = { transactionId: 'tx_1', status: 'canceled' } as Transaction;
  it.each([
    [{ kind: 'done', transaction: tx, correlationId: 'c1' }, 'declined tx_1 (now canceled)', { outcome: 'done', status: 'canceled', correlationId: 'c1' }],
    [
      { kind: 'conflict', message: 'it is now approved', status: 'approved' },
      'tx_1: not declined: it is now approved',
      { outcome: 'conflict', status: 'approved', message: 'not declined: it is now approved' },
    ],
    [
      { kind: 'refused', status: 400, code: 'bad-request', message: 'reason too long' },
      'tx_1: not declined: reason too long (400 bad-request)',
      { outcome: 'refused', message: 'not declined: reason too long (400 bad-request)' },
    ],
  ] as const)('%j', (outcome, line, record) => {
    const o = outcome as Parameters<typeof outcomeLine>[2];
    expect(outcomeLine('decline', 'tx_1', o)).toBe(line);
    expect(outcomeRecord('decline', 'tx_1', o)).toEqual({ transactionId: 'tx_1', action: 'decline', ...record });
  });
});
