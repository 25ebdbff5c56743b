// Arbitraries of WebSocket client messages: garbage text and bytes, random JSON, SUBSCRIBE and
// UNSUBSCRIBE with random uris, headers, bodies and tokens, and a share of correctly signed
// SUBSCRIBEs with random filters (so the fuzz reaches the filter validation behind auth).
import fc from 'fast-check';
import { type AuthSpec, TAMPERS, type WorldIds } from './http-cases.js';

export type WsMessage =
  | { kind: 'text'; text: string }
  | { kind: 'binary'; bytes: Uint8Array }
  /** A text frame that is not UTF-8: the WebSocket protocol itself closes with 1007. */
  | { kind: 'bad-utf8'; bytes: Uint8Array }
  | { kind: 'json'; value: unknown }
  | {
      kind: 'subscribe';
      /** The `method` field as sent (mostly 'SUBSCRIBE'). */
      method: unknown;
      uri: unknown;
      correlationId: unknown;
      auth: AuthSpec;
      /** How `headers` travels: an object (normal) or something else. */
      headersShape: 'object' | 'missing' | 'null' | 'array' | 'string';
      extraHeaders: Record<string, unknown>;
      body: unknown;
      /** Send `body` as JSON text inside the message instead of an object. */
      bodyAsText: boolean;
    }
  | { kind: 'unsubscribe'; uri: unknown; correlationId: unknown };

const FILTER_NAMES = [
  'limit',
  'offset',
  'transactionStatuses',
  'transactionStatusNotIn',
  'transactionTypes',
  'accountId',
  'accountIds',
  'isTerminated',
  'includeEvents',
  'sortBy',
  'sortDirection',
  'createdAtFrom',
  'updatedAtFrom',
  'transactionIds',
  'assetIds',
] as const;

const FILTER_VALUES = [
  '0',
  '1',
  '5',
  '1000',
  '1001',
  '-1',
  'abc',
  'true',
  'False',
  'maybe',
  'waiting-approval',
  'completed,canceled',
  'withdrawal',
  'nope',
  'updated',
  'activity',
  'sideways',
  'ASC',
  'DESC',
  '1747241036052',
  '-5',
  '99999999999999999999999',
  '',
] as const;

function uriArb(ids: WorldIds): fc.Arbitrary<string> {
  const base = `/workspaces/${ids.workspaceId}/transactions`;
  const pair = fc
    .tuple(
      fc.constantFrom(...FILTER_NAMES),
      fc.oneof(fc.constantFrom(...FILTER_VALUES), fc.constantFrom(...ids.accountIds.slice(0, 4), 'x')),
    )
    .map(([n, v]) => new URLSearchParams([[n, v]]).toString());
  const filtered = fc
    .array(pair, { maxLength: 4 })
    .map((ps) => (ps.length === 0 ? base : `${base}?${ps.join('&')}`));
  return fc.oneof(
    { weight: 8, arbitrary: filtered },
    // Small snapshots by default: the fuzz is about the protocol, not about large frames.
    {
      weight: 4,
      arbitrary: fc.constantFrom(`${base}?limit=0`, `${base}?limit=3`, `${base}?limit=1&includeEvents=true`),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '/workspaces/otherworkspace000000000000/transactions',
        `/workspaces/${ids.workspaceId}/accounts`,
        `/workspaces/${ids.workspaceId}`,
        `/workspaces/${ids.workspaceId}/transactions/${ids.transactionIds[0] ?? 'x'}`,
        '/dictionary/networks',
        '/ws',
        '',
        '/',
        'transactions',
        `http://127.0.0.1/workspaces/${ids.workspaceId}/transactions`,
        `/workspaces/${ids.workspaceId}/transactions/../transactions`,
        `/workspaces/${ids.workspaceId}/transactions?limit=%zz`,
        `/workspaces/${ids.workspaceId}/transactions#x`,
      ),
    },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constant(`${base}?${'a'.repeat(10_000)}=1`) },
  );
}

const weirdValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined));

function authArb(): fc.Arbitrary<AuthSpec> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant<AuthSpec>({ kind: 'signed', role: 'full-access' }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          'view-only',
          'transaction-operator',
          'mpc-hot-signer',
          'pending',
          'revoked',
          'unknown' as const,
        )
        .map((role): AuthSpec => ({ kind: 'signed', role })),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...TAMPERS), fc.nat())
        .map(([how, seed]): AuthSpec => ({ kind: 'tampered', how, seed })),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom('', 'ApiKey', 'ApiKey a.b.c', 'Bearer x', 'ApiKey ' + 'A'.repeat(9000)),
          fc.string({ maxLength: 30 }),
        )
        .map((value): AuthSpec => ({ kind: 'raw', value })),
    },
    { weight: 1, arbitrary: fc.constant<AuthSpec>({ kind: 'none' }) },
  );
}

export function wsMessageArb(ids: WorldIds): fc.Arbitrary<WsMessage> {
  const subscribe = fc.record({
    kind: fc.constant('subscribe' as const),
    method: fc.oneof(
      { weight: 12, arbitrary: fc.constant('SUBSCRIBE') },
      { weight: 1, arbitrary: fc.constantFrom('subscribe', 'Subscribe', 'PING', 'GET', '', 'UNSUBSCRIBE ') },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
    ),
    uri: fc.oneof({ weight: 10, arbitrary: uriArb(ids) }, { weight: 1, arbitrary: weirdValue }),
    correlationId: fc.oneof(
      { weight: 6, arbitrary: fc.stringMatching(/^[0-9a-f]{32}$/) },
      { weight: 1, arbitrary: fc.string({ maxLength: 80 }) },
      { weight: 1, arbitrary: weirdValue },
    ),
    auth: authArb(),
    headersShape: fc.constantFrom(
      'object',
      'object',
      'object',
      'object',
      'object',
      'object',
      'missing',
      'null',
      'array',
      'string',
    ),
    extraHeaders: fc.dictionary(
      fc.constantFrom('Content-Type', 'X-Extra', 'authorization', '__proto__'),
      weirdValue,
      { maxKeys: 2 },
    ),
    body: fc.oneof({ weight: 8, arbitrary: fc.constant({}) }, { weight: 2, arbitrary: weirdValue }),
    bodyAsText: fc.boolean(),
  });
  const unsubscribe = fc.record({
    kind: fc.constant('unsubscribe' as const),
    uri: fc.oneof(uriArb(ids), weirdValue),
    correlationId: fc.oneof(fc.stringMatching(/^[0-9a-f]{32}$/), weirdValue),
  });
  return fc.oneof(
    { weight: 10, arbitrary: subscribe },
    { weight: 2, arbitrary: unsubscribe },
    {
      weight: 3,
      arbitrary: fc
        .string({ unit: 'grapheme', maxLength: 80 })
        .map((text): WsMessage => ({ kind: 'text', text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '',
          ' ',
          '{',
          '}',
          'null',
          '[]',
          '{"method":',
          '{"method":"SUBSCRIBE"}',
          '{"method":"SUBSCRIBE","uri":null}',
          '\u0000',
        )
        .map((text): WsMessage => ({ kind: 'text', text })),
    },
    {
      weight: 2,
      arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value): WsMessage => ({ kind: 'json', value })),
    },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes): WsMessage => ({ kind: 'binary', bytes })),
    },
    {
      weight: 1,
      arbitrary: fc.constant<WsMessage>({
        kind: 'text',
        text: JSON.stringify({ method: 'SUBSCRIBE', uri: 'x'.repeat(70_000) }),
      }),
    },
  );
}

/** Rarely: a frame that breaks the WebSocket protocol itself (the socket is then closed 1007). */
export const badUtf8Message: WsMessage = {
  kind: 'bad-utf8',
  bytes: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
};
