// `:ctx NAME` and `:ctx -`: which profile a switch goes to, and why it may not happen now. The
// switch itself belongs to the terminal layer (ViewEnv.profiles); the view says what it refuses.
import { unknownWordText } from '../../format/index.js';
import { modeNow } from '../model/mode.js';
import type { ProfileSwitch, ViewModel } from '../model/model.js';
import { notify } from '../model/notify.js';

/** Where `:ctx -` goes back to. */
export const PREVIOUS_PROFILE = '-';

/**
 * Why no switch can start at this moment, or undefined. A decision open or on its way (the action
 * dialog, a swap being created) keeps its profile: its outcome and audit line belong to it.
 */
export function switchRefusal(vm: ViewModel): string | undefined {
  if (vm.env.profiles === undefined) return 'this console cannot switch profiles (it was started without a config file to read them from)';
  if (modeNow(vm) === 'dialog') return 'a decision is open: finish or close it before switching profiles';
  if (vm.swap.getState().create.phase === 'creating') return 'a swap is being sent: switch once its outcome is in';
  return undefined;
}

/** The profile `word` names (`-`: the previous one), or why there is none. */
export function resolveProfile(profiles: ProfileSwitch, word: string): { name: string } | { refusal: string } {
  if (word === PREVIOUS_PROFILE) {
    return profiles.previous === undefined
      ? { refusal: 'no profile to go back to: :ctx - returns to the profile used before the last switch' }
      : { name: profiles.previous };
  }
  const known = profiles.list.map((p) => p.name);
  const exact = known.find((n) => n === word) ?? known.find((n) => n.toLowerCase() === word.toLowerCase());
  if (exact !== undefined) return { name: exact };
  if (known.length === 0) return { refusal: 'no profiles in the config file: custody init creates one' };
  return { refusal: `${unknownWordText(word, known, 'profile')} (:ctx lists them)` };
}

/** Switches the console to the profile `word` names, or says on the status line why not. */
export function switchProfile(vm: ViewModel, word: string): void {
  const refusal = switchRefusal(vm);
  const profiles = vm.env.profiles;
  if (refusal !== undefined || profiles === undefined) {
    notify(vm, 'warn', refusal ?? 'no profiles', 'view-ctx');
    return;
  }
  const target = resolveProfile(profiles, word);
  if ('refusal' in target) {
    notify(vm, 'warn', target.refusal, 'view-ctx');
    return;
  }
  if (target.name === profiles.current) {
    notify(vm, 'info', `already on profile ${target.name}`, 'view-ctx');
    return;
  }
  notify(vm, 'info', `switching to profile ${target.name}…`, 'view-ctx');
  profiles
    .switchTo(target.name)
    .then((why) => {
      if (why !== undefined) notify(vm, 'error', `stayed on ${profiles.current ?? 'this setup'}: ${why}`, 'view-ctx');
    })
    .catch(() => {}); // switchTo never rejects; a notice that cannot be set has nowhere else to go
}
