// Checks a `POST .../address-book-records` body beyond its shape (the contract's
// CreateAddressBookRecordSchema read it): what each record type needs, the network's address
// format and memo rule, the workspace's accounts. Answers a clean record or the 400 to send.

import type { CreateAddressBookRecord } from '../../contract/index.js';
import type { Catalog } from './catalog.js';
import { addressProblem } from './formats.js';

export type BookInput =
  | {
      ok: true;
      recordType: 'address' | 'tag' | 'bank';
      name: string;
      networkId?: string;
      address?: string;
      memo?: string;
      tag?: string;
      imageId?: string;
      accountIds?: string[];
    }
  | { ok: false; message: string };

const RECORD_TYPES = ['address', 'tag', 'bank'] as const;
const MAX_NAME = 128;
const MAX_MEMO = 120;
// Any C0/C1 control: a name is shown on people's screens.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const TAG = /^[a-z0-9][a-z0-9-]{1,62}$/;
const BANK_REQUIRED = ['country', 'fiatCurrency', 'channelType', 'accountHolderType', 'accountNumber', 'issuer'];
const CHANNELS = ['sepa', 'ach', 'swift', 'fedwire', 'local'];
const HOLDERS = ['individual', 'business'];

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

const bad = (message: string): BookInput => ({ ok: false, message });

function bankProblem(details: Record<string, unknown> | null | undefined): string | undefined {
  if (details == null) return 'bankDetails: missing: a bank record needs bankDetails';
  for (const field of BANK_REQUIRED) {
    if (text(details[field]) === undefined) return `bankDetails.${field}: missing: expected a non-empty string`;
  }
  if (!/^[A-Z]{2}$/.test(details.country as string))
    return 'bankDetails.country: expected an ISO 3166-1 alpha-2 code such as "DE" (or "XX")';
  if (!/^[A-Z]{3}$/.test(details.fiatCurrency as string))
    return 'bankDetails.fiatCurrency: expected an ISO 4217 code such as "EUR"';
  if (!CHANNELS.includes(details.channelType as string))
    return `bankDetails.channelType: expected one of ${CHANNELS.join(', ')}`;
  if (!HOLDERS.includes(details.accountHolderType as string))
    return `bankDetails.accountHolderType: expected one of ${HOLDERS.join(', ')}`;
  return undefined;
}

/** `ownTag` is this workspace's own tag (a record cannot point at itself). */
export function readBookInput(
  body: CreateAddressBookRecord,
  catalog: Catalog,
  accountIds: ReadonlySet<string>,
  ownTag: string | undefined,
): BookInput {
  const name = body.name.trim();
  if (name === '') return bad('name: expected a non-empty name');
  if (name.length > MAX_NAME) return bad(`name: at most ${MAX_NAME} characters`);
  if (CONTROL.test(name)) return bad('name: control characters are not allowed');
  const given: string = body.recordType ?? 'address';
  const recordType = RECORD_TYPES.find((t) => t === given);
  if (recordType === undefined) return bad('recordType: expected address, tag or bank');

  let accounts: string[] | undefined;
  if (body.accountIds != null) {
    const unknown = body.accountIds.find((id) => !accountIds.has(id));
    if (unknown !== undefined) return bad(`accountIds: no account ${JSON.stringify(unknown)} in this workspace`);
    accounts = [...new Set(body.accountIds)];
  }
  const common = {
    ok: true as const,
    recordType,
    name,
    ...(accounts === undefined ? {} : { accountIds: accounts }),
  };

  if (recordType === 'tag') {
    if (body.address != null || body.networkId != null) return bad('address: a tag record has no address');
    const tag = text(body.tag)?.trim().toLowerCase();
    if (tag === undefined) return bad('tag: missing: a tag record needs the workspace tag it sends to');
    if (!TAG.test(tag)) return bad('tag: expected a workspace tag such as "northwind-capital"');
    if (tag === ownTag) return bad("tag: that is this workspace's own tag");
    const imageId = text(body.imageId);
    return { ...common, tag, ...(imageId === undefined ? {} : { imageId }) };
  }
  if (body.tag != null) return bad('tag: only a tag record carries a tag');

  if (recordType === 'bank') {
    if (body.address != null || body.networkId != null) {
      return bad('address: a bank record has no blockchain address');
    }
    const problem = bankProblem(body.bankDetails);
    return problem === undefined ? common : bad(problem);
  }

  const networkId = text(body.networkId);
  if (networkId === undefined) return bad('networkId: missing: an address record needs its network');
  const network = catalog.network(networkId);
  if (network === undefined) return bad(`networkId: unknown network ${JSON.stringify(networkId)}`);
  const address = text(body.address)?.trim();
  if (address === undefined) return bad('address: missing: an address record needs its address');
  const wrong = addressProblem(network.addressKind, address);
  if (wrong !== undefined) return bad(`address: ${wrong} for ${network.name}`);
  const memo = text(body.memo)?.trim();
  if (memo !== undefined) {
    if (!network.tags.includes('supports-memo')) return bad(`memo: ${network.name} transactions carry no memo`);
    if (networkId === 'XRP' && !(/^\d{1,10}$/.test(memo) && Number(memo) <= 4_294_967_295))
      return bad('memo: an XRP destination tag is a whole number from 0 to 4294967295');
    if (memo.length > MAX_MEMO || CONTROL.test(memo)) {
      return bad(`memo: at most ${MAX_MEMO} printable characters`);
    }
  }
  return { ...common, networkId, address, ...(memo === undefined ? {} : { memo }) };
}
