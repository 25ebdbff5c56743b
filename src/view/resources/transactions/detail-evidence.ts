// Risk evidence as lines: the "── Evidence" section of a transaction's detail and the block of the
// decline/approve/cancel dialog. Each item is its symbol and its words, the fact behind it under
// them; the tone colors the symbol only (a secondary cue: the words carry it). Pure.
import { evidenceSummary, type Graded, NOTHING_NOTED } from '../../../domain/index.js';
import { displayWidth, truncateToWidth } from '../../../format/index.js';
import type { Segment } from '../../base/segments.js';
import { type Builder, section, wordWrap } from '../../draw/detail-kit.js';

/** What an evidence item needs to be drawn (domain/evidence-item.ts EvidenceItem, or its frozen copy). */
export interface EvidenceMark {
  readonly symbol: string;
  readonly ascii: string;
  readonly text: string;
  readonly fact: string;
  readonly tone: 'danger' | 'warning' | 'muted';
}

// Said when the checks ran and found nothing; the words are the domain's (evidence-summary.ts).
export { NOTHING_NOTED };

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

/**
 * The evidence in one line `width` columns wide, beside a decision's prompt: the gravest item's
 * mark in its tone, the count and its words ("⚠ 3 evidence · destination not in the address
 * book"), cut at the width. Undefined where the checks do not apply.
 */
export function evidenceSummaryLine(
  items: readonly Graded[] | undefined,
  width: number,
  ascii: boolean,
): Segment[] | undefined {
  const summary = evidenceSummary(items, ascii);
  if (summary === undefined) return undefined;
  if (summary.mark === '') return [{ text: ` ${truncateToWidth(summary.text, Math.max(1, width - 1), { ascii })}`, token: 'muted' }];
  const room = Math.max(1, width - 2 - displayWidth(summary.mark));
  return [
    { text: ' ' },
    { text: summary.mark, token: summary.tone },
    { text: ` ${truncateToWidth(summary.text, room, { ascii })}` },
  ];
}
