// Arbitraries of HTTP requests to the sandbox: paths (known routes with real, random and garbage
// segments, traversal, encodings, very long), methods, queries, headers, bodies and the way each
// request authenticates. A case is a description; `send.ts` signs it (when it asks to be signed)
// at send time, so a token is fresh and signs exactly the target and body that go out.
import fc from 'fast-check';
import {
  bookBodyArb,
  REFERENCE_DELETE,
  REFERENCE_POST,
  REFERENCE_QUERY_NAMES,
  REFERENCE_TEMPLATES,
  REFERENCE_VALUES,
} from './reference-cases.js';
import {
  cantonBodyArb,
  intentBodyArb,
  MARKET_POST,
  MARKET_QUERY_NAMES,
  MARKET_TEMPLATES,
  MARKET_VALUES,
} from './market-cases.js';
import { TRANSACTION_OP_TEMPLATES, transactionOpBodyArbs } from './transaction-op-cases.js';

/** Ids that exist in the sandbox's world, so that a share of the cases gets past "not found". */
export interface WorldIds {
  workspaceId: string;
  accountIds: string[];
  transactionIds: string[];
  assetIds: string[];
  networkIds: string[];
  symbolIds: string[];
  balanceIds?: string[];
  recordIds?: string[];
  limitIds?: string[];
}

export type AuthSpec =
  | { kind: 'none' }
  /** The Authorization header value as it is. */
  | { kind: 'raw'; value: string }
  /** A correctly signed token from a key of this role. */
  | { kind: 'signed'; role: SignedRole }
  /** A token of the full-access key, then broken in one way. */
  | { kind: 'tampered'; how: Tamper; seed: number };

export type SignedRole =
  'full-access' | 'view-only' | 'transaction-operator' | 'mpc-hot-signer' | 'pending' | 'revoked' | 'unknown';

export const TAMPERS = [
  'truncate',
  'flip-header',
  'flip-payload',
  'flip-signature',
  'alg-none',
  'alg-hs256',
  'alg-rs256',
  'no-kid',
  'other-scheme',
  'lowercase-scheme',
  'no-scheme',
  'double-space',
  'iat-past',
  'iat-future',
  'iat-string',
  'exp-past',
  'wrong-path',
  'wrong-body',
  'wrong-method',
  'replay',
  'extra-part',
  'empty-signature',
] as const;
export type Tamper = (typeof TAMPERS)[number];

export interface HttpCase {
  method: string;
  /** The raw request target, sent as it is (undici does not normalize it). */
  target: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  auth: AuthSpec;
  /** Which family the case came from, for the histogram. */
  family: string;
}

// ---- routes ----

const ROUTE_TEMPLATES = [
  '/workspaces',
  '/workspaces/{ws}',
  '/workspaces/{ws}/accounts',
  '/workspaces/{ws}/accounts/{account}',
  '/workspaces/{ws}/addresses',
  '/workspaces/{ws}/symbol-market-prices',
  '/workspaces/{ws}/transactions',
  '/workspaces/{ws}/transactions/swap-route',
  '/workspaces/{ws}/transactions/{tx}',
  '/workspaces/{ws}/transactions/{tx}/events',
  '/workspaces/{ws}/transactions/{tx}/decline',
  '/workspaces/{ws}/transactions/{tx}/approve',
  '/workspaces/{ws}/transactions/{tx}/cancel',
  ...TRANSACTION_OP_TEMPLATES,
  '/workspaces/{ws}/balances',
  '/workspaces/{ws}/balances/{balance}',
  ...REFERENCE_TEMPLATES,
  ...MARKET_TEMPLATES,
  '/dictionary/networks',
  '/dictionary/networks/{network}',
  '/dictionary/assets',
  '/dictionary/assets/{asset}',
  '/dictionary/symbols',
  '/dictionary/symbols/{symbol}',
  '/dictionary/symbol-market-prices',
  '/dictionary/asset-market-prices',
  // The WebSocket path without an upgrade.
  '/ws',
  '/',
] as const;

const POST_ROUTES = new Set([
  '/workspaces/{ws}/transactions',
  '/workspaces/{ws}/transactions/swap-route',
  '/workspaces/{ws}/transactions/{tx}/decline',
  '/workspaces/{ws}/transactions/{tx}/approve',
  '/workspaces/{ws}/transactions/{tx}/cancel',
  ...TRANSACTION_OP_TEMPLATES,
  ...REFERENCE_POST,
  ...MARKET_POST,
]);
const DELETE_ROUTES = new Set<string>(REFERENCE_DELETE);

