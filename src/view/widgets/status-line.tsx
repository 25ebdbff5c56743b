// The line above the footer: the filter or command being typed (with completions), else the
// newest notice. Info notices fade after a while; warnings and errors stay until replaced.
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { Notice } from '../../store/index.js';
import type { UiData } from '../../store/ui.js';
import { useView } from '../model.js';
import type { Token } from '../theme.js';
import { Line, type Segment } from './line.js';

export const NOTICE_TTL_MS = 10_000;

export function inputSegments(ui: Pick<UiData, 'mode' | 'input' | 'completion'>, cursor: string): Segment[] {
  const prompt = ui.mode === 'filter' ? '/' : ':';
  const segments: Segment[] = [
    { text: ` ${prompt}`, token: 'key' },
    { text: ui.input },
    { text: cursor, token: 'accent' },
  ];
  if (ui.mode === 'filter') {
    segments.push({ text: '   ! at the start keeps the rows that do not match', token: 'muted' });
  }
  const c = ui.completion;
  if (c !== undefined) {
    segments.push({ text: '   ' });
    c.candidates.forEach((candidate, i) => {
      segments.push({ text: candidate, token: i === c.index ? 'accent' : 'muted' });
      segments.push({ text: '  ' });
    });
  }
  return segments;
}

const NOTICE_TOKENS: Readonly<Record<string, Token>> = { info: 'info', warn: 'warning', error: 'danger' };

export function noticeSegments(
  notice: Notice,
  glyphs: { warning: string; cross: string; bullet: string },
): Segment[] {
  const mark =
    notice.level === 'error' ? glyphs.cross : notice.level === 'warn' ? glyphs.warning : glyphs.bullet;
  const count = notice.count > 1 ? ` (x${notice.count})` : '';
  return [{ text: ` ${mark} ${notice.text}${count}`, token: NOTICE_TOKENS[notice.level] ?? 'info' }];
}

export function StatusLine({ width }: { width: number }) {
  const vm = useView();
  const ui = useStore(
    vm.ui,
    useShallow((s) => ({ mode: s.mode, input: s.input, completion: s.completion })),
  );
  const newest = useStore(vm.stores.session, (s) => s.notices[s.notices.length - 1]);
  // Re-renders when the notice's visibility flips, not on every tick.
  const visible = useStore(
    vm.clock,
    (s) => newest !== undefined && (newest.level !== 'info' || s.now - newest.at < NOTICE_TTL_MS),
  );
  if (ui.mode === 'filter' || ui.mode === 'command') {
    // A visible character, not an inverse space: it must show with every attribute off too.
    const cursor = vm.theme.ascii ? '_' : '█';
    return <Line segments={inputSegments(ui, cursor)} theme={vm.theme} width={width} />;
  }
  if (newest !== undefined && visible) {
    return <Line segments={noticeSegments(newest, vm.theme.glyphs)} theme={vm.theme} width={width} />;
  }
  return <Line segments={[]} theme={vm.theme} width={width} />;
}
