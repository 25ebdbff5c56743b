// The TO / FROM cell: a known destination's name beside its address, and how the cell is cut.
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/format/index.js';
import { emptyDirectory } from '../../src/store/index.js';
import type { RenderCtx } from '../../src/view/draw/context.js';
import { fitParty, partyCell } from '../../src/view/draw/party.js';
import { loadedStores, NOW, tx } from './helpers.js';

function ctx(options: { ascii?: boolean; directory?: boolean } = {}): RenderCtx {
  const stores = loadedStores();
  return {
    ascii: options.ascii ?? false,
    now: NOW,
    dictionary: stores.dictionary.getState(),
    workspace: stores.workspace.getState(),
    prices: new Map(),
    ...(options.directory === false ? {} : { directory: stores.directory.getState() }),
  };
}

describe('partyCell', () => {
  it.each<[string, string, Parameters<typeof ctx>[0], string]>([
    ['a book name beside the address', 'tx-w2-9d1c7e3b5a2f', {}, '→ Kraken hot · 0x1111111254eeb25477b68fb85ed929f73a960582'],
    ['ASCII', 'tx-w2-9d1c7e3b5a2f', { ascii: true }, '-> Kraken hot - 0x1111111254eeb25477b68fb85ed929f73a960582'],
    ['no directory: the address', 'tx-w2-9d1c7e3b5a2f', { directory: false }, '→ 0x1111111254eeb25477b68fb85ed929f73a960582'],
    ['not in the book: the address', 'tx-w1-7f3a9c2e5b1d', {}, '→ bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwfn5hj9'],
    ['no counterparty', 'tx-s1-4a6c8e0b2d4f', {}, ''],
  ])('%s', (_name, id, options, want) => {
    expect(partyCell(tx(id), ctx(options))).toBe(want);
  });

  it('the book still loading: the address', () => {
    expect(partyCell(tx('tx-w2-9d1c7e3b5a2f'), { ...ctx(), directory: emptyDirectory })).toBe(
      '→ 0x1111111254eeb25477b68fb85ed929f73a960582',
    );
  });
});

describe('fitParty', () => {
  const named = '→ Kraken hot · 0x1111111254eeb25477b68fb85ed929f73a960582';
  it.each<[string, string, number, boolean, string]>([
    ['fits whole', '→ Kraken hot · 0x12', 40, false, '→ Kraken hot · 0x12'],
    ['the address cut in the middle', named, 26, false, '→ Kraken hot · 0x111…60582'],
    ['too narrow for the address: the name', named, 22, false, '→ Kraken hot'],
    ['too narrow for the name: its start', named, 8, false, '→ Krake…'],
    ['an address alone: cut in the middle', '→ bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwfn5hj9', 16, false, '→ bc1qa…zwfn5hj9'],
    ['ASCII', '-> Kraken hot - 0x1111111254eeb25477b68fb85ed929f73a960582', 28, true, '-> Kraken hot - 0x11...60582'],
    ['a name with the separator in it', '→ A · B · 0x1111111254eeb25477b68fb85ed929f73a960582', 20, false, '→ A · B · 0x11…60582'],
  ])('%s', (_name, text, width, ascii, want) => {
    const got = fitParty(text, width, ascii);
    expect(got).toBe(want);
    expect(displayWidth(got)).toBeLessThanOrEqual(width);
  });
});
