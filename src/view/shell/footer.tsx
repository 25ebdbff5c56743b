// The footer: the keys that work here and now, from the keymap data, as many as fit.
import { footerItems, type FooterItem } from '../keys/footer.js';
import { KEYMAP } from './keymap.js';
import type { KeyBinding, KeyContext } from '../keys/types.js';
import { useCallback } from 'react';
import { useKeyContext } from './use-key-context.js';
import { useView } from '../model/model.js';
import { Line, type Segment } from '../draw/line.js';

export function footerSegments(items: readonly FooterItem[]): Segment[] {
  return items.flatMap((item, i) => [
    { text: i === 0 ? ' ' : '  ' },
    { text: item.key, token: 'key' as const },
    { text: ` ${item.label}`, token: 'muted' as const },
  ]);
}

function sameItems(a: readonly FooterItem[], b: readonly FooterItem[]): boolean {
  return a.length === b.length && a.every((item, i) => item.key === b[i]!.key && item.label === b[i]!.label);
}

export function Footer({ width, keymap = KEYMAP }: { width: number; keymap?: readonly KeyBinding[] }) {
  const vm = useView();
  const ascii = vm.theme.ascii;
  const select = useCallback((ctx: KeyContext) => footerItems(keymap, ctx, width - 1, ascii), [keymap, width, ascii]);
  const items = useKeyContext(vm, select, sameItems);
  return <Line segments={footerSegments(items)} theme={vm.theme} width={width} />;
}
