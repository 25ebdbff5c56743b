// Property-based fuzz of the sandbox (issue 7, "Bad input to the sandbox"): thousands of random
// and malformed HTTP requests (paths, methods, queries, headers, bodies, tokens, a share of them
// correctly signed so the validators behind auth are reached), raw bytes no client would send,
// and WebSocket messages, against ONE sandbox. Property: no 5xx, every answer an `{error,
// message}` envelope when >= 400 with a Correlation-Id, frames only 200/400/401/403, no close
// but by the protocol, and the server still serves correctly afterwards.
//
// FUZZ_RUNS (HTTP cases, default 10000) and FUZZ_SEED (default fixed, printed) reproduce a run.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { generatePrivateJwk, type PrivateJwk, publicHalf } from '../../src/auth/index.js';
import { createApiClient, createRealtime } from '../../src/client/index.js';
import { parseServerFrame } from '../../src/contract/index.js';
import { createManualClock } from '../../src/sandbox/world/clock.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { createConformanceTap } from '../helpers/conformance.js';
import { type HttpCase, httpCaseArb, type SignedRole, type WorldIds } from './fuzz/http-cases.js';
import { parseRawAnswer, rawCases, sendRaw } from './fuzz/raw-http.js';
import {
  type Authorizer,
  createAuthorizer,
  createFuzzKeys,
  createSender,
  type FuzzKeys,
  type Outcome,
  type Sender,
} from './fuzz/send.js';
import { badUtf8Message, type WsMessage, wsMessageArb } from './fuzz/ws-cases.js';

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 10_000) || 10_000);
const SEED =
  Number.isSafeInteger(Number(process.env.FUZZ_SEED)) && process.env.FUZZ_SEED
    ? Number(process.env.FUZZ_SEED)
    : 20_250_611;
// Requests in flight at once (one batch = one fast-check run); 2 cores, so modest.
const BATCH = 16;
const WS_MESSAGES = Math.max(1_000, Math.round(RUNS / 10));
const WS_BATCH = 20;
// World time moves a little per batch so the lifecycle runs while the fuzz goes on.
const TICK_MS = 200;
const START_MS = Date.UTC(2025, 5, 1, 12, 0, 0);
// About 1 ms per case on 2 cores; the limit only stops a run that hangs.
const TIMEOUT_MS = Math.max(120_000, RUNS * 10);

const log = (line: string) => process.stdout.write(`[fuzz] ${line}\n`);

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
const clock = createManualClock(START_MS);
const tap = createConformanceTap();
let ids: WorldIds;
let keys: FuzzKeys;
let authorizer: Authorizer;
let sender: Sender;

const ROLE_KEYS: Array<[SignedRole, string, string]> = [
  ['full-access', 'full-access', 'active'],
  ['view-only', 'view-only', 'active'],
  ['transaction-operator', 'transaction-operator', 'active'],
  ['mpc-hot-signer', 'mpc-hot-signer', 'active'],
  ['pending', 'full-access', 'pending'],
  ['revoked', 'full-access', 'revoked'],
];

