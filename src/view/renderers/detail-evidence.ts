// Risk evidence as lines: the "── Evidence" section of a transaction's detail and the block of the
// decline/approve/cancel dialog. Each item is its symbol and its words, the fact behind it under
// them; the tone colors the symbol only (a secondary cue: the words carry it). Pure.
import type { Segment } from '../segments.js';
import { type Builder, section, wordWrap } from './detail-kit.js';

/** What an evidence item needs to be drawn (view/evidence.ts EvidenceItem, or its frozen copy). */
export interface EvidenceMark {
  readonly symbol: string;
  readonly ascii: string;
  readonly text: string;
  readonly fact: string;
  readonly tone: 'danger' | 'warning' | 'muted';
}

/** Said when the checks ran and found nothing: the operator knows they ran. */
export const NOTHING_NOTED = 'nothing noted by the local checks';

/**
 * The items as lines `width` wide, each line starting with `indent` columns (the first line of
 * all may carry a label instead: `head`, exactly `indent` columns wide).
 */
export function evidenceLines(
  items: readonly EvidenceMark[],
  width: number,
  indent: number,
  ascii: boolean,
  head?: Segment,
): Segment[][] {
  const out: Segment[][] = [];
  const pad = ' '.repeat(indent);
  const first = (): Segment => (out.length === 0 && head !== undefined ? head : { text: pad });
  if (items.length === 0) {
    out.push([first(), { text: NOTHING_NOTED, token: 'muted' }]);
    return out;
  }
  const room = Math.max(8, width - indent - 2);
  for (const item of items) {
    const mark = ascii ? item.ascii : item.symbol;
    wordWrap(item.text, room).forEach((piece, i) => {
      if (i > 0) out.push([{ text: `${pad}  ${piece}` }]);
      else out.push([first(), { text: mark, token: item.tone }, { text: ` ${piece}` }]);
    });
    for (const piece of wordWrap(item.fact, room)) out.push([{ text: `${pad}  ${piece}`, token: 'muted' }]);
  }
  return out;
}

/** The detail's section; nothing at all when the transaction is not one the checks apply to. */
export function evidenceSection(b: Builder, items: readonly EvidenceMark[] | undefined): void {
  if (items === undefined) return;
  section(b, 'Evidence');
  for (const line of evidenceLines(items, b.width, 2, b.ascii)) b.lines.push(line);
}
