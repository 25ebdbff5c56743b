// The transactions list's TO / FROM cell: the arrow, who it is (an address-book name or an own
// account) and the address. Named cells are cut by fitParty: the name stays, the address shortens
// in the middle and goes when there is no room for it. Pure.
import type { Transaction } from '../../contract/index.js';
import { displayWidth, showHidden, truncateMiddle, truncateToWidth } from '../../format/index.js';
import { destinationOf, sourceOf } from '../../domain/index.js';
import { counterparty, type RenderCtx } from './context.js';

/** Between the name and the address (the last one in a cell splits them: an address has none). */
export function partySeparator(ascii: boolean): string {
  return ascii ? ' - ' : ' · ';
}

/** Narrower than this an address says nothing: the name alone is shown. */
const ADDRESS_MIN = 9;

/** "→ Kraken hot · 0x1111…0582", "→ Treasury Cold", "← bc1q…", "" (no counterparty). */
export function partyCell(tx: Transaction, ctx: RenderCtx): string {
  const found = counterparty(ctx, tx);
  if (found.direction === 'none') return '';
  // An address shows what it hides (format/hidden.ts): two that differ must look different.
  const party = found.address ? { ...found, text: showHidden(found.text, ctx.ascii) } : found;
  const arrow = party.direction === 'in' ? (ctx.ascii ? '<-' : '←') : ctx.ascii ? '->' : '→';
  const dir = ctx.directory;
  if (dir === undefined) return `${arrow} ${party.text}`;
  const ref = { dictionary: ctx.dictionary, addresses: ctx.workspace.addresses };
  const who =
    party.direction === 'in'
      ? sourceOf(dir, ctx.workspace.accountsById, tx, ref)
      : destinationOf(dir, ctx.workspace.accountsById, tx, ref);
  if (who.kind !== 'book' && who.kind !== 'account') return `${arrow} ${party.text}`;
  // A transfer to an own account by id: its name is the whole counterparty.
  if (who.name === party.text || who.name === '') return `${arrow} ${party.text}`;
  return `${arrow} ${who.name}${partySeparator(ctx.ascii)}${party.text}`;
}

/**
 * A TO / FROM cell at most `width` columns: whole when it fits; a named one keeps its name and
 * cuts the address in the middle (both ends are what people compare), or drops it; an unnamed one
 * (an address) is cut in the middle.
 */
export function fitParty(text: string, width: number, ascii: boolean): string {
  if (displayWidth(text) <= width) return text;
  const sep = partySeparator(ascii);
  const at = text.lastIndexOf(sep);
  if (at < 0) return truncateMiddle(text, width, { ascii });
  const name = text.slice(0, at);
  const address = text.slice(at + sep.length);
  const room = width - displayWidth(name) - displayWidth(sep);
  if (room >= ADDRESS_MIN) return `${name}${sep}${truncateMiddle(address, room, { ascii })}`;
  return truncateToWidth(name, width, { ascii });
}