beforeAll(async () => {
  sandbox = await startSandbox({
    seed: 7,
    history: 300,
    generator: false,
    clock,
    tickIntervalMs: 0,
    onResponse: tap.onResponse,
  });
  const jwks = {} as Record<SignedRole, PrivateJwk>;
  for (const [name, role, state] of ROLE_KEYS) {
    const jwk = await generatePrivateJwk();
    sandbox.registerKey(publicHalf(jwk), role as never, { state: state as never });
    jwks[name] = jwk;
  }
  jwks.unknown = await generatePrivateJwk();
  // Tokens are checked against the wall clock (startSandbox's authNow), whatever the world's time.
  keys = await createFuzzKeys(jwks, Date.now);
  authorizer = createAuthorizer(keys, Date.now);
  sender = createSender(sandbox.baseUrl, authorizer, 8);

  const api = createApiClient({
    baseUrl: sandbox.baseUrl,
    workspaceId: sandbox.workspaceId,
    signer: keys.signers['full-access'],
    retry: { limit: 0 },
  });
  const [accounts, transactions, assets, networks, symbols] = await Promise.all([
    api.accounts.list(),
    api.transactions.list({ limit: 40 }),
    api.dictionary.assets(),
    api.dictionary.networks(),
    api.dictionary.symbols(),
  ]);
  ids = {
    workspaceId: sandbox.workspaceId,
    accountIds: accounts.map((a) => a.accountId),
    transactionIds: transactions.map((t) => t.transactionId),
    assetIds: assets.map((a) => a.assetId),
    networkIds: networks.map((n) => n.networkId ?? '').filter(Boolean),
    symbolIds: symbols.map((s) => s.symbolId),
    balanceIds: (await api.balances.list({ nonEmpty: false })).map((b) => b.balanceId),
    recordIds: sandbox.world.directory.book({ statuses: ['active', 'new', 'deleted'] }).map((r) => r.recordId),
    limitIds: sandbox.world.directory.limits({}).map((l) => l.limitId),
  };
  // The offers and ended signing requests too, so that their answers get past 404 and 409.
  const waiting = await api.transactions.list({ transactionStatuses: ['acceptance-required', 'signing-required'], limit: 20 });
  ids.transactionIds.push(...waiting.map((t) => t.transactionId));
  log(`seed ${SEED} (FUZZ_SEED), ${RUNS} HTTP cases (FUZZ_RUNS), ${WS_MESSAGES} WebSocket messages`);
});

afterAll(async () => {
  await sender?.close();
  await sandbox?.close();
});

// ---- the property of one HTTP answer ----

const CORRELATION_ID = /^[0-9a-f]{32}$/;

function problemsOf(c: HttpCase, o: Outcome): string[] {
  if (o.kind === 'client-refused') return [];
  if (o.kind === 'no-answer') return [`no answer: ${o.error}`];
  const { status, headers, body } = o.answer;
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}`);
  const id = headers['correlation-id'];
  if (!id) problems.push('no Correlation-Id header');
  else if (!CORRELATION_ID.test(id) && id !== o.sentCorrelationId) {
    problems.push(`Correlation-Id ${JSON.stringify(id)} is neither 32 hex nor the one sent`);
  }
  if (status >= 400 && c.method !== 'HEAD') {
    let envelope: unknown;
    try {
      envelope = JSON.parse(body);
    } catch {
      problems.push(`error body is not JSON: ${JSON.stringify(body.slice(0, 80))}`);
    }
    const e = envelope as { error?: unknown; message?: unknown } | undefined;
    if (envelope !== undefined && (typeof e?.error !== 'string' || typeof e.message !== 'string')) {
      problems.push(`error body is not {error, message}: ${body.slice(0, 120)}`);
    }
  }
  return problems;
}

function describeCase(c: HttpCase): string {
  const body =
    c.body === undefined
      ? '(none)'
      : typeof c.body === 'string'
        ? `${c.body.length} chars ${JSON.stringify(c.body.slice(0, 80))}`
        : `${c.body.length} bytes`;
  const auth =
    c.auth.kind === 'signed'
      ? `signed(${c.auth.role})`
      : c.auth.kind === 'tampered'
        ? `tampered(${c.auth.how})`
        : c.auth.kind;
  return `${c.method} ${c.target.slice(0, 200)}${c.target.length > 200 ? `… (${c.target.length} chars)` : ''} auth=${auth} headers=${JSON.stringify(c.headers).slice(0, 200)} body=${body}`;
}

/**
 * Runs a property; on failure, throws a short report that says how to reproduce. Shrinking re-runs
 * network batches hundreds of times, so it is off unless FUZZ_SHRINK=1.
 */
async function runProperty<T>(
  name: string,
  property: fc.IAsyncPropertyWithHooks<[T]>,
  numRuns: number,
): Promise<void> {
  const shrink = process.env.FUZZ_SHRINK === '1';
  const details = await fc.check(property, { numRuns, seed: SEED, endOnFailure: !shrink });
  if (!details.failed) return;
  const error = details.errorInstance;
  const message = error instanceof Error ? error.message : String(error);
  throw new Error(
    `${name}: property failed at run ${details.numRuns} (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} reproduces it; ` +
      `fast-check path "${details.counterexamplePath}"; FUZZ_SHRINK=1 shrinks it):\n${message.slice(0, 8000)}`,
  );
}

function histogramText(h: Map<string, number>): string {
  return [...h.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k}:${n}`)
    .join(' ');
}

