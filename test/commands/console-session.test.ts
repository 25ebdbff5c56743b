// `:ctx` runs one session after another (console-session.ts): here two of them, each on its own
// real sandbox on loopback, sharing one audit log file as the console does. The audit lines follow
// the profile in use; a stopped session's socket is closed and nothing writes its stores any more;
// `sending()` is what refuses a switch while a decision is on its way.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { type Session, startSession } from '../../src/commands/console-session.js';
import type { Target } from '../../src/commands/console-target.js';
import type { DebugLog } from '../../src/commands/debug-log.js';
import { type AuditLog, MIN_PRICE_POLL_MS, openAuditLog, parseAuditLine, setupOf } from '../../src/config/index.js';
import type { Stores } from '../../src/store/index.js';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';

const WAIT_MS = 15_000;

/** A profile's target on the fixture, built as profileTarget builds one: its own full-access key. */
async function profileOn(fx: SandboxFixture, profile: string): Promise<Target> {
  const key = await fx.addKey('full-access');
  return {
    baseUrl: fx.baseUrl,
    workspaceId: fx.workspaceId,
    signer: key.signer,
    role: 'full-access',
    setup: setupOf({
      baseUrl: fx.baseUrl,
      workspaceId: fx.workspaceId,
      sources: { baseUrl: 'profile', workspaceId: 'profile', key: 'profile' },
      profile: { name: profile },
    }),
    demo: false,
    readOnly: false,
    // The shortest poll there is: a poll the stop left running would write the stores soon.
    pricePollMs: MIN_PRICE_POLL_MS,
    approvalThresholdUsd: '100000',
    calls: { bell: false, notify: 'off' },
    close: async () => {},
  };
}

interface Run {
  session: Session;
  /** The session's debug log lines, `source line`. */
  lines: string[];
}

const started: Session[] = [];
// A test that failed halfway leaves no feed polling a closed sandbox.
afterAll(() => started.forEach((session) => session.stop()));

function run(target: Target, audit: AuditLog): Run {
  const lines: string[] = [];
  const log: DebugLog = Object.assign((source: string, line: string) => void lines.push(`${source} ${line}`), { close() {} });
  // No proxy variables of this machine: the loopback sandbox is reached directly.
  const session = startSession(target, { env: {}, rows: 40, log, audit: () => audit });
  started.push(session);
  return { session, lines };
}

function waiting(stores: Stores): Transaction | undefined {
  for (const tx of stores.transactions.getState().byId.values()) if (tx.status === 'waiting-approval') return tx;
  return undefined;
}

/** Loads, declines one waiting transaction (checking `sending()` on the way), and stops. */
async function loadDecideStop({ session }: Run): Promise<string> {
  await session.firstLoad;
  await waitUntil(() => session.stores.session.getState().connection.kind === 'live', WAIT_MS, 'the live feed');
  const tx = waiting(session.stores);
  expect(tx, 'the first load holds the unfinished work').toBeDefined();
  const id = tx!.transactionId;

  expect(session.live.sending()).toBe(false);
  const decision = session.live.decide('decline', id, { reason: 'not ours' });
  // On its way from the call on: a `:ctx` switch asked now is refused.
  expect(session.live.sending()).toBe(true);
  expect(await decision).toMatchObject({ kind: 'done' });
  expect(session.live.sending()).toBe(false);

  session.stop();
  return id;
}

/** Counts every write to any of the stores from now on. */
function countWrites(stores: Stores): { readonly count: number; off(): void } {
  let count = 0;
  const offs = Object.values(stores).map((store) => store.subscribe(() => void count++));
  return {
    get count() {
      return count;
    },
    off: () => offs.forEach((off) => off()),
  };
}

