// The pane tabs: number and name of each pane, the one in front drawn inverse (visible without color).
import { useStore } from 'zustand';
import { useView } from '../model/model.js';
import { PANES, paneKey } from '../resources/registry.js';
import { Line, type Segment, segmentsWidth } from '../draw/line.js';

/** How the tabs are drawn, roomiest first: the first that fits the width is used. */
interface TabStyle {
  /** Every name padded (names three spaces apart, ux.md), or only the active one's. */
  readonly padAll: boolean;
  readonly gap: string;
  /** The names of the panes not in front: whole, short ("Tx"), or only their numbers. */
  readonly names: 'whole' | 'short' | 'none';
}

const STYLES: readonly TabStyle[] = [
  { padAll: true, gap: ' ', names: 'whole' },
  { padAll: false, gap: '  ', names: 'whole' },
  { padAll: false, gap: ' ', names: 'whole' },
  { padAll: false, gap: '  ', names: 'short' },
  { padAll: false, gap: ' ', names: 'short' },
  { padAll: false, gap: ' ', names: 'none' },
];

function draw(active: string, style: TabStyle): Segment[] {
  const out: Segment[] = [{ text: ' ' }];
  PANES.forEach((pane, i) => {
    if (i > 0) out.push({ text: style.gap });
    // The tenth pane's key is 0 (registry.ts paneKey).
    const key = paneKey(pane.id) ?? '';
    // The pane in front always says its whole name.
    if (pane.id === active) {
      out.push({ text: ` ${key} ${pane.title} `, token: 'selection' });
      return;
    }
    const name = style.names === 'whole' ? pane.title : style.names === 'short' ? pane.short : '';
    const label = name === '' ? key : `${key} ${name}`;
    out.push({ text: style.padAll ? ` ${label} ` : label, token: 'muted' });
  });
  return out;
}

export function tabSegments(active: string, width: number): Segment[] {
  for (const style of STYLES) {
    const segments = draw(active, style);
    if (segmentsWidth(segments) <= width) return segments;
  }
  return draw(active, STYLES[STYLES.length - 1]!);
}

export function Tabs({ width }: { width: number }) {
  const vm = useView();
  const pane = useStore(vm.ui, (s) => s.pane);
  return <Line segments={tabSegments(pane, width)} theme={vm.theme} width={width} />;
}
