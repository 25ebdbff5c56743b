// The published OpenAPI document as a response validator: (method, concrete path, status) → the
// document's JSON schema for that answer, compiled with ajv (OpenAPI 3.1 = JSON Schema 2020-12).
// It answers "does this body validate against the production service's own schema?"; routes the
// document does not have (the swap route, GET /workspaces) are left to the zod contract.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { TRANSACTION_ACTIVITY_TYPES } from '../../src/contract/index.js';

/** The production service's published contract, kept in the repository (spec/README.md says where from). */
export const OPENAPI_DOCUMENT_URL = new URL('../../spec/public-openapi.json', import.meta.url);
const DOCUMENT_ID = 'https://custody-console.test/public-openapi.json';
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: JsonObject }> }>;
}

interface OpenApiDocument {
  $id?: string;
  paths: Record<string, Partial<Record<(typeof HTTP_METHODS)[number], Operation>>>;
  components: { schemas: Record<string, JsonObject> };
}

// ---- the document's own formats (info.x-bron-formats): every number travels as a string ----

const INT = /^-?\d+$/;
const INT32 = [-(2n ** 31n), 2n ** 31n - 1n] as const;
const INT64 = [-(2n ** 63n), 2n ** 63n - 1n] as const;

function integerIn(text: string, [min, max]: readonly [bigint, bigint]): boolean {
  if (!INT.test(text)) return false;
  const value = BigInt(text);
  return value >= min && value <= max;
}

/** Checks of the wire rules (wire notes §5), so that a format violation is an error, not a note. */
export const WIRE_FORMATS: Record<string, (text: string) => boolean> = {
  // Arbitrary-precision decimal: digits, optional fraction; no exponent, no '+', no spaces.
  decimal: (s) => /^-?\d+(\.\d+)?$/.test(s),
  bigint: (s) => INT.test(s),
  int32: (s) => integerIn(s, INT32),
  int64: (s) => integerIn(s, INT64),
  // Epoch milliseconds (UTC): a non-negative integer string that fits an int64.
  'date-time-millis': (s) => /^\d+$/.test(s) && BigInt(s) <= INT64[1],
  // Free text typed by people (names, tags): any string; the type check is all the document asks.
  'external-text': () => true,
};

// ---- where the document disagrees with the user's document or with itself ----

/**
 * The user's document (custody-api.md) renames the aggregator swap type: the OpenAPI still says
 * `swap-lifi`, the user's document and the wire say `swap-aggregator`. The user's document wins,
 * so `swap-aggregator` is allowed here explicitly, and only that one value: any other value
 * outside the OpenAPI enum still fails. (`swap-lifi` itself stays allowed: it is in the document.)
 */
export const ENUM_ADDITIONS: Record<string, readonly string[]> = {
  TransactionType: ['swap-aggregator'],
  // The feed also says what happened to transactions (created, approved, declined with its reason,
  // canceled): the OpenAPI's enum names only `transaction-completed`. These four are the sandbox's
  // documented additions (contract/activity.ts), allowed here exactly and no other value.
  ActivityType: [...TRANSACTION_ACTIVITY_TYPES],
};

/**
 * The wire emits `_embedded` where the OpenAPI names `embedded` (wire notes §5). No object of the
 * document is closed (no `additionalProperties`/`unevaluatedProperties` anywhere), so `_embedded`
 * would pass unchecked: every schema that declares `embedded` gets a twin `_embedded` property
 * with the same schema, so the wire's value is validated exactly as the document's would be.
 */
function addWireEmbedded(schema: JsonObject): void {
  const properties = schema.properties;
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return;
  if ('embedded' in properties && !('_embedded' in properties)) {
    properties._embedded = properties.embedded as Json;
  }
}

/**
 * `Transaction.params` (and `CreateTransaction.params`) is a `oneOf` over open objects whose
 * required lists overlap (`assetId` alone satisfies six of them, `{amount, assetId, networkId}`
 * nine), with no discriminator: a real withdrawal's params match several alternatives, which
 * `oneOf` rejects. The document cannot mean "exactly one" there, so it is read as `anyOf`
 * (at least one family fits); the contract checks the family per transaction type.
 */
