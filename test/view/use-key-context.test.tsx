// The footer's read of the key context (src/view/shell/use-key-context.ts): read again when a
// store or the selector changed, once per change, and never stale.
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { applyPrices } from '../../src/store/index.js';
import { createUiStore } from '../../src/store/ui.js';
import type { KeyContext } from '../../src/view/keys/types.js';
import { createViewModel, ViewContext, type ViewModel } from '../../src/view/model/model.js';
import { useKeyContext } from '../../src/view/shell/use-key-context.js';
import { fixtures, loadedStores, NOW, recordingActions, settle } from './helpers.js';

function setup() {
  const stores = loadedStores();
  const vm = createViewModel(stores, { ui: createUiStore() }, recordingActions({ calls: [], copied: [], quits: 0 }), {
    ascii: false,
    color: false,
    now: () => NOW,
    copy: () => Promise.reject(new Error('no clipboard')),
    quit: () => {},
  });
  let reads = 0;
  const pane = (ctx: KeyContext) => {
    reads++;
    return ctx.pane;
  };
  function Probe({ select, label }: { select: (ctx: KeyContext) => string; label: string }) {
    const value = useKeyContext(vm, select, (a, b) => a === b);
    return <Text>{`${label} ${value}`}</Text>;
  }
  const tree = (label: string, select = pane) => (
    <ViewContext.Provider value={vm as ViewModel}>
      <Probe select={select} label={label} />
    </ViewContext.Provider>
  );
  return { vm, stores, tree, reads: () => reads };
}

describe('useKeyContext', () => {
  it('reads the context once per change of a store, and not again for a render', async () => {
    const { vm, stores, tree, reads } = setup();
    const app = render(tree('a'));
    await settle();
    const atStart = reads();
    // A new price: a store changed, the pane did not.
    stores.prices.setState(applyPrices(stores.prices.getState(), fixtures.pricesNow.map((p) => ({ ...p, price: '1' })), NOW), true);
    await settle();
    expect(reads()).toBe(atStart + 1);
    // The parent renders again with the same selector: nothing to read.
    app.rerender(tree('b'));
    await settle();
    expect(reads()).toBe(atStart + 1);
    expect(app.lastFrame()).toBe('b transactions');
    // A change the selector sees shows at once.
    vm.ui.getState().setPane('accounts');
    await settle();
    expect(app.lastFrame()).toBe('b accounts');
    app.unmount();
  });

  it('reads again with a new selector', async () => {
    const { tree } = setup();
    const app = render(tree('a'));
    await settle();
    app.rerender(tree('a', (ctx) => `${ctx.pane}!`));
    await settle();
    expect(app.lastFrame()).toBe('a transactions!');
    app.unmount();
  });
});
