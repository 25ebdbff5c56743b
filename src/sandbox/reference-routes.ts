// The reference endpoints of the public OpenAPI (wire notes §9): members, the address book (list,
// one, create, delete), transaction limits (list, one) and the activity feed. Permissions follow
// each operation's list in the OpenAPI: every GET is for view-only, transaction-operator and
// full-access keys (`read`); creating and deleting book records for transaction-operator and
// full-access (`write`). routes.ts adds these to its app with its own `route` (auth, role, ws).
import {
  ActivitiesQuerySchema,
  AddressBookQuerySchema,
  CreateAddressBookRecordSchema,
  MembersQuerySchema,
  TransactionLimitsQuerySchema,
} from '../contract/index.js';
import type { DirectoryPort } from './directory-port.js';
import { type AddRoute, fromWorld, noQuery, notFound, ok, querySpec } from './route-kit.js';
import { parseBody } from './validation.js';
import type { Mutate } from './world-port.js';

export type { AddRoute } from './route-kit.js';

const query = {
  members: querySpec(MembersQuerySchema),
  book: querySpec(AddressBookQuerySchema),
  limits: querySpec(TransactionLimitsQuerySchema),
  activities: querySpec(ActivitiesQuerySchema),
};

export function addReferenceRoutes(route: AddRoute, ws: string, directory: DirectoryPort, mutate: Mutate): void {
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
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const record = directory.bookRecord(p.recordId!);
    return record ? ok(record) : notFound('address book record', p.recordId!);
  });
  route('POST', book, 'write', 'add address book records', (_p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const body = parseBody(CreateAddressBookRecordSchema, ctx.body);
    if (!body.ok) return body;
    const result = mutate('createBookRecord', { body: body.value, actor: ctx.key.userId });
    if (!result.ok) return fromWorld(result);
    return ok(result.value, result.created === false ? 200 : 201);
  });
  route('DELETE', `${book}/:recordId`, 'write', 'delete address book records', (p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    // The OpenAPI answers a `Unit`: an empty object.
    const result = mutate('deleteBookRecord', { recordId: p.recordId!, actor: ctx.key.userId });
    return result.ok ? ok({}) : fromWorld(result);
  });

  route('GET', limits, 'read', 'read transaction limits', (_p, ctx) => {
    const q = query.limits(ctx.rawQuery);
    return q.ok ? ok({ limits: directory.limits(q.value) }) : q;
  });
  route('GET', `${limits}/:limitId`, 'read', 'read transaction limits', (p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const limit = directory.limit(p.limitId!);
    return limit ? ok(limit) : notFound('transaction limit', p.limitId!);
  });

  route('GET', `${ws}/activities`, 'read', 'read the activity feed', (_p, ctx) => {
    const q = query.activities(ctx.rawQuery);
    return q.ok ? ok({ activities: directory.activities(q.value) }) : q;
  });
}
