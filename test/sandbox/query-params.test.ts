// The query parameters the official clients send. Rule (design, "The sandbox"): every parameter
// the public OpenAPI lists for an endpoint is accepted, typed as the OpenAPI types it; an unknown
// name, or a name given twice, stays a 400 naming it. The cases come from spec/public-openapi.json
// (openapi-queries.ts), so an endpoint the sandbox starts serving is covered by the same checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';
import {
  booleanSpellings,
  exampleValue,
  invalidValue,
  type OpenApiOperation,
  openApiOperations,
  resolve,
} from './openapi-queries.js';

const UNKNOWN = 'zzNotAParameter';
const operations = openApiOperations();
const pairs = operations.flatMap((op) => op.query.map((p) => [op.method, op.template, p.name] as const));

let fx: SandboxFixture;
const ids: Record<string, string> = {};

beforeAll(async () => {
  fx = await startTestSandbox();
  const api = fx.client();
  ids.workspaceId = fx.workspaceId;
  ids.accountId = (await api.accounts.list())[0]!.accountId;
  ids.transactionId = (await api.transactions.list({ limit: 1 }))[0]!.transactionId;
  ids.assetId = (await api.dictionary.assets())[0]!.assetId;
  ids.networkId = (await api.dictionary.networks())[0]!.networkId ?? 'ETH';
  ids.symbolId = (await api.dictionary.symbols())[0]!.symbolId;
});
afterAll(() => fx.close());

/** The template with the world's real ids (a made-up one for kinds of record the world lacks). */
function pathOf(op: OpenApiOperation): string {
  return op.template.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    encodeURIComponent(ids[name] ?? 'nosuchrecord000000000000'),
  );
}

function opOf(method: string, template: string): OpenApiOperation {
  return operations.find((op) => op.method === method && op.template === template)!;
}

/** A request with these query pairs; a body only where the method takes one. */
function send(op: OpenApiOperation, pairs: [string, string][]) {
  const query = pairs.length === 0 ? '' : `?${new URLSearchParams(pairs).toString()}`;
  return fx.fetch(op.method, pathOf(op) + query, op.method === 'GET' ? {} : { body: '{}' });
}

/**
 * Query values that must name a real record, or follow a format the OpenAPI's type leaves out:
 * the world's own, or the document's example (`rewardPeriod` is "30d").
 */
const QUERY_VALUES: Record<string, () => string> = {
  baseSymbolId: () => ids.symbolId!,
  rewardPeriod: () => '30d',
};
const valueOf = (p: OpenApiOperation['query'][number]) => QUERY_VALUES[p.name]?.() ?? exampleValue(p);

/** The required parameters other than `name`, with example values. */
function requiredBut(op: OpenApiOperation, name: string): [string, string][] {
  return op.query.filter((p) => p.required && p.name !== name).map((p) => [p.name, valueOf(p)]);
}

// Whether the sandbox serves an operation, asked once: a name no endpoint knows is refused by a
// served route before anything else happens (so the probe changes nothing), and an operation the
// sandbox does not serve is a 404 "no endpoint".
const probes = new Map<string, ReturnType<typeof send>>();
function probe(op: OpenApiOperation) {
  const key = `${op.method} ${op.template}`;
  let answer = probes.get(key);
  if (!answer) {
    answer = send(op, [...requiredBut(op, UNKNOWN), [UNKNOWN, '1']]);
    probes.set(key, answer);
  }
  return answer;
}
async function served(op: OpenApiOperation): Promise<boolean> {
  const res = await probe(op);
  return !(res.status === 404 && /^no endpoint /.test(String(res.json?.message)));
}

