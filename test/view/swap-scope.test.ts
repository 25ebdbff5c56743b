// The swap form's asset scope and words, as tables: only assets of the account's network family
// (mainnet / testnet) are offered, the source asset's own network ranks first, the source asset's
// available balance (never a 0 not read), and a waiting swap's quote said expired once it is.
import { describe, expect, it } from 'vitest';
import type { Balance } from '../../src/contract/index.js';
import {
  type BalancesState,
  emptyBalances,
  emptyDictionary,
  emptyWorkspace,
  withAccounts,
  withAllBalances,
  withDictionary,
} from '../../src/store/index.js';
import { initialSwap, type SwapForm } from '../../src/store/swap.js';
import { availableText } from '../../src/view/swap/balance.js';
import { formLines } from '../../src/view/swap/form-lines.js';
import { quoteEndField } from '../../src/view/swap/quote-state.js';
import { assetCandidates, assetIsTestnet, assetScope } from '../../src/view/swap/search.js';
import { validateForm } from '../../src/view/swap/validate.js';
import { fixtures, NOW } from './helpers.js';

const dictionary = withDictionary(
  emptyDictionary,
  {
    networks: [
      { networkId: 'ETH', name: 'Ethereum', isTestnet: false },
      { networkId: 'SOL', name: 'Solana' },
      { networkId: 'ETH_SEPOLIA', name: 'Sepolia', isTestnet: true },
    ],
    assets: [
      { assetId: '2', symbol: 'ETH', networkId: 'ETH', decimals: '18' },
      { assetId: '12', symbol: 'USDC', networkId: 'ETH', decimals: '6' },
      { assetId: '40', symbol: 'SOL', networkId: 'SOL', decimals: '9' },
      { assetId: '41', symbol: 'USDC', networkId: 'SOL', decimals: '6' },
      { assetId: '42', symbol: 'WUSD', networkId: 'SOL', decimals: '6' },
      { assetId: '90', symbol: 'ETH', networkId: 'ETH_SEPOLIA', decimals: '18' },
      { assetId: '91', symbol: 'USDC', networkId: 'ETH_SEPOLIA', decimals: '6' },
      { assetId: '99', symbol: 'USDX', networkId: 'NOT_LISTED', decimals: '6' },
      { assetId: 'usd', symbol: 'USD', assetType: 'fiat' },
    ],
  },
  NOW,
);
const base = fixtures.accounts[0]!;
const workspace = withAccounts(
  emptyWorkspace,
  [
    { ...base, accountId: 'main', accountName: 'Main', status: 'active', isTestnet: false },
    { ...base, accountId: 'lab', accountName: 'Lab', status: 'active', isTestnet: true },
  ],
  NOW,
);

describe('network family of an asset', () => {
  it.each([
    ['12', false], // Ethereum, marked mainnet
    ['40', false], // Solana, not marked: mainnet
    ['91', true], // Sepolia
    ['usd', false], // fiat: no network
    ['99', undefined], // a network the dictionary does not list: nothing says
  ])('%s → %s', (id, testnet) => {
    expect(assetIsTestnet(dictionary, id)).toBe(testnet);
  });
});

