// The transaction operations of the public OpenAPI beyond approve, decline, cancel and create
// (wire notes, "Transaction operations added for the API's twin"): the dry run, bulk create, a new
// signing request, and the answers to deposit and outgoing offers. Roles follow each operation's
// list in the OpenAPI: `write` (transaction-operator, full-access) for all but the signing request,
// `sign` (full-access, mpc-hot-signer) for it. routes.ts adds these with its own `route`.
import {
  CreateSigningRequestSchema,
  CreateTransactionRequestSchema,
  CreateTransactionsRequestSchema,
  OfferActionsSchema,
  toWireDryRunTransaction,
  toWireTransactionList,
} from '../contract/index.js';
import { action, type AddRoute, fromWorld, noQuery, ok } from './route-kit.js';
import { parseBody } from './validation.js';
import type { Mutate, TransactionOpsPort } from './world-port.js';

export function addTransactionRoutes(route: AddRoute, ws: string, ops: TransactionOpsPort, mutate: Mutate): void {
  const tx = `${ws}/transactions/:id`;

  // Not a mutation: it changes nothing and draws from no stream the world keeps (world/dry-run.ts).
  route('POST', `${ws}/transactions/dry-run`, 'write', 'dry-run transactions', (_p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const body = parseBody(CreateTransactionRequestSchema, ctx.body);
    if (!body.ok) return body;
    const result = ops.dryRun(body.value, ctx.key.userId);
    return result.ok ? ok(toWireDryRunTransaction(result.value)) : fromWorld(result);
  });

  // 201 whatever each item's fate: the failed ones are in the answer (world/bulk.ts).
  route('POST', `${ws}/transactions/bulk-create`, 'write', 'create transactions', (_p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const body = parseBody(CreateTransactionsRequestSchema, ctx.body);
    if (!body.ok) return body;
    const transactions = mutate('bulkCreate', { items: body.value.transactions, actor: ctx.key.userId });
    return ok(toWireTransactionList({ transactions }), 201);
  });

  route('POST', `${tx}/create-signing-request`, 'sign', 'create signing requests', (p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const body = parseBody(CreateSigningRequestSchema, ctx.body);
    if (!body.ok) return body;
    return action(mutate('createSigningRequest', { id: p.id!, actor: ctx.key.userId, body: body.value }));
  });

  route('POST', `${tx}/accept-deposit-offer`, 'write', 'answer deposit offers', (p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const body = parseBody(OfferActionsSchema, ctx.body);
    if (!body.ok) return body;
    return action(mutate('acceptDepositOffer', { id: p.id!, actor: ctx.key.userId, accept: body.value.accept }));
  });

  route('POST', `${tx}/reject-outgoing-offer`, 'write', 'answer outgoing offers', (p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const body = parseBody(OfferActionsSchema, ctx.body);
    if (!body.ok) return body;
    return action(mutate('rejectOutgoingOffer', { id: p.id!, actor: ctx.key.userId, accept: body.value.accept }));
  });
}