function oneOfToAnyOf(node: Json): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    node.forEach(oneOfToAnyOf);
    return;
  }
  if (Array.isArray(node.oneOf)) {
    node.anyOf = node.oneOf;
    delete node.oneOf;
  }
  for (const value of Object.values(node)) oneOfToAnyOf(value);
}

/**
 * `StakeResource` is `{"enum": [], "type": "string"}`: an enum with no value, which matches
 * nothing (and ajv refuses to compile). The document evidently means "values not published yet",
 * so the empty enum is dropped and the type check kept.
 */
function dropEmptyEnums(node: Json): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    node.forEach(dropEmptyEnums);
    return;
  }
  if (Array.isArray(node.enum) && node.enum.length === 0) delete node.enum;
  for (const value of Object.values(node)) dropEmptyEnums(value);
}

/**
 * `CantonLedgerQuery.params` and `CantonLedgerQueryResult.result` are typed
 * `com.fasterxml.jackson.databind.JsonNode`: the server's Java type leaked into the document. It
 * means "any JSON value", so a `type` that is no JSON type is dropped (ajv refuses to compile it).
 */
const JSON_TYPES = new Set(['null', 'boolean', 'object', 'array', 'number', 'integer', 'string']);
function dropNonJsonTypes(node: Json): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    node.forEach(dropNonJsonTypes);
    return;
  }
  if (typeof node.type === 'string' && !JSON_TYPES.has(node.type)) delete node.type;
  for (const value of Object.values(node)) dropNonJsonTypes(value);
}

function loadDocument(): OpenApiDocument {
  const doc = JSON.parse(readFileSync(OPENAPI_DOCUMENT_URL, 'utf8')) as OpenApiDocument;
  for (const [name, values] of Object.entries(ENUM_ADDITIONS)) {
    const target = doc.components.schemas[name];
    if (!target || !Array.isArray(target.enum)) throw new Error(`openapi: no enum ${name} to extend`);
    target.enum.push(...values.filter((v) => !(target.enum as Json[]).includes(v)));
  }
  for (const schema of Object.values(doc.components.schemas)) addWireEmbedded(schema);
  oneOfToAnyOf(doc.components as unknown as Json);
  dropEmptyEnums(doc as unknown as Json);
  dropNonJsonTypes(doc.components as unknown as Json);
  doc.$id = DOCUMENT_ID;
  return doc;
}

// ---- routes ----

export interface OpenApiRoute {
  method: string;
  /** The document's path template, e.g. `/workspaces/{workspaceId}/accounts/{accountId}`. */
  template: string;
  /** Status text ('200', '400' ...) → the response schema (a `$ref` or an inline schema). */
  responses: Map<string, JsonObject>;
  /** Number of `{param}` segments: literal routes win over templated ones. */
  params: number;
  pattern: RegExp;
}

export interface OpenApiIssue {
  /** JSON pointer into the body (`/transactions/0/status`), '' for the body itself. */
  path: string;
  message: string;
}

export type OpenApiResult =
  /** The document has no such route (or no such method on it): nothing to check. */
  | { kind: 'no-route' }
  /** The route exists, but the document gives no schema for this status. */
  | { kind: 'no-schema'; route: OpenApiRoute; status: number }
  | { kind: 'checked'; route: OpenApiRoute; status: number; schema: string; issues: OpenApiIssue[] };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function routePattern(template: string): RegExp {
  const source = template
    .split('/')
    .map((segment) => (/^\{[^}]+\}$/.test(segment) ? '[^/]+' : escapeRegExp(segment)))
    .join('/');
  return new RegExp(`^${source}$`);
}

/** A copy of `schema` whose local `$ref`s point into the registered document. */
function absoluteRefs(node: Json): Json {
  if (node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map(absoluteRefs);
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? DOCUMENT_ID + value
        : absoluteRefs(value);
  }
  return out;
}

export interface OpenApi {
  readonly routes: readonly OpenApiRoute[];
  /** The route of a concrete request, by method and path (the query, if any, is ignored). */
  route(method: string, path: string): OpenApiRoute | undefined;
  /** Validates a parsed body against the document's schema for (method, path, status). */
  validate(method: string, path: string, status: number, body: unknown): OpenApiResult;
  /** Validates a value against one component (`Transaction`, `Accounts` ...). */
  validateComponent(name: string, value: unknown): OpenApiIssue[];
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= 60 ? text : `${text.slice(0, 57)}...`;
}