/**
 * Every query parameter name any route knows (wire notes §5 plus the OpenAPI's, plus
 * `isDefiVault`, which the official clients send).
 */
export const QUERY_NAMES = [
  'limit',
  'offset',
  'workspaceIds',
  'includeSettings',
  'accountTypes',
  'excludedAccountTypes',
  'statuses',
  'accountIds',
  'isTestnet',
  'isDefiVault',
  'accountId',
  'addressIds',
  'externalId',
  'networkId',
  'address',
  'sortDirection',
  'sortBy',
  'transactionId',
  'transactionIds',
  'transactionTypes',
  'transactionStatuses',
  'transactionStatusNotIn',
  'assetIds',
  'blockchainTxId',
  'toAddress',
  'fromAddress',
  'toAccountId',
  'isTerminated',
  'terminatedAtFrom',
  'terminatedAtTo',
  'canSignWithDeviceId',
  'includeAttestationSignature',
  'createdAtFrom',
  'createdAtTo',
  'updatedAtFrom',
  'updatedAtTo',
  'includeEvents',
  'includeCurrentSigningRequest',
  'networkIds',
  'symbolIds',
  'contractAddress',
  'contractIssuer',
  'assetType',
  'used',
  'search',
  'baseSymbolIds',
  'baseAssetIds',
  'period',
  'baseSymbolId',
  'balanceIds',
  'assetId',
  'assetNotIn',
  'nonEmpty',
  'updatedSince',
  ...REFERENCE_QUERY_NAMES,
  ...MARKET_QUERY_NAMES,
] as const;

const GARBAGE_SEGMENTS = [
  '',
  '.',
  '..',
  '%2e',
  '%2e%2e',
  '.%2e',
  '%2E%2E',
  '%2F',
  '%2f..%2f',
  '%00',
  '%',
  '%zz',
  '%e2%82',
  '%ff%fe',
  '%C0%AE%C0%AE',
  '~',
  '*',
  ';',
  ';jsessionid=1',
  ':',
  '@',
  '!',
  '$',
  "'",
  '(',
  '[]',
  '{ws}',
  'null',
  'undefined',
  '0',
  '-1',
  '1e309',
  'NaN',
  'constructor',
  '__proto__',
  'prototype',
  'hasOwnProperty',
  'toString',
  'swap-route',
  'events',
  'decline',
  'transactions',
  'WORKSPACES',
  '\u00ff\u00fe',
  '\u00e9',
] as const;

/** A percent-encoded random string: any code point can reach the server this way. */
const encodedText = (maxLength: number) =>
  fc.string({ unit: 'grapheme', maxLength }).map((s) => encodeURIComponent(s));

/** Raw text the request line may carry as it is (undici allows \u0021-\u00ff). */
const rawTargetText = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x21, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength });

const longText = fc
  .tuple(fc.constantFrom('a', '%41', '0', '.', '%2e', 'é'), fc.integer({ min: 500, max: 12_000 }))
  .map(([unit, n]) => unit.repeat(Math.max(1, Math.floor(n / unit.length))));

function segmentArb(ids: readonly string[]): fc.Arbitrary<string> {
  const real = ids.length > 0 ? fc.constantFrom(...ids) : fc.constant('x');
  return fc.oneof(
    { weight: 6, arbitrary: real },
    { weight: 1, arbitrary: real.map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: real.map((id) => `${id}x`) },
    { weight: 1, arbitrary: real.map((id) => encodeURIComponent(`${id} `)) },
    { weight: 3, arbitrary: fc.constantFrom(...GARBAGE_SEGMENTS).map((s) => encodeRawSafe(s)) },
    { weight: 2, arbitrary: encodedText(30) },
    { weight: 2, arbitrary: rawTargetText(30).map(stripForPath) },
    { weight: 1, arbitrary: fc.stringMatching(/^[a-z0-9]{24}$/) },
    { weight: 1, arbitrary: longText },
  );
}

