// The messages overlay's lines: the last messages said, newest first, each whole (wrapped to the
// width) with its local time, its mark, how often and since when, whether its cause has cleared,
// and its detail (which read, the correlation id). Pure.
import { formatClock, type Glyphs } from '../../format/index.js';
import type { Notice } from '../../store/index.js';
import { wordWrap } from '../draw/detail-kit.js';
import type { Segment } from '../base/segments.js';
import { noticeMark, noticeToken } from '../draw/status-line.js';

export interface MessageLinesOptions {
  readonly width: number;
  readonly glyphs: Pick<Glyphs, 'warning' | 'cross' | 'bullet' | 'check'>;
  /** Times in UTC (tests); local time otherwise, as the person reads a clock. */
  readonly utc?: boolean;
}

/** " 12:04:33  ⚠ ": the words of every line of a message start after the time and the mark. */
const INDENT = ' 12:04:33  ⚠ '.length;

/** What follows the words of a repeat: "(x4 since 12:01:02)". */
function repeats(m: Notice, utc: boolean): string {
  return m.count > 1 ? `(x${m.count} since ${formatClock(m.since, { utc })})` : '';
}

export function messageLines(messages: readonly Notice[], o: MessageLinesOptions): Segment[][] {
  const utc = o.utc ?? false;
  const room = Math.max(12, o.width - INDENT - 1);
  const pad = ' '.repeat(INDENT);
  if (messages.length === 0) return [[{ text: ' nothing has been said yet', token: 'muted' }]];
  const lines: Segment[][] = [];
  for (const m of [...messages].reverse()) {
    const token = noticeToken(m.level);
    const count = repeats(m, utc);
    const words = wordWrap(count === '' ? m.text : `${m.text} ${count}`, room);
    words.forEach((piece, i) => {
      lines.push(
        i === 0
          ? [
              { text: ` ${formatClock(m.at, { utc })}  `, token: 'muted' },
              { text: `${noticeMark(m.level, o.glyphs)} `, token },
              { text: piece, token },
            ]
          : [{ text: `${pad}${piece}`, token }],
      );
    });
    if (m.clearedAt !== undefined) {
      const over = `${pad}${o.glyphs.check} over at ${formatClock(m.clearedAt, { utc })}`;
      lines.push([{ text: over, token: 'success' }]);
    }
    if (m.detail !== undefined && m.detail !== m.text) {
      for (const piece of wordWrap(m.detail, room)) lines.push([{ text: `${pad}${piece}`, token: 'muted' }]);
    }
  }
  return lines;
}