describe('every query parameter the OpenAPI lists, on every endpoint the sandbox serves', () => {
  it.for(pairs)('%s %s ?%s', async ([method, template, name], ctx) => {
    const op = opOf(method, template);
    if (!(await served(op))) return ctx.skip('the sandbox does not serve this endpoint');
    const param = op.query.find((p) => p.name === name)!;
    const base = requiredBut(op, name);
    const value = valueOf(param);

    const ok = await send(op, [...base, [name, value]]);
    expect(ok.json?.message ?? '', `${name}=${value}`).not.toMatch(/unknown query|given more than once/);
    if (method === 'GET') expect(ok.status, `${name}=${value}: ${ok.text}`).toBe(200);

    // Booleans are read case-insensitively: the same answer, not just no refusal.
    for (const spelling of booleanSpellings(param)) {
      const again = await send(op, [...base, [name, spelling]]);
      expect(again.status, `${name}=${spelling}: ${again.text}`).toBe(ok.status);
      if (spelling.toLowerCase() === value) expect(again.json, `${name}=${spelling}`).toEqual(ok.json);
    }

    // A value of the wrong type is refused, naming the parameter.
    const bad = invalidValue(param);
    if (bad !== undefined) {
      const refused = await send(op, [...base, [name, bad]]);
      expect(refused.status, `${name}=${bad}: ${refused.text}`).toBe(400);
      expect(refused.json).toEqual({ error: 'bad-request', message: expect.stringContaining(`${name}: `) });
    }

    const twice = await send(op, [...base, [name, value], [name, value]]);
    expect(twice.status).toBe(400);
    expect(twice.json.message).toContain(`${name}: given more than once`);
  });
});

describe('an unknown name stays a 400 naming it, on every endpoint the sandbox serves', () => {
  const endpoints = operations.map((op) => [op.method, op.template] as const);
  it.for(endpoints)('%s %s', async ([method, template], ctx) => {
    const op = opOf(method, template);
    if (!(await served(op))) return ctx.skip('the sandbox does not serve this endpoint');
    const res = await probe(op);
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual({ error: 'bad-request', message: `unknown query parameter "${UNKNOWN}"` });
  });

  it('names are case-sensitive: a client that sends isdefivault has a typo', async () => {
    const res = await fx.fetch('GET', `/workspaces/${fx.workspaceId}/accounts?isdefivault=true`);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('unknown query parameter "isdefivault"');
  });

  it('the generated cases are not vacuous: the endpoints the console uses are served', async () => {
    const expected = [
      'GET /workspaces/{workspaceId}',
      'GET /workspaces/{workspaceId}/accounts',
      'GET /workspaces/{workspaceId}/addresses',
      'GET /workspaces/{workspaceId}/transactions',
      'GET /workspaces/{workspaceId}/symbol-market-prices',
      'GET /dictionary/assets',
      'GET /dictionary/symbols',
      'GET /dictionary/networks',
      'GET /dictionary/symbol-market-prices',
      'GET /dictionary/asset-market-prices',
      'GET /workspaces/{workspaceId}/members',
      'GET /workspaces/{workspaceId}/address-book-records',
      'POST /workspaces/{workspaceId}/address-book-records',
      'GET /workspaces/{workspaceId}/address-book-records/{recordId}',
      'DELETE /workspaces/{workspaceId}/address-book-records/{recordId}',
      'GET /workspaces/{workspaceId}/transaction-limits',
      'GET /workspaces/{workspaceId}/transaction-limits/{limitId}',
      'GET /workspaces/{workspaceId}/activities',
      'GET /workspaces/{workspaceId}/stakes',
      'GET /dictionary/asset-price-series',
      'POST /workspaces/{workspaceId}/intents/quote',
      'POST /workspaces/{workspaceId}/intents',
      'GET /workspaces/{workspaceId}/intents/{intentId}',
      'POST /workspaces/{workspaceId}/canton/ledger-query',
      'POST /workspaces/{workspaceId}/transactions/dry-run',
      'POST /workspaces/{workspaceId}/transactions/bulk-create',
      'POST /workspaces/{workspaceId}/transactions/{transactionId}/create-signing-request',
      'POST /workspaces/{workspaceId}/transactions/{transactionId}/accept-deposit-offer',
      'POST /workspaces/{workspaceId}/transactions/{transactionId}/reject-outgoing-offer',
    ];
    const servedNow: string[] = [];
    for (const op of operations) if (await served(op)) servedNow.push(`${op.method} ${op.template}`);
    expect(servedNow).toEqual(expect.arrayContaining(expected));
    const servedPairs = pairs.filter(([m, t]) => servedNow.includes(`${m} ${t}`));
    expect(servedPairs.length).toBeGreaterThan(60);
  });
});

// ---- beyond the OpenAPI ----

/** Parameters the official clients send that the published OpenAPI no longer lists. */
const CLIENT_EXTRAS = [['GET', '/workspaces/{workspaceId}/accounts', 'isDefiVault']] as const;