/** `?` and `#` would end the path: keep them out of a segment that is meant to stay one. */
function stripForPath(text: string): string {
  return text.replace(/[?#/]/g, '_');
}

/** Characters undici refuses in a target (space, controls, > U+00FF) are percent-encoded. */
export function encodeRawSafe(text: string): string {
  return [...text].map((ch) => (/^[\u0021-\u00ff]$/.test(ch) ? ch : encodeURIComponent(ch))).join('');
}

function fillTemplate(
  template: string,
  segments: Record<string, fc.Arbitrary<string>>,
): fc.Arbitrary<string> {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  if (names.length === 0) return fc.constant(template);
  return fc.tuple(...names.map((name) => segments[name] ?? segments.other!)).map((values) => {
    let i = 0;
    return template.replace(/\{\w+\}/g, () => values[i++] ?? '');
  });
}

/** A known route, mangled now and then: traversal, doubled or trailing slashes, case, suffixes. */
function pathArb(ids: WorldIds): fc.Arbitrary<{ path: string; template: string }> {
  // Every arbitrary is built once here: building them inside `chain` per value is slow.
  const segments: Record<string, fc.Arbitrary<string>> = {
    ws: segmentArb([ids.workspaceId]),
    account: segmentArb(ids.accountIds),
    tx: segmentArb(ids.transactionIds),
    network: segmentArb(ids.networkIds),
    asset: segmentArb(ids.assetIds),
    symbol: segmentArb(ids.symbolIds),
    balance: segmentArb(ids.balanceIds ?? []),
    record: segmentArb(ids.recordIds ?? []),
    limit: segmentArb(ids.limitIds ?? []),
    other: segmentArb([]),
  };
  const known = fc.oneof(
    ...ROUTE_TEMPLATES.map((template) =>
      fillTemplate(template, segments).map((path) => ({ path, template })),
    ),
  );
  const mangle = fc.constantFrom<(p: string) => string>(
    (p) => p,
    (p) => `${p}/`,
    (p) => p.replace(/\//g, '//'),
    (p) => `/..${p}`,
    (p) => `${p}/..`,
    (p) => `${p}/../..`,
    (p) => `/./${p.slice(1)}`,
    (p) => `${p}/%2e%2e/%2e%2e/etc/passwd`,
    (p) => p.replace(/[a-z]/g, (c) => c.toUpperCase()),
    (p) => `${p}.json`,
    (p) => `${p};x=1`,
    (p) => `${p}%00`,
    (p) => `${p}#fragment`,
    (p) => `/${p.slice(1).replace(/\//g, '%2F')}`,
    (p) => `/${p.slice(1).replace(/\//g, '\\')}`,
    (p) => `/api/v1${p}`,
  );
  const mangled = fc
    .tuple(
      known,
      fc.oneof({ weight: 5, arbitrary: fc.constant((p: string) => p) }, { weight: 3, arbitrary: mangle }),
    )
    .map(([k, f]) => ({ path: f(k.path), template: k.template }));
  const random = fc
    .array(segmentArb([ids.workspaceId, ...ids.transactionIds.slice(0, 3)]), { maxLength: 8 })
    .map((segs) => ({ path: `/${segs.join('/')}`, template: 'random' }));
  const traversal = fc
    .constantFrom(
      '/../../../../etc/passwd',
      '/workspaces/../dictionary/networks',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/dictionary/networks/..%2f..%2f..%2fetc%2fpasswd',
      '/workspaces/%2e%2e',
      '//dictionary//networks',
      '/\\..\\..\\windows\\win.ini',
      '/dictionary/assets/%252e%252e',
    )
    .map((path) => ({ path, template: 'traversal' }));
  return fc.oneof(
    { weight: 14, arbitrary: mangled },
    { weight: 3, arbitrary: random },
    { weight: 1, arbitrary: traversal },
  );
}

// ---- queries ----

const ENUMISH = [
  'true',
  'false',
  'True',
  'FALSE',
  'tRuE',
  'yes',
  '1',
  '0',
  '-1',
  '-0',
  '50',
  '1000',
  '1001',
  '999999999999999999',
  '9999999999999999999',
  '99999999999999999999999999999999',
  '1e3',
  '1.5',
  '0x10',
  ' 5',
  '5 ',
  'NaN',
  'Infinity',
  'ASC',
  'DESC',
  'asc',
  'updated',
  'activity',
  'vault',
  'active',
  'archived',
  'waiting-approval',
  'completed',
  'withdrawal',
  'swap-aggregator',
  'swap-lifi',
  'blockchain',
  'nft',
  'BTC',
  'ETH',
  ',',
  ',,',
  'a,,b',
  '1747241036052',
  '-1747241036052',
  '18446744073709551616',
  '1D',
  '1W',
  ...REFERENCE_VALUES,
  ...MARKET_VALUES,
] as const;

function queryValueArb(ids: WorldIds): fc.Arbitrary<string> {
  const real = [
    ...ids.accountIds,
    ...ids.transactionIds.slice(0, 5),
    ...ids.assetIds.slice(0, 5),
    ...ids.networkIds,
  ];
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...ENUMISH) },
    { weight: 2, arbitrary: real.length > 0 ? fc.constantFrom(...real) : fc.constant('x') },
    {
      weight: 1,
      arbitrary:
        real.length > 0
          ? fc.subarray(real, { minLength: 1, maxLength: 4 }).map((a) => a.join(','))
          : fc.constant('x,y'),
    },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
    { weight: 1, arbitrary: fc.double({ noNaN: false }).map(String) },
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: longText },
  );
}

