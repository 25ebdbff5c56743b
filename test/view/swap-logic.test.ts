// The swap form's pure parts: validation and the body it builds, the pickers' search, the store's
// phase machines (one create per confirmation, the external id reused for a retry), the mapping
// of live outcomes, and the answer card of every answer type with its countdown and expiry.
import { describe, expect, it } from 'vitest';
import type { DryRunTransaction } from '../../src/contract/index.js';
import { type DictionaryState, withAccounts, withDictionary, type WorkspaceState, emptyDictionary, emptyWorkspace, withAddresses } from '../../src/store/index.js';
import {
  initialSwap,
  type SwapForm,
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
import { answerCard, type CardInput } from '../../src/view/swap/card.js';
import { needsTokenId, visibleFields } from '../../src/view/swap/fields.js';
import { createBodyOf, bodyKeyOf } from '../../src/view/swap/flow.js';
import { formLines } from '../../src/view/swap/form-lines.js';
import { createResult, quoteAnswer } from '../../src/view/swap/outcomes.js';
import { isCreatable } from '../../src/view/swap/quote-state.js';
import { accountCandidates, assetCandidates } from '../../src/view/swap/search.js';
import { amountProblem, validateForm } from '../../src/view/swap/validate.js';
import { fixtures, NOW } from './helpers.js';

const NFT = { assetId: '17', assetType: 'nft', symbol: 'BAYC', symbolId: 'BAYC', decimals: '0', networkId: 'ETH' } as const;
const LOCK = {
  assetId: '18',
  assetType: 'blockchain',
  symbol: 'VLOCK',
  symbolId: 'VLOCK',
  decimals: '8',
  networkId: 'ETH',
  contractInformation: { contractAddress: '0x7a1e', standard: 'erc1155' },
} as const;

const dictionary: DictionaryState = withDictionary(
  emptyDictionary,
  { networks: fixtures.networks, assets: [...fixtures.assets, NFT, LOCK], symbols: fixtures.symbols },
  NOW,
);
const workspace: WorkspaceState = withAddresses(withAccounts(emptyWorkspace, fixtures.accounts, NOW), fixtures.addresses, NOW);

const form = (over: Partial<SwapForm> = {}): SwapForm => ({
  ...initialSwap.form,
  accountId: 'acc-cold-0001',
  fromAssetId: '1',
  toAssetId: '2',
  amount: '0.5',
  ...over,
});

describe('amountProblem', () => {
  it.each([
    ['0.5', 8, undefined],
    ['12', 0, undefined],
    ['1.23456789', 8, undefined],
    ['1.234567891', 8, 'BTC has 8 decimal places'],
    ['1.5', 0, 'BTC has no decimal places'],
    ['1.50', 1, undefined], // trailing zeros are not precision
    ['0', 8, 'must be more than zero'],
    ['0.000', 8, 'must be more than zero'],
    ['', 8, 'enter an amount'],
    ['1.2.3', 8, 'a decimal number such as 12.5'],
    ['.5', 8, 'a decimal number such as 12.5'],
    ['-1', 8, 'a decimal number such as 12.5'],
    ['1e5', 8, 'a decimal number such as 12.5'],
    ['5', undefined, undefined],
  ] as const)('%j with %s places → %s', (amount, decimals, problem) => {
    expect(amountProblem(amount, decimals, 'BTC')).toBe(problem);
  });
});

describe('validateForm', () => {
  it.each([
    ['complete, I send', form(), { ok: true }],
    ['no account', form({ accountId: undefined }), { first: 'account', field: 'account', text: 'pick an account' }],
    ['frozen account', form({ accountId: 'acc-lab-0003' }), { first: 'account', field: 'account', text: 'Testnet Lab is frozen-by-policy' }],
    ['no from', form({ fromAssetId: undefined }), { first: 'from', field: 'from', text: 'pick the asset you send' }],
    ['no to', form({ toAssetId: undefined }), { first: 'to', field: 'to', text: 'pick the asset you receive' }],
    ['same asset', form({ toAssetId: '1' }), { first: 'to', field: 'to', text: 'the same asset as from' }],
    ['too precise for BTC (send)', form({ amount: '0.123456789' }), { first: 'amount', field: 'amount', text: 'BTC has 8 decimal places' }],
    // I receive: the amount is in the to asset (ETH, 18 places): the same text is fine.
    ['precise enough for ETH (receive)', form({ amount: '0.123456789', side: 'receive' }), { ok: true }],
    ['NFT needs its token id', form({ toAssetId: '17' }), { first: 'toTokenId', field: 'toTokenId', text: 'this asset needs a token id' }],
    ['lock needs its token id', form({ fromAssetId: '18', amount: '1' }), { first: 'fromTokenId', field: 'fromTokenId', text: 'this asset needs a token id' }],
  ] as const)('%s', (_name, f, expected) => {
    const v = validateForm(f, workspace, dictionary);
    if ('ok' in expected) {
      expect(v.ok).toBe(true);
      return;
    }
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.first).toBe(expected.first);
    expect(v.errors[expected.field]).toBe(expected.text);
  });

  it('an empty form marks every field, the first one first', () => {
    const v = validateForm(initialSwap.form, workspace, dictionary);
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.first).toBe('account');
    expect(Object.keys(v.errors).sort()).toEqual(['account', 'amount', 'from', 'to']);
  });

  it.each([
    ['send', { fromAmount: '0.5' }],
    ['receive', { toAmount: '0.5' }],
  ] as const)('I %s: exactly one amount goes out, normalized', (side, amounts) => {
    const v = validateForm(form({ side, amount: '00.50' }), workspace, dictionary);
    expect(v).toEqual({
      ok: true,
      body: { accountId: 'acc-cold-0001', fromAssetId: '1', toAssetId: '2', ...amounts },
    });
  });

  it('token ids go out only for the assets that need them', () => {
    const v = validateForm(form({ toAssetId: '17', toTokenId: ' 4021 ', fromTokenId: 'stale' }), workspace, dictionary);
    expect(v.ok && v.body).toEqual({
      accountId: 'acc-cold-0001',
      fromAssetId: '1',
      toAssetId: '17',
      fromAmount: '0.5',
      toTokenId: '4021',
    });
  });
});

