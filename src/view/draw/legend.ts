// The help screen's legend: every status symbol with the words it stands for, and the marks drawn
// before a row. Read from the same tables and glyphs the lists draw with (format/status.ts,
// format/symbols.ts, change-mark.ts), so the legend cannot say one thing while a row shows another.
import {
  ACCOUNT_STATUSES,
  accountStatusStyle,
  ADDRESS_STATUSES,
  addressStatusStyle,
  fitCell,
  glyphs,
  STATUS_KINDS,
  type StatusKind,
  type StatusStyle,
  TERMINAL_TRANSACTION_STATUSES,
  TRANSACTION_STATUSES,
  transactionStatusStyle,
} from '../../format/index.js';
import { CHANGE_MARK_MS } from '../base/change-mark.js';
import type { Segment } from '../base/segments.js';
import { wordWrap } from './detail-kit.js';

/** What a kind of state means, in a few words (a kind no table uses is left out of the legend). */
const MEANING: Readonly<Record<StatusKind, string>> = {
  done: 'done',
  steady: 'in service',
  attention: 'needs a person',
  failed: 'failed',
  stopped: 'stopped',
  expired: 'ran out of time',
  partial: 'partly done',
  progress: 'on its way',
  fresh: 'new',
  archived: 'archived',
  unknown: 'not known here',
};

/** The status columns of the lists, by pane: each status's look comes from its pane's table. */
const TABLES: readonly { readonly name: string; readonly statuses: readonly string[]; style(s: string): StatusStyle }[] =
  [
    { name: 'Transactions', statuses: TRANSACTION_STATUSES, style: transactionStatusStyle },
    { name: 'Addresses', statuses: ADDRESS_STATUSES, style: addressStatusStyle },
    { name: 'Accounts', statuses: ACCOUNT_STATUSES, style: accountStatusStyle },
  ];

const SYMBOL_WIDTH = 3;
const MEANING_WIDTH = 16;

function kindOf(style: StatusStyle): StatusKind | undefined {
  return (Object.keys(STATUS_KINDS) as StatusKind[]).find((k) => STATUS_KINDS[k].symbol === style.symbol);
}

/** The kinds of which every transaction status is final (wire notes §7): the row changes no more. */
function finalKinds(): StatusKind[] {
  const byKind = new Map<StatusKind, string[]>();
  for (const s of TRANSACTION_STATUSES) {
    const kind = kindOf(transactionStatusStyle(s));
    if (kind !== undefined) byKind.set(kind, [...(byKind.get(kind) ?? []), s]);
  }
  return [...byKind].filter(([, list]) => list.every((s) => TERMINAL_TRANSACTION_STATUSES.includes(s))).map(([k]) => k);
}

/** Text wrapped to the line's end (as the help's descriptions), every line after `indent` columns. */
function wrapped(out: Segment[][], head: readonly Segment[], indent: number, text: string, width: number): void {
  wordWrap(text, Math.max(20, width - indent)).forEach((piece, i) => {
    out.push([...(i === 0 ? head : [{ text: ' '.repeat(indent) }]), { text: piece, token: 'muted' }]);
  });
}

/** One entry, `margin` columns in: a symbol (toned as in the lists), its meaning, the words beside them. */
function entry(
  out: Segment[][],
  margin: number,
  symbol: Segment,
  meaning: string,
  words: string,
  width: number,
  ascii: boolean,
): void {
  const head: Segment[] = [
    { text: ' '.repeat(margin) },
    { ...symbol, text: fitCell(symbol.text, SYMBOL_WIDTH, 'left', { ascii }) },
    { text: ` ${fitCell(meaning, MEANING_WIDTH, 'left', { ascii })} ` },
  ];
  wrapped(out, head, margin + SYMBOL_WIDTH + 1 + MEANING_WIDTH + 1, words, width);
}

/** The legend's lines, for a help screen `width` columns wide. */
export function legendLines(ascii: boolean, width: number): Segment[][] {
  const lines: Segment[][] = [[{ text: ' Statuses', token: 'title' }]];
  wrapped(lines, [{ text: '   ' }], 3, 'every status is shown as a symbol and its word; color only repeats what they say', width);
  const symbolOf = (kind: StatusKind) => (ascii ? STATUS_KINDS[kind].asciiSymbol : STATUS_KINDS[kind].symbol);
  const kinds = Object.keys(STATUS_KINDS) as StatusKind[];
  for (const table of TABLES) {
    lines.push([{ text: `   ${table.name}`, token: 'header' }]);
    for (const kind of kinds) {
      const words = table.statuses.filter((s) => kindOf(table.style(s)) === kind);
      if (words.length === 0) continue;
      entry(lines, 5, { text: symbolOf(kind), token: STATUS_KINDS[kind].tone }, MEANING[kind], words.join(', '), width, ascii);
    }
  }
  entry(
    lines,
    3,
    { text: symbolOf('unknown'), token: STATUS_KINDS.unknown.tone },
    MEANING.unknown,
    'a status this console does not know, as the server sent it',
    width,
    ascii,
  );
  const final = finalKinds();
  if (final.length > 0) {
    wrapped(
      lines,
      [{ text: '   ' }],
      3,
      `a transaction marked ${final.map(symbolOf).join(' ')} has ended: it changes no more`,
      width,
    );
  }
  const g = glyphs(ascii);
  const seconds = Math.round(CHANGE_MARK_MS / 1000);
  lines.push([], [{ text: ' Marks before a row', token: 'title' }]);
  entry(lines, 3, { text: g.selection }, 'selected', 'the row the keys act on', width, ascii);
  entry(
    lines,
    3,
    { text: g.bullet, token: 'header' },
    'just changed',
    `the live feed brought this transaction or changed it while you watched, in the last ${seconds} s; rows read at start or from the history are not marked`,
    width,
    ascii,
  );
  return lines;
}
