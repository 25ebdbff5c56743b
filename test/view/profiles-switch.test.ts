// `:ctx NAME` and `:ctx -`: which profile a word names, and when no switch may start (no profiles
// to switch between, a decision open, a swap being sent).
import { describe, expect, it } from 'vitest';
import { createDialogStore, withOpenDialog } from '../../src/store/dialog.js';
import { createSwapStore, type SwapState } from '../../src/store/swap.js';
import { createUiStore } from '../../src/store/ui.js';
import { createViewModel, type ProfileSwitch, type ViewEnv } from '../../src/view/model/model.js';
import { resolveProfile, switchRefusal } from '../../src/view/profiles/switch.js';
import { loadedStores, NOW, recordingActions } from './helpers.js';

function profiles(patch: Partial<ProfileSwitch> = {}): ProfileSwitch {
  return {
    list: [
      { name: 'dev', production: false },
      { name: 'prod-eu', production: true },
      { name: 'staging', production: false },
    ],
    current: 'prod-eu',
    switchTo: () => Promise.resolve(undefined),
    ...patch,
  };
}

describe('resolveProfile', () => {
  it.each<[string, ProfileSwitch, string, { name: string } | { refusal: string }]>([
    ['an exact name', profiles(), 'staging', { name: 'staging' }],
    ['a name in other case: the profile as written', profiles(), 'STAGING', { name: 'staging' }],
    ['- with a previous profile', profiles({ previous: 'dev' }), '-', { name: 'dev' }],
    [
      '- without one',
      profiles(),
      '-',
      { refusal: 'no profile to go back to: :ctx - returns to the profile used before the last switch' },
    ],
    [
      'an unknown name: the nearest suggested',
      profiles(),
      'stagng',
      { refusal: "unknown profile 'stagng': did you mean staging? (:ctx lists them)" },
    ],
    ['no profiles at all', profiles({ list: [] }), 'dev', { refusal: 'no profiles in the config file: custody init creates one' }],
  ])('%s', (_, p, word, expected) => {
    expect(resolveProfile(p, word)).toEqual(expected);
  });

  it('an exact name wins over one differing only in case', () => {
    const p = profiles({ list: [{ name: 'Prod', production: true }, { name: 'prod', production: false }] });
    expect(resolveProfile(p, 'prod')).toEqual({ name: 'prod' });
    expect(resolveProfile(p, 'Prod')).toEqual({ name: 'Prod' });
  });
});

describe('switchRefusal', () => {
  const stores = loadedStores();
  function vm(setup: { profiles?: ProfileSwitch; dialog?: boolean; swap?: Partial<SwapState> }) {
    const dialog = createDialogStore();
    if (setup.dialog === true) {
      dialog.setState(withOpenDialog('approve', { transactionId: 'tx-1', type: 'withdrawal', status: 'waiting-approval', accountId: 'acc-1' }, 'yes-no', NOW));
    }
    const swap = createSwapStore();
    if (setup.swap !== undefined) swap.setState(setup.swap);
    const env: ViewEnv = {
      ascii: false,
      color: false,
      now: () => NOW,
      copy: () => Promise.reject(new Error('no clipboard')),
      quit: () => {},
      ...(setup.profiles !== undefined ? { profiles: setup.profiles } : {}),
    };
    return createViewModel(stores, { ui: createUiStore(), dialog, swap }, recordingActions({ calls: [], copied: [], quits: 0 }), env);
  }

  it.each<[string, Parameters<typeof vm>[0], RegExp | undefined]>([
    ['no env.profiles: nothing to switch between', {}, /cannot switch profiles/],
    ['an action dialog open', { profiles: profiles(), dialog: true }, /a decision is open/],
    [
      'a swap being created',
      { profiles: profiles(), swap: { create: { phase: 'creating', seq: 1, externalId: 'swap-1' } } },
      /a swap is being sent/,
    ],
    ['a swap with its outcome in: free to switch', { profiles: profiles(), swap: { create: { phase: 'none' } } }, undefined],
    ['nothing in the way', { profiles: profiles() }, undefined],
  ])('%s', (_, setup, expected) => {
    const refusal = switchRefusal(vm(setup));
    if (expected === undefined) expect(refusal).toBeUndefined();
    else expect(refusal).toMatch(expected);
  });
});
