// `:ctx` (k9s's): alone it lists the profiles; `:ctx NAME` switches the console to one, `:ctx -`
// goes back to the previous one. Tab completes the names.
import type { CommandSpec } from '../query/command-spec.js';
import { PREVIOUS_PROFILE, switchProfile, switchRefusal } from './switch.js';
import { notify } from '../model/notify.js';

export const CTX_COMMAND: CommandSpec = {
  name: 'ctx',
  args: '[NAME|-]',
  description: 'the profiles; :ctx NAME switches the console to one, :ctx - goes back',
  complete: (word, sources) => [...sources.profiles, PREVIOUS_PROFILE].filter((n) => n.toLowerCase().startsWith(word.toLowerCase())),
  run: (vm, command) => {
    const word = command.args[0];
    if (word !== undefined) {
      switchProfile(vm, word);
      return;
    }
    const profiles = vm.env.profiles;
    const refusal = profiles === undefined ? switchRefusal(vm) : undefined;
    if (profiles === undefined) {
      notify(vm, 'warn', refusal ?? 'no profiles', 'view-ctx');
      return;
    }
    const at = profiles.list.findIndex((p) => p.name === profiles.current);
    vm.ui.getState().openProfiles(Math.max(0, at));
  },
};
