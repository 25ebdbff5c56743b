// What every route file of the sandbox shares: the outcome a handler returns, the way a file adds
// its routes to the app (routes.ts's `route`: auth, role, workspace), query parsing by a contract
// schema, and the failures a world result maps to.
import * as z from 'zod';
import { toWireTransaction } from '../contract/index.js';
import type { Permission } from '../format/index.js';
import { type ErrorCode, type Failure, failure, quote, STATUS_OF } from './errors.js';
import { knownParams, type Parsed, parseQuery } from './validation.js';
import type { ActionResult } from './world-port.js';

export interface Reply {
  readonly ok: true;
  readonly status: number;
  readonly body: unknown;
}

export type Outcome = Reply | Failure;

/** What a handler reads of a request (routes.ts's RequestContext has it all). */
export interface RouteRequest {
  readonly rawQuery: string;
  readonly body: string;
  readonly key: { readonly userId: string };
}

export type AddRoute = (
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  permission: Permission,
  what: string,
  run: (params: Record<string, string>, ctx: RouteRequest) => Outcome,
) => void;

export const ok = (body: unknown, status = 200): Reply => ({ ok: true, status, body });

/** A query schema with its parameter names, computed once. */
export function querySpec<S extends z.ZodObject>(schema: S) {
  const known = knownParams(schema);
  return (rawQuery: string): Parsed<z.output<S>> => parseQuery(schema, known, rawQuery);
}

/** The query of an endpoint that takes none: any parameter is a 400 naming it. */
export const noQuery = querySpec(z.object({}));

/** A world's refusal as the API says it; an unknown code is a 400 bad-request. */
export function fromWorld(result: { status: number; code: string; message: string }): Failure {
  const code = (Object.hasOwn(STATUS_OF, result.code) ? result.code : 'bad-request') as ErrorCode;
  return { ok: false, status: result.status, error: code, message: result.message };
}

export function notFound(what: string, id: string): Failure {
  return failure('not-found', `no ${what} with id ${JSON.stringify(quote(id, 80))}`);
}

/** A change of one transaction answered: the transaction as it is now, or the world's refusal. */
export function action(result: ActionResult): Outcome {
  return result.ok ? ok(toWireTransaction(result.value)) : fromWorld(result);
}
