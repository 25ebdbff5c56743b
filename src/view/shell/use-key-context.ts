// One selector over the key context: a component that shows what keys do (the footer) reads the
// context the dispatcher decides with, and re-renders only when what it picks from it changes.
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { keyContextNow } from '../focus/current.js';
import type { ViewModel } from '../model/model.js';
import type { KeyContext } from '../keys/types.js';

/**
 * Everything the key context is read from: the view's stores and every store of the session
 * (the clock: a quote expires while nothing else moves; who the key acts as: learned from its own
 * writes, and an approval of its own turns `a` off; the selected row: any list's data).
 */
function sources(vm: ViewModel): readonly { subscribe(listener: () => void): () => void; getState(): unknown }[] {
  return [vm.ui, vm.dialog, vm.swap, vm.clock, ...Object.values(vm.stores)];
}

/**
 * `select` of the key context, re-read only when a source's state or `select` itself changed:
 * React asks on every change of any source and again on every render, three to five times a
 * second at rest. Give a `select` that keeps its identity (useCallback) for that to pay.
 */
export function useKeyContext<T>(vm: ViewModel, select: (ctx: KeyContext) => T, same: (a: T, b: T) => boolean): T {
  const last = useRef<{ value: T; select: (ctx: KeyContext) => T; states: readonly unknown[] } | undefined>(undefined);
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
    const states = sources(vm).map((s) => s.getState());
    const prev = last.current;
    if (prev !== undefined && prev.select === select && states.every((state, i) => state === prev.states[i])) return prev.value;
    const next = select(keyContextNow(vm));
    const value = prev !== undefined && same(prev.value, next) ? prev.value : next;
    last.current = { value, select, states };
    return value;
  };
  return useSyncExternalStore(subscribe, snapshot);
}