describe('asset search in the form', () => {
  const ids = (form: Partial<SwapForm>, field: 'from' | 'to', q: string) =>
    assetCandidates(dictionary, q, assetScope(dictionary, workspace, form, field)).map((c) => c.id);
  it.each([
    ['no account yet: every family', {}, 'to', 'usdc', ['12', '91', '41']],
    ['mainnet account: no Sepolia', { accountId: 'main' }, 'to', 'usdc', ['12', '41']],
    ['testnet account: Sepolia only', { accountId: 'lab' }, 'to', 'usdc', ['91']],
    ['from SOL: USDC on Solana first', { accountId: 'main', fromAssetId: '40' }, 'to', 'usdc', ['41', '12']],
    ['from ETH: USDC on Ethereum first', { accountId: 'main', fromAssetId: '2' }, 'to', 'usdc', ['12', '41']],
    // Among equal matches Solana's first; a weaker match on Solana still comes after them all.
    ['the network ranks after the match', { accountId: 'main', fromAssetId: '40' }, 'to', 'us', ['41', 'usd', '12', '99', '42']],
    ['the "from" picker is not ranked by itself', { accountId: 'main', fromAssetId: '40' }, 'from', 'usdc', ['12', '41']],
    ['an unlisted network is not hidden', { accountId: 'lab' }, 'to', 'usdx', ['99']],
  ] as const)('%s', (_what, form, field, q, expected) => {
    expect(ids(form, field, q)).toEqual(expected);
  });

  it('nothing of the family matches: the words say which family was searched', () => {
    const state = { ...initialSwap, focus: 'to' as const, query: 'sepolia', form: { ...initialSwap.form, accountId: 'main' } };
    const text = formLines({ state, dictionary, workspace, editing: true, ascii: false })
      .map((l) => l.map((s) => s.text).join(''))
      .join('\n');
    expect(text).toContain('no mainnet asset matches "sepolia"');
  });

  it('an asset of the other family, picked before the account changed, is refused at its field', () => {
    const form: SwapForm = { ...initialSwap.form, accountId: 'main', fromAssetId: '40', toAssetId: '91', amount: '1' };
    const v = validateForm(form, workspace, dictionary);
    expect(v).toMatchObject({ ok: false, first: 'to', errors: { to: 'a testnet asset: the account is on mainnet' } });
    expect(validateForm({ ...form, toAssetId: '41' }, workspace, dictionary).ok).toBe(true);
  });
});

describe('available balance of the source asset', () => {
  const balance = (over: Partial<Balance>): Balance => ({
    balanceId: 'b1',
    accountId: 'main',
    accountType: 'vault',
    workspaceId: 'ws',
    assetId: '40',
    ...over,
  });
  const read = (list: Balance[]): BalancesState => withAllBalances(emptyBalances, list, NOW);
  it.each([
    ['withdrawable only', read([balance({ withdrawableBalance: '12.5', totalBalance: '12.5' })]), '12.5 SOL', true],
    ['less than the total', read([balance({ withdrawableBalance: '10', totalBalance: '12.5' })]), '10 SOL  (12.5 SOL in total)', true],
    ['a zero read is a zero', read([balance({ withdrawableBalance: '0', totalBalance: '0' })]), '0 SOL', true],
    ['only the total', read([balance({ totalBalance: '3' })]), '3 SOL in total', true],
    ['another asset read, not this one', read([balance({ assetId: '12', totalBalance: '5' })]), 'balance not read', false],
    ['still loading', emptyBalances, 'balance not read yet', false],
    ['forbidden', { ...emptyBalances, state: 'forbidden' }, 'balance not read (this key may not read balances)', false],
    ['failed', { ...emptyBalances, state: 'failed' }, 'balance not read (the last read failed)', false],
  ] as const)('%s → %s', (_what, balances, text, known) => {
    expect(availableText(balances, dictionary, 'main', '40')).toEqual({ text, known });
  });
});

describe('a created swap’s quote expiry', () => {
  const at = NOW + 30_000;
  const when = (ms: number) => new Date(ms);
  const clock = `${String(when(at).getHours()).padStart(2, '0')}:${String(when(at).getMinutes()).padStart(2, '0')}:30`;
  it.each([
    ['waiting, before its time', 'waiting-approval', at - 1, 'Quote valid to', new RegExp(`${clock}$`), false],
    ['waiting, at its time', 'waiting-approval', at, 'Quote expired', new RegExp(`^at .*${clock} \\(under a minute ago\\)$`), true],
    ['waiting an hour', 'waiting-approval', at + 62 * 60_000, 'Quote expired', /\(62 min ago\)$/, true],
    ['in a security delay for hours', 'awaiting-security-policy', at + 3 * 3_600_000, 'Quote expired', /\(3h ago\)$/, true],
    ['signing: the quote was used', 'signing', at + 3_600_000, 'Quote valid to', new RegExp(`${clock}$`), false],
    ['completed', 'completed', at + 3_600_000, 'Quote valid to', new RegExp(`${clock}$`), false],
  ] as const)('%s', (_what, status, now, label, value, expired) => {
    const f = quoteEndField(String(at), status, now);
    expect(f.label).toBe(label);
    expect(f.value).toMatch(value);
    expect(f.expired).toBe(expired);
  });

  it('an expiry that is not a time is shown as sent', () => {
    expect(quoteEndField('soon', 'waiting-approval', NOW)).toEqual({ label: 'Quote valid to', value: 'soon', expired: false });
  });
});
