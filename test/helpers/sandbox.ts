// A sandbox for tests: on 127.0.0.1 port 0, with a manual clock (default) or the system clock,
// one key per role, our real client and realtime client over it, and every answer it sends
// recorded through the `onResponse` tap. Extend every fixture at once through `responseHooks`
// (e.g. a conformance check), or one fixture through `onResponse`.
import { afterAll, afterEach } from 'vitest';
import { createSigner, generatePrivateJwk, type PrivateJwk, type Signer } from '../../src/auth/index.js';
import {
  type ApiClient,
  type ApiClientOptions,
  createApiClient,
  createRealtime,
  type RealtimeClient,
  type RealtimeOptions,
} from '../../src/client/index.js';
import {
  type KeyOptions,
  type Role,
  type SandboxHandle,
  type SandboxOptions,
  type SandboxResponse,
  startSandbox,
} from '../../src/sandbox/index.js';
import { createManualClock, type ManualClock } from '../../src/sandbox/world/index.js';
import { createConformanceTap } from './conformance.js';

export const ROLES: readonly Role[] = ['view-only', 'transaction-operator', 'full-access', 'mpc-hot-signer'];

/** Where every fixture's answers also go (for checks that apply to all sandbox tests). */
export const responseHooks: Array<(response: SandboxResponse) => void> = [];

/** The manual clock's default start: a fixed instant, so a seed gives the same world every run. */
export const MANUAL_START_MS = Date.UTC(2025, 5, 6, 12, 0, 0);

export interface TestKey {
  jwk: PrivateJwk;
  signer: Signer;
  kid: string;
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body (undefined when it is not JSON). */
  json: any;
}

export interface FetchOptions {
  /** Whose key signs; default full-access. */
  role?: Role;
  /** Another signer (a key registered by the test). */
  signer?: Signer;
  /** Sent as is instead of a fresh token (replays, tampering, no header with ''). */
  authorization?: string;
  body?: string;
  /** The text signed, when it should differ from the text sent (tampering). */
  signedBody?: string;
  /** The target signed, when it should differ from the one sent (tampering). */
  signedTarget?: string;
  iat?: number;
  headers?: Record<string, string>;
}

export interface TestSandboxOptions extends Partial<SandboxOptions> {
  /** A manual clock (default, starting at MANUAL_START_MS or the number given), or false for the system clock. */
  manualClock?: boolean | number;
  /** The role keys to register (a restart from a state dir keeps the first start's); default new ones. */
  roleKeys?: Readonly<Record<Role, TestKey>>;
}

export interface SandboxFixture {
  readonly sandbox: SandboxHandle;
  readonly baseUrl: string;
  readonly workspaceId: string;
  /** The manual clock, when the fixture has one. */
  readonly clock: ManualClock | undefined;
  readonly keys: Readonly<Record<Role, TestKey>>;
  /** Every HTTP answer and WebSocket frame the sandbox sent, in order. */
  readonly responses: SandboxResponse[];
  /** The sandbox's log lines. */
  readonly logs: string[];
  /** Our real API client, signed by the role's key; retries off so every answer is seen. */
  client(role?: Role, opts?: Partial<ApiClientOptions>): ApiClient;
  /** Our real realtime client (closed with the fixture). */
  realtime(role?: Role, opts?: Partial<RealtimeOptions>): RealtimeClient;
  /** Generates and registers one more key. */
  addKey(role: Role, opts?: KeyOptions): Promise<TestKey>;
  /** One request by hand (fetch), signed unless told otherwise. `target` is the path with query. */
  fetch(method: string, target: string, opts?: FetchOptions): Promise<RawAnswer>;
  /** A fresh `ApiKey <jwt>` value for a request. */
  authorization(
    method: string,
    target: string,
    body?: string,
    opts?: { role?: Role; iat?: number; signer?: Signer },
  ): Promise<string>;
  /** Moves the manual clock and lets the world catch up. */
  advance(ms: number): void;
  close(): Promise<void>;
}

const open = new Set<SandboxFixture>();
afterAll(async () => {
  for (const fixture of [...open]) await fixture.close();
});

async function makeKey(): Promise<TestKey> {
  const jwk = await generatePrivateJwk();
  return { jwk, signer: await createSigner(jwk), kid: jwk.kid };
}

