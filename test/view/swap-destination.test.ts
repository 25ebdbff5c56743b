// The create confirmation and the bridge card say where the funds land with the address in full:
// wrapped at the pane's width, never cut (as the decline dialog shows a counterparty).
import { describe, expect, it } from 'vitest';
import type { DryRunTransaction } from '../../src/contract/index.js';
import {
  type DictionaryState,
  emptyDictionary,
  emptyWorkspace,
  withAccounts,
  withAddresses,
  withDictionary,
  type WorkspaceState,
} from '../../src/store/index.js';
import { initialSwap, type SwapState, withAnswer, withAsking, withConfirmOpen } from '../../src/store/swap.js';
import { answerCard, cardLinesIn } from '../../src/view/swap/card.js';
import { destinationText, wrappedRow } from '../../src/view/swap/destination.js';
import { fixtures, NOW } from './helpers.js';

const dictionary: DictionaryState = withDictionary(
  emptyDictionary,
  { networks: fixtures.networks, assets: fixtures.assets, symbols: fixtures.symbols },
  NOW,
);
const workspace: WorkspaceState = withAddresses(withAccounts(emptyWorkspace, fixtures.accounts, NOW), fixtures.addresses, NOW);
const ETH_ADDRESS = '0x39aa39c021dfbae8fac545936693ac917d5e7563';
const TRX_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const BRIDGE: DryRunTransaction = {
  transactionType: 'bridge',
  accountId: 'acc-lab-0003',
  description: 'Bridge USDT from Ethereum to Tron',
  params: { sourceAssetId: '11', amount: '100', toAssetId: '21', feeLevel: 'medium' },
  extra: { estimatedPrice: '1' },
};

const SWAP: DryRunTransaction = {
  transactionType: 'swap-aggregator',
  accountId: 'acc-hot-0002',
  params: { fromAssetId: '11', toAssetId: '2', quoteId: 'q-0f3c9a7e5b1d4c2a', fromAmount: '1000', toAmount: '0.29' },
  embedded: {
    quoteDetails: { quoteId: 'q-0f3c9a7e5b1d4c2a', expiresAt: String(NOW + 30_000), fromAmount: '1000', toAmount: '0.29' },
  },
};

function answered(answer: DryRunTransaction): SwapState {
  const asking = withAsking(initialSwap, { accountId: answer.accountId, fromAssetId: '11', toAssetId: '2', fromAmount: '1' });
  return withAnswer(asking, asking.seq, { kind: 'answer', answer, receivedAt: NOW });
}

function lines(state: SwapState, width?: number): string[] {
  const card = answerCard({ state, dictionary, workspace, now: NOW + 1_000, ascii: false, ...(width ? { width } : {}) });
  return (card?.lines ?? []).map((l) => l.map((s) => s.text).join(''));
}

/** The text of the rows from the one labelled `label` on, while they continue under it. */
function rowText(all: readonly string[], label: string): string {
  const start = all.findIndex((l) => l.startsWith(`  ${label}`));
  if (start < 0) return '';
  const out = [all[start]!.slice(21)];
  for (const l of all.slice(start + 1)) {
    if (!l.startsWith(' '.repeat(21))) break;
    out.push(l.slice(21));
  }
  return out.join(' ');
}

describe('destination', () => {
  it.each([
    ['acc-hot-0002', '2', `Ops Hot, ${ETH_ADDRESS} (Ethereum)`],
    ['acc-lab-0003', '21', `Testnet Lab, ${TRX_ADDRESS} (Tron)`],
    ['acc-cold-0001', '21', "Treasury Cold's address on Tron"],
    ['acc-cold-0001', undefined, undefined],
  ])('%s receiving asset %s → %s', (accountId, assetId, expected) => {
    expect(destinationText({ dictionary, workspace }, accountId, assetId)).toBe(expected);
  });

  it.each([40, 60, 80, 120])('wraps at %i columns, never wider, nothing lost', (width) => {
    const rows = wrappedRow('destination', `Ops Hot, ${ETH_ADDRESS} (Ethereum)`, width);
    const text = rows.map((r) => r.map((s) => s.text).join(''));
    for (const line of text) expect(line.length).toBeLessThan(width);
    expect(text.map((l) => l.slice(21)).join('').replace(/ /g, '')).toBe(`OpsHot,${ETH_ADDRESS}(Ethereum)`);
  });
});

