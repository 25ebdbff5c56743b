// The conformance tap: checks EVERY answer a sandbox sends (HTTP responses and WebSocket frames)
// against the wire rules, the zod contract and, for routes the published OpenAPI has, that
// document's JSON schema. Install it as startSandbox's `onResponse`; it collects violations
// instead of throwing (a throw inside the server would turn into a 500 or be swallowed), and
// `expectNoViolations()` fails the test that let one through.
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import {
  AccountListSchema,
  AccountSchema,
  ActivityListSchema,
  AddressBookRecordListSchema,
  AddressBookRecordSchema,
  AddressListSchema,
  AssetListSchema,
  AssetMarketPriceListSchema,
  AssetPriceSeriesSchema,
  AssetSchema,
  BalanceListSchema,
  BalanceSchema,
  CantonLedgerQueryResultSchema,
  ContractViolation,
  DryRunTransactionSchema,
  ERROR_CODES,
  ErrorEnvelopeSchema,
  IndicativeQuoteSchema,
  IntentSchema,
  MemberListSchema,
  NetworkListSchema,
  NetworkSchema,
  parseServerFrame,
  parseWire,
  StakesSchema,
  SymbolListSchema,
  SymbolMarketPriceListSchema,
  SymbolRecordSchema,
  TransactionEventListSchema,
  TransactionLimitListSchema,
  TransactionLimitSchema,
  TransactionListSchema,
  TransactionSchema,
  WorkspaceListSchema,
  WorkspaceSchema,
} from '../../src/contract/index.js';
import { openApi } from './openapi.js';

/** What startSandbox's `onResponse` hands over: one HTTP answer or one WebSocket frame. */
export interface TappedResponse {
  kind: 'http' | 'ws';
  method: string;
  /** HTTP: the raw request target; WebSocket: the subscription uri. */
  target: string;
  status: number;
  headers: Record<string, string>;
  /** HTTP: the body text; WebSocket: the whole frame text. */
  body: string;
  /** Set by the sandbox when a chaos fault made this answer on purpose (not the API's own answer). */
  chaos?: '503' | '429' | 'garbage' | (string & {});
}

export interface Violation {
  kind: 'http' | 'ws';
  method: string;
  target: string;
  status: number;
  /** Which rule: 'status', 'correlation-id', 'envelope', 'contract', 'openapi', ... */
  rule: string;
  detail: string;
}

export interface CheckContext {
  /** The Correlation-Id the request carried, when known: the answer must echo it or carry 32 hex. */
  requestCorrelationId?: string;
}

// Wire notes §3: every error code and the one status it travels with.
const STATUS_OF_CODE: Record<(typeof ERROR_CODES)[number], number> = {
  'bad-request': 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  'pair-not-available': 404,
  conflict: 409,
  'payload-too-large': 413,
  'too-many-requests': 429,
};

const CORRELATION_ID = /^[0-9a-f]{32}$/;
// An echoed client id: visible ASCII, bounded. Anything else should have been replaced by 32 hex.
const ECHOED_ID = /^[\x21-\x7e]{1,128}$/;
// Frame statuses of wire notes §6 (snapshot/live, refused SUBSCRIBE, bad message).
const FRAME_STATUSES = new Set([200, 400, 401, 403]);

// ---- the contract's schema for each success answer, by route ----

interface ContractRoute {
  method: string;
  template: string;
  pattern: RegExp;
  schema: z.ZodType;
  /** Success statuses the route answers with. */
  statuses: readonly number[];
}

const SEGMENT = '[^/?]+';

function contractRoute(
  method: string,
  template: string,
  schema: z.ZodType,
  statuses: readonly number[] = [200],
): ContractRoute {
  const source = template.replace(/\{[^}]+\}/g, SEGMENT);
  return { method, template, pattern: new RegExp(`^${source}$`), schema, statuses };
}

const WS = '/workspaces/{workspaceId}';
const TX = `${WS}/transactions/{transactionId}`;

