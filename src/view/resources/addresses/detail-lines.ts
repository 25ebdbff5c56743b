// A deposit address's detail as lines: the address whole (never cut: it is what a sender types),
// its memo where the network uses one, the account by name, its status, the assets it takes, its
// times and ids, and the explorer link the network's record gives. Pure: record + context → lines.
import type { Address } from '../../../contract/index.js';
import { addressStatusStyle, displayWidth, padEndToWidth, styleText } from '../../../format/index.js';
import { personLabel } from '../../../domain/index.js';
import { addressExplorerUrl } from '../../../store/index.js';
import { accountName, asset, networkName, type RenderCtx } from '../../draw/context.js';
import type { Segment } from '../../base/segments.js';
import { type Builder, type DetailLine, field, hardWrap, section, when } from '../../draw/detail-kit.js';

/** What the address detail reads besides the record (no prices: an address has no amount). */
export type AddressCtx = Pick<RenderCtx, 'ascii' | 'now' | 'dictionary' | 'workspace'> & Partial<Pick<RenderCtx, 'directory'>>;

/** The network tag that says addresses on it are told apart by a memo (tag, comment). */
const MEMO_TAG = 'supports-memo';

function network(ctx: AddressCtx, networkId: string): string {
  const name = networkName(ctx, networkId);
  return name === networkId ? name : `${name} (${networkId})`;
}

function header(b: Builder, a: Address, ctx: AddressCtx): void {
  const style = addressStatusStyle(a.status);
  b.lines.push([
    { text: ` ${networkName(ctx, a.networkId)} deposit address`, token: 'header' },
    { text: '  ' },
    { text: styleText(style, { ascii: ctx.ascii }), token: style.tone },
  ]);
  field(b, 'Address', a.address ?? 'none yet: the server has not created it', a.address ? 'accent' : 'muted', true);
  const usesMemo = ctx.dictionary.networks.get(a.networkId)?.tags?.includes(MEMO_TAG) === true;
  if (a.memo != null && a.memo !== '') {
    field(b, 'Memo', a.memo, 'accent', true);
    field(b, '', 'senders must include it: a deposit without it may not be credited', 'warning');
  } else if (usesMemo) {
    field(b, 'Memo', 'none', 'muted');
  }
  field(b, 'Network', network(ctx, a.networkId));
  field(b, 'Account', a.accountId == null ? 'none' : accountName(ctx, a.accountId), undefined, true);
  field(b, 'Created', when(a.createdAt, ctx.now) ?? '');
  field(b, 'Updated', when(a.updatedAt, ctx.now) ?? '');
  // Member ids are named by the one rule (domain/people.ts), as in every other pane.
  const who = (id: string | null | undefined) => personLabel(ctx.directory, id, { ascii: ctx.ascii }).text;
  field(b, 'Created by', who(a.createdBy), undefined, true);
  if (a.updatedBy !== a.createdBy) field(b, 'Updated by', who(a.updatedBy), undefined, true);
  field(b, 'External id', a.externalId, undefined, true);
  field(b, 'Id', a.addressId, undefined, true);
  field(b, 'Account type', a.accountType);
}

/** "USDT · Tether USD" (ASCII "USDT / Tether USD"): an asset by its symbol and name. */
function assetName(ctx: AddressCtx, assetId: string): string {
  const info = asset(ctx, assetId);
  const name = info.symbolId === undefined ? undefined : ctx.dictionary.symbols.get(info.symbolId)?.name;
  return name != null && name !== '' && name !== info.symbol ? `${info.symbol}${ctx.ascii ? ' / ' : ' · '}${name}` : info.symbol;
}

function assets(b: Builder, a: Address, ctx: AddressCtx): void {
  const list = a.activatedAssets ?? [];
  if (a.acceptsAllAssets) {
    section(b, 'Assets');
    b.lines.push([{ text: `  every asset of ${networkName(ctx, a.networkId)}` }]);
    return;
  }
  section(b, list.length === 0 ? 'Activated assets' : `Activated assets (${list.length})`);
  if (list.length === 0) {
    b.lines.push([
      {
        text: a.requiresAssetsActivation
          ? '  none yet: on this network each asset is activated before it can be received'
          : '  none listed',
        token: 'muted',
      },
    ]);
    return;
  }
  const names = list.map((item) => (item.assetId == null ? '?' : assetName(ctx, item.assetId)));
  const nameWidth = Math.max(...names.map((n) => displayWidth(n)));
  list.forEach((item, i) => {
    const contract =
      item.assetId == null ? undefined : ctx.dictionary.assets.get(item.assetId)?.contractInformation?.contractAddress;
    const head: Segment[] = [
      { text: `  ${padEndToWidth(names[i]!, nameWidth)}  ` },
      { text: item.status ?? 'status unknown', token: 'muted' },
    ];
    // The token's contract (which USDT), and an activation on another address than this one (the
    // API allows it): said whole, beside the asset when there is room, else under it.
    const more = [
      ...(contract != null ? [`contract ${contract}`] : []),
      ...(item.address != null && item.address !== a.address ? [`at ${item.address}`] : []),
    ];
    const oneLine = [...head.map((x) => x.text), ...more.map((m) => `  ${m}`)].join('');
    if (displayWidth(oneLine) <= b.width) {
      b.lines.push([...head, ...more.map((m) => ({ text: `  ${m}`, token: 'muted' as const }))]);
      return;
    }
    b.lines.push(head);
    for (const m of more)
      for (const piece of hardWrap(m, Math.max(8, b.width - 4))) b.lines.push([{ text: `    ${piece}`, token: 'muted' }]);
  });
}

function explorer(b: Builder, a: Address, ctx: AddressCtx): void {
  section(b, 'Explorer');
  const url = addressExplorerUrl(ctx.dictionary, a.networkId, a.address);
  if (url !== undefined) {
    field(b, 'Link', url, 'accent', true);
    return;
  }
  b.lines.push([
    {
      text:
        a.address == null
          ? '  no link: the address is not created yet'
          : `  no link: the server gives no address explorer for ${networkName(ctx, a.networkId)}`,
      token: 'muted',
    },
  ]);
}

/** What the caller stored with the address (a label): every key, as text. */
function metadata(b: Builder, a: Address): void {
  const entries = Object.entries(a.metadata ?? {}).filter(([, v]) => v != null);
  if (entries.length === 0) return;
  section(b, 'Metadata');
  for (const [key, value] of entries)
    field(b, key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''), undefined, true);
}

/** Every line of an address's detail, for a view `width` columns wide. */
export function addressDetailLines(a: Address, ctx: AddressCtx, width: number): DetailLine[] {
  const b: Builder = { lines: [], width, ascii: ctx.ascii };
  header(b, a, ctx);
  assets(b, a, ctx);
  explorer(b, a, ctx);
  metadata(b, a);
  return b.lines;
}
