// The price ticker: always visible, updated in place. It subscribes to the prices slice alone (and
// the clock for its age), so a price tick re-renders this line and never the transaction table.
import { useStore } from 'zustand';
import { displayWidth, formatAge, formatChange, formatPrice } from '../../format/index.js';
import type { DictionaryState, PricesState } from '../../store/index.js';
import { useView } from '../model/model.js';
import { changeTone, marketRank } from '../resources/prices/resource.js';
import { Line, type Segment, segmentsWidth, spread } from '../draw/line.js';

export function tickerLine(
  prices: PricesState,
  dictionary: DictionaryState,
  now: number,
  width: number,
  ascii: boolean,
): Segment[] {
  const right: Segment[] =
    prices.updatedAt === undefined
      ? []
      : [{ text: `(prices ${formatAge(prices.updatedAt, now)} ago) `, token: 'muted' }];
  if (prices.bySymbol.size === 0) {
    return spread([{ text: ' prices: waiting for the first quote', token: 'muted' }], right, width, ascii);
  }
  const symbol = (id: string) => dictionary.symbols.get(id)?.symbol ?? id;
  const points = [...prices.bySymbol.values()]
    .filter((p) => p.baseSymbolId !== p.quoteSymbolId)
    .sort(
      (a, b) =>
        marketRank(symbol(a.baseSymbolId)) - marketRank(symbol(b.baseSymbolId)) ||
        (symbol(a.baseSymbolId) < symbol(b.baseSymbolId) ? -1 : 1),
    );
  const room = width - segmentsWidth(right) - 1;
  const left: Segment[] = [];
  let used = 0;
  for (const p of points) {
    const change = formatChange(p.sessionOpen, p.price, { ascii });
    const piece: Segment[] = [
      { text: ' ' },
      { text: symbol(p.baseSymbolId), token: 'header' },
      { text: ` ${formatPrice(p.price)}` },
      ...(change === ''
        ? []
        : [{ text: ` ${change}`, token: changeTone(p.sessionOpen, p.price) ?? 'muted' } as Segment]),
      { text: ' ' },
    ];
    const w = piece.reduce((sum, s) => sum + displayWidth(s.text), 0);
    if (used + w > room) break;
    left.push(...piece);
    used += w;
  }
  return spread(left, right, width, ascii);
}

export function Ticker({ width }: { width: number }) {
  const vm = useView();
  const prices = useStore(vm.stores.prices);
  const dictionary = useStore(vm.stores.dictionary);
  const now = useStore(vm.clock, (s) => s.now);
  return (
    <Line
      segments={tickerLine(prices, dictionary, now, width, vm.theme.ascii)}
      theme={vm.theme}
      width={width}
    />
  );
}
