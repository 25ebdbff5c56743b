// The form checked before anything is sent: every error is tied to the field at fault, and a
// complete form becomes exactly the swap route's body (one of fromAmount / toAmount).
import type { Account, SwapRouteRequest } from '../../contract/index.js';
import { normalizeDecimal } from '../../format/index.js';
import type { DictionaryState, WorkspaceState } from '../../store/index.js';
import type { SwapField, SwapForm } from '../../store/swap.js';
import { assetLabel, visibleFields } from './fields.js';
import { assetIsTestnet } from './search.js';

const POSITIVE_DECIMAL = /^\d+(?:\.\d+)?$/;

/** Why an amount cannot go out for an asset of `decimals` places, if it cannot. */
export function amountProblem(amount: string, decimals: number | undefined, symbol: string): string | undefined {
  const text = amount.trim();
  if (text === '') return 'enter an amount';
  if (!POSITIVE_DECIMAL.test(text)) return 'a decimal number such as 12.5';
  const value = normalizeDecimal(text);
  if (/^0(?:\.0*)?$/.test(value)) return 'must be more than zero';
  const dot = value.indexOf('.');
  const places = dot < 0 ? 0 : value.length - dot - 1;
  if (decimals !== undefined && places > decimals)
    return decimals === 0
      ? `${symbol} has no decimal places`
      : `${symbol} has ${decimals} decimal place${decimals === 1 ? '' : 's'}`;
  return undefined;
}

export type Validation =
  | { readonly ok: true; readonly body: SwapRouteRequest }
  | { readonly ok: false; readonly errors: Partial<Record<SwapField, string>>; readonly first: SwapField };

function decimalsOf(dictionary: DictionaryState, assetId: string | undefined): number | undefined {
  if (assetId === undefined) return undefined;
  const raw = dictionary.assets.get(assetId)?.decimals;
  const n = raw == null ? undefined : Number(raw);
  return n !== undefined && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** An asset picked before the account changed may be of the other family (mainnet / testnet). */
function otherFamily(dictionary: DictionaryState, account: Account | undefined, assetId: string): boolean {
  if (account === undefined) return false;
  const testnet = assetIsTestnet(dictionary, assetId);
  return testnet !== undefined && testnet !== (account.isTestnet === true);
}

function familyWords(account: Account): string {
  return account.isTestnet === true ? 'a mainnet asset: the account is on testnet' : 'a testnet asset: the account is on mainnet';
}

export function validateForm(form: SwapForm, workspace: WorkspaceState, dictionary: DictionaryState): Validation {
  const errors: Partial<Record<SwapField, string>> = {};
  const account = form.accountId === undefined ? undefined : workspace.accountsById.get(form.accountId);
  if (form.accountId === undefined) errors.account = 'pick an account';
  else if (account !== undefined && account.status !== 'active')
    errors.account = `${account.accountName} is ${account.status}`;
  if (form.fromAssetId === undefined) errors.from = 'pick the asset you send';
  else if (otherFamily(dictionary, account, form.fromAssetId)) errors.from = familyWords(account!);
  if (form.toAssetId === undefined) errors.to = 'pick the asset you receive';
  else if (form.toAssetId === form.fromAssetId) errors.to = 'the same asset as from';
  else if (otherFamily(dictionary, account, form.toAssetId)) errors.to = familyWords(account!);
  const amountAsset = form.side === 'send' ? form.fromAssetId : form.toAssetId;
  const symbol = amountAsset === undefined ? '' : assetLabel(dictionary, amountAsset).symbol;
  const amount = amountProblem(form.amount, decimalsOf(dictionary, amountAsset), symbol);
  if (amount !== undefined) errors.amount = amount;
  const fields = visibleFields(form, dictionary);
  if (fields.includes('fromTokenId') && form.fromTokenId.trim() === '')
    errors.fromTokenId = 'this asset needs a token id';
  if (fields.includes('toTokenId') && form.toTokenId.trim() === '') errors.toTokenId = 'this asset needs a token id';
  const first = fields.find((f) => errors[f] !== undefined);
  if (first !== undefined) return { ok: false, errors, first };
  const value = normalizeDecimal(form.amount.trim());
  const body: SwapRouteRequest = {
    accountId: form.accountId!,
    fromAssetId: form.fromAssetId!,
    toAssetId: form.toAssetId!,
    ...(form.side === 'send' ? { fromAmount: value } : { toAmount: value }),
    ...(fields.includes('fromTokenId') ? { fromTokenId: form.fromTokenId.trim() } : {}),
    ...(fields.includes('toTokenId') ? { toTokenId: form.toTokenId.trim() } : {}),
  };
  return { ok: true, body };
}

/** The form field a request field names (a 400's message starts with it). */
export function fieldOfRequest(name: string | undefined): SwapField | undefined {
  switch (name) {
    case 'accountId':
      return 'account';
    case 'fromAssetId':
      return 'from';
    case 'toAssetId':
      return 'to';
    case 'fromAmount':
    case 'toAmount':
      return 'amount';
    case 'fromTokenId':
      return 'fromTokenId';
    case 'toTokenId':
      return 'toTokenId';
    default:
      return undefined;
  }
}
