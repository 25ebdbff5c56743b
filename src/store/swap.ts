// The swap form (pane 5): its fields, the route's answer and the create that may follow. The
// reducers are pure and own two phase machines: the route request (a late answer only lands if it
// belongs to the latest question) and the create, which sends at most once per confirmation: only
// `withCreating` leads to a request, and it moves the phase on before anything is sent.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DryRunTransaction, SwapRouteRequest } from '../contract/index.js';

export type PickerField = 'account' | 'from' | 'to';
export type SwapField = PickerField | 'side' | 'amount' | 'fromTokenId' | 'toTokenId';
/** Whether the amount is what leaves (fromAmount) or what arrives (toAmount). */
export type AmountSide = 'send' | 'receive';

export function isPickerField(field: SwapField): field is PickerField {
  return field === 'account' || field === 'from' || field === 'to';
}

export interface SwapForm {
  readonly accountId?: string;
  readonly fromAssetId?: string;
  readonly toAssetId?: string;
  readonly side: AmountSide;
  /** As typed: validated only when the route is asked for. */
  readonly amount: string;
  readonly fromTokenId: string;
  readonly toTokenId: string;
}

/** Why there is no answer, in words safe to show; `field` is the form field at fault. */
export interface SwapFailure {
  readonly kind: 'unavailable' | 'invalid' | 'network' | 'refused';
  readonly message: string;
  readonly field?: SwapField;
}

export type SwapRequest =
  | { readonly phase: 'idle' }
  | { readonly phase: 'asking'; readonly seq: number; readonly body: SwapRouteRequest }
  | {
      readonly phase: 'answer';
      readonly seq: number;
      readonly body: SwapRouteRequest;
      readonly answer: DryRunTransaction;
      readonly receivedAt: number;
    }
  | { readonly phase: 'failed'; readonly seq: number; readonly body: SwapRouteRequest; readonly failure: SwapFailure };

/** How a create ended, in words for the card (the view maps the live outcome onto this). */
export interface SwapCreateResult {
  readonly kind: 'done' | 'expired' | 'network' | 'forbidden' | 'conflict' | 'refused' | 'duplicate';
  readonly message: string;
  readonly transactionId?: string;
}

/**
 * confirm: the typed confirmation is open; creating: sent, waiting; result: how it ended. `seq`
 * is the answer's: a create belongs to one answer and a new answer closes it.
 */
export type SwapCreate =
  | { readonly phase: 'none' }
  | {
      readonly phase: 'confirm';
      readonly seq: number;
      readonly externalId: string;
      /** What must be typed: the end of the quote id (aggregator) or of the external id (bridge). */
      readonly expected: string;
      readonly typed: string;
      readonly hint?: string;
      /** Local time (ms) the confirmation went on screen: its Enter counts only a moment later. */
      readonly since: number;
    }
  | { readonly phase: 'creating'; readonly seq: number; readonly externalId: string }
  | { readonly phase: 'result'; readonly seq: number; readonly externalId: string; readonly result: SwapCreateResult };

export interface SwapState {
  readonly form: SwapForm;
  /** The form has the keyboard: printable keys are text for the focused field. */
  readonly editing: boolean;
  readonly focus: SwapField;
  /** Text typed into the focused picker to search it ('' shows the chosen value). */
  readonly query: string;
  /** The highlighted candidate of the open picker. */
  readonly index: number;
  readonly errors: Readonly<Partial<Record<SwapField, string>>>;
  readonly request: SwapRequest;
  readonly create: SwapCreate;
  /**
   * The external id of the last create whose body was `bodyKey` and which did not end in a created
   * transaction: a retry of the same body reuses it, so the server answers with the transaction a
   * lost answer may have created instead of creating a second one.
   */
  readonly pending?: { readonly externalId: string; readonly bodyKey: string };
  readonly seq: number;
}

export const MAX_FIELD = 100;
/** Characters of the quote id (or external id) the typed confirmation asks for. */
export const SWAP_CONFIRM_CHARS = 4;

export const initialSwap: SwapState = {
  form: { side: 'send', amount: '', fromTokenId: '', toTokenId: '' },
  editing: false,
  focus: 'account',
  query: '',
  index: 0,
  errors: {},
  request: { phase: 'idle' },
  create: { phase: 'none' },
  seq: 0,
};

export type SwapStore = StoreApi<SwapState>;

export function createSwapStore(init: Partial<SwapState> = {}): SwapStore {
  return createStore<SwapState>()(() => ({ ...initialSwap, ...init }));
}

