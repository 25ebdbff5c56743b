// Which member the console's key acts as (`directory.selfUserId`, shown as "you"). The service has
// no "who am I" endpoint, so the console learns it from what its own actions leave behind:
//
// - given: the caller knows it (the demo registered the key with the sandbox and knows its owner);
// - a transaction this key created: its `createdBy` (a create answered here, or, at start, the
//   newest create of this key in the audit log, read again from the server);
// - an approval this key made: the one user id the answer's `approvedBy` gained.
//
// A decline or a cancel names nobody. Until one of these happens nobody is marked as you.
import { describeClientError } from '../client/index.js';
import type { AuditLog } from '../config/index.js';
import type { Transaction } from '../contract/index.js';
import { withSelf } from '../store/index.js';
import type { WriteActions } from './actions.js';
import type { EngineContext } from './engine-context.js';

/** Creates of this key looked up at start, newest first, until one names its creator. */
const CREATES_TRIED = 3;

/** The user ids an approval added (`before` may be a slim row without the approvers). */
export function approvedByAdded(before: Transaction | undefined, after: Transaction): string[] {
  const had = new Set(before?.extra?.approvers?.approvedBy ?? []);
  const now = after.extra?.approvers?.approvedBy ?? [];
  // Without the earlier list only a lone approver is sure to be this key's member.
  if (before?.extra?.approvers?.approvedBy == null) return now.length === 1 ? [...now] : [];
  return now.filter((id) => !had.has(id));
}

export interface SelfLearning {
  /** The given id, else the audit log's evidence (after the first load; never rejects). */
  start(): Promise<void>;
  /** The writes, learning from their answers. */
  wrap<W extends Pick<WriteActions, 'decide' | 'create'>>(writes: W): W;
}

export function createSelfLearning(ctx: EngineContext, o: { given?: string | undefined; audit?: AuditLog | undefined }): SelfLearning {
  const { stores, write } = ctx;

  function learned(userId: string | null | undefined, how: string): void {
    if (typeof userId !== 'string' || userId === '') return;
    const known = stores.directory.getState().selfUserId;
    if (known === userId) return;
    if (known !== undefined) ctx.log(`this key acts as ${userId}, not ${known} as thought before (${how})`);
    else ctx.log(`this key acts as member ${userId} (${how})`);
    write(stores.directory, (s) => withSelf(s, userId), 'who this key is');
  }

  async function fromAuditLog(audit: AuditLog): Promise<void> {
    const session = stores.session.getState();
    if (session.keyId === undefined) return;
    const { entries } = await audit.read({ workspaceId: session.workspaceId, baseUrl: session.baseUrl });
    const created = entries
      .filter((e) => e.keyId === session.keyId && e.action === 'create' && e.transactionId !== undefined)
      .map((e) => e.transactionId as string)
      .reverse();
    for (const id of [...new Set(created)].slice(0, CREATES_TRIED)) {
      if (ctx.stopped() || stores.directory.getState().selfUserId !== undefined) return;
      try {
        const tx = await ctx.api.transactions.get(id);
        if (tx.createdBy) return learned(tx.createdBy, `the creator of ${id}, created with this key`);
      } catch (err) {
        ctx.log(`reading ${id} to learn who this key is failed: ${describeClientError(err)}`);
      }
    }
  }

  return {
    async start() {
      if (o.given !== undefined && o.given !== '') return learned(o.given, 'given');
      if (o.audit === undefined) return;
      try {
        await fromAuditLog(o.audit);
      } catch (err) {
        ctx.log(`reading the audit log to learn who this key is failed: ${describeClientError(err)}`);
      }
    },

    wrap(writes) {
      return {
        ...writes,
        async decide(action, id, body) {
          const before = stores.transactions.getState().byId.get(id);
          const outcome = await writes.decide(action, id, body);
          if (action === 'approve' && outcome.kind === 'done') {
            const added = approvedByAdded(before, outcome.transaction);
            if (added.length === 1) learned(added[0], `the approver ${id} gained from this key`);
          }
          return outcome;
        },
        async create(body) {
          const outcome = await writes.create(body);
          if (outcome.kind === 'done') learned(outcome.transaction.createdBy, `the creator of ${outcome.transaction.transactionId}`);
          return outcome;
        },
      };
    },
  };
}
