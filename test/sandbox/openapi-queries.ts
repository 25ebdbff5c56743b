// The query parameters of every operation of the public OpenAPI, read from the document itself
// (spec/public-openapi.json), with a valid example value and, where the type allows one, an
// invalid value for each: the cases of query-params.test.ts, so that no list is kept by hand.
import { readFileSync } from 'node:fs';
import { OPENAPI_DOCUMENT_URL } from '../helpers/openapi.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface QueryParam {
  name: string;
  required: boolean;
  /** The parameter's schema with `$ref`s resolved (its own keys kept beside the target's). */
  schema: JsonObject;
}

export interface OpenApiOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The document's template, e.g. `/workspaces/{workspaceId}/accounts`. */
  template: string;
  /** Names of the `{param}` segments, in order. */
  pathParams: string[];
  query: QueryParam[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export const openApiDocument = JSON.parse(readFileSync(OPENAPI_DOCUMENT_URL, 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonObject>; parameters?: Record<string, JsonObject> };
};

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Follows a local `$ref` (`#/components/...`); keys beside the `$ref` win over the target's. */
export function resolve(node: unknown): JsonObject {
  if (!isObject(node)) return {};
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  let target: unknown = openApiDocument;
  for (const part of ref.replace(/^#\//, '').split('/')) target = isObject(target) ? target[part] : undefined;
  if (!isObject(target)) throw new Error(`openapi: unresolved ${ref}`);
  const { $ref: _ref, ...own } = node;
  return { ...resolve(target), ...own };
}

/** Every operation of the document, with its query parameters (path-level ones included). */
export function openApiOperations(): OpenApiOperation[] {
  const out: OpenApiOperation[] = [];
  for (const [template, item] of Object.entries(openApiDocument.paths)) {
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const own = Array.isArray(op.parameters) ? op.parameters : [];
      const query = [...shared, ...own]
        .map(resolve)
        .filter((p) => p.in === 'query' && typeof p.name === 'string')
        .map((p) => ({ name: p.name as string, required: p.required === true, schema: resolve(p.schema) }));
      const pathParams = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      out.push({ method: method.toUpperCase() as OpenApiOperation['method'], template, pathParams, query });
    }
  }
  return out;
}

/** The values an enum schema (or an array of one) allows, or undefined. */
function enumValues(schema: JsonObject): string[] | undefined {
  const values = schema.enum;
  return Array.isArray(values) && values.length > 0 ? values.map(String) : undefined;
}

/** An epoch-ms instant inside the world the test sandbox builds (a day before its clock's start). */
const SOME_MILLIS = String(Date.UTC(2025, 5, 5, 12, 0, 0));

/**
 * A value the OpenAPI's type allows, written as a client writes it on the wire: arrays are one
 * parameter with comma-joined items (wire notes §1), booleans and numbers are text.
 */
export function exampleValue(param: QueryParam): string {
  const s = param.schema;
  if (s.type === 'array') {
    const items = resolve(s.items);
    return (enumValues(items) ?? ['abc123', 'def456']).slice(0, 2).join(',');
  }
  const values = enumValues(s);
  if (values) return values[0]!;
  if (s.type === 'boolean') return 'true';
  if (s.type === 'integer' || s.format === 'int64' || s.format === 'int32') return '10';
  if (s.format === 'date-time-millis') return SOME_MILLIS;
  if (s.format === 'decimal') return '1.5';
  return 'abc123';
}

/** A value the OpenAPI's type refuses (undefined where any text is allowed, as for free strings). */
export function invalidValue(param: QueryParam): string | undefined {
  const s = param.schema;
  if (s.type === 'boolean') return 'perhaps';
  if (s.type === 'integer' || s.format === 'int64' || s.format === 'int32') return 'ten';
  if (s.format === 'date-time-millis') return '2025-06-05';
  return undefined;
}

/** The same boolean in the other spellings clients send (wire notes: read case-insensitively). */
export function booleanSpellings(param: QueryParam): string[] {
  return param.schema.type === 'boolean' ? ['TRUE', 'False', 'tRuE'] : [];
}