function withoutError(errors: SwapState['errors'], field: SwapField): SwapState['errors'] {
  if (errors[field] === undefined) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/** The fields that make the route's question: a failure said of one pair is not said of another. */
const ROUTE_FIELDS: ReadonlySet<SwapField> = new Set(['account', 'from', 'to']);

/**
 * `field` changed: a route failure about the form as it was (another pair, or the amount it named)
 * goes, with the error it put beside its field, so no old error stands beside a new question. A
 * quote for the form as it was goes too, with how its create ended (unless one is under way): Enter must never
 * create a swap of another pair or amount than the form now shows.
 */
function withoutStaleRoute(state: SwapState, field: SwapField): SwapState {
  const r = state.request;
  if (r.phase === 'answer') return state.create.phase === 'creating' ? state : { ...state, request: { phase: 'idle' }, create: { phase: 'none' } };
  if (r.phase !== 'failed') return state;
  const named = r.failure.field;
  if (!ROUTE_FIELDS.has(field) && named !== field) return state;
  const errors =
    named !== undefined && state.errors[named] === r.failure.message ? withoutError(state.errors, named) : state.errors;
  return { ...state, errors, request: { phase: 'idle' } };
}

/** Takes the keyboard into the form (i) or gives it back (Esc, or a route asked for). */
export function withEditing(state: SwapState, editing: boolean): SwapState {
  return state.editing === editing ? state : { ...state, editing };
}

export function withFocus(state: SwapState, focus: SwapField): SwapState {
  if (state.focus === focus && state.query === '' && state.index === 0) return state;
  return { ...state, focus, query: '', index: 0 };
}

const AMOUNT_CHARS = /[0-9.]/;

/** Printable text into the focused field. The amount takes digits and one dot; the toggle takes t or space. */
export function withTyped(state: SwapState, text: string): SwapState {
  const f = state.focus;
  if (text === '') return state;
  if (isPickerField(f)) {
    const query = [...(state.query + text)].slice(0, MAX_FIELD).join('');
    return query === state.query ? state : { ...state, query, index: 0 };
  }
  if (f === 'side') return [...text].some((c) => c === ' ' || c === 't') ? withToggledSide(state) : state;
  const field = f;
  const kept = field === 'amount' ? [...text].filter((c) => AMOUNT_CHARS.test(c)).join('') : text;
  const before = state.form[field];
  const value = [...(before + kept)].slice(0, MAX_FIELD).join('');
  if (value === before) return state;
  return withoutStaleRoute(
    { ...state, form: { ...state.form, [field]: value }, errors: withoutError(state.errors, field) },
    field,
  );
}

/** Backspace (or Ctrl-U, `all`) in the focused field: the picker's search first, else the value. */
export function withErased(state: SwapState, all: boolean): SwapState {
  const cut = (s: string) => (all ? '' : [...s].slice(0, -1).join(''));
  const f = state.focus;
  if (isPickerField(f)) return state.query === '' ? state : { ...state, query: cut(state.query), index: 0 };
  if (f === 'side') return state;
  const before = state.form[f];
  if (before === '') return state;
  return withoutStaleRoute(
    { ...state, form: { ...state.form, [f]: cut(before) }, errors: withoutError(state.errors, f) },
    f,
  );
}

export function withToggledSide(state: SwapState): SwapState {
  const side: AmountSide = state.form.side === 'send' ? 'receive' : 'send';
  // The amount's unit changed: its decimals error no longer holds, nor the server's about it.
  return withoutStaleRoute(
    { ...state, form: { ...state.form, side }, errors: withoutError(state.errors, 'amount') },
    'amount',
  );
}

/** Moves the highlight of the open picker, clamped to its `count` candidates. */
export function withPickerIndex(state: SwapState, delta: number, count: number): SwapState {
  const index = Math.max(0, Math.min(count - 1, state.index + delta));
  return index === state.index ? state : { ...state, index };
}

const PICKED: Readonly<Record<PickerField, 'accountId' | 'fromAssetId' | 'toAssetId'>> = {
  account: 'accountId',
  from: 'fromAssetId',
  to: 'toAssetId',
};

/** A candidate chosen in a picker: the value is set and the search closes. */
export function withPicked(state: SwapState, field: PickerField, id: string): SwapState {
  const next: SwapState = {
    ...state,
    form: { ...state.form, [PICKED[field]]: id },
    query: '',
    index: 0,
    errors: withoutError(state.errors, field),
  };
  return state.form[PICKED[field]] === id ? next : withoutStaleRoute(next, field);
}

/** Local validation failed (or the server named a field): errors shown, focus on the first bad field. */
export function withErrors(state: SwapState, errors: SwapState['errors'], focus?: SwapField): SwapState {
  return { ...state, errors, ...(focus !== undefined ? { focus, query: '', index: 0 } : {}) };
}

/** A route is asked for: a new question, whose answer alone may land (seq); any create closes. */
export function withAsking(state: SwapState, body: SwapRouteRequest): SwapState {
  const seq = state.seq + 1;
  return { ...state, seq, errors: {}, request: { phase: 'asking', seq, body }, create: { phase: 'none' } };
}

export type SwapAnswer =
  | { readonly kind: 'answer'; readonly answer: DryRunTransaction; readonly receivedAt: number }
  | { readonly kind: 'failure'; readonly failure: SwapFailure };

/** The route's answer, if it answers the latest question. A failure naming a field marks that field. */
export function withAnswer(state: SwapState, seq: number, outcome: SwapAnswer): SwapState {
  const r = state.request;
  if (r.phase !== 'asking' || r.seq !== seq) return state;
  if (outcome.kind === 'answer') {
    return {
      ...state,
      request: { phase: 'answer', seq, body: r.body, answer: outcome.answer, receivedAt: outcome.receivedAt },
    };
  }
  const { failure } = outcome;
  const errors = failure.field !== undefined ? { ...state.errors, [failure.field]: failure.message } : state.errors;
  return {
    ...state,
    errors,
    ...(failure.field !== undefined ? { focus: failure.field, query: '', index: 0 } : {}),
    request: { phase: 'failed', seq, body: r.body, failure },
  };
}

/** The characters the typed confirmation expects: the end of the id, exactly as shown. */
export function confirmationOf(id: string): string {
  return [...id].slice(-SWAP_CONFIRM_CHARS).join('');
}

/**
 * Opens the typed confirmation for the answer on screen. `externalId` is the one to use unless a
 * create of the same body (`bodyKey`) is still unsettled: then that one is reused. `confirmId` is
 * what the last characters are taken from; undefined: the external id itself.
 */
export function withConfirmOpen(
  state: SwapState,
  fresh: { externalId: string; bodyKey: string; confirmId?: string },
  now: number,
): SwapState {
  const r = state.request;
  if (r.phase !== 'answer') return state;
  if (state.create.phase === 'creating' || state.create.phase === 'confirm') return state;
  if (state.create.phase === 'result' && state.create.seq === r.seq && state.create.result.kind === 'done')
    return state;
  const reuse = state.pending !== undefined && state.pending.bodyKey === fresh.bodyKey;
  const externalId = reuse ? state.pending!.externalId : fresh.externalId;
  return {
    ...state,
    pending: { externalId, bodyKey: fresh.bodyKey },
    create: {
      phase: 'confirm',
      seq: r.seq,
      externalId,
      expected: confirmationOf(fresh.confirmId ?? externalId),
      typed: '',
      since: now,
    },
  };
}

/** Why the confirming Enter did not count: said under the confirmation, which stays open. */
export function withConfirmHint(state: SwapState, hint: string): SwapState {
  const c = state.create;
  if (c.phase !== 'confirm' || c.hint === hint) return state;
  return { ...state, create: { ...c, hint } };
}

export function withConfirmTyped(state: SwapState, text: string): SwapState {
  const c = state.create;
  if (c.phase !== 'confirm' || text === '') return state;
  const typed = [...(c.typed + text)].slice(0, 32).join('');
  return typed === c.typed ? state : { ...state, create: { ...c, typed, hint: undefined } };
}

export function withConfirmErased(state: SwapState, all: boolean): SwapState {
  const c = state.create;
  if (c.phase !== 'confirm' || c.typed === '') return state;
  return { ...state, create: { ...c, typed: all ? '' : [...c.typed].slice(0, -1).join(''), hint: undefined } };
}

export function withConfirmClosed(state: SwapState): SwapState {
  return state.create.phase === 'confirm' ? { ...state, create: { phase: 'none' } } : state;
}

/**
 * The one transition that leads to a create request. Returns the same state when there is
 * nothing to send: no confirmation open, or the typed text does not match (then with a hint).
 * Case is ignored: ids are shown in one case and a person reads them aloud.
 */
export function withCreating(state: SwapState): SwapState {
  const c = state.create;
  if (c.phase !== 'confirm') return state;
  if (c.typed.toLowerCase() !== c.expected.toLowerCase()) {
    const hint =
      c.typed === ''
        ? `type the last ${SWAP_CONFIRM_CHARS} characters first`
        : `"${c.typed}" does not match: type the last ${SWAP_CONFIRM_CHARS} characters as shown`;
    return { ...state, create: { ...c, typed: '', hint } };
  }
  return { ...state, create: { phase: 'creating', seq: c.seq, externalId: c.externalId } };
}

/** How the create ended, if it is the one waiting. A created transaction settles the external id. */
export function withCreateResult(state: SwapState, externalId: string, result: SwapCreateResult): SwapState {
  const c = state.create;
  if (c.phase !== 'creating' || c.externalId !== externalId) return state;
  const settled = result.kind === 'done' && state.pending?.externalId === externalId;
  return {
    ...state,
    ...(settled ? { pending: undefined } : {}),
    create: { phase: 'result', seq: c.seq, externalId, result },
  };
}
