// The swap form on the real live engine against an in-process sandbox, keys through the one
// dispatcher: fill the form, get a real aggregator quote, create from it behind the typed
// confirmation, and find the created transaction in front, merged into the store.
import { beforeAll, describe, expect, it } from 'vitest';
import { createUiStore } from '../../src/store/ui.js';
import { DECISION_DELAY_MS } from '../../src/view/keys/decision.js';
import { dispatchKey } from '../../src/view/shell/dispatch.js';
import { characterKey } from '../../src/view/keys/read.js';
import { createViewModel, type ViewModel } from '../../src/view/model/model.js';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';
import { engineOn } from '../live/helpers.js';


/** Each key on its own, as a person types them. */
function press(vm: ViewModel, key: 'enter' | 'tab'): void {
  dispatchKey(vm, characterKey(key === 'enter' ? '\r' : '\t'));
}

function type(vm: ViewModel, text: string): void {
  for (const ch of text) dispatchKey(vm, characterKey(ch));
}

let fx: SandboxFixture;
beforeAll(async () => {
  fx = await startTestSandbox();
});

describe('swap form on the live engine', () => {
  it('from the form to a quote to a created swap-aggregator transaction, shown in front', async () => {
    const engine = engineOn(fx, { role: 'full-access' });
    // The time a person takes to read the confirmation before confirming it (keys/decision.ts).
    let read = 0;
    await engine.live.start();
    const account = engine.stores.workspace
      .getState()
      .accounts.find((a) => a.status === 'active' && a.isTestnet !== true)!;
    const ui = createUiStore({ size: { columns: 100, rows: 30 } });
    const vm = createViewModel(engine.stores, { ui }, engine.live, {
      ascii: false,
      color: false,
      // The view judges a quote's freshness on the server's clock: here, the sandbox's manual one.
      now: () => fx.clock!.now() + read,
      copy: () => Promise.resolve({ to: 'osc52', via: 'terminal' }),
      quit: () => {},
    });

    type(vm, '5');
    press(vm, 'enter'); // fill in
    type(vm, account.accountName);
    press(vm, 'enter');
    type(vm, '11'); // USDT on Ethereum, by id
    press(vm, 'enter');
    type(vm, '12'); // USDC on Ethereum
    press(vm, 'enter');
    press(vm, 'tab');
    type(vm, '100');
    expect(vm.swap.getState().form).toMatchObject({ accountId: account.accountId, fromAssetId: '11', toAssetId: '12' });
    press(vm, 'enter'); // ask for the route
    await waitUntil(() => vm.swap.getState().request.phase !== 'asking', 5_000, 'the route');
    const request = vm.swap.getState().request;
    expect(request.phase).toBe('answer');
    if (request.phase !== 'answer') return;
    expect(request.answer.transactionType).toBe('swap-aggregator');
    const quoteId = request.answer.embedded?.quoteDetails?.quoteId;
    expect(quoteId).toBeTruthy();

    press(vm, 'enter'); // create: the typed confirmation opens
    type(vm, quoteId!.slice(-4));
    read = DECISION_DELAY_MS;
    press(vm, 'enter');
    press(vm, 'enter'); // a second Enter finds nothing to send
    await waitUntil(() => vm.swap.getState().create.phase === 'result', 5_000, 'the create');
    const create = vm.swap.getState().create;
    if (create.phase !== 'result') throw new Error(`create ended in ${create.phase}`);
    expect(create.result).toMatchObject({ kind: 'done' });
    const id = create.result.transactionId!;
    expect(ui.getState().pane).toBe('transactions');
    expect(ui.getState().detail?.id).toBe(id);
    const tx = engine.stores.transactions.getState().byId.get(id);
    expect(tx?.transactionType).toBe('swap-aggregator');
    expect(tx?.externalId).toBe(create.externalId);
    // Exactly one transaction carries our external id on the server.
    const all = await fx.client().transactions.list({ limit: 1000 });
    expect(all.filter((t) => t.externalId === create.externalId)).toHaveLength(1);
  });
});
