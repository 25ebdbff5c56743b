// The ui slice holds choices only: mode, pane, selection by id, filters, overlays, the typed line.
import { describe, expect, it } from 'vitest';
import {
  createUiStore,
  isPaused,
  listState,
  MAX_HISTORY,
  NO_PAUSE,
  type PauseReason,
  withHistory,
  withPause,
} from '../../src/store/ui.js';

describe('the one pause and its reasons', () => {
  const of = (...r: PauseReason[]): ReadonlySet<PauseReason> => new Set(r);
  it.each<[string, ReadonlySet<PauseReason>, PauseReason, boolean, PauseReason[], boolean]>([
    ['the person pauses', NO_PAUSE, 'person', true, ['person'], true],
    ['a decision begins', NO_PAUSE, 'decision', true, ['decision'], true],
    ['a decision over the person\'s pause', of('person'), 'decision', true, ['person', 'decision'], true],
    ['the decision ends, the person\'s pause stays', of('person', 'decision'), 'decision', false, ['person'], true],
    ['the person resumes during a decision: still held', of('person', 'decision'), 'person', false, ['decision'], true],
    ['the last reason goes: live again', of('decision'), 'decision', false, [], false],
    ['removing one not there', NO_PAUSE, 'person', false, [], false],
  ])('%s', (_name, before, reason, on, want, paused) => {
    const next = withPause(before, reason, on);
    expect([...next]).toEqual(want);
    expect(isPaused({ pause: next })).toBe(paused);
  });

  it('the same set when nothing changes, and no store write', () => {
    const set = of('person');
    expect(withPause(set, 'person', true)).toBe(set);
    const ui = createUiStore();
    let calls = 0;
    ui.subscribe(() => calls++);
    ui.getState().setPause('decision', false);
    expect(calls).toBe(0);
    ui.getState().setPause('decision', true);
    ui.getState().setPause('decision', true);
    expect(calls).toBe(1);
  });
});

describe('ui store', () => {
  it('starts on transactions in normal mode, taking overrides', () => {
    const ui = createUiStore({ pane: 'prices', follow: true });
    expect(ui.getState().mode).toBe('normal');
    expect(ui.getState().pane).toBe('prices');
    expect(ui.getState().follow).toBe(true);
    expect(listState(ui.getState(), 'transactions')).toEqual({ cursor: 0, row: 0, filter: '', sort: 0 });
  });

  it('patches one list without touching the others', () => {
    const ui = createUiStore();
    ui.getState().patchList('accounts', { sort: 1 });
    const before = ui.getState().lists.accounts;
    ui.getState().patchList('transactions', { selectedId: 'x', cursor: 3 });
    expect(ui.getState().lists.transactions!.selectedId).toBe('x');
    expect(ui.getState().lists.accounts).toBe(before);
  });

  it('does not notify for a size or pane that did not change', () => {
    const ui = createUiStore();
    let calls = 0;
    ui.subscribe(() => calls++);
    ui.getState().setSize(80, 24);
    ui.getState().setPane('transactions');
    expect(calls).toBe(0);
    ui.getState().setSize(120, 40);
    expect(calls).toBe(1);
  });

  it('input: begin, edit, end', () => {
    const ui = createUiStore();
    ui.getState().beginInput('filter', 'cold');
    expect(ui.getState()).toMatchObject({ mode: 'filter', input: 'cold', inputBefore: 'cold' });
    ui.getState().setInput('hot');
    ui.getState().endInput();
    expect(ui.getState()).toMatchObject({ mode: 'normal', input: '' });
  });

  it('filter input: the pane filter follows the line; cancel puts back the one before', () => {
    const ui = createUiStore({ pane: 'accounts' });
    ui.getState().patchList('accounts', { filter: 'cold' });
    ui.getState().beginInput('filter', 'cold');
    ui.getState().setInput('hot ');
    expect(listState(ui.getState(), 'accounts').filter).toBe('hot');
    expect(listState(ui.getState(), 'transactions').filter).toBe('');
    ui.getState().cancelInput();
    expect(ui.getState()).toMatchObject({ mode: 'normal', input: '', inputBefore: '' });
    expect(listState(ui.getState(), 'accounts').filter).toBe('cold');
    ui.getState().beginInput('filter', 'cold');
    ui.getState().setInput('lab');
    ui.getState().endInput();
    expect(listState(ui.getState(), 'accounts').filter).toBe('lab');
    // The command line filters nothing.
    ui.getState().beginInput('command', '');
    ui.getState().setInput('tx');
    ui.getState().cancelInput();
    expect(listState(ui.getState(), 'accounts').filter).toBe('lab');
  });

  it('overlays and the detail', () => {
    const ui = createUiStore();
    ui.getState().openJson({ pane: 'transactions', id: 't' });
    expect(ui.getState().mode).toBe('json');
    ui.getState().closeOverlay();
    expect(ui.getState().json).toBeUndefined();
    ui.getState().openDetail('transactions', 't');
    expect(ui.getState().detail).toEqual({ pane: 'transactions', id: 't', scroll: 0 });
    ui.getState().closeDetail();
    expect(ui.getState().detail).toBeUndefined();
  });

  it('history: trimmed, no consecutive repeats, bounded', () => {
    expect(withHistory([], '  tx  ')).toEqual(['tx']);
    const h = ['a'];
    expect(withHistory(h, 'a')).toBe(h);
    expect(withHistory(h, '   ')).toBe(h);
    let long: readonly string[] = [];
    for (let i = 0; i < MAX_HISTORY + 10; i++) long = withHistory(long, `c${i}`);
    expect(long.length).toBe(MAX_HISTORY);
    expect(long[long.length - 1]).toBe(`c${MAX_HISTORY + 9}`);
  });
});