/** Every route the sandbox serves (sandbox.md, wire notes §5), literal segments before params. */
/** The operations added for the API's twin (issue 22); conformance-ops.test.ts drives them. */
export const TWIN_ROUTES: readonly ContractRoute[] = [
  // Transaction operations (wire notes): the bulk answers 201 whatever each item's fate, the others 200.
  contractRoute('POST', `${WS}/transactions/dry-run`, DryRunTransactionSchema),
  contractRoute('POST', `${WS}/transactions/bulk-create`, TransactionListSchema, [201]),
  contractRoute('POST', `${TX}/create-signing-request`, TransactionSchema),
  contractRoute('POST', `${TX}/accept-deposit-offer`, TransactionSchema),
  contractRoute('POST', `${TX}/reject-outgoing-offer`, TransactionSchema),
  // Market and staking operations (wire notes): every answer is 200.
  contractRoute('GET', `${WS}/stakes`, StakesSchema),
  contractRoute('GET', '/dictionary/asset-price-series', AssetPriceSeriesSchema),
  contractRoute('POST', `${WS}/intents/quote`, IndicativeQuoteSchema),
  contractRoute('POST', `${WS}/intents`, IntentSchema),
  contractRoute('GET', `${WS}/intents/{intentId}`, IntentSchema),
  contractRoute('POST', `${WS}/canton/ledger-query`, CantonLedgerQueryResultSchema),
];

export const CONTRACT_ROUTES: readonly ContractRoute[] = [
  contractRoute('GET', '/workspaces', WorkspaceListSchema),
  contractRoute('GET', WS, WorkspaceSchema),
  contractRoute('GET', `${WS}/accounts`, AccountListSchema),
  contractRoute('GET', `${WS}/accounts/{accountId}`, AccountSchema),
  contractRoute('GET', `${WS}/addresses`, AddressListSchema),
  contractRoute('GET', `${WS}/symbol-market-prices`, SymbolMarketPriceListSchema),
  contractRoute('GET', `${WS}/transactions`, TransactionListSchema),
  // 201 when created, 200 for an idempotent replay of the same externalId and body (wire notes §7).
  contractRoute('POST', `${WS}/transactions`, TransactionSchema, [201, 200]),
  contractRoute('POST', `${WS}/transactions/swap-route`, DryRunTransactionSchema),
  contractRoute('GET', TX, TransactionSchema),
  contractRoute('GET', `${TX}/events`, TransactionEventListSchema),
  contractRoute('POST', `${TX}/decline`, TransactionSchema),
  contractRoute('POST', `${TX}/approve`, TransactionSchema),
  contractRoute('POST', `${TX}/cancel`, TransactionSchema),
  // The reference endpoints (wire notes §9). DELETE answers the OpenAPI's `Unit`: an empty object.
  contractRoute('GET', `${WS}/members`, MemberListSchema),
  contractRoute('GET', `${WS}/address-book-records`, AddressBookRecordListSchema),
  contractRoute('POST', `${WS}/address-book-records`, AddressBookRecordSchema, [201, 200]),
  contractRoute('GET', `${WS}/address-book-records/{recordId}`, AddressBookRecordSchema),
  contractRoute('DELETE', `${WS}/address-book-records/{recordId}`, z.strictObject({})),
  contractRoute('GET', `${WS}/transaction-limits`, TransactionLimitListSchema),
  contractRoute('GET', `${WS}/transaction-limits/{limitId}`, TransactionLimitSchema),
  contractRoute('GET', `${WS}/activities`, ActivityListSchema),
  contractRoute('GET', `${WS}/balances`, BalanceListSchema),
  contractRoute('GET', `${WS}/balances/{balanceId}`, BalanceSchema),
  contractRoute('GET', '/dictionary/networks', NetworkListSchema),
  contractRoute('GET', '/dictionary/networks/{networkId}', NetworkSchema),
  contractRoute('GET', '/dictionary/assets', AssetListSchema),
  contractRoute('GET', '/dictionary/assets/{assetId}', AssetSchema),
  contractRoute('GET', '/dictionary/symbols', SymbolListSchema),
  contractRoute('GET', '/dictionary/symbols/{symbolId}', SymbolRecordSchema),
  contractRoute('GET', '/dictionary/symbol-market-prices', SymbolMarketPriceListSchema),
  contractRoute('GET', '/dictionary/asset-market-prices', AssetMarketPriceListSchema),
  ...TWIN_ROUTES,
];

