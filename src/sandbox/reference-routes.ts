// The reference endpoints of the public OpenAPI (wire notes §9): members, the address book (list,
// one, create, delete), transaction limits (list, one) and the activity feed. Permissions follow
// each operation's list in the OpenAPI: every GET is for view-only, transaction-operator and
// full-access keys (`read`); creating and deleting book records for transaction-operator and
// full-access (`write`). routes.ts adds these to its app with its own `route` (auth, role, ws).
import * as z from 'zod';
import {
  ActivitiesQuerySchema,
  AddressBookQuerySchema,
  CreateAddressBookRecordSchema,
  MembersQuerySchema,
  TransactionLimitsQuerySchema,
} from '../contract/index.js';
import type { Permission } from '../format/index.js';
import type { DirectoryPort } from './directory-port.js';
import { type ErrorCode, type Failure, failure, quote, STATUS_OF } from './errors.js';
import { knownParams, type Parsed, parseBody, parseQuery } from './validation.js';

type Reply = { readonly ok: true; readonly status: number; readonly body: unknown };
type Outcome = Reply | Failure;

/** What a handler here reads of a request (routes.ts's RequestContext has it all). */
export interface ReferenceRequest {
  readonly rawQuery: string;
  readonly body: string;
  readonly key: { readonly userId: string };
}

export type AddRoute = (
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  permission: Permission,
  what: string,
  run: (params: Record<string, string>, ctx: ReferenceRequest) => Outcome,
) => void;

const ok = (body: unknown, status = 200): Reply => ({ ok: true, status, body });

function querySpec<S extends z.ZodObject>(schema: S) {
  const known = knownParams(schema);
  return (rawQuery: string): Parsed<z.output<S>> => parseQuery(schema, known, rawQuery);
}

const query = {
  none: querySpec(z.object({})),
  members: querySpec(MembersQuerySchema),
  book: querySpec(AddressBookQuerySchema),
  limits: querySpec(TransactionLimitsQuerySchema),
  activities: querySpec(ActivitiesQuerySchema),
};

function fromWorld(result: { status: number; code: string; message: string }): Failure {
  const code = (Object.hasOwn(STATUS_OF, result.code) ? result.code : 'bad-request') as ErrorCode;
  return { ok: false, status: result.status, error: code, message: result.message };
}

function notFound(what: string, id: string): Failure {
  return failure('not-found', `no ${what} with id ${JSON.stringify(quote(id, 80))}`);
}

export function addReferenceRoutes(route: AddRoute, ws: string, directory: DirectoryPort): void {
  const book = `${ws}/address-book-records`;
  const limits = `${ws}/transaction-limits`;

  route('GET', `${ws}/members`, 'read', 'list members', (_p, ctx) => {
    const q = query.members(ctx.rawQuery);
    return q.ok ? ok({ members: directory.members(q.value) }) : q;
  });

  route('GET', book, 'read', 'read the address book', (_p, ctx) => {
    const q = query.book(ctx.rawQuery);
    return q.ok ? ok({ records: directory.book(q.value) }) : q;
  });
  route('GET', `${book}/:recordId`, 'read', 'read the address book', (p, ctx) => {
    const q = query.none(ctx.rawQuery);
    if (!q.ok) return q;
    const record = directory.bookRecord(p.recordId!);
    return record ? ok(record) : notFound('address book record', p.recordId!);
  });
  route('POST', book, 'write', 'add address book records', (_p, ctx) => {
    const q = query.none(ctx.rawQuery);
    if (!q.ok) return q;
    const body = parseBody(CreateAddressBookRecordSchema, ctx.body);
    if (!body.ok) return body;
    const result = directory.createBookRecord(body.value, ctx.key.userId);
    if (!result.ok) return fromWorld(result);
    return ok(result.value, result.created === false ? 200 : 201);
  });
  route('DELETE', `${book}/:recordId`, 'write', 'delete address book records', (p, ctx) => {
    const q = query.none(ctx.rawQuery);
    if (!q.ok) return q;
    // The OpenAPI answers a `Unit`: an empty object.
    const result = directory.deleteBookRecord(p.recordId!, ctx.key.userId);
    return result.ok ? ok({}) : fromWorld(result);
  });

  route('GET', limits, 'read', 'read transaction limits', (_p, ctx) => {
    const q = query.limits(ctx.rawQuery);
    return q.ok ? ok({ limits: directory.limits(q.value) }) : q;
  });
  route('GET', `${limits}/:limitId`, 'read', 'read transaction limits', (p, ctx) => {
    const q = query.none(ctx.rawQuery);
    if (!q.ok) return q;
    const limit = directory.limit(p.limitId!);
    return limit ? ok(limit) : notFound('transaction limit', p.limitId!);
  });

  route('GET', `${ws}/activities`, 'read', 'read the activity feed', (_p, ctx) => {
    const q = query.activities(ctx.rawQuery);
    return q.ok ? ok({ activities: directory.activities(q.value) }) : q;
  });
}
