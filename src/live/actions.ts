// The writes (the decisions of domain/actions.ts, and create) and the swap route. A write is sent once: never retried
// (the client never retries a POST), and a second call for the same target while the first is on
// its way sends nothing. Its outcome goes into the store at once (the live push confirms it
// later), and every attempt is appended to the audit log.
import {
  type ApiClient,
  ApiError,
  ContractError,
  describeClientError,
  NetworkError,
  type Written,
} from '../client/index.js';
import type { AuditEntry } from '../config/index.js';
import type { CreateTransactionRequest, SwapRouteRequest, Transaction } from '../contract/index.js';
import { ACTIONS, type ActionName } from '../domain/actions.js';
import { cleanReason } from '../format/index.js';
import { applyTransactions, type Stores, withForbidden } from '../store/index.js';
import { type AuditSubject, auditSetup, auditSubject, createAuditTrail } from './audit-trail.js';
import { guardedLog } from './log.js';
import {
  conflictWords,
  fieldOf,
  forbiddenWords,
  networkWords,
  refusedWords,
  surelyNotSent,
} from './outcome-words.js';
import type { ActionOutcome, LiveActions, LiveOptions, QuoteOutcome } from './types.js';

export interface ActionDeps {
  readonly api: ApiClient;
  readonly stores: Stores;
  /** The write path reads only these (a one-shot command has no live feed). */
  readonly options: Pick<LiveOptions, 'audit' | 'log'>;
  readonly now: () => number;
}

export type WriteActions = Pick<LiveActions, 'decide' | 'create' | 'quote'> & {
  /** A decision or a create is on its way (sent, not yet answered). */
  sending(): boolean;
};

/** What the audit line says of an outcome: the new status, or why not. */
interface Settled {
  readonly outcome: ActionOutcome;
  readonly result: string;
  /** The transaction the attempt ended on (a create's new id), when known. */
  readonly transactionId?: string;
  /** The Correlation-Id the server answered or may have seen, also when the outcome has none to show. */
  readonly correlationId?: string;
  /** The server's answer, when it gave one: what the audit line describes first. */
  readonly transaction?: Transaction;
}

/** What an attempt is on, before it is sent: the row held, or a create's body shaped as one. */
type Subject = Pick<Transaction, 'transactionType'> & Partial<Transaction>;

const DUPLICATE: ActionOutcome = { kind: 'duplicate' };

function withCorrelation<T extends object>(value: T, correlationId: string | undefined): T {
  return correlationId === undefined ? value : { ...value, correlationId };
}