function toIssues(errors: ErrorObject[] | null | undefined): OpenApiIssue[] {
  return (errors ?? []).map((e) => {
    const extra =
      e.keyword === 'enum'
        ? ` (${JSON.stringify((e.params as { allowedValues?: unknown[] }).allowedValues?.slice(0, 8))}…)`
        : '';
    const got =
      e.keyword === 'format' || e.keyword === 'enum' || e.keyword === 'type'
        ? ` (got ${preview(e.data)})`
        : '';
    return { path: e.instancePath, message: `${e.message ?? e.keyword}${extra}${got}` };
  });
}

function createOpenApi(): OpenApi {
  const doc = loadDocument();
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true, verbose: true });
  addFormats.default(ajv);
  for (const [name, check] of Object.entries(WIRE_FORMATS))
    ajv.addFormat(name, { type: 'string', validate: check });
  ajv.addSchema(doc as unknown as JsonObject);

  const compiled = new Map<JsonObject, ValidateFunction>();
  const validator = (schema: JsonObject): ValidateFunction => {
    let fn = compiled.get(schema);
    if (!fn) {
      fn = ajv.compile(absoluteRefs(schema) as JsonObject);
      compiled.set(schema, fn);
    }
    return fn;
  };
  const components = new Map<string, JsonObject>();

  const routes: OpenApiRoute[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const responses = new Map<string, JsonObject>();
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const schema = response.content?.['application/json']?.schema;
        if (schema) responses.set(status, schema);
      }
      routes.push({
        method: method.toUpperCase(),
        template,
        responses,
        params: (template.match(/\{/g) ?? []).length,
        pattern: routePattern(template),
      });
    }
  }
  routes.sort((a, b) => a.params - b.params || b.template.length - a.template.length);

  function route(method: string, path: string): OpenApiRoute | undefined {
    const end = path.search(/[?#]/);
    const bare = end < 0 ? path : path.slice(0, end);
    const upper = method.toUpperCase();
    return routes.find((r) => r.method === upper && r.pattern.test(bare));
  }

  function schemaFor(r: OpenApiRoute, status: number): JsonObject | undefined {
    const exact = r.responses.get(String(status));
    if (exact) return exact;
    // A success status the document spells differently (201 for 200 and back) is the same body.
    if (status >= 200 && status < 300) {
      for (const [code, pointer] of r.responses) if (code.startsWith('2')) return pointer;
    }
    // The document lists 400/403/409 envelopes only; 401, 404, 413 and 429 share their shape.
    if (status >= 400)
      return (
        r.responses.get(`${status - (status % 100)}XX`) ??
        r.responses.get('default') ??
        r.responses.get('400')
      );
    return r.responses.get('default');
  }

  return {
    routes,
    route,
    validate(method, path, status, body) {
      const r = route(method, path);
      if (!r) return { kind: 'no-route' };
      const schema = schemaFor(r, status);
      if (!schema) return { kind: 'no-schema', route: r, status };
      const fn = validator(schema);
      const issues = fn(body) ? [] : toIssues(fn.errors);
      return { kind: 'checked', route: r, status, schema: describeSchema(schema), issues };
    },
    validateComponent(name, value) {
      if (!doc.components.schemas[name]) throw new Error(`openapi: no component ${name}`);
      let ref = components.get(name);
      if (!ref) {
        ref = { $ref: `#/components/schemas/${name}` };
        components.set(name, ref);
      }
      const fn = validator(ref);
      return fn(value) ? [] : toIssues(fn.errors);
    },
  };
}

/** `Transaction` for a `$ref` response, else what the inline schema is. */
function describeSchema(schema: JsonObject): string {
  const ref = schema.$ref;
  return typeof ref === 'string' ? ref.replace('#/components/schemas/', '') : 'inline error envelope';
}

let shared: OpenApi | undefined;

/** The document, loaded and compiled once per test file. */
export function openApi(): OpenApi {
  shared ??= createOpenApi();
  return shared;
}