describe('parameters the official clients send beyond the OpenAPI', () => {
  const title = '%s %s ?%s is accepted (and not in the OpenAPI, or this list is stale)';
  it.each(CLIENT_EXTRAS)(title, async (method, template, name) => {
    const op = opOf(method, template);
    expect(op.query.map((p) => p.name)).not.toContain(name);
    for (const value of ['true', 'false', 'TRUE', 'False']) {
      const res = await send(op, [[name, value]]);
      expect(res.status, `${name}=${value}: ${res.text}`).toBe(200);
    }
  });
});

describe('isDefiVault on accounts', () => {
  const list = async (query: string) => {
    const res = await fx.fetch('GET', `/workspaces/${fx.workspaceId}/accounts${query}`);
    expect(res.status, res.text).toBe(200);
    return res.json.accounts as Array<{ accountId: string; accountName: string; status: string }>;
  };

  it('true is the DeFi vault alone; false is every other one; together they are all', async () => {
    const all = await list('');
    const defi = await list('?isDefiVault=true');
    const others = await list('?isDefiVault=false');
    expect(defi.map((a) => a.accountName)).toEqual(['DeFi Strategies']);
    expect(others.map((a) => a.accountName)).not.toContain('DeFi Strategies');
    expect(others.length).toBeGreaterThanOrEqual(5);
    expect([...defi, ...others].map((a) => a.accountId).sort()).toEqual(all.map((a) => a.accountId).sort());
  });

  it.each([
    ['TRUE', true],
    ['True', true],
    ['FALSE', false],
    ['fAlSe', false],
  ])('is read case-insensitively: %s', async (spelling, meaning) => {
    expect(await list(`?isDefiVault=${spelling}`)).toEqual(await list(`?isDefiVault=${meaning}`));
  });

  it('combines with the other filters (AND)', async () => {
    expect(await list('?isDefiVault=true&isTestnet=true')).toEqual([]);
    expect(await list('?isDefiVault=true&statuses=archived')).toEqual([]);
    const activeMainnet = await list('?isDefiVault=false&isTestnet=false&statuses=active');
    expect(activeMainnet.length).toBeGreaterThan(0);
    for (const a of activeMainnet) {
      expect(a.status).toBe('active');
      expect(a.accountName).not.toBe('DeFi Strategies');
    }
    const defi = (await list('?isDefiVault=true'))[0]!;
    expect(await list(`?isDefiVault=false&accountIds=${defi.accountId}`)).toEqual([]);
    expect(await list(`?isDefiVault=true&accountIds=${defi.accountId}`)).toEqual([defi]);
  });

  it.each([
    ['a word', '?isDefiVault=perhaps', 'isDefiVault: expected true or false'],
    ['a number', '?isDefiVault=1', 'isDefiVault: expected true or false'],
    ['empty', '?isDefiVault=', 'isDefiVault: expected true or false'],
    ['given twice', '?isDefiVault=true&isDefiVault=false', 'isDefiVault: given more than once'],
  ])('refuses %s with a 400 naming it', async (_what, query, message) => {
    const res = await fx.fetch('GET', `/workspaces/${fx.workspaceId}/accounts${query}`);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'bad-request', message: expect.stringContaining(message) });
  });

  it('no account field says "DeFi", in the OpenAPI or on the wire: the filter alone tells', async () => {
    // Were the OpenAPI to add one, the sandbox must set it for the same vault the filter picks.
    const schemas = ['Account', 'AccountExtra', 'AccountType'].map((name) =>
      JSON.stringify(resolve({ $ref: `#/components/schemas/${name}` })),
    );
    for (const text of schemas) expect(text).not.toMatch(/defi/i);
    const wire = await fx.fetch('GET', `/workspaces/${fx.workspaceId}/accounts?isDefiVault=true`);
    expect(Object.keys(wire.json.accounts[0]).join(' ')).not.toMatch(/defi/i);
    expect(Object.keys(wire.json.accounts[0].extra ?? {}).join(' ')).not.toMatch(/defi/i);
  });
});

describe('GET /workspaces/{ws}: the OpenAPI parameters are typed, then ignored (one workspace)', () => {
  it('does not change the answer', async () => {
    const plain = await fx.fetch('GET', `/workspaces/${fx.workspaceId}`);
    const q = '?workspaceIds=other1,other2&includeSettings=TRUE&limit=1&offset=5';
    const withQuery = await fx.fetch('GET', `/workspaces/${fx.workspaceId}${q}`);
    expect(withQuery.status).toBe(200);
    expect(withQuery.json).toEqual(plain.json);
  });
});