export function createWriteActions(deps: ActionDeps): WriteActions {
  const { api, stores, options, now } = deps;
  const trail = createAuditTrail({ stores, audit: options.audit, now, log: options.log });
  const inFlight = new Set<string>();

  const log = guardedLog(options.log);

  /** The line's type, amount, asset and destination; a failure here never stops the line. */
  function subjectOf(tx: Subject | undefined): AuditSubject {
    if (tx === undefined) return {};
    try {
      const workspace = stores.workspace.getState();
      return auditSubject(tx, {
        directory: stores.directory.getState(),
        accountsById: workspace.accountsById,
        addresses: workspace.addresses,
        dictionary: stores.dictionary.getState(),
      });
    } catch (err) {
      log(`describing an action for the audit log failed: ${describeClientError(err)}`);
      return {};
    }
  }

  /** The server's answer into the store, as a live change (the row marks it). */
  function merge(tx: Transaction): void {
    try {
      const stamp = now();
      stores.transactions.setState((s) => applyTransactions(s, [tx], { now: stamp, live: true }));
    } catch (err) {
      log(`a store subscriber failed after an action: ${describeClientError(err)}`);
    }
  }

  /** GET one, merged; its status, or undefined when even that failed. */
  async function refreshRow(id: string): Promise<string | undefined> {
    try {
      const tx = await api.transactions.get(id);
      merge(tx);
      return tx.status;
    } catch (err) {
      log(`refreshing ${id} after an action failed: ${describeClientError(err)}`);
      return undefined;
    }
  }

  /** After a create with no answer: did it happen? The externalId finds it if it did. */
  async function findCreated(body: CreateTransactionRequest): Promise<Transaction | undefined> {
    try {
      const [tx] = await api.transactions.list({ accountId: body.accountId, externalId: body.externalId, limit: 1 });
      if (tx !== undefined) merge(tx);
      return tx;
    } catch (err) {
      log(`looking up externalId ${body.externalId} after a create failed: ${describeClientError(err)}`);
      return undefined;
    }
  }

  async function settleFailure(
    action: ActionName,
    targetId: string | undefined,
    err: unknown,
    afterUnknown: () => Promise<{ status?: string; transactionId?: string }>,
  ): Promise<Settled> {
    if (err instanceof ApiError) {
      const correlationId = err.correlationId;
      if (err.status === 409) {
        const status = action !== 'create' && targetId !== undefined ? await refreshRow(targetId) : undefined;
        const outcome: ActionOutcome = withCorrelation(
          { kind: 'conflict' as const, message: conflictWords(action, err, status), ...(status ? { status } : {}) },
          correlationId,
        );
        return { outcome, result: 'conflict', ...(correlationId ? { correlationId } : {}) };
      }
      if (err.status === 403) {
        try {
          stores.session.setState((s) => withForbidden(s, action));
        } catch (e) {
          log(`a store subscriber failed after a 403: ${describeClientError(e)}`);
        }
        const outcome = withCorrelation({ kind: 'forbidden' as const, message: forbiddenWords(action, err) }, correlationId);
        return { outcome, result: 'forbidden', ...(correlationId ? { correlationId } : {}) };
      }
      const field = err.status === 400 ? fieldOf(err.message) : undefined;
      const outcome = withCorrelation(
        {
          kind: 'refused' as const,
          status: err.status,
          code: err.code,
          message: refusedWords(err),
          ...(field !== undefined ? { field } : {}),
        },
        correlationId,
      );
      return { outcome, result: err.code, ...(correlationId ? { correlationId } : {}) };
    }
    if (err instanceof NetworkError || err instanceof ContractError) {
      const correlationId = err.correlationId;
      // A contract error means the server answered 2xx with something we cannot read: it
      // probably acted. Told like a lost answer, and the row is read again.
      const changed = err instanceof NetworkError && surelyNotSent(err) ? 'no' : 'unknown';
      const after = changed === 'unknown' ? await afterUnknown() : {};
      const message =
        err instanceof NetworkError
          ? networkWords(action, err, changed, after.status, after.transactionId)
          : `${describeClientError(err)}; it may or may not have happened${after.status ? `: it is now ${after.status}` : ''}`;
      return {
        outcome: { kind: 'network', message, changed },
        result: err instanceof NetworkError ? 'network' : 'unexpected-answer',
        ...(after.transactionId ? { transactionId: after.transactionId } : {}),
        // The client makes the id before it connects: a request that surely never left was seen
        // by no server, and an auditor must not go looking for it there.
        ...(correlationId && changed === 'unknown' ? { correlationId } : {}),
      };
    }
    // Not the server's doing: the request was never made (the signer failed, a bug).
    return {
      outcome: { kind: 'refused', status: 0, code: 'local-error', message: `not sent: ${describeClientError(err)}` },
      result: 'local-error',
    };
  }

  /** One write, start to end: send, settle, record. Never rejects. */
  async function attempt(
    action: ActionName,
    target: { id?: string; externalId?: string; reason?: string; subject?: Subject | undefined },
    send: () => Promise<Written<Transaction>>,
    afterUnknown: () => Promise<{ status?: string; transactionId?: string }>,
  ): Promise<ActionOutcome> {
    // Who acted is who was connected when the action was asked for.
    const session = stores.session.getState();
    let settled: Settled;
    try {
      const { data, correlationId } = await send();
      merge(data);
      settled = {
        outcome: withCorrelation({ kind: 'done' as const, transaction: data }, correlationId),
        result: data.status,
        transactionId: data.transactionId,
        transaction: data,
        ...(correlationId ? { correlationId } : {}),
      };
    } catch (err) {
      try {
        settled = await settleFailure(action, target.id, err, afterUnknown);
      } catch (bug) {
        settled = {
          outcome: { kind: 'refused', status: 0, code: 'local-error', message: describeClientError(bug) },
          result: 'local-error',
        };
      }
    }
    const transactionId = settled.transactionId ?? target.id;
    const entry: AuditEntry = {
      time: new Date(now()).toISOString(),
      ...auditSetup(session),
      baseUrl: session.baseUrl,
      workspaceId: session.workspaceId,
      ...(session.keyId !== undefined ? { keyId: session.keyId } : {}),
      action,
      ...(transactionId !== undefined ? { transactionId } : {}),
      ...(target.externalId !== undefined ? { externalId: target.externalId } : {}),
      ...subjectOf(settled.transaction ?? target.subject),
      ...(target.reason !== undefined ? { reason: target.reason } : {}),
      result: settled.result,
      ...(settled.correlationId !== undefined ? { correlationId: settled.correlationId } : {}),
    };
    const auditFailure = await trail.record(entry);
    log(`${action} ${transactionId ?? target.externalId ?? ''}: ${settled.result}`);
    return auditFailure === undefined ? settled.outcome : { ...settled.outcome, auditFailure };
  }

  /** At most one call per key on its way; the second answers `duplicate` without sending. */
  async function once(key: string, run: () => Promise<ActionOutcome>): Promise<ActionOutcome> {
    if (inFlight.has(key)) return DUPLICATE;
    inFlight.add(key);
    try {
      return await run();
    } finally {
      inFlight.delete(key);
    }
  }

  /** The row as the person saw it when they decided. */
  function heldRow(id: string): Transaction | undefined {
    try {
      return stores.transactions.getState().byId.get(id);
    } catch {
      return undefined;
    }
  }

  const refreshed = (id: string) => async () => {
    const status = await refreshRow(id);
    return status === undefined ? {} : { status };
  };

  return {
    sending: () => inFlight.size > 0,
    decide(action, id, body = {}) {
      // The one place the reason is cleaned: the view passes what was typed. The server and the
      // audit log get the same text; an empty one is no reason, and neither gets any. An action
      // that takes no reason sends none, whatever it was given.
      const given = ACTIONS[action].reason ? cleanReason(body.reason) : undefined;
      const reason = given !== undefined ? { reason: given } : {};
      return once(`${action}:${id}`, () =>
        attempt(action, { id, ...reason, subject: heldRow(id) }, () => api.transactions.decide(action, id, reason), refreshed(id)),
      );
    },

    create(body) {
      const externalId = typeof body.externalId === 'string' ? body.externalId : '';
      if (externalId.trim() === '') {
        // Without it a retry after a lost answer could create the transaction twice: not sent.
        return Promise.resolve({
          kind: 'refused',
          status: 0,
          code: 'missing-external-id',
          message: 'not sent: a create needs an externalId so that a retry cannot create it twice',
          field: 'externalId',
        });
      }
      return once(`create:${externalId}`, () =>
        attempt(
          'create',
          { externalId, subject: { transactionType: body.transactionType, accountId: body.accountId, ...(body.params ? { params: body.params } : {}) } },
          () => api.transactions.create(body),
          async () => {
            const tx = await findCreated(body);
            return tx === undefined ? {} : { status: tx.status, transactionId: tx.transactionId };
          },
        ),
      );
    },

    async quote(body: SwapRouteRequest): Promise<QuoteOutcome> {
      try {
        const answer = await api.transactions.swapRoute(body);
        return { kind: 'quote', answer, receivedAt: now() };
      } catch (err) {
        if (err instanceof ApiError) {
          if (err.status === 404 && err.code === 'pair-not-available') {
            return { kind: 'unavailable', message: err.message || 'this pair cannot be swapped' };
          }
          if (err.status === 400) {
            const field = fieldOf(err.message);
            return { kind: 'invalid', message: refusedWords(err), ...(field !== undefined ? { field } : {}) };
          }
          return { kind: 'refused', status: err.status, code: err.code, message: refusedWords(err) };
        }
        if (err instanceof NetworkError || err instanceof ContractError) {
          return { kind: 'network', message: describeClientError(err) };
        }
        return { kind: 'refused', status: 0, code: 'local-error', message: `not sent: ${describeClientError(err)}` };
      }
    },
  };
}
