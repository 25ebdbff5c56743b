// Stale values in the swap form, pure: a route failure goes when the question it answered changes
// (another pair, or the field it named), the quote's countdown stops once a create is sent or done,
// and a quote past its time (by the clock, or because the server said so) is drawn greyed whole.
import { describe, expect, it } from 'vitest';
import type { DryRunTransaction, SwapRouteRequest } from '../../src/contract/index.js';
import {
  emptyDictionary,
  emptyWorkspace,
  withAccounts,
  withAddresses,
  withDictionary,
} from '../../src/store/index.js';
import {
  initialSwap,
  type SwapFailure,
  type SwapState,
  withAnswer,
  withAsking,
  withConfirmOpen,
  withConfirmTyped,
  withCreateResult,
  withCreating,
  withErased,
  withPicked,
  withToggledSide,
  withTyped,
} from '../../src/store/swap.js';
import { answerCard } from '../../src/view/swap/card.js';
import { fixtures, NOW } from './helpers.js';

const dictionary = withDictionary(
  emptyDictionary,
  { networks: fixtures.networks, assets: fixtures.assets, symbols: fixtures.symbols },
  NOW,
);
const workspace = withAddresses(withAccounts(emptyWorkspace, fixtures.accounts, NOW), fixtures.addresses, NOW);

const BODY: SwapRouteRequest = { accountId: 'acc-cold-0001', fromAssetId: '11', toAssetId: '2', fromAmount: '1000' };
const FORM = { ...initialSwap.form, accountId: 'acc-cold-0001', fromAssetId: '11', toAssetId: '2', amount: '1000' };
const QUOTE_ID = 'q-7d41c0a95e3b';

function failed(failure: SwapFailure, focus: SwapState['focus'] = 'amount'): SwapState {
  const asking = withAsking({ ...initialSwap, form: FORM, focus }, BODY);
  return withAnswer(asking, asking.seq, { kind: 'failure', failure });
}

const UNAVAILABLE: SwapFailure = { kind: 'unavailable', message: 'no route for USDT (ETH) → ETH (ETH)' };
const TOO_SMALL: SwapFailure = { kind: 'invalid', message: 'too small to swap USDT → ETH', field: 'amount' };
const OFFLINE: SwapFailure = { kind: 'network', message: 'cannot reach the server' };

describe('a route failure clears when its question changes', () => {
  it.each([
    ['another "to"', UNAVAILABLE, (s: SwapState) => withPicked(s, 'to', '1'), 'idle'],
    ['another "from"', UNAVAILABLE, (s: SwapState) => withPicked(s, 'from', '21'), 'idle'],
    ['another account', OFFLINE, (s: SwapState) => withPicked(s, 'account', 'acc-hot-0002'), 'idle'],
    ['the same "to" picked again', UNAVAILABLE, (s: SwapState) => withPicked(s, 'to', '2'), 'failed'],
    ['the amount, for a failure about the pair', UNAVAILABLE, (s: SwapState) => withTyped(s, '5'), 'failed'],
    ['the amount it named, typed', TOO_SMALL, (s: SwapState) => withTyped(s, '5'), 'idle'],
    ['the amount it named, erased', TOO_SMALL, (s: SwapState) => withErased(s, false), 'idle'],
    ['the amount it named, its side toggled', TOO_SMALL, (s: SwapState) => withToggledSide(s), 'idle'],
    ['a picker searched, nothing picked', UNAVAILABLE, (s: SwapState) => withTyped({ ...s, focus: 'to' }, 'bt'), 'failed'],
  ] as const)('%s → %s', (_what, failure, change, phase) => {
    expect(change(failed(failure)).request.phase).toBe(phase);
  });

  it("the server's error beside its field goes with it; the form's own errors stay", () => {
    const s = failed(TOO_SMALL);
    expect(s.errors.amount).toBe('too small to swap USDT → ETH');
    const withOwn = { ...s, errors: { ...s.errors, fromTokenId: 'enter the token id' } };
    const next = withPicked(withOwn, 'to', '1');
    expect(next.request.phase).toBe('idle');
    expect(next.errors).toEqual({ fromTokenId: 'enter the token id' });
    expect(answerCard({ state: next, dictionary, workspace, now: NOW, ascii: false })).toBeUndefined();
  });

  it('a quote goes when its question changes: Enter can never create another pair than the form shows', () => {
    const asking = withAsking({ ...initialSwap, form: FORM }, BODY);
    const s = withAnswer(asking, asking.seq, { kind: 'answer', answer: aggregator(), receivedAt: NOW });
    expect(withPicked(s, 'to', '1').request.phase).toBe('idle');
    expect(withPicked(s, 'to', s.form.toAssetId ?? '').request.phase).toBe('answer'); // the same pick again
    expect(withToggledSide(s).request.phase).toBe('idle');
  });
});

