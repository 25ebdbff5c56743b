// A symbol's price as a table row: price, change since this session opened, the session's history.
import {
  formatAge,
  formatChange,
  formatPrice,
  percentChange,
  sparkline,
  type Tone,
} from '../../format/index.js';
import type { PricePoint } from '../../store/index.js';
import type { Renderer } from './columns.js';
import type { RenderCtx } from './context.js';

export const priceColumns = [
  { id: 'symbol', title: 'SYMBOL', width: 8, priority: 10 },
  { id: 'name', title: 'NAME', minWidth: 10, maxWidth: 20, flex: 1, priority: 5 },
  { id: 'price', title: 'PRICE', width: 14, priority: 10, align: 'right', searchable: false },
  { id: 'change', title: 'SESSION', width: 9, priority: 9, align: 'right', toned: true, searchable: false },
  { id: 'last', title: 'LAST', width: 9, priority: 6, align: 'right', searchable: false },
  {
    id: 'spark',
    title: 'HISTORY',
    minWidth: 12,
    flex: 3,
    priority: 8,
    truncate: 'keep-end',
    searchable: false,
  },
  { id: 'quote', title: 'QUOTE', width: 5, priority: 2 },
  { id: 'updated', title: 'UPDATED', width: 7, priority: 4, align: 'right', searchable: false },
] as const satisfies Renderer<PricePoint>['columns'];

/** Up is good news, down is bad, flat is nothing: tone for color only, the arrow says it. */
export function changeTone(from: string, to: string): Tone | undefined {
  const pct = percentChange(from, to);
  if (pct === undefined || /^-?0(\.0+)?$/.test(pct)) return 'muted';
  return pct.startsWith('-') ? 'danger' : 'success';
}

export function priceCells(p: PricePoint, ctx: RenderCtx): string[] {
  const symbol = ctx.dictionary.symbols.get(p.baseSymbolId);
  return [
    symbol?.symbol ?? p.baseSymbolId,
    symbol?.name ?? '',
    formatPrice(p.price),
    formatChange(p.sessionOpen, p.price, { ascii: ctx.ascii }),
    p.previous === undefined ? '' : formatChange(p.previous, p.price, { ascii: ctx.ascii }),
    sparkline(p.history, p.history.length, { ascii: ctx.ascii }),
    ctx.dictionary.symbols.get(p.quoteSymbolId)?.symbol ?? p.quoteSymbolId,
    formatAge(p.at, ctx.now),
  ];
}

export const priceRenderer: Renderer<PricePoint> = {
  resource: 'prices',
  columns: priceColumns,
  id: (p) => p.baseSymbolId,
  cells: priceCells,
  tone: (p) => changeTone(p.sessionOpen, p.price),
};
