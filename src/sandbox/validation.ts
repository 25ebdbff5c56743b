// Every query and body is read with a contract/ schema; a refusal is a 400 naming the field.
import type * as z from 'zod';
import { toContractIssues } from '../contract/index.js';
import { type Failure, failure, quote } from './errors.js';

export type Parsed<T> = { ok: true; value: T } | Failure;

const SHOWN_ISSUES = 3;

/** `limit: expected at most 1000 (got "1001"); offset: …`. */
function issuesMessage(error: z.ZodError, root: string): string {
  const issues = toContractIssues(error);
  const shown = issues.slice(0, SHOWN_ISSUES).map((issue) => `${issue.path || root}: ${issue.message}`);
  const more = issues.length > SHOWN_ISSUES ? `; and ${issues.length - SHOWN_ISSUES} more` : '';
  return shown.join('; ') + more;
}

/** The parameter names a query schema knows: its object shape. */
export function knownParams(schema: z.ZodObject): ReadonlySet<string> {
  return new Set(Object.keys(schema.shape));
}

/**
 * Reads a raw query string (after `?`, form-urlencoded as public clients send it). An endpoint
 * knows every query parameter the public OpenAPI lists for it (plus `isDefiVault` on accounts,
 * which the official clients send); routes.ts and world/ say which ones are only checked.
 * Decision: a parameter the endpoint does not know, or one given twice, is a 400 naming it: a
 * misspelt filter silently ignored would return the wrong page. An empty list (`statuses=`)
 * filters nothing.
 */
export function parseQuery<S extends z.ZodObject>(
  schema: S,
  known: ReadonlySet<string>,
  rawQuery: string,
): Parsed<z.output<S>> {
  const params = new URLSearchParams(rawQuery);
  const values: Record<string, string> = {};
  const unknown: string[] = [];
  for (const [name, value] of params) {
    if (!known.has(name)) {
      if (!unknown.includes(name)) unknown.push(name);
      continue;
    }
    if (Object.hasOwn(values, name)) return failure('bad-request', `${quote(name, 60)}: given more than once`);
    values[name] = value;
  }
  if (unknown.length > 0) {
    const names = unknown.slice(0, 5).map((name) => JSON.stringify(quote(name, 60)));
    const word = unknown.length === 1 ? 'parameter' : 'parameters';
    return failure('bad-request', `unknown query ${word} ${names.join(', ')}${unknown.length > 5 ? ' …' : ''}`);
  }
  const result = schema.safeParse(values, { reportInput: true });
  if (!result.success) return failure('bad-request', issuesMessage(result.error, 'query'));
  const value = result.data as Record<string, unknown>;
  for (const [name, item] of Object.entries(value)) {
    if (Array.isArray(item) && item.length === 0) delete value[name];
  }
  return { ok: true, value: value as z.output<S> };
}

/**
 * Reads a JSON body from the exact text received. Decision: an empty body reads as `{}` (curl
 * without `-d`); the schema then names whatever is missing. JSON.parse's own message is not passed
 * on: it quotes the input.
 */
export function parseBody<S extends z.ZodType>(schema: S, text: string): Parsed<z.output<S>> {
  let data: unknown = {};
  if (text.trim() !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      return failure('bad-request', 'body: not valid JSON');
    }
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return failure('bad-request', 'body: expected a JSON object');
  }
  const result = schema.safeParse(data, { reportInput: true });
  if (!result.success) return failure('bad-request', issuesMessage(result.error, 'body'));
  return { ok: true, value: result.data };
}