/** How a pair is written: form-encoded (as clients do), percent-encoded, or raw. */
const pairEncoding = fc.constantFrom('form', 'form', 'form', 'percent', 'raw', 'name-only', 'empty-name');

function encodePair(name: string, value: string, how: string): string {
  switch (how) {
    case 'percent':
      return `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
    case 'raw':
      return `${encodeRawSafe(name).replace(/[#&=]/g, '_')}=${encodeRawSafe(value).replace(/[#&]/g, '_')}`;
    case 'name-only':
      return encodeURIComponent(name);
    case 'empty-name':
      return `=${encodeURIComponent(value)}`;
    default:
      return new URLSearchParams([[name, value]]).toString();
  }
}

function queryArb(ids: WorldIds): fc.Arbitrary<string> {
  const name = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...QUERY_NAMES) },
    { weight: 1, arbitrary: fc.constantFrom(...QUERY_NAMES).map((n) => n.toLowerCase()) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 12 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('__proto__', 'constructor', 'limit[]', 'limit[0]', 'a.b', 'hasOwnProperty'),
    },
  );
  const pair = fc.tuple(name, queryValueArb(ids), pairEncoding).map(([n, v, how]) => encodePair(n, v, how));
  const pairs = fc.array(pair, { maxLength: 6 });
  const repeated = fc
    .tuple(fc.constantFrom(...QUERY_NAMES), fc.array(queryValueArb(ids), { minLength: 2, maxLength: 4 }))
    .map(([n, vs]) => vs.map((v) => encodePair(n, v, 'form')).join('&'));
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant('') },
    { weight: 8, arbitrary: pairs.map((ps) => (ps.length === 0 ? '' : `?${ps.join('&')}`)) },
    { weight: 2, arbitrary: repeated.map((q) => `?${q}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '?',
        '??',
        '?&&',
        '?=',
        '?&',
        '?limit',
        '?%',
        '?a=%zz',
        '?limit=%00',
        '?+=+',
      ),
    },
    { weight: 1, arbitrary: rawTargetText(60).map((t) => `?${t.replace(/#/g, '_')}`) },
  );
}

// ---- methods, headers, bodies ----

/** 'route' = the route's own method (POST for the write routes, else GET). */
const methodArb = fc.oneof(
  { weight: 10, arbitrary: fc.constant('route') },
  { weight: 4, arbitrary: fc.constantFrom('GET', 'POST') },
  { weight: 2, arbitrary: fc.constantFrom('PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'PROPFIND',
      'MKCOL',
      'LOCK',
      'PURGE',
      'SEARCH',
      'REPORT',
      'SUBSCRIBE',
      'NOTIFY',
    ),
  },
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=UTF-16',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/xml',
  'application/merge-patch+json',
  '*/*',
  '',
  'garbage',
  ';;;',
  'application/json; charset=ÿ',
] as const;

// What undici lets through in a header value: visible ASCII, space and \x80-\xff (never DEL or
// controls, which no HTTP client can send; the raw-socket cases cover those).
const headerChar = fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }));
const headerValueArb = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
  fc.string({ unit: headerChar.map((c) => String.fromCharCode(c)), maxLength: 20 }).map((s) => s.trim()),
);

