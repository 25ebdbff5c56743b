// The pane tabs: number and name of each pane, the one in front drawn inverse (visible without color).
import { useStore } from 'zustand';
import { useView } from '../model.js';
import { PANES } from '../resources/registry.js';
import { Line, type Segment } from './line.js';

export function tabSegments(active: string, width: number): Segment[] {
  // Wide: every name padded, so names stand three spaces apart (ux.md). Narrow (60 columns):
  // only the active one is padded, two spaces apart.
  const wide = width >= 80;
  const out: Segment[] = [{ text: ' ' }];
  PANES.forEach((pane, i) => {
    if (i > 0) out.push({ text: wide ? ' ' : '  ' });
    const label = `${i + 1} ${pane.title}`;
    if (pane.id === active) out.push({ text: ` ${label} `, token: 'selection' });
    else out.push({ text: wide ? ` ${label} ` : label, token: 'muted' });
  });
  return out;
}

export function Tabs({ width }: { width: number }) {
  const vm = useView();
  const pane = useStore(vm.ui, (s) => s.pane);
  return <Line segments={tabSegments(pane, width)} theme={vm.theme} width={width} />;
}
