// The transaction operations beyond approve, decline, cancel and create, as the world offers them
// (world.ts keeps one of these, so that it stays a list of thin doors): the dry run, bulk create,
// the answers to offers, and a new signing request. Each change runs the work due first, like the rest.

import type { CreateSigningRequest, CreateTransactionRequest, Transaction } from '../../contract/index.js';
import type { ActionResult } from './actions.js';
import { bulkCreate } from './bulk.js';
import type { Core } from './core.js';
import { dryRunTransaction, type DryRunResult } from './dry-run.js';
import { acceptDepositOffer, answerOutgoingOffer, createSigningRequest } from './offer-actions.js';
import { topUpSituations } from './offers.js';

export class TransactionOps {
  constructor(
    private readonly core: Core,
    private readonly advance: () => void,
  ) {}

  /**
   * Changes nothing and draws from no stream the world keeps: not a mutation. So it runs no due
   * work either (the edge has advanced the world before the request; work run here would be
   * work a state dir never journaled).
   */
  dryRun(body: CreateTransactionRequest, actor: string): DryRunResult {
    return dryRunTransaction(this.core, body, actor);
  }

  bulkCreate(items: readonly CreateTransactionRequest[], actor: string): Transaction[] {
    this.advance();
    return bulkCreate(this.core, items, actor);
  }

  acceptDepositOffer(id: string, actor: string, accept: boolean): ActionResult {
    this.advance();
    return this.refill(acceptDepositOffer(this.core, id, actor, accept));
  }

  answerOutgoingOffer(id: string, actor: string, accept: boolean): ActionResult {
    this.advance();
    return this.refill(answerOutgoingOffer(this.core, id, actor, accept));
  }

  createSigningRequest(id: string, actor: string, body: CreateSigningRequest): ActionResult {
    this.advance();
    return this.refill(createSigningRequest(this.core, id, actor, body));
  }

  /**
   * With the generator on, the situation just answered is replaced at once, inside the same
   * mutation (a state dir replays it whole), rather than by a later advance that journals nothing.
   */
  private refill(result: ActionResult): ActionResult {
    if (result.ok && this.core.generator) topUpSituations(this.core);
    return result;
  }
}