describe('fields', () => {
  it.each([
    ['BTC', '1', false],
    ['an NFT (assetType nft)', '17', true],
    ['a lock position (erc1155)', '18', true],
  ])('%s needs a token id: %s', (_n, id, needs) => {
    expect(needsTokenId(dictionary.assets.get(id))).toBe(needs);
  });

  it('token id fields are shown only when an asset needs them', () => {
    expect(visibleFields(form(), dictionary)).toEqual(['account', 'from', 'to', 'side', 'amount']);
    expect(visibleFields(form({ fromAssetId: '18', toAssetId: '17' }), dictionary)).toEqual([
      'account', 'from', 'to', 'side', 'amount', 'fromTokenId', 'toTokenId',
    ]);
  });
});

describe('picker search', () => {
  const ids = (q: string) => assetCandidates(dictionary, q).map((c) => c.id);
  it.each([
    ['', []],
    ['u', []], // one character matches too much: nothing until two
    ['us', ['11', '21']], // by symbol, every network
    ['US', ['11', '21']], // any case
    ['bit', ['1']], // by name (Bitcoin)
    ['tether', ['11', '21']],
    ['21', ['21']], // by id
    ['tron', ['3', '21']], // by name (TRON) and network (Tron)
    ['zzz', []],
  ])('%j → %j', (q, expected) => {
    expect(ids(q)).toEqual(expected);
  });

  it('a candidate reads symbol, name and network', () => {
    expect(assetCandidates(dictionary, 'usdt')[1]).toMatchObject({ id: '21', label: 'USDT · Tether USD · Tron' });
  });

  it('at most 8 candidates', () => {
    const many = withDictionary(
      emptyDictionary,
      { assets: Array.from({ length: 20 }, (_, i) => ({ assetId: `x${i}`, symbol: `TK${i}` })) },
      NOW,
    );
    expect(assetCandidates(many, 'tk')).toHaveLength(8);
  });

  it('accounts: only active ones, by name, filtered by what is typed', () => {
    expect(accountCandidates(workspace, '').map((c) => c.label)).toEqual(['Ops Hot', 'Treasury Cold']);
    expect(accountCandidates(workspace, 'cold').map((c) => c.id)).toEqual(['acc-cold-0001']);
    expect(accountCandidates(workspace, 'lab')).toEqual([]); // frozen
  });

  it('accounts: names that start with the query come before names that only contain it', () => {
    const names = ['DeFi Strategies', 'Trading', 'Ops Hot'];
    const ws = {
      ...workspace,
      accounts: names.map((accountName, i) => ({ ...workspace.accounts[0]!, accountId: `a${i}`, accountName, status: 'active' })),
    };
    expect(accountCandidates(ws, 'tra').map((c) => c.label)).toEqual(['Trading', 'DeFi Strategies']);
  });
});

