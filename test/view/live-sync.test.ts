// The live engine follows the ui store, the one home of the pause and of the open detail: every
// change there reaches the engine once, and nothing else does.
import { describe, expect, it } from 'vitest';
import { createUiStore, type UiData } from '../../src/store/ui.js';
import { followUi, openTransactionOf } from '../../src/view/shell/live-sync.js';
import type { ViewModel } from '../../src/view/model/model.js';

function follow(init: Partial<UiData> = {}) {
  const ui = createUiStore(init);
  const calls: string[] = [];
  const actions = {
    setPaused: (p: boolean) => calls.push(`setPaused ${p}`),
    openTransaction: (id: string) => calls.push(`open ${id}`),
    closeTransaction: () => calls.push('close'),
  };
  const stop = followUi({ ui, actions } as unknown as ViewModel);
  return { ui: ui.getState, calls, stop };
}

describe('openTransactionOf', () => {
  it.each<[string, UiData['detail'], string | undefined]>([
    ['nothing open', undefined, undefined],
    ['a transaction', { pane: 'transactions', id: 't1', scroll: 3 }, 't1'],
    ['an account', { pane: 'accounts', id: 'a1', scroll: 0 }, undefined],
  ])('%s', (_name, detail, want) => {
    expect(openTransactionOf({ detail })).toBe(want);
  });
});

describe('followUi', () => {
  it('starts quiet when nothing is paused or open', () => {
    expect(follow().calls).toEqual([]);
  });

  it('tells the engine what the ui starts with', () => {
    const f = follow({ pause: new Set(['person']), detail: { pane: 'transactions', id: 't1', scroll: 0 } });
    expect(f.calls).toEqual(['setPaused true', 'open t1']);
  });

  it('pauses while any reason stands, once per change', () => {
    const f = follow();
    f.ui().setPause('person', true);
    f.ui().setPause('decision', true);
    f.ui().setPause('person', false);
    expect(f.calls).toEqual(['setPaused true']);
    f.ui().setPause('decision', false);
    expect(f.calls).toEqual(['setPaused true', 'setPaused false']);
  });

  it('the open transaction: opened, switched, scrolled (nothing), let go by another pane, closed', () => {
    const f = follow();
    f.ui().openDetail('transactions', 't1');
    f.ui().openDetail('transactions', 't2');
    f.ui().update({ detail: { pane: 'transactions', id: 't2', scroll: 5 } });
    f.ui().openDetail('accounts', 'a1');
    f.ui().openDetail('transactions', 't3');
    f.ui().closeDetail();
    expect(f.calls).toEqual(['open t1', 'open t2', 'close', 'open t3', 'close']);
  });

  it('stops following', () => {
    const f = follow();
    f.stop();
    f.ui().setPause('person', true);
    expect(f.calls).toEqual([]);
  });
});