describe('sandbox fuzz', () => {
  it(
    `HTTP: ${RUNS}+ random and malformed requests, never a 5xx, always an envelope with a Correlation-Id`,
    async () => {
      const statuses = new Map<string, number>();
      const signedStatuses = new Map<string, number>();
      let cases = 0;
      let refused = 0;
      const started = performance.now();
      const property = fc.asyncProperty(
        fc.array(httpCaseArb(ids), { minLength: BATCH, maxLength: BATCH }),
        async (batch) => {
          clock.advance(TICK_MS);
          const before = tap.violations.length;
          const outcomes = await Promise.all(batch.map((c) => sender.send(c)));
          const failures: string[] = [];
          batch.forEach((c, i) => {
            const o = outcomes[i] as Outcome;
            cases += 1;
            if (o.kind === 'client-refused') refused += 1;
            const key = o.kind === 'answer' ? String(o.answer.status) : o.kind;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
            if (c.auth.kind === 'signed' && c.auth.role === 'full-access')
              signedStatuses.set(key, (signedStatuses.get(key) ?? 0) + 1);
            const problems = problemsOf(c, o);
            if (problems.length > 0) failures.push(`${describeCase(c)}\n    → ${problems.join('; ')}`);
          });
          const fresh = tap.violations.slice(before);
          for (const v of fresh)
            failures.push(
              `conformance: ${v.rule} ${v.method} ${v.target.slice(0, 160)} ${v.status}: ${v.detail}`,
            );
          if (failures.length > 0) throw new Error(failures.join('\n'));
        },
      );
      await runProperty('HTTP fuzz', property, Math.ceil(RUNS / BATCH));
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      log(`HTTP: ${cases} cases in ${seconds} s (${refused} refused by the client library before sending)`);
      log(`HTTP statuses: ${histogramText(statuses)}`);
      log(`HTTP statuses of correctly signed full-access cases: ${histogramText(signedStatuses)}`);
      expect(cases).toBeGreaterThanOrEqual(RUNS);
      // The generators only make requests HTTP allows: each one reached the server.
      expect(refused).toBe(0);
      // The fuzz must get past the auth wall: a good share of answers come from the validators and routes.
      expect(
        (statuses.get('200') ?? 0) + (statuses.get('400') ?? 0) + (statuses.get('404') ?? 0),
      ).toBeGreaterThan(cases / 5);
      tap.expectNoViolations();
    },
    TIMEOUT_MS,
  );

  it('raw HTTP: bytes no client would send still get a JSON envelope with a Correlation-Id, or no answer', async () => {
    const port = Number(new URL(sandbox.baseUrl).port);
    const failures: string[] = [];
    const statuses = new Map<string, number>();
    for (const c of rawCases(new URL(sandbox.baseUrl).host, sandbox.workspaceId)) {
      const raw = await sendRaw(port, c.bytes);
      const a = parseRawAnswer(raw);
      statuses.set(String(a.status ?? 'none'), (statuses.get(String(a.status ?? 'none')) ?? 0) + 1);
      if (a.status === undefined) {
        if (!(c.mayNotAnswer && raw === ''))
          failures.push(`${c.name}: no HTTP answer (${JSON.stringify(raw.slice(0, 80))})`);
        continue;
      }
      const problems: string[] = [];
      if (a.status >= 500) problems.push(`status ${a.status}`);
      if (!a.headers['correlation-id']) problems.push('no Correlation-Id');
      if (a.status >= 400) {
        try {
          const e = JSON.parse(a.body) as { error?: unknown; message?: unknown };
          if (typeof e.error !== 'string' || typeof e.message !== 'string')
            problems.push(`not an envelope: ${a.body.slice(0, 100)}`);
        } catch {
          problems.push(`body not JSON: ${JSON.stringify(a.body.slice(0, 80))}`);
        }
      }
      if (problems.length > 0)
        failures.push(
          `${c.name} → ${a.status}: ${problems.join('; ')}\n    ${JSON.stringify(raw.slice(0, 200))}`,
        );
    }
    log(`raw HTTP statuses: ${histogramText(statuses)}`);
    expect(failures, failures.join('\n')).toEqual([]);
    tap.expectNoViolations();
  });

  it(
    `WebSocket: ${WS_MESSAGES}+ random messages get only 200/400/401/403 frames and no close but by protocol`,
    async () => {
      const frameStatuses = new Map<string, number>();
      const closes = new Map<string, number>();
      let sent = 0;
      let socket: WebSocket | undefined;
      let frames: string[] = [];
      let closed: { code: number; reason: string } | undefined;
      // What the current socket was sent that lets the protocol itself close it.
      let sentBadUtf8 = false;
      let sentTooBig = false;
      const started = performance.now();

      const open = async () => {
        const ws = new WebSocket(sandbox.wsUrl, { perMessageDeflate: false });
        ws.on('message', (data, isBinary) => {
          if (ws === socket)
            frames.push(isBinary ? `<binary ${String(data.toString().length)}>` : data.toString());
        });
        ws.on('close', (code, reason) => {
          if (ws === socket) closed = { code, reason: reason.toString() };
        });
        ws.on('error', () => {});
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
        });
        socket = ws;
        closed = undefined;
        sentBadUtf8 = false;
        sentTooBig = false;
      };

      /** A close is fine only when the protocol demands it (1007 bad UTF-8, 1009 too big); then a new socket. */
      const afterClose = async (failures: string[]) => {
        const { code, reason } = closed ?? { code: 0, reason: '' };
        closes.set(String(code), (closes.get(String(code)) ?? 0) + 1);
        const byProtocol = (code === 1007 && sentBadUtf8) || (code === 1009 && sentTooBig);
        if (!byProtocol)
          failures.push(
            `socket closed ${code} ${JSON.stringify(reason)} without a protocol violation by the client`,
          );
        await open();
      };

      const wireOf = async (m: WsMessage): Promise<{ data: string | Buffer; binary: boolean }> => {
        switch (m.kind) {
          case 'text':
            return { data: m.text, binary: false };
          case 'json':
            return { data: JSON.stringify(m.value) ?? 'null', binary: false };
          case 'binary':
            return { data: Buffer.from(m.bytes), binary: true };
          case 'bad-utf8':
            return { data: Buffer.from(m.bytes), binary: false };
          case 'unsubscribe':
            return {
              data: JSON.stringify({
                method: 'UNSUBSCRIBE',
                uri: m.uri,
                headers: { 'Correlation-Id': m.correlationId },
              }),
              binary: false,
            };
          case 'subscribe': {
            const uri = typeof m.uri === 'string' ? m.uri : '/';
            const bodyText = m.bodyAsText ? (JSON.stringify(m.body) ?? '') : '{}';
            const authorization = await authorizer.authorization(m.auth, 'SUBSCRIBE', uri, bodyText);
            const headerObject: Record<string, unknown> = {
              'Correlation-Id': m.correlationId,
              'Content-Type': 'application/json',
              ...m.extraHeaders,
            };
            if (authorization !== undefined) headerObject.Authorization = authorization;
            const headers =
              m.headersShape === 'object'
                ? headerObject
                : m.headersShape === 'missing'
                  ? undefined
                  : m.headersShape === 'null'
                    ? null
                    : m.headersShape === 'array'
                      ? [headerObject]
                      : JSON.stringify(headerObject);
            const body = m.bodyAsText ? bodyText : m.body;
            return { data: JSON.stringify({ method: m.method, uri: m.uri, headers, body }), binary: false };
          }
        }
      };

      const barrier = async (ws: WebSocket): Promise<boolean> => {
        const correlationId = `barrier${String(sent).padStart(8, '0')}`;
        const uri = `/workspaces/${sandbox.workspaceId}/transactions?limit=0`;
        const token = await keys.signers['full-access'].sign({
          method: 'SUBSCRIBE',
          pathWithQuery: uri,
          body: '{}',
        });
        const headers = {
          'Correlation-Id': correlationId,
          Authorization: `ApiKey ${token}`,
          'Content-Type': 'application/json',
        };
        ws.send(JSON.stringify({ method: 'SUBSCRIBE', uri, headers, body: {} }));
        const deadline = Date.now() + 5_000;
        while (Date.now() < deadline) {
          if (closed) return false;
          if (frames.some((f) => f.includes(correlationId))) {
            ws.send(
              JSON.stringify({ method: 'UNSUBSCRIBE', uri, headers: { 'Correlation-Id': correlationId } }),
            );
            return true;
          }
          await new Promise((r) => setTimeout(r, 5));
        }
        throw new Error('the barrier SUBSCRIBE got no frame within 5 s');
      };

      // Text frames that are not UTF-8 break the protocol itself: a few, each closing its socket with 1007.
      const messages = fc.oneof(
        { weight: 199, arbitrary: wsMessageArb(ids) },
        { weight: 1, arbitrary: fc.constant(badUtf8Message) },
      );
      const property = fc.asyncProperty(
        fc.array(messages, { minLength: WS_BATCH, maxLength: WS_BATCH }),
        async (batch) => {
          clock.advance(TICK_MS);
          const failures: string[] = [];
          if (!socket || socket.readyState !== WebSocket.OPEN) await open();
          frames = [];
          for (const m of batch) {
            // Let a close caused by an earlier message arrive before the next send.
            if (sentBadUtf8 || sentTooBig) await new Promise((r) => setTimeout(r, 20));
            if (closed) await afterClose(failures);
            const { data, binary } = await wireOf(m);
            if (m.kind === 'bad-utf8') sentBadUtf8 = true;
            if (Buffer.byteLength(data) > 64 * 1024) sentTooBig = true;
            (socket as WebSocket).send(data, { binary });
            sent += 1;
          }
          while (!(await barrier(socket as WebSocket))) await afterClose(failures);
          for (const text of frames) {
            try {
              const frame = parseServerFrame(text);
              frameStatuses.set(String(frame.status), (frameStatuses.get(String(frame.status)) ?? 0) + 1);
              if (![200, 400, 401, 403].includes(frame.status))
                failures.push(`frame status ${frame.status}: ${text.slice(0, 200)}`);
            } catch (err) {
              failures.push(`frame does not parse: ${(err as Error).message}: ${text.slice(0, 200)}`);
            }
          }
          if (failures.length > 0) {
            const shown = batch.map((m) => JSON.stringify(m).slice(0, 200)).join('\n    ');
            throw new Error(`${failures.join('\n')}\n  batch:\n    ${shown}`);
          }
        },
      );
      await runProperty('WebSocket fuzz', property, Math.ceil(WS_MESSAGES / WS_BATCH));
      socket?.close();
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      log(
        `WebSocket: ${sent} messages in ${seconds} s; frame statuses ${histogramText(frameStatuses)}; closes ${histogramText(closes) || 'none'}`,
      );
      expect(sent).toBeGreaterThanOrEqual(WS_MESSAGES);
      tap.expectNoViolations();
    },
    TIMEOUT_MS,
  );

  it('still serves correctly afterwards: a signed request and a live subscription', async () => {
    const signer = keys.signers['full-access'];
    const api = createApiClient({
      baseUrl: sandbox.baseUrl,
      workspaceId: sandbox.workspaceId,
      signer,
      retry: { limit: 0 },
    });
    const [workspaces, page] = await Promise.all([
      api.workspaces.list(),
      api.transactions.list({ limit: 5 }),
    ]);
    expect(workspaces.map((w) => w.workspaceId)).toEqual([sandbox.workspaceId]);
    expect(page.length).toBe(5);

    const realtime = createRealtime({ baseUrl: sandbox.baseUrl, workspaceId: sandbox.workspaceId, signer });
    try {
      const snapshot = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no snapshot within 5 s')), 5_000);
        realtime.subscribe(
          { limit: 3 },
          {
            onSnapshot: (txs) => {
              clearTimeout(timer);
              resolve(txs.length);
            },
            onUpdate: () => {},
            onError: (err) => reject(err),
          },
        );
      });
      expect(snapshot).toBe(3);
    } finally {
      realtime.close();
    }
    tap.expectNoViolations();
    log(
      `conformance tap: ${tap.counts.http} HTTP answers (${tap.counts.openapi} also checked against the OpenAPI) and ${tap.counts.ws} frames checked, 0 violations`,
    );
  });
});