describe('form reducers', () => {
  const on = (focus: SwapState['focus'], over: Partial<SwapState> = {}): SwapState => ({ ...initialSwap, focus, ...over });

  it('text goes to the focused field: a picker searches, the amount keeps digits and dots', () => {
    expect(withTyped(on('from'), 'us').query).toBe('us');
    expect(withTyped(on('amount'), '1j2.5k').form.amount).toBe('12.5');
    expect(withTyped(on('toTokenId'), 'ab 1').form.toTokenId).toBe('ab 1');
    expect(withTyped(on('side'), 't').form.side).toBe('receive');
    expect(withTyped(on('side'), 'x').form.side).toBe('send');
  });

  it('typing in a field clears its error; toggling the side clears the amount error', () => {
    const bad = on('amount', { errors: { amount: 'x', account: 'y' } });
    expect(withTyped(bad, '1').errors).toEqual({ account: 'y' });
    expect(withToggledSide(bad).errors).toEqual({ account: 'y' });
    expect(withErased(on('amount', { form: form({ amount: '12' }) }), false).form.amount).toBe('1');
  });

  it('picking sets the value and closes the search', () => {
    const s = withPicked(on('to', { query: 'et', index: 1, errors: { to: 'pick' } }), 'to', '2');
    expect(s.form.toAssetId).toBe('2');
    expect(s.query).toBe('');
    expect(s.errors).toEqual({});
  });
});

const T0 = NOW;
const QUOTE_ID = '0f3c9a7e5b1d4c2a';

function aggregator(over: Partial<NonNullable<NonNullable<DryRunTransaction['embedded']>['quoteDetails']>> = {}): DryRunTransaction {
  return {
    transactionType: 'swap-aggregator',
    accountId: 'acc-cold-0001',
    description: 'Swap USDT to ETH',
    params: { fromAssetId: '11', toAssetId: '2', quoteId: QUOTE_ID, fromAmount: '1000', toAmount: '0.29' },
    embedded: {
      quoteDetails: {
        quoteId: QUOTE_ID,
        provider: 'lifi',
        expiresAt: String(T0 + 30_000),
        fromAmount: '1000',
        toAmount: '0.29',
        toAmountMin: '0.28855',
        fromAmountUSD: '1000.20',
        toAmountUSD: '986.74',
        slippage: '0.005',
        isCrossChain: false,
        networkFee: '0.00042',
        networkFeeAssetId: '2',
        networkFeeUSD: '1.43',
        serviceFeeUSD: '1.00',
        processingTime: '30s',
        ...over,
      },
    },
  };
}

const BRIDGE: DryRunTransaction = {
  transactionType: 'bridge',
  accountId: 'acc-cold-0001',
  description: 'Bridge USDT from Ethereum to Tron',
  params: { sourceAssetId: '11', amount: '100', toAssetId: '21', feeLevel: 'medium' },
  extra: { estimatedPrice: '1.001001001001' },
};

const INTENTS: DryRunTransaction = {
  transactionType: 'intents',
  accountId: 'acc-cold-0001',
  params: { fromAssetId: '1', toAssetId: '2', fromAmount: '0.5' },
  extra: { estimatedPrice: '0.0349' },
  embedded: {
    intentsQuote: {
      slippageBps: '50',
      fromAssetId: '1',
      toAssetId: '2',
      fromAmount: '0.5',
      toAmount: '14.3',
      minToAmount: '14.2285',
      solverFeePercent: '0.05',
      oracleFeePercent: '0.02',
    },
  },
};

function answered(answer: DryRunTransaction): SwapState {
  const asking = withAsking(initialSwap, { accountId: 'acc-cold-0001', fromAssetId: '11', toAssetId: '2', fromAmount: '1000' });
  return withAnswer(asking, asking.seq, { kind: 'answer', answer, receivedAt: T0 });
}

function card(state: SwapState, now = T0 + 6_000, ascii = false) {
  const input: CardInput = { state, dictionary, workspace, now, ascii };
  const c = answerCard(input);
  const text = (line: readonly { text: string }[]) => line.map((s) => s.text).join('');
  return {
    card: c,
    lines: (c?.lines ?? []).map(text),
    status: c?.status?.text,
    tokens: (c?.lines ?? []).flatMap((l) => l.slice(1).map((s) => s.token)),
  };
}