const correlationIdArb = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[0-9a-f]{32}$/) },
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 2, arbitrary: headerValueArb },
  {
    weight: 1,
    arbitrary: fc.constantFrom('x'.repeat(300), 'X'.repeat(5000), '0'.repeat(33), 'G'.repeat(32), '<script>'),
  },
);

function headersArb(): fc.Arbitrary<Record<string, string>> {
  return fc
    .record(
      {
        contentType: fc.constantFrom(...CONTENT_TYPES),
        correlationId: correlationIdArb,
        accept: fc.constantFrom('application/json', '*/*', 'text/html', 'application/xml', 'garbage'),
        contentEncoding: fc.constantFrom('gzip', 'br', 'identity', 'x-unknown'),
        extra: fc.dictionary(fc.stringMatching(/^x-[a-z]{1,10}$/), headerValueArb, { maxKeys: 3 }),
        forwarded: fc.constantFrom('127.0.0.1', '10.0.0.1', '::1', 'garbage', '1.2.3.4, 5.6.7.8'),
      },
      { requiredKeys: [] },
    )
    .map((h) => {
      const out: Record<string, string> = { ...h.extra };
      if (h.contentType !== undefined) out['content-type'] = h.contentType;
      if (h.correlationId !== undefined) out['correlation-id'] = h.correlationId;
      if (h.accept !== undefined) out.accept = h.accept;
      if (h.contentEncoding !== undefined) out['content-encoding'] = h.contentEncoding;
      if (h.forwarded !== undefined) out['x-forwarded-for'] = h.forwarded;
      return out;
    });
}

const KIB64 = 64 * 1024;

const decimalish = fc.oneof(
  fc.constantFrom(
    '1',
    '0.5',
    '100',
    '0',
    '-1',
    '-0.5',
    '1e5',
    '1.',
    '.5',
    '00.1',
    '1,5',
    ' 1',
    '',
    'abc',
    '0.000000000000000000001',
  ),
  fc.constantFrom('99999999999999999999999999999999999999', '1'.repeat(400), '1.' + '0'.repeat(300) + '1'),
  fc.double().map(String),
  fc.integer().map((n) => n as unknown as string),
  fc.constant(null as unknown as string),
);

function shapedBodyArb(ids: WorldIds): fc.Arbitrary<unknown> {
  const id = (pool: readonly string[]) =>
    fc.oneof(
      { weight: 4, arbitrary: pool.length > 0 ? fc.constantFrom(...pool) : fc.constant('x') },
      { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
    );
  const swapRoute = fc.record(
    {
      accountId: id(ids.accountIds),
      fromAssetId: id(ids.assetIds),
      toAssetId: id(ids.assetIds),
      fromAmount: decimalish,
      toAmount: decimalish,
      fromTokenId: fc.string({ maxLength: 8 }),
      toTokenId: fc.string({ maxLength: 8 }),
      externalId: fc.string({ maxLength: 30 }),
    },
    { requiredKeys: [] },
  );
  const create = fc.record(
    {
      accountId: id(ids.accountIds),
      externalId: fc.oneof(fc.stringMatching(/^[a-z0-9]{8,24}$/), fc.string({ maxLength: 40 })),
      transactionType: fc.constantFrom(
        'withdrawal',
        'swap-aggregator',
        'bridge',
        'deposit',
        'swap-lifi',
        'nope',
        '',
      ),
      params: fc.record(
        {
          amount: decimalish,
          assetId: id(ids.assetIds),
          networkId: id(ids.networkIds),
          toAddress: fc.string({ maxLength: 50 }),
          quoteId: fc.string({ maxLength: 30 }),
          fromAssetId: id(ids.assetIds),
          toAssetId: id(ids.assetIds),
          memo: fc.string({ maxLength: 20 }),
          feeLevel: fc.constantFrom('low', 'medium', 'high', 'nope'),
          toAccountId: id(ids.accountIds),
        },
        { requiredKeys: [] },
      ),
      description: fc.string({ maxLength: 40 }),
      expiresAt: fc.oneof(fc.constant('1'), fc.constant('99999999999999999999'), fc.integer().map(String)),
    },
    { requiredKeys: [] },
  );
  const reason = fc.record(
    { reason: fc.oneof(fc.string({ maxLength: 60 }), fc.jsonValue({ maxDepth: 2 })) },
    { requiredKeys: [] },
  );
  return fc.oneof(
    swapRoute,
    create,
    reason,
    bookBodyArb(ids.networkIds, ids.accountIds),
    intentBodyArb(ids.assetIds, ids.accountIds),
    cantonBodyArb(ids.accountIds),
    fc.constant({}),
    ...transactionOpBodyArbs(create),
  );
}

/** `[[[[...]]]]` or `{"a":{"a":...}}` nested n deep. */
function nested(n: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(n) + ']'.repeat(n) : '{"a":'.repeat(n) + '1' + '}'.repeat(n);
}

function bodyArb(ids: WorldIds): fc.Arbitrary<string | Uint8Array | undefined> {
  const shapedText = shapedBodyArb(ids).map((b) => JSON.stringify(b));
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(undefined) },
    { weight: 10, arbitrary: shapedText },
    { weight: 3, arbitrary: fc.json({ maxDepth: 3 }) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 2,
      arbitrary: fc.tuple(shapedText, fc.nat()).map(([t, n]) => t.slice(0, n % Math.max(1, t.length))),
    },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        'null',
        'true',
        '0',
        '""',
        '[]',
        '{',
        '}',
        '{"a":}',
        '\uFEFF{}',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{}}}',
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 100, max: 30_000 }), fc.constantFrom<'array' | 'object'>('array', 'object'))
        .map(([n, kind]) => nested(n, kind)),
    },
    {
      // Around the 64 KiB limit: just under, at, just over, well over.
      weight: 1,
      arbitrary: fc.constantFrom(KIB64 - 1, KIB64, KIB64 + 1, KIB64 + 1000, 200 * 1024).map((size) => {
        const head = '{"reason":"';
        const tail = '"}';
        return head + 'x'.repeat(Math.max(0, size - head.length - tail.length)) + tail;
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(KIB64 + 1, 100 * 1024).map((size) => new Uint8Array(size).fill(0x7b)),
    },
  );
}

