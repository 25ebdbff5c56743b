// The evidence in one line, for where the whole list may be out of sight (the confirmation step of
// a decision at 80x24): how many items, and the gravest of them in its words. Pure; it reads the
// items as computed or as the dialog froze them.
import { ORDER } from './evidence.js';
import type { EvidenceTone } from './evidence-item.js';
import { clean } from './wire-text.js';

/** What the summary reads of an item (evidence-item.ts EvidenceItem, or the dialog's copy). */
export interface Graded {
  readonly id: string;
  readonly symbol: string;
  readonly ascii: string;
  readonly text: string;
  readonly tone: EvidenceTone;
}

/** Said when the checks ran and found nothing: the operator knows they ran. */
export const NOTHING_NOTED = 'nothing noted by the local checks';

const TONE_RANK: Readonly<Record<EvidenceTone, number>> = { danger: 0, warning: 1, muted: 2 };

function rank(item: Graded): [number, number] {
  const tone = TONE_RANK[item.tone] ?? TONE_RANK.warning;
  const at = ORDER.indexOf(item.id as (typeof ORDER)[number]);
  // An id this version does not know ranks after the known ones of its tone, never first by accident.
  return [tone, at < 0 ? ORDER.length : at];
}

/** The gravest item: by tone (danger, warning, muted), then by the order of weight; the first of equals. */
export function gravest<T extends Graded>(items: readonly T[]): T | undefined {
  let best: T | undefined;
  let bestRank: [number, number] = [Infinity, Infinity];
  for (const item of items) {
    const r = rank(item);
    if (r[0] < bestRank[0] || (r[0] === bestRank[0] && r[1] < bestRank[1])) {
      best = item;
      bestRank = r;
    }
  }
  return best;
}

export interface EvidenceSummary {
  /** The gravest item's mark; "" when nothing was noted. */
  readonly mark: string;
  readonly tone: EvidenceTone;
  /** "3 evidence · destination not in the address book": one safe line, not yet cut to a width. */
  readonly text: string;
}

/**
 * The one line: undefined where the checks do not apply (no items to speak of), NOTHING_NOTED when
 * they found nothing, else the count and the gravest item's words.
 */
export function evidenceSummary(items: readonly Graded[] | undefined, ascii: boolean): EvidenceSummary | undefined {
  if (items === undefined) return undefined;
  const top = gravest(items);
  if (top === undefined) return { mark: '', tone: 'muted', text: `evidence: ${NOTHING_NOTED}` };
  const dot = ascii ? '-' : '·';
  return {
    mark: clean(ascii ? top.ascii : top.symbol, ascii),
    tone: top.tone,
    text: `${items.length} evidence ${dot} ${clean(top.text, ascii)}`,
  };
}