describe('answer card', () => {
  it('aggregator: rate, both sides with USD, minimum, slippage, fees, provider; a countdown', () => {
    const c = card(answered(aggregator()));
    expect(c.card?.title).toBe('Quote: swap-aggregator');
    expect(c.lines).toEqual([
      '  rate               1 USDT = 0.00029 ETH',
      '  you send           1,000 USDT  ($1,000.20)',
      '  you get            0.29 ETH  ($986.74)',
      '  minimum received   0.28855 ETH',
      '  slippage           0.5%',
      '  network fee        0.00042 ETH  ($1.43)',
      '  service fee        $1.00',
      '  provider           lifi · processing time 30s',
    ]);
    expect(c.status).toBe('expires in 24s');
    for (const line of c.lines) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('the countdown follows the clock; after expiresAt the card is greyed and says r', () => {
    const s = answered(aggregator());
    expect(card(s, T0 + 29_001).status).toBe('expires in 1s');
    const expired = card(s, T0 + 30_000);
    expect(expired.status).toBe('expired — r to re-quote');
    expect(expired.card?.status?.token).toBe('warning');
    expect(new Set(expired.tokens)).toEqual(new Set(['muted']));
    expect(card(s, T0 + 31_000, true).status).toBe('expired - r to re-quote');
    expect(isCreatable(s, T0 + 29_999)).toBe(true);
    expect(isCreatable(s, T0 + 30_000)).toBe(false);
  });

  it('bridge: the params to submit, readable, with the destination address', () => {
    const c = card(answered(BRIDGE));
    expect(c.card?.title).toBe('Route: bridge');
    expect(c.lines[0]).toBe('  from               USDT · Tether USD · Ethereum');
    expect(c.lines[1]).toBe('  to                 USDT · Tether USD · Tron');
    expect(c.lines[2]).toBe('  amount             100 USDT');
    expect(c.lines[3]).toBe('  you get about      99.9 USDT');
    expect(c.lines[4]).toBe('  fee level          medium');
    expect(c.lines[5]).toMatch(/^ {2}destination {8}Treasury Cold/);
    expect(isCreatable(answered(BRIDGE), T0 + 10 * 60_000)).toBe(true); // no expiry
  });

  it('ASCII: asset labels and the dash without Unicode', () => {
    const c = card(answered(BRIDGE), T0, true);
    expect(c.lines[0]).toBe('  from               USDT / Tether USD / Ethereum');
    const expired = card(answered(aggregator()), T0 + 60_000, true);
    expect(expired.lines.join('\n')).toContain('lifi / processing time 30s');
  });

  it('intents: the indicative price, said to be indicative, not creatable', () => {
    const s = answered(INTENTS);
    const c = card(s);
    expect(c.card?.title).toBe('Route: intents');
    expect(c.status).toBe('indicative');
    expect(c.lines[0]).toBe('  indicative price   1 BTC ~ 28.6 ETH');
    expect(c.lines.join('\n')).toContain('indicative only: an intent is not created from this form');
    expect(isCreatable(s, T0)).toBe(false);
  });

  it.each([
    [{ kind: 'unavailable', message: 'no route for BTC (BTC) → XRP (XRP)' }, ['  this pair cannot be swapped', '  no route for BTC (BTC) → XRP (XRP)']],
    [
      { kind: 'network', message: 'cannot reach the server (POST /swap): connection refused' },
      ['  cannot reach the server (POST /swap): connection refused — r to try again'],
    ],
    [{ kind: 'refused', status: 429, code: 'rate-limited', message: 'slow down' }, ['  refused: 429 rate-limited: slow down']],
  ] as const)('failure %j', (outcome, lines) => {
    const asking = withAsking(initialSwap, { accountId: 'a', fromAssetId: '1', toAssetId: '5', fromAmount: '1' });
    const s = withAnswer(asking, asking.seq, quoteAnswer(outcome));
    expect(card(s).lines).toEqual(lines);
  });

  it('400 naming a field: the error goes next to it, focus too', () => {
    const asking = withAsking({ ...initialSwap, form: form() }, { accountId: 'a', fromAssetId: '1', toAssetId: '2', fromAmount: '1' });
    const s = withAnswer(
      asking,
      asking.seq,
      quoteAnswer({ kind: 'invalid', field: 'fromAmount', message: 'fromAmount: too small to swap BTC (BTC) → ETH (ETH)' }),
    );
    expect(s.errors.amount).toBe('too small to swap BTC (BTC) → ETH (ETH)');
    expect(s.focus).toBe('amount');
    const amountLine = formLines({ state: s, dictionary, workspace, editing: false, ascii: false })
      .map((l) => l.map((x) => x.text).join(''))
      .find((l) => l.includes('amount  '));
    expect(amountLine).toContain('✗ too small to swap BTC (BTC) → ETH (ETH)');
  });

  it('a late answer to an older question is dropped', () => {
    const first = withAsking(initialSwap, { accountId: 'a', fromAssetId: '1', toAssetId: '2', fromAmount: '1' });
    const second = withAsking(first, { accountId: 'a', fromAssetId: '1', toAssetId: '2', fromAmount: '2' });
    expect(withAnswer(second, first.seq, { kind: 'answer', answer: BRIDGE, receivedAt: T0 })).toBe(second);
  });
});

describe('create', () => {
  const bodyKey = bodyKeyOf(createBodyOf(aggregator()));

  it('the create body is the answer: account, type, its params (with the quote id)', () => {
    expect(createBodyOf(aggregator())).toEqual({
      accountId: 'acc-cold-0001',
      transactionType: 'swap-aggregator',
      params: { fromAssetId: '11', toAssetId: '2', quoteId: QUOTE_ID, fromAmount: '1000', toAmount: '0.29' },
      description: 'Swap USDT to ETH',
    });
  });

  it('the typed confirmation asks for the end of the quote id (bridge: of the external id)', () => {
    const s = withConfirmOpen(answered(aggregator()), { externalId: 'console-swap-1', bodyKey, confirmId: QUOTE_ID }, 0);
    expect(s.create).toMatchObject({ phase: 'confirm', externalId: 'console-swap-1', expected: '4c2a' });
    const b = withConfirmOpen(answered(BRIDGE), { externalId: 'console-swap-9f2e', bodyKey: 'b' }, 0);
    expect(b.create).toMatchObject({ phase: 'confirm', expected: '9f2e' });
  });

  it('sends once: a wrong end is refused with a hint; after the right one a second Enter finds nothing', () => {
    let s = withConfirmOpen(answered(aggregator()), { externalId: 'console-swap-1', bodyKey, confirmId: QUOTE_ID }, 0);
    s = withConfirmTyped(s, 'abcd');
    s = withCreating(s);
    expect(s.create).toMatchObject({ phase: 'confirm', typed: '', hint: expect.stringContaining('does not match') });
    s = withCreating(withConfirmTyped(s, '4C2A')); // any case
    expect(s.create.phase).toBe('creating');
    expect(withCreating(s)).toBe(s);
    expect(withConfirmOpen(s, { externalId: 'other', bodyKey }, 0)).toBe(s);
  });

  it('a retry of the same body reuses the external id until a transaction is created', () => {
    let s = withConfirmOpen(answered(BRIDGE), { externalId: 'console-swap-aaaa', bodyKey: 'bridge-body' }, 0);
    s = withCreating(withConfirmTyped(s, 'aaaa'));
    s = withCreateResult(s, 'console-swap-aaaa', createResult({ kind: 'network', message: 'timed out', changed: 'unknown' }));
    expect(s.create).toMatchObject({ phase: 'result', result: { kind: 'network' } });
    // Enter again (even after a re-quote with the same params): the same key goes out.
    s = withConfirmOpen(s, { externalId: 'console-swap-bbbb', bodyKey: 'bridge-body' }, 0);
    expect(s.create).toMatchObject({ phase: 'confirm', externalId: 'console-swap-aaaa', expected: 'aaaa' });
    s = withCreating(withConfirmTyped(s, 'aaaa'));
    const tx = fixtures.transactions[0]!;
    s = withCreateResult(s, 'console-swap-aaaa', createResult({ kind: 'done', transaction: tx }));
    expect(s.create).toMatchObject({ phase: 'result', result: { kind: 'done', transactionId: tx.transactionId } });
    expect(s.pending).toBeUndefined();
    expect(isCreatable(s, T0)).toBe(false); // created: not twice from the same answer
  });

  it.each([
    [{ kind: 'refused', status: 400, code: 'bad-request', message: 'params.quoteId: quote q expired at 2025-11-21T12:00:30.000Z' }, 'expired'],
    [{ kind: 'refused', status: 400, code: 'bad-request', message: 'params.quoteId: unknown quote' }, 'refused'],
    [{ kind: 'forbidden', message: 'role' }, 'forbidden'],
    [{ kind: 'conflict', message: 'externalId used' }, 'conflict'],
    [{ kind: 'network', message: 'refused', changed: 'no' }, 'network'],
    [{ kind: 'duplicate' }, 'duplicate'],
  ] as const)('create outcome %j → %s', (outcome, kind) => {
    expect(createResult(outcome).kind).toBe(kind);
  });
});
