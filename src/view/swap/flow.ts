// What the swap form's keys set in motion: ask for a route (after local validation), ask again,
// open the typed confirmation, and create the transaction from the answer, then show it live in
// the transactions pane. The stores' reducers hold the phase guards; these functions only call
// them in order and talk to the live actions.
import type { CreateTransactionRequest, DryRunTransaction, SwapRouteRequest } from '../../contract/index.js';
import {
  type SwapState,
  withAnswer,
  withAsking,
  withConfirmOpen,
  withCreateResult,
  withCreating,
  withEditing,
  withErrors,
} from '../../store/swap.js';
import { modeNow } from '../model/mode.js';
import type { ViewModel } from '../model/model.js';
import { notify } from '../model/notify.js';
import { quoteNow } from './context.js';
import { createResult, quoteAnswer } from './outcomes.js';
import { isExpired, notCreatableWhy, quoteIdOf } from './quote-state.js';
import { validateForm } from './validate.js';

function set(vm: ViewModel, next: SwapState): void {
  if (next !== vm.swap.getState()) vm.swap.setState(next, true);
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Sends the route request; its answer lands only if no newer question was asked meanwhile. */
function send(vm: ViewModel, body: SwapRouteRequest): void {
  const next = withAsking(vm.swap.getState(), body);
  set(vm, next);
  const seq = next.seq;
  vm.actions.quote(body).then(
    (outcome) => set(vm, withAnswer(vm.swap.getState(), seq, quoteAnswer(outcome))),
    // quote() never rejects by contract; should it, the form must not stay "asking" forever.
    (error: unknown) =>
      set(vm, withAnswer(vm.swap.getState(), seq, { kind: 'failure', failure: { kind: 'network', message: message(error) } })),
  );
}

/**
 * Enter in the form: checks every field here first (errors beside them, focus on the first bad
 * one, the form stays open); a complete form is sent and the form closes onto the answer card.
 */
export function askRoute(vm: ViewModel): void {
  const s = vm.swap.getState();
  const v = validateForm(s.form, vm.stores.workspace.getState(), vm.stores.dictionary.getState());
  if (!v.ok) {
    set(vm, withErrors(s, v.errors, v.first));
    return;
  }
  send(vm, v.body);
  set(vm, withEditing(vm.swap.getState(), false));
}

/** `r`: the same question again (a fresh quote, or another try after a failure). */
export function requote(vm: ViewModel): void {
  const r = vm.swap.getState().request;
  if (r.phase === 'answer' || r.phase === 'failed') send(vm, r.body);
}

/** The create request an answer leads to, without its idempotency key. */
export function createBodyOf(answer: DryRunTransaction): Omit<CreateTransactionRequest, 'externalId'> {
  return {
    accountId: answer.accountId,
    transactionType: answer.transactionType,
    // The params as the route gave them: the server checks them against the quote it remembers.
    ...(answer.params != null ? { params: answer.params } : {}),
    ...(answer.description != null ? { description: answer.description } : {}),
  };
}

/** Same body, same text: keys sorted, so a re-quote of the same bridge compares equal. */
export function bodyKeyOf(body: unknown): string {
  if (Array.isArray(body)) return `[${body.map(bodyKeyOf).join(',')}]`;
  if (body !== null && typeof body === 'object') {
    const entries = Object.entries(body as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${bodyKeyOf(v)}`).join(',')}}`;
  }
  return JSON.stringify(body) ?? 'null';
}

/** A new idempotency key: ours (the prefix says which program made it) and unguessable. */
export function newExternalId(): string {
  return `console-swap-${globalThis.crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
}

/** Enter on a fresh answer: the typed confirmation opens (the form takes the typed characters). */
export function openConfirm(vm: ViewModel, externalId: string = newExternalId()): void {
  const s = vm.swap.getState();
  const why = notCreatableWhy(s, quoteNow(vm));
  if (why !== undefined || s.request.phase !== 'answer') {
    notify(vm, 'warn', `nothing to create: ${why ?? 'no answer'}`, 'swap-create');
    return;
  }
  const answer = s.request.answer;
  const quoteId = answer.transactionType === 'swap-aggregator' ? quoteIdOf(answer) : undefined;
  const next = withConfirmOpen(s, {
    externalId,
    bodyKey: bodyKeyOf(createBodyOf(answer)),
    ...(quoteId !== undefined ? { confirmId: quoteId } : {}),
  }, vm.env.now());
  if (next.create.phase !== 'confirm') return;
  set(vm, next);
}

/** The transaction just created, in front: transactions pane, selected, its detail open and live. */
function showCreated(vm: ViewModel, transactionId: string): void {
  const ui = vm.ui.getState();
  // Someone who went on to type a filter or read the help is not pulled away mid-way.
  if (modeNow(vm) !== 'normal') return;
  ui.setPane('transactions');
  ui.patchList('transactions', { selectedId: transactionId });
  ui.update({ follow: false });
  // The live engine follows ui.detail (live-sync.ts): the one it held before is let go.
  ui.openDetail('transactions', transactionId);
}

/**
 * Enter in the confirmation: checks the typed characters and the quote's time, then sends the
 * create exactly once; its outcome goes on the card, a created transaction is shown live.
 */
export function confirmCreate(vm: ViewModel): void {
  const s = vm.swap.getState();
  if (s.create.phase !== 'confirm' || s.request.phase !== 'answer') return;
  const answer = s.request.answer;
  if (isExpired(answer, quoteNow(vm))) {
    set(vm, { ...s, create: { phase: 'none' } });
    notify(vm, 'warn', 'the quote expired: r asks for a new one', 'swap-create');
    return;
  }
  const next = withCreating(s);
  set(vm, next);
  if (next.create.phase !== 'creating') return;
  const externalId = next.create.externalId;
  const body = { ...createBodyOf(answer), externalId };
  vm.actions.create(body).then(
    (outcome) => {
      const result = createResult(outcome);
      set(vm, withCreateResult(vm.swap.getState(), externalId, result));
      if (result.kind === 'done' && result.transactionId !== undefined) {
        notify(vm, 'info', result.message, 'swap-create');
        showCreated(vm, result.transactionId);
      }
    },
    (error: unknown) =>
      set(vm, withCreateResult(vm.swap.getState(), externalId, { kind: 'network', message: message(error) })),
  );
}