export async function startTestSandbox(opts: TestSandboxOptions = {}): Promise<SandboxFixture> {
  const { manualClock = true, onResponse, roleKeys, ...rest } = opts;
  const clock =
    manualClock === false ? undefined : createManualClock(typeof manualClock === 'number' ? manualClock : MANUAL_START_MS);
  const responses: SandboxResponse[] = [];
  const logs: string[] = [];
  const entries = await Promise.all(ROLES.map(async (role) => [role, roleKeys?.[role] ?? (await makeKey())] as const));
  const keys = Object.fromEntries(entries) as Record<Role, TestKey>;
  const sandbox = await startSandbox({
    seed: 7,
    history: 400,
    ...(clock ? { clock, tickIntervalMs: 0, generator: false } : {}),
    ...rest,
    keys: [...ROLES.map((role) => ({ jwk: keys[role].jwk, role })), ...(rest.keys ?? [])],
    log: (line) => {
      logs.push(line);
      rest.log?.(line);
    },
    onResponse: (response) => {
      responses.push(response);
      for (const hook of responseHooks) hook(response);
      onResponse?.(response);
    },
  });
  const realtimes: RealtimeClient[] = [];

  const signerOf = (role: Role = 'full-access') => keys[role].signer;

  async function authorization(
    method: string,
    target: string,
    body = '',
    o: { role?: Role; iat?: number; signer?: Signer } = {},
  ): Promise<string> {
    const signer = o.signer ?? signerOf(o.role);
    const input = o.iat === undefined ? { method, pathWithQuery: target, body } : { method, pathWithQuery: target, body, iat: o.iat };
    return `ApiKey ${await signer.sign(input)}`;
  }

  const fixture: SandboxFixture = {
    sandbox,
    baseUrl: sandbox.baseUrl,
    workspaceId: sandbox.workspaceId,
    clock,
    keys,
    responses,
    logs,
    client(role = 'full-access', o = {}) {
      return createApiClient({
        baseUrl: sandbox.baseUrl,
        workspaceId: sandbox.workspaceId,
        signer: signerOf(role),
        retry: { limit: 0 },
        ...o,
      });
    },
    realtime(role = 'full-access', o = {}) {
      const client = createRealtime({
        baseUrl: sandbox.baseUrl,
        workspaceId: sandbox.workspaceId,
        signer: signerOf(role),
        ...o,
      });
      realtimes.push(client);
      return client;
    },
    async addKey(role, o = {}) {
      const key = await makeKey();
      sandbox.registerKey(key.jwk, role, o);
      return key;
    },
    async fetch(method, target, o = {}) {
      const body = o.body;
      const headers: Record<string, string> = { ...o.headers };
      if (o.authorization !== undefined) {
        if (o.authorization !== '') headers.Authorization = o.authorization;
      } else {
        const signOpts: { role?: Role; iat?: number; signer?: Signer } = {};
        if (o.role) signOpts.role = o.role;
        if (o.iat !== undefined) signOpts.iat = o.iat;
        if (o.signer) signOpts.signer = o.signer;
        headers.Authorization = await authorization(
          method,
          o.signedTarget ?? target,
          o.signedBody ?? body ?? '',
          signOpts,
        );
      }
      if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
        headers['Content-Type'] = 'application/json';
      }
      const init: RequestInit = { method, headers };
      if (body !== undefined) init.body = body;
      const res = await fetch(sandbox.baseUrl + target, init);
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: res.status, headers: res.headers, text, json };
    },
    authorization,
    advance(ms) {
      if (!clock) throw new Error('this fixture runs on the system clock');
      clock.advance(ms);
      sandbox.advance();
    },
    async close() {
      open.delete(fixture);
      for (const client of realtimes.splice(0)) client.close();
      await sandbox.close();
    },
  };
  open.add(fixture);
  return fixture;
}

/** Resolves when `predicate` holds, polling every 10 ms; rejects after `timeoutMs`. */
export async function waitUntil(predicate: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// ---- conformance (test/helpers/conformance.ts) ----
// Installed by default: every answer of every fixture is checked against the contract and, where
// it has the route, the public OpenAPI (issue 3, Tests). A test that let a violation through
// fails in its afterEach, with every violation listed; the next test starts clean.
export const conformance = createConformanceTap();
responseHooks.push(conformance.onResponse);
afterEach(() => {
  try {
    conformance.expectNoViolations();
  } finally {
    conformance.reset();
  }
});
