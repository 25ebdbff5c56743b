// The footer: the keys that work here and now, from the keymap data, as many as fit.
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { keyContextNow } from '../current.js';
import { footerItems, KEYMAP, type KeyBinding, type KeyContext } from '../keymap.js';
import { useView } from '../model.js';
import { Line, type Segment } from './line.js';

export function footerSegments(
  keymap: readonly KeyBinding[],
  ctx: KeyContext,
  width: number,
  ascii: boolean,
): Segment[] {
  const items = footerItems(keymap, ctx, width - 1, ascii);
  return items.flatMap((item, i) => [
    { text: i === 0 ? ' ' : '  ' },
    { text: item.key, token: 'key' as const },
    { text: ` ${item.label}`, token: 'muted' as const },
  ]);
}

export function Footer({ width, keymap = KEYMAP }: { width: number; keymap?: readonly KeyBinding[] }) {
  const vm = useView();
  // Re-render when anything a binding's availability reads may have changed.
  useStore(
    vm.ui,
    useShallow((s) => [
      s.mode,
      s.pane,
      s.detail?.id,
      s.paused,
      s.follow,
      s.lists,
      s.accountFilter,
      s.txChips,
      s.addrNetworks,
      s.addrStatuses,
    ]),
  );
  useStore(
    vm.stores.session,
    useShallow((s) => [s.readOnly, s.role, s.forbidden]),
  );
  // The selection's record (for bindings that need one) changes with the data.
  useStore(vm.stores.transactions, (s) => s.byId);
  useStore(vm.stores.workspace);
  // The dialog's step and the swap form's state decide which of their keys apply.
  useStore(vm.dialog);
  useStore(vm.swap);
  const segments = footerSegments(keymap, keyContextNow(vm), width, vm.theme.ascii);
  return <Line segments={segments} theme={vm.theme} width={width} />;
}
