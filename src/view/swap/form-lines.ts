// The swap form as lines: one per field (the focused one marked, its error beside it), the open
// picker's candidates under its field, and a hint that says what Enter does now. Pure.
import { glyphs } from '../../format/index.js';
import type { BalancesState, DictionaryState, WorkspaceState } from '../../store/index.js';
import { isPickerField, type PickerField, type SwapField, type SwapState } from '../../store/swap.js';
import type { Segment } from '../base/segments.js';
import { availableValue } from './balance.js';
import { accountText, assetLabel, assetText, FIELD_LABELS, labelText, pickedId, visibleFields } from './fields.js';
import { accountCandidates, assetCandidates, assetScope, type Candidate, MIN_ASSET_QUERY } from './search.js';

export type FormLine = readonly Segment[];

export interface FormInput {
  readonly state: SwapState;
  readonly dictionary: DictionaryState;
  readonly workspace: WorkspaceState;
  /** The balances read so far: the source asset's available balance under "from" (absent: no line). */
  readonly balances?: BalancesState;
  /** Mode 'form': the focused field takes typed text. */
  readonly editing: boolean;
  readonly ascii: boolean;
}

const LABEL = 15;

/** The candidates of the focused picker, or undefined when its list is closed. */
export function openCandidates(
  state: SwapState,
  dictionary: DictionaryState,
  workspace: WorkspaceState,
): Candidate[] | undefined {
  const f = state.focus;
  if (!isPickerField(f)) return undefined;
  if (f === 'account') {
    // Accounts are few: the list opens as soon as there is nothing chosen or something typed.
    if (state.query === '' && state.form.accountId !== undefined) return undefined;
    return accountCandidates(workspace, state.query);
  }
  if (state.query === '') return undefined;
  return assetCandidates(dictionary, state.query, assetScope(dictionary, workspace, state.form, f));
}

function pickerValue(input: FormInput, field: PickerField): Segment[] {
  const { state, dictionary, workspace } = input;
  const focused = input.editing && state.focus === field;
  if (focused && state.query !== '') return [{ text: `${state.query}_`, token: 'accent' }];
  const id = pickedId(state.form, field);
  if (id === undefined) {
    const hint =
      field === 'account' ? 'type to search the active accounts' : `type ${MIN_ASSET_QUERY}+ characters of a symbol, name or id`;
    return [{ text: focused ? `_ ${hint}` : hint, token: 'muted' }];
  }
  return [{ text: field === 'account' ? accountText(workspace, id) : assetText(dictionary, id, input.ascii) }];
}

function sideValue(input: FormInput): Segment[] {
  const g = glyphs(input.ascii);
  const on = input.ascii ? '(x)' : g.bullet;
  const off = input.ascii ? '( )' : g.offlineDot;
  const send = input.state.form.side === 'send';
  const segments: Segment[] = [
    { text: `${send ? on : off} I send`, ...(send ? { token: 'accent' as const } : { token: 'muted' as const }) },
    { text: '   ' },
    { text: `${send ? off : on} I receive`, ...(send ? { token: 'muted' as const } : { token: 'accent' as const }) },
  ];
  if (input.editing && input.state.focus === 'side') segments.push({ text: '   (t or space toggles)', token: 'muted' });
  return segments;
}

function textValue(input: FormInput, field: 'amount' | 'fromTokenId' | 'toTokenId'): Segment[] {
  const { state, dictionary } = input;
  const value = state.form[field];
  const cursor = input.editing && state.focus === field ? '_' : '';
  const out: Segment[] = [{ text: value + cursor }];
  if (field === 'amount') {
    const assetId = state.form.side === 'send' ? state.form.fromAssetId : state.form.toAssetId;
    if (assetId !== undefined) out.push({ text: ` ${assetLabel(dictionary, assetId).symbol}`, token: 'muted' });
  }
  return out;
}

function fieldLine(input: FormInput, field: SwapField): FormLine {
  const { state } = input;
  const focused = state.focus === field;
  const g = glyphs(input.ascii);
  const marker: Segment = focused
    ? { text: ` ${g.selection} `, token: input.editing ? 'key' : 'muted' }
    : { text: '   ' };
  const label: Segment = {
    text: FIELD_LABELS[field].padEnd(LABEL),
    token: focused && input.editing ? 'header' : 'muted',
  };
  const value = isPickerField(field)
    ? pickerValue(input, field)
    : field === 'side'
      ? sideValue(input)
      : textValue(input, field);
  const error = state.errors[field];
  return [marker, label, ...value, ...(error !== undefined ? [{ text: `  ${g.cross} ${error}`, token: 'danger' as const }] : [])];
}

/** "testnet " or "mainnet " once an account is chosen: the search offers only that family. */
function familyOf(input: FormInput): string {
  const id = input.state.form.accountId;
  const account = id === undefined ? undefined : input.workspace.accountsById.get(id);
  return account === undefined ? '' : account.isTestnet === true ? 'testnet ' : 'mainnet ';
}

function candidateLines(input: FormInput, candidates: readonly Candidate[]): FormLine[] {
  const { state } = input;
  const pad = ' '.repeat(3 + LABEL);
  if (candidates.length === 0) {
    const q = state.query.trim();
    const why =
      state.focus !== 'account' && [...q].length < MIN_ASSET_QUERY
        ? `type at least ${MIN_ASSET_QUERY} characters`
        : state.focus === 'account'
          ? `no active account matches "${q}"`
          : `no ${familyOf(input)}asset matches "${q}"`;
    return [[{ text: pad }, { text: why, token: 'muted' }]];
  }
  return candidates.map((c, i) => {
    const chosen = i === Math.min(state.index, candidates.length - 1);
    const label = c.asset !== undefined ? labelText(c.asset, input.ascii) : c.label;
    return [{ text: pad }, { text: ` ${label} `, ...(chosen ? { token: 'selection' as const } : {}) }];
  });
}

export function formLines(input: FormInput): FormLine[] {
  const { state, dictionary, workspace } = input;
  const lines: FormLine[] = [];
  const open = input.editing ? openCandidates(state, dictionary, workspace) : undefined;
  for (const field of visibleFields(state.form, dictionary)) {
    lines.push(fieldLine(input, field));
    if (open !== undefined && field === state.focus) lines.push(...candidateLines(input, open));
    const available = field === 'from' ? availableValue(input.balances, dictionary, state.form) : undefined;
    if (available !== undefined) lines.push([{ text: '   ' }, { text: 'available'.padEnd(LABEL), token: 'muted' }, ...available]);
  }
  return lines;
}