// ---- authentication ----

const RANDOM_AUTH = [
  '',
  'ApiKey',
  'ApiKey ',
  'ApiKey a.b.c',
  'ApiKey ....',
  'ApiKey eyJ',
  'ApiKey eyJhbGciOiJub25lIn0.eyJpYXQiOjF9.',
  'Bearer abc',
  'Basic dXNlcjpwYXNz',
  'apikey x.y.z',
  'ApiKey\tx.y.z',
  'ApiKey x.y.z extra',
  'Digest username="x"',
  'ApiKey ' + 'A'.repeat(9000),
] as const;

function authArb(): fc.Arbitrary<AuthSpec> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant<AuthSpec>({ kind: 'signed', role: 'full-access' }) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom<SignedRole>(
          'view-only',
          'transaction-operator',
          'mpc-hot-signer',
          'pending',
          'revoked',
          'unknown',
        )
        .map((role): AuthSpec => ({ kind: 'signed', role })),
    },
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.constantFrom(...TAMPERS), fc.nat())
        .map(([how, seed]): AuthSpec => ({ kind: 'tampered', how, seed })),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(fc.constantFrom(...RANDOM_AUTH), headerValueArb)
        .map((value): AuthSpec => ({ kind: 'raw', value })),
    },
    { weight: 3, arbitrary: fc.constant<AuthSpec>({ kind: 'none' }) },
  );
}

/** One HTTP case. */
export function httpCaseArb(ids: WorldIds): fc.Arbitrary<HttpCase> {
  return fc
    .record({
      path: pathArb(ids),
      method: methodArb,
      query: queryArb(ids),
      headers: headersArb(),
      body: bodyArb(ids),
      auth: authArb(),
    })
    .map((c): HttpCase => {
      const { path, template } = c.path;
      const own = POST_ROUTES.has(template) ? 'POST' : DELETE_ROUTES.has(template) ? 'DELETE' : 'GET';
      const method = c.method === 'route' ? own : c.method;
      // Bytes on a GET or HEAD are left out; text bodies on a GET stay (odd but legal).
      const body =
        method === 'HEAD' || (method === 'GET' && c.body instanceof Uint8Array) ? undefined : c.body;
      // Whatever the mangling did, the target stays sendable (undici takes \u0021-\u00ff only).
      const target = encodeRawSafe(path.includes('#') ? path : `${path}${c.query}`);
      const out: HttpCase = { method, target, headers: c.headers, auth: c.auth, family: template };
      if (body !== undefined) out.body = body;
      return out;
    });
}