describe('two sessions one after the other, as a :ctx switch runs them', () => {
  let fxA: SandboxFixture;
  let fxB: SandboxFixture;
  let dir: string;
  beforeAll(async () => {
    // Two worlds apart: another seed, another port.
    [fxA, fxB] = await Promise.all([startTestSandbox({ seed: 7 }), startTestSandbox({ seed: 8 })]);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'custody-console-session-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('each decides on its own server, the shared log names each profile, and the stopped one stays stopped', async () => {
    const file = path.join(dir, 'audit.jsonl');
    // Opened once, as console.ts does: every session appends through the same queue.
    const audit = openAuditLog(file);

    const a = run(await profileOn(fxA, 'alpha'), audit);
    const declinedOnA = await loadDecideStop(a);
    expect(a.session.live.sending()).toBe(false);
    // Its socket is closed by stop(), not left to reconnect.
    expect(a.lines.filter((l) => l.startsWith('ws ')).at(-1)).toBe('ws {"kind":"closed"}');
    const linesAtStop = a.lines.length;
    const writes = countWrites(a.session.stores);

    const b = run(await profileOn(fxB, 'beta'), audit);
    const declinedOnB = await loadDecideStop(b);

    // Each decision reached its own server (a declined transaction ends canceled in this API).
    expect((await fxA.client().transactions.get(declinedOnA)).status).toBe('canceled');
    expect((await fxB.client().transactions.get(declinedOnB)).status).toBe('canceled');

    // A change on A's server after the stop: a socket of A's still open would be pushed it. A
    // watcher's socket, opened after A's closed, is; when it has the change, the server has sent
    // it to every open socket (one synchronous pass), so the count below is final.
    const watcher = fxA.realtime();
    const seen = new Set<string>();
    let snapshot = false;
    watcher.subscribe(
      { limit: 0 },
      {
        onSnapshot: () => void (snapshot = true),
        onUpdate: (txs) => txs.forEach((tx) => seen.add(tx.transactionId)),
      },
    );
    await waitUntil(() => snapshot, WAIT_MS, "the watcher's subscription");
    const [other] = await fxA.client().transactions.list({ transactionStatuses: ['waiting-approval'], limit: 5 });
    expect(other).toBeDefined();
    const mark = fxA.responses.length;
    await fxA.client().transactions.decide('decline', other!.transactionId, { reason: 'after the switch' });
    await waitUntil(() => seen.has(other!.transactionId), WAIT_MS, 'the push to the watcher');
    const pushes = fxA.responses
      .slice(mark)
      .filter((r) => r.kind === 'ws' && r.method === 'PUSH' && r.body.includes(other!.transactionId));
    expect(pushes, 'pushed to the watcher only').toHaveLength(1);

    // Nothing of session A moved through B's whole run and the change on its own server.
    writes.off();
    expect(writes.count).toBe(0);
    // stop() does not abort reads already on their way: their answers may still be logged (and are
    // dropped, as the count above shows), but nothing new goes out, on the socket or as a poll.
    for (const line of a.lines.slice(linesAtStop)) expect(line).toMatch(/^http GET \//);
    // It still shows the transaction declined after the switch as it was when A stopped.
    expect(a.session.stores.transactions.getState().byId.get(other!.transactionId)?.status).toBe('waiting-approval');

    // Two lines, in order, each naming the profile and the server in use.
    const text = await fs.readFile(file, 'utf8');
    const entries = text.trimEnd().split('\n').map(parseAuditLine);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      setup: 'profile',
      profile: 'alpha',
      baseUrl: fxA.baseUrl,
      workspaceId: fxA.workspaceId,
      keyId: a.session.target.signer.kid,
      action: 'decline',
      transactionId: declinedOnA,
      reason: 'not ours',
      result: 'canceled',
    });
    expect(entries[1]).toMatchObject({
      setup: 'profile',
      profile: 'beta',
      baseUrl: fxB.baseUrl,
      workspaceId: fxB.workspaceId,
      keyId: b.session.target.signer.kid,
      action: 'decline',
      transactionId: declinedOnB,
      result: 'canceled',
    });
    expect(new URL(entries[0]!.baseUrl).host).toBe(a.session.target.setup.host);
    expect(new URL(entries[1]!.baseUrl).host).toBe(b.session.target.setup.host);
    expect(a.session.target.setup.host).not.toBe(b.session.target.setup.host);
    // One chain across both sessions: B's line links to A's.
    expect(entries[1]!.prev).toMatch(/^[0-9a-f]{64}$/);
    const { entries: read } = await audit.read({});
    expect(read.map((e) => e.profile)).toEqual(['alpha', 'beta']);
  }, 60_000);
});
