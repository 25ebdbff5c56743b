// One selector over the key context: a component that shows what keys do (the footer) reads the
// context the dispatcher decides with, and re-renders only when what it picks from it changes.
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { keyContextNow } from '../focus/current.js';
import type { ViewModel } from '../model/model.js';
import type { KeyContext } from '../keys/types.js';

/** Everything the key context is read from (the clock: a quote expires while nothing else moves). */
function sources(vm: ViewModel): readonly { subscribe(listener: () => void): () => void }[] {
  return [
    vm.ui,
    vm.dialog,
    vm.swap,
    vm.clock,
    vm.stores.session,
    // Who the key acts as: learned from its own writes, and an approval of its own turns `a` off.
    vm.stores.directory,
    vm.stores.transactions,
    vm.stores.workspace,
    vm.stores.prices,
  ];
}

export function useKeyContext<T>(vm: ViewModel, select: (ctx: KeyContext) => T, same: (a: T, b: T) => boolean): T {
  const last = useRef<{ value: T } | undefined>(undefined);
  const subscribe = useCallback(
    (changed: () => void) => {
      const offs = sources(vm).map((s) => s.subscribe(changed));
      return () => {
        for (const off of offs) off();
      };
    },
    [vm],
  );
  const snapshot = () => {
    const next = select(keyContextNow(vm));
    if (last.current !== undefined && same(last.current.value, next)) return last.current.value;
    last.current = { value: next };
    return next;
  };
  return useSyncExternalStore(subscribe, snapshot);
}
