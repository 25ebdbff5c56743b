// Realistic-looking strings per network: addresses, transaction hashes, memos. They have the
// right alphabet and length; checksums are not computed (nothing in the sandbox verifies them).

import type { AddressKind, HashKind } from './catalog.js';
import { BASE58, BASE64URL, BECH32, RIPPLE58, type Rng } from './rng.js';

export function makeAddress(rng: Rng, kind: AddressKind): string {
  switch (kind) {
    case 'btc':
      return `bc1q${rng.chars(BECH32, 38)}`;
    case 'tbtc':
      return `tb1q${rng.chars(BECH32, 38)}`;
    case 'evm':
      return `0x${rng.hex(40)}`;
    case 'tron':
      return `T${rng.chars(BASE58, 33)}`;
    case 'solana':
      return rng.chars(BASE58, 44);
    case 'xrp':
      return `r${rng.chars(RIPPLE58, 33)}`;
    case 'ton':
      return `EQ${rng.chars(BASE64URL, 46)}`;
  }
}

const ADDRESS_RULES: Record<AddressKind, { pattern: RegExp; what: string }> = {
  btc: {
    pattern: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
    what: 'a Bitcoin address',
  },
  tbtc: {
    pattern: /^(tb1[02-9ac-hj-np-z]{11,71}|[mn2][1-9A-HJ-NP-Za-km-z]{25,34})$/,
    what: 'a Bitcoin testnet address',
  },
  evm: { pattern: /^0x[0-9a-fA-F]{40}$/, what: 'an EVM address (0x and 40 hex digits)' },
  tron: { pattern: /^T[1-9A-HJ-NP-Za-km-z]{33}$/, what: 'a Tron address (T and 33 base58 characters)' },
  solana: { pattern: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/, what: 'a Solana address (32-44 base58 characters)' },
  xrp: { pattern: /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/, what: 'an XRP Ledger address (r and 24-34 characters)' },
  ton: { pattern: /^([EU]Q[A-Za-z0-9_-]{46}|-?\d:[0-9a-fA-F]{64})$/, what: 'a TON address' },
};

/** Undefined when `address` looks right for the network, else what was expected. */
export function addressProblem(kind: AddressKind, address: string): string | undefined {
  const rule = ADDRESS_RULES[kind];
  return rule.pattern.test(address) ? undefined : `expected ${rule.what}`;
}

export function makeTxHash(rng: Rng, kind: HashKind): string {
  switch (kind) {
    case 'hex':
      return rng.hex(64);
    case '0xhex':
      return `0x${rng.hex(64)}`;
    case 'HEX':
      return rng.hex(64).toUpperCase();
    case 'base58sig':
      return rng.chars(BASE58, 88);
  }
}

/** XRP destination tags are integers; TON comments are text (a numeric reference here). */
export function makeMemo(rng: Rng, networkId: string): string {
  return networkId === 'XRP' ? String(rng.range(100000, 4294967295)) : `ref-${rng.digits(8)}`;
}