/** The contract route of a request target (the query is ignored). */
export function contractRouteOf(method: string, target: string): ContractRoute | undefined {
  const path = routePath(target);
  const upper = method.toUpperCase();
  // Literal routes first: `/transactions/swap-route` is not a transaction id.
  const matches = CONTRACT_ROUTES.filter((r) => r.method === upper && r.pattern.test(path));
  matches.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  return matches[0];
}

// ---- checks ----

/** The path of a request target: before `?` and `#`. */
export function pathOf(target: string): string {
  const end = target.search(/[?#]/);
  return end < 0 ? target : target.slice(0, end);
}

/**
 * The path a route is matched on: dot segments resolved and `\` read as `/`, as a URL parser
 * does (the sandbox's router too). `/../workspaces/W/addresses` IS the addresses route; the token
 * still signs the raw target, so nothing is gained by sending it that way.
 */
export function routePath(target: string): string {
  const path = pathOf(target);
  try {
    return new URL(`http://route.invalid${path}`).pathname;
  } catch {
    return path;
  }
}

function header(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

function short(text: string, max = 160): string {
  return text.length <= max ? text : `${text.slice(0, max - 3)}...`;
}

function contractIssues(schema: z.ZodType, data: unknown, what: string): string | undefined {
  try {
    parseWire(schema, data, what);
    return undefined;
  } catch (err) {
    if (err instanceof ContractViolation) return err.message;
    throw err;
  }
}

/** Wire notes §5: the wire emits `_embedded`, never `embedded`. Paths of the offending objects. */
function plainEmbedded(body: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown, path: string, depth: number) => {
    if (depth > 4 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, `${path}.${i}`, depth + 1));
      return;
    }
    // `embedded` beside an equal `_embedded` is the sandbox's --embedded-alias (wire notes), not a plain one.
    const record = value as Record<string, unknown>;
    const alias = '_embedded' in value && isDeepStrictEqual(record.embedded, record._embedded);
    if ('embedded' in value && !alias) found.push(path === '' ? 'embedded' : `${path.slice(1)}.embedded`);
    for (const key of ['transactions', 'transaction']) {
      if (key in value) visit((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1);
    }
  };
  visit(body, '', 0);
  return found;
}

/** Checks one answer; returns what is wrong with it (nothing when it conforms). */
export function checkResponse(r: TappedResponse, ctx: CheckContext = {}): Violation[] {
  const violations: Violation[] = [];
  const add = (rule: string, detail: string) =>
    violations.push({
      kind: r.kind,
      method: r.method,
      target: short(r.target, 200),
      status: r.status,
      rule,
      detail,
    });
  // Chaos garbage is malformed on purpose (the console's fault tests feed on it): nothing to check.
  if (r.chaos === 'garbage') return violations;
  if (r.kind === 'ws') checkFrame(r, add);
  else checkHttp(r, ctx, add);
  return violations;
}

type Add = (rule: string, detail: string) => void;

function checkCorrelationId(value: string | undefined, ctx: CheckContext, add: Add): void {
  if (value === undefined || value === '') {
    add('correlation-id', 'no Correlation-Id (wire notes §3: on every answer)');
    return;
  }
  if (CORRELATION_ID.test(value)) return;
  if (ctx.requestCorrelationId !== undefined) {
    if (value !== ctx.requestCorrelationId) {
      add(
        'correlation-id',
        `Correlation-Id ${JSON.stringify(short(value, 60))} is neither 32 hex nor the client's`,
      );
    }
    return;
  }
  if (!ECHOED_ID.test(value)) {
    add(
      'correlation-id',
      `Correlation-Id ${JSON.stringify(short(value, 60))} is neither 32 hex nor a sane echo`,
    );
  }
}

function checkEnvelope(status: number, body: unknown, add: Add, anyCode: boolean): void {
  const problem = contractIssues(ErrorEnvelopeSchema, body, `${status} error envelope`);
  if (problem) {
    add('envelope', problem);
    return;
  }
  const { error, message } = body as { error: string; message: string };
  if (message.trim() === '') add('envelope', 'empty message');
  if (anyCode) return;
  if (!(ERROR_CODES as readonly string[]).includes(error)) {
    add('envelope', `error code "${short(error, 60)}" is not one of wire notes §3`);
  } else if (STATUS_OF_CODE[error as keyof typeof STATUS_OF_CODE] !== status) {
    add(
      'envelope',
      `error code "${error}" travels with ${STATUS_OF_CODE[error as keyof typeof STATUS_OF_CODE]}, not ${status}`,
    );
  }
}

function checkHttp(r: TappedResponse, ctx: CheckContext, add: Add): void {
  // Chaos' deliberate 503s are allowed, and only those (still `{error, message}` envelopes).
  // A 503 on purpose (chaos), or from a state dir that could not be written: the only 5xx there are.
  const chaos503 = (r.chaos === '503' || r.chaos === 'state-write') && r.status === 503;
  if (r.status >= 500 && !chaos503) add('status', `${r.status}: the sandbox never answers 5xx`);
  else if (!chaos503 && !(r.status >= 200 && r.status < 300) && !(r.status >= 400 && r.status < 500)) {
    add('status', `unexpected status ${r.status}`);
  }
  checkCorrelationId(header(r.headers, 'correlation-id'), ctx, add);
  if (r.status === 429) {
    const retryAfter = header(r.headers, 'retry-after');
    if (retryAfter === undefined || !/^\d+$/.test(retryAfter.trim())) {
      add('retry-after', `429 without Retry-After seconds (got ${JSON.stringify(retryAfter)})`);
    }
  }

  const method = r.method.toUpperCase();
  if (method === 'HEAD' || r.status === 204 || r.status === 304) return;
  const type = header(r.headers, 'content-type');
  if (!type || !/^application\/json\b/i.test(type))
    add('content-type', `Content-Type ${JSON.stringify(type)}, expected application/json`);
  let body: unknown;
  try {
    body = JSON.parse(r.body);
  } catch {
    add('json', `body is not JSON: ${JSON.stringify(short(r.body, 80))}`);
    return;
  }

  if (r.status >= 400) {
    checkEnvelope(r.status, body, add, chaos503);
  } else if (r.status >= 200 && r.status < 300) {
    const route = contractRouteOf(method, r.target);
    if (!route) {
      add('route', `${r.status} for a route the API does not have`);
      return;
    }
    if (!route.statuses.includes(r.status))
      add('status', `${r.status} where ${route.template} answers ${route.statuses.join(' or ')}`);
    const problem = contractIssues(route.schema, body, `${method} ${route.template}`);
    if (problem) add('contract', problem);
    for (const path of plainEmbedded(body))
      add('embedded', `${path}: the wire emits _embedded (wire notes §5)`);
  }
  if (r.status === 503 && chaos503) return;
  checkOpenApi(method, r.target, r.status, body, add);
}

function checkOpenApi(method: string, target: string, status: number, body: unknown, add: Add): void {
  const result = openApi().validate(method, routePath(target), status, body);
  if (result.kind !== 'checked' || result.issues.length === 0) return;
  const shown = result.issues.slice(0, 5).map((i) => `${i.path || '(body)'}: ${i.message}`);
  const more = result.issues.length > 5 ? `; and ${result.issues.length - 5} more` : '';
  add('openapi', `${result.schema} (${result.route.template}): ${shown.join('; ')}${more}`);
}

function checkFrame(r: TappedResponse, add: Add): void {
  if (!FRAME_STATUSES.has(r.status))
    add('status', `frame status ${r.status} (wire notes §6: 200, or 400/401/403 for a refusal)`);
  let raw: { headers?: Record<string, unknown> | null; body?: unknown } | undefined;
  try {
    raw = JSON.parse(r.body) as typeof raw;
  } catch {
    add('json', `frame is not JSON: ${JSON.stringify(short(r.body, 80))}`);
    return;
  }
  try {
    const frame = parseServerFrame(r.body);
    if (frame.status !== r.status)
      add('frame', `frame says status ${frame.status}, the tap was told ${r.status}`);
    if (frame.status !== r.status && !FRAME_STATUSES.has(frame.status))
      add('status', `frame status ${frame.status}`);
    const id = raw?.headers?.['Correlation-Id'];
    checkCorrelationId(typeof id === 'string' ? id : undefined, {}, add);
    // A frame with a string body is unwrapped once (wire notes §6): check what it holds.
    const body = typeof raw?.body === 'string' ? (JSON.parse(raw.body) as unknown) : raw?.body;
    if (frame.ok) {
      for (const path of plainEmbedded(body))
        add('embedded', `${path}: the wire emits _embedded (wire notes §5)`);
      // A frame body is what the list endpoint answers for the same filters: the same schema.
      const issues = openApi().validateComponent('Transactions', body);
      if (issues.length > 0) {
        add(
          'openapi',
          `Transactions (frame): ${issues
            .slice(0, 5)
            .map((i) => `${i.path || '(body)'}: ${i.message}`)
            .join('; ')}`,
        );
      }
    } else {
      checkEnvelope(frame.status, body, add, false);
    }
  } catch (err) {
    if (err instanceof ContractViolation) add('contract', err.message);
    else throw err;
  }
}

// ---- the tap ----

export interface ConformanceTap {
  /** Pass as startSandbox's `onResponse`. Never throws. */
  readonly onResponse: (r: TappedResponse) => void;
  /** Checks an answer with what only the caller knows (the request's Correlation-Id ...). */
  record(r: TappedResponse, ctx?: CheckContext): Violation[];
  readonly violations: readonly Violation[];
  /** Answers seen so far, by kind, and how many of them the OpenAPI document also checked. */
  readonly counts: { http: number; ws: number; openapi: number };
  /** Throws with every violation, grouped, when there is any. */
  expectNoViolations(): void;
  /** Forgets what was collected (counts included). */
  reset(): void;
}

const MAX_KEPT = 500;

export function createConformanceTap(): ConformanceTap {
  const violations: Violation[] = [];
  let dropped = 0;
  const counts = { http: 0, ws: 0, openapi: 0 };

  function record(r: TappedResponse, ctx: CheckContext = {}): Violation[] {
    let found: Violation[];
    try {
      found = checkResponse(r, ctx);
    } catch (err) {
      // A bug in the checker must show, not vanish inside the server's callback.
      found = [
        {
          kind: r.kind,
          method: r.method,
          target: r.target,
          status: r.status,
          rule: 'checker',
          detail: String(err),
        },
      ];
    }
    counts[r.kind] += 1;
    if (r.kind === 'http' && openApi().route(r.method, routePath(r.target))) counts.openapi += 1;
    for (const v of found) {
      if (violations.length < MAX_KEPT) violations.push(v);
      else dropped += 1;
    }
    return found;
  }

  return {
    onResponse: (r) => {
      record(r);
    },
    record,
    get violations() {
      return violations;
    },
    counts,
    expectNoViolations() {
      if (violations.length === 0) return;
      throw new Error(formatViolations(violations, dropped));
    },
    reset() {
      violations.length = 0;
      dropped = 0;
      counts.http = 0;
      counts.ws = 0;
      counts.openapi = 0;
    },
  };
}

/** Violations grouped by rule and route, each group with a count and its first example. */
export function formatViolations(violations: readonly Violation[], dropped = 0): string {
  const groups = new Map<string, { count: number; first: Violation }>();
  for (const v of violations) {
    const route = contractRouteOf(v.method, v.target)?.template ?? pathOf(v.target);
    const key = `${v.rule} ${v.kind} ${v.method} ${route} ${v.status}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { count: 1, first: v });
  }
  const lines = [...groups.entries()].map(
    ([key, { count, first }]) =>
      `- [${key}] ×${count}: ${first.detail}\n    e.g. ${first.method} ${first.target}`,
  );
  const more = dropped > 0 ? `\n(and ${dropped} more not kept)` : '';
  return `${violations.length + dropped} conformance violation(s) in the sandbox's answers:\n${lines.join('\n')}${more}`;
}