describe('the bridge card and the create confirmation', () => {
  it.each([60, 80, 120])('the bridge card shows the destination address whole at %i columns', (width) => {
    const all = lines(answered(BRIDGE), width);
    expect(rowText(all, 'destination').replace(/ /g, '')).toContain(TRX_ADDRESS);
    for (const line of all) expect(line.length).toBeLessThan(width);
    expect(all.join('\n')).not.toContain('…');
  });

  it('a swap shows its destination only while the create is being confirmed', () => {
    expect(rowText(lines(answered(SWAP), 80), 'destination')).toBe('');
    const confirming = withConfirmOpen(answered(SWAP), { externalId: 'console-swap-1', bodyKey: 'k', confirmId: 'q-0f3c9a7e5b1d4c2a' }, 0);
    const all = lines(confirming, 80);
    expect(rowText(all, 'destination')).toBe(`Ops Hot, ${ETH_ADDRESS} (Ethereum)`);
    // Just above the typed confirmation.
    const at = all.findIndex((l) => l.startsWith('  destination'));
    const next = all.findIndex((l, i) => i > at && !l.startsWith(' '.repeat(21)));
    expect(all[next]).toContain('confirm: last 4 characters');
    const narrow = lines(confirming, 60);
    expect(rowText(narrow, 'destination').replace(/ /g, '')).toContain(ETH_ADDRESS);
  });

  it('the bridge confirmation keeps the destination in its card above it', () => {
    const confirming = withConfirmOpen(answered(BRIDGE), { externalId: 'console-swap-9f2e', bodyKey: 'b' }, 0);
    const all = lines(confirming, 80);
    const destination = all.findIndex((l) => l.startsWith('  destination'));
    const confirm = all.findIndex((l) => l.includes('confirm: last 4 characters'));
    expect(destination).toBeGreaterThanOrEqual(0);
    expect(confirm).toBeGreaterThan(destination);
  });
});

describe('a card taller than its room', () => {
  const text = (ls: readonly (readonly { text: string }[])[]) => ls.map((l) => l.map((s) => s.text).join(''));

  it('keeps the destination and the confirmation; the lines just above them give way', () => {
    const confirming = withConfirmOpen(answered(SWAP), { externalId: 'console-swap-1', bodyKey: 'k', confirmId: 'q-0f3c9a7e5b1d4c2a' }, 0);
    const card = answerCard({ state: confirming, dictionary, workspace, now: NOW + 1_000, ascii: false, width: 80 })!;
    const all = text(card.lines);
    const tail = all.slice(all.findIndex((l) => l.startsWith('  destination')));
    for (const room of [tail.length, tail.length + 1, all.length - 1]) {
      const shown = text(cardLinesIn(card, room));
      expect(shown).toHaveLength(room);
      expect(shown.slice(-tail.length)).toEqual(tail);
      expect(shown.slice(0, room - tail.length)).toEqual(all.slice(0, room - tail.length));
    }
    expect(text(cardLinesIn(card, all.length + 3))).toEqual(all);
    expect(cardLinesIn(card, 0)).toEqual([]);
  });

  it('a card without a confirmation is cut at its end as before', () => {
    const card = answerCard({ state: answered(BRIDGE), dictionary, workspace, now: NOW, ascii: false, width: 80 })!;
    expect(cardLinesIn(card, 3)).toEqual(card.lines.slice(0, 3));
  });
});
