// What `y` can copy of a record (lazygit's copy menu): each resource lists its entries, one key
// each from one table, so a key means the same thing on every pane (`h` is always a hash) and `yy`
// is always the id. Pure: record + reference data → entries; the menu (lists/copy-menu.ts) shows
// and copies them.
import type { Transaction } from '../../contract/index.js';
import { transactionAmount } from '../../domain/index.js';
import { explorerUrl } from '../../store/index.js';
import { asset, type RenderCtx } from '../draw/context.js';

/** What the copies of a record may read besides it: names of assets and networks. */
export type CopyCtx = Pick<RenderCtx, 'dictionary' | 'workspace'>;

export interface CopyEntry {
  /** The key that copies it in the menu. */
  readonly key: string;
  /** What it is, as the menu and the status line say it ("blockchain hash"). */
  readonly label: string;
  /** The value copied, exactly as the server sent it. */
  readonly text: string;
  /** How it is shown: an identifier shows its hidden characters as marks; JSON spans lines. */
  readonly kind: 'identifier' | 'json';
}

/**
 * The keys, by what they copy: the same letter on every pane. A second hash or link gets the
 * capital; `y` is the id, so `yy` copies it.
 */
export const COPY_KEYS = {
  id: 'y',
  externalId: 'e',
  hash: 'h',
  hash2: 'H',
  link: 'l',
  link2: 'L',
  destination: 'd',
  source: 's',
  // An address record has no amount, a transaction no address of its own: `a` is never both.
  address: 'a',
  memo: 'm',
  amount: 'a',
  name: 'n',
  price: 'p',
  title: 't',
  json: 'j',
} as const;

/** Every key a menu may hold, for the binding that reads them. */
export const ALL_COPY_KEYS: readonly string[] = [...new Set(Object.values(COPY_KEYS))];

type Kind = keyof typeof COPY_KEYS;

/** An entry when the value is there (not null, not empty). */
function entry(kind: Kind, label: string, text: string | null | undefined): CopyEntry[] {
  return text == null || text === '' ? [] : [{ key: COPY_KEYS[kind], label, text, kind: 'identifier' }];
}

export function idCopy(id: string): CopyEntry[] {
  return entry('id', 'id', id);
}

export function jsonCopy(record: unknown): CopyEntry[] {
  return [{ key: COPY_KEYS.json, label: 'JSON', text: JSON.stringify(record, null, 2) ?? '', kind: 'json' }];
}

/** The id, the record's own entries, then the JSON: the order every menu shows. */
export function copiesOf(id: string, own: readonly CopyEntry[], record: unknown): CopyEntry[] {
  return [...idCopy(id), ...own, ...jsonCopy(record)];
}

function unique(values: readonly (string | null | undefined)[]): string[] {
  const out: string[] = [];
  for (const v of values) if (v != null && v !== '' && !out.includes(v)) out.push(v);
  return out;
}

/**
 * A transaction's: its ids, the chain's hash(es) and their explorer links (from the chain details
 * and the events, as its detail shows them), the addresses, the memo, the amount with its asset.
 * A third hash or link is in the JSON.
 */
export function transactionCopies(tx: Transaction, id: string, ctx: CopyCtx): CopyEntry[] {
  const details = tx.extra?.blockchainDetails ?? [];
  const events = tx.embedded?.events ?? [];
  const network = tx.params?.networkId ?? asset(ctx, transactionAmount(tx).assetId).networkId ?? details[0]?.networkId;
  const chain = [
    ...details.map((d) => ({ hash: d.blockchainTxId, network: d.networkId ?? network })),
    ...events.map((e) => ({ hash: e.blockchainTxId, network: e.networkId ?? asset(ctx, e.assetId).networkId ?? network })),
  ];
  const hashes = unique(chain.map((c) => c.hash));
  const links = unique(
    hashes.map((h) => {
      const at = chain.find((c) => c.hash === h)?.network;
      return explorerUrl(ctx.dictionary, at, h);
    }),
  );
  const { amount, assetId } = transactionAmount(tx);
  const symbol = asset(ctx, assetId).symbol;
  return copiesOf(
    id,
    [
      ...entry('externalId', 'external id', tx.externalId),
      ...entry('hash', hashes.length > 1 ? 'blockchain hash 1' : 'blockchain hash', hashes[0]),
      ...entry('hash2', 'blockchain hash 2', hashes[1]),
      ...entry('link', links.length > 1 ? 'explorer link 1' : 'explorer link', links[0]),
      ...entry('link2', 'explorer link 2', links[1]),
      ...entry('destination', 'destination address', tx.params?.toAddress ?? tx.extra?.toAddress),
      ...entry('source', 'source address', tx.extra?.fromAddress),
      ...entry('memo', 'memo', tx.params?.memo ?? tx.extra?.memo),
      ...entry('amount', 'amount', amount === undefined ? undefined : `${amount} ${symbol}`.trim()),
    ],
    tx,
  );
}

/** Entries of a resource whose records have a few plain fields: (kind, label, value). */
export function fieldCopies(
  id: string,
  record: unknown,
  fields: readonly (readonly [Kind, string, string | null | undefined])[],
): CopyEntry[] {
  return copiesOf(
    id,
    fields.flatMap(([kind, label, value]) => entry(kind, label, value)),
    record,
  );
}