function aggregator(): DryRunTransaction {
  return {
    transactionType: 'swap-aggregator',
    accountId: 'acc-cold-0001',
    params: { fromAssetId: '11', toAssetId: '2', quoteId: QUOTE_ID, fromAmount: '1000', toAmount: '0.29' },
    embedded: {
      quoteDetails: { quoteId: QUOTE_ID, provider: 'lifi', expiresAt: String(NOW + 30_000), fromAmount: '1000', toAmount: '0.29' },
    },
  };
}

function answered(): SwapState {
  const asking = withAsking({ ...initialSwap, form: FORM }, BODY);
  return withAnswer(asking, asking.seq, { kind: 'answer', answer: aggregator(), receivedAt: NOW });
}

const EXTERNAL = 'console-swap-0123456789abcdef';

function confirming(): SwapState {
  return withConfirmOpen(answered(), { externalId: EXTERNAL, bodyKey: 'k', confirmId: QUOTE_ID }, 0);
}

function creating(): SwapState {
  return withCreating(withConfirmTyped(confirming(), '5e3b'));
}

function view(state: SwapState, now: number) {
  const card = answerCard({ state, dictionary, workspace, now, ascii: false })!;
  return {
    card,
    status: card.status?.text,
    text: card.lines.map((l) => l.map((s) => s.text).join('')).join('\n'),
    // Every value token of the quote's own rows (the label of a row is always muted).
    values: card.lines.slice(0, 4).map((l) => l[1]?.token),
  };
}

describe('the quote countdown stops once the swap is sent', () => {
  it('creating: the status says so, and the clock passing expiresAt neither greys nor says expired', () => {
    const before = view(creating(), NOW + 5_000);
    expect(before.status).toBe('creating…');
    const after = view(creating(), NOW + 60_000);
    expect(after.status).toBe('creating…');
    expect(after.card.stale).toBeUndefined();
    expect(after.values).not.toEqual(['muted', 'muted', 'muted', 'muted']);
  });

  it('created: "✓ created" in place of the countdown, for good', () => {
    const done = withCreateResult(creating(), EXTERNAL, { kind: 'done', message: 'created swap-aggregator tx-1 (new)', transactionId: 'tx-1' });
    for (const now of [NOW + 5_000, NOW + 31_000, NOW + 3_600_000]) {
      const v = view(done, now);
      expect(v.status).toBe('✓ created');
      expect(v.card.status?.token).toBe('success');
      expect(v.text).not.toMatch(/expire/);
      expect(v.card.stale).toBeUndefined();
    }
  });

  it('a create that failed on the network: the countdown runs again (a retry must beat it)', () => {
    const lost = withCreateResult(creating(), EXTERNAL, { kind: 'network', message: 'no answer' });
    expect(view(lost, NOW + 10_000).status).toBe('expires in 20s');
    expect(view(lost, NOW + 30_000).status).toBe('expired — r to re-quote');
  });
});

describe('an expired quote is greyed whole', () => {
  it('by the clock: values, and the title (stale)', () => {
    const v = view(answered(), NOW + 30_000);
    expect(v.card.stale).toBe(true);
    expect(v.values).toEqual(['muted', 'muted', 'muted', 'muted']);
    expect(view(answered(), NOW + 29_000).card.stale).toBeUndefined();
  });

  it('because the server said so, while the local clock still counts', () => {
    const refused = withCreateResult(creating(), EXTERNAL, {
      kind: 'expired',
      message: 'params.quoteId: quote expired',
    });
    const v = view(refused, NOW + 10_000);
    expect(v.status).toBe('expired — r to re-quote');
    expect(v.card.stale).toBe(true);
    expect(v.values).toEqual(['muted', 'muted', 'muted', 'muted']);
    expect(v.text).toContain('the quote expired before it was used — r to re-quote');
  });

  it('with the typed confirmation open: the prompt greys and says what to do', () => {
    const v = view(withConfirmTyped(confirming(), '5e'), NOW + 31_000);
    expect(v.card.stale).toBe(true);
    expect(v.text).toContain('the quote expired — esc cancels, then r asks for a new one');
    expect(v.text).not.toContain('enter creates');
    const confirm = v.card.lines.find((l) => l[0]?.text.includes('confirm:'))!;
    expect(new Set(confirm.filter((s) => s.text.trim() !== '').map((s) => s.token))).toEqual(new Set(['muted']));
  });
});
