// The line above the footer: the filter or command being typed (with completions), else a notice.
// Which one (pickNotice): the newest while it holds (an info fades after NOTICE_TTL_MS; a warning
// or an error stays until something newer is said), else the newest standing one (a failure
// waiting for its cause to clear, a fact of the session). Standing problems hidden behind it are
// counted on the right, and a message cut at the edge says so: `m` reads them all, whole.
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { displayWidth, truncateToWidth } from '../../format/index.js';
import { isStanding, type Notice } from '../../store/index.js';
import type { UiData } from '../../store/ui.js';
import { useView } from '../model/model.js';
import type { Token } from '../base/theme.js';
import { Line, type Segment } from './line.js';

export const NOTICE_TTL_MS = 10_000;

/** An info that is not standing fades: feedback to a key, a success. */
export function fades(n: Notice): boolean {
  return n.level === 'info' && !isStanding(n);
}

export function hasFaded(n: Notice, now: number, ttl = NOTICE_TTL_MS): boolean {
  return fades(n) && now - n.at >= ttl;
}

export interface NoticePick {
  readonly shown?: Notice;
  /** Standing warnings and errors besides the one shown. */
  readonly more: number;
}

/** What the status line shows of the live notices (oldest first); `newestFaded` from hasFaded. */
export function pickNotice(notices: readonly Notice[], newestFaded: boolean): NoticePick {
  const newest = notices.at(-1);
  const shown =
    newest !== undefined && !newestFaded ? newest : notices.findLast((n) => isStanding(n));
  const more = notices.filter((n) => n !== shown && isStanding(n) && n.level !== 'info').length;
  return shown === undefined ? { more } : { shown, more };
}

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

export function noticeMark(level: string, glyphs: { warning: string; cross: string; bullet: string }): string {
  return level === 'error' ? glyphs.cross : level === 'warn' ? glyphs.warning : glyphs.bullet;
}

export function noticeToken(level: string): Token {
  return NOTICE_TOKENS[level] ?? 'info';
}

/**
 * The notice in `width` columns: its mark, its words (cut with an ellipsis when they do not fit)
 * and its count; on the right, how many standing problems it hides and the key that reads them.
 */
export function noticeSegments(
  notice: Notice,
  glyphs: { warning: string; cross: string; bullet: string },
  width = Number.POSITIVE_INFINITY,
  more = 0,
  ascii = false,
): Segment[] {
  const token = noticeToken(notice.level);
  const head = ` ${noticeMark(notice.level, glyphs)} `;
  const count = notice.count > 1 ? ` (x${notice.count})` : '';
  const whole = displayWidth(head) + displayWidth(notice.text) + displayWidth(count);
  const pointer: Segment[] = [
    ...(more > 0 ? [{ text: `+${more} more  `, token: 'muted' as const }] : []),
    { text: 'm', token: 'key' },
    { text: ' messages ', token: 'muted' },
  ];
  const pointerWidth = pointer.reduce((sum, s) => sum + displayWidth(s.text), 0);
  if (more === 0 && whole <= width) return [{ text: `${head}${notice.text}${count}`, token }];
  const room = width - pointerWidth - 1;
  const textRoom = room - displayWidth(head) - displayWidth(count);
  if (textRoom < 8) return [{ text: `${head}${notice.text}${count}`, token }];
  const text = whole <= room ? notice.text : truncateToWidth(notice.text, textRoom, { ascii });
  const left = `${head}${text}${count}`;
  const gap = Math.max(1, width - displayWidth(left) - pointerWidth);
  return [{ text: left, token }, { text: ' '.repeat(gap) }, ...pointer];
}

export function StatusLine({ width }: { width: number }) {
  const vm = useView();
  const ui = useStore(
    vm.ui,
    useShallow((s) => ({ mode: s.mode, input: s.input, completion: s.completion })),
  );
  const notices = useStore(vm.stores.session, (s) => s.notices);
  const newest = notices.at(-1);
  // Re-renders when the newest notice fades, not on every tick.
  const faded = useStore(vm.clock, (s) => newest !== undefined && hasFaded(newest, s.now));
  if (ui.mode === 'filter' || ui.mode === 'command') {
    // A visible character, not an inverse space: it must show with every attribute off too.
    const cursor = vm.theme.ascii ? '_' : '█';
    return <Line segments={inputSegments(ui, cursor)} theme={vm.theme} width={width} />;
  }
  const { shown, more } = pickNotice(notices, faded);
  if (shown !== undefined) {
    const segments = noticeSegments(shown, vm.theme.glyphs, width, more, vm.theme.ascii);
    return <Line segments={segments} theme={vm.theme} width={width} />;
  }
  return <Line segments={[]} theme={vm.theme} width={width} />;
}
