// A deposit address as a table row. Pure: record + context → cells.
import type { Address } from '../../contract/index.js';
import { addressStatusStyle, formatAbsolute, formatAge, styleText } from '../../format/index.js';
import type { Renderer } from './columns.js';
import { accountName, networkName, type RenderCtx } from './context.js';

export const addressColumns = [
  { id: 'account', title: 'ACCOUNT', minWidth: 10, maxWidth: 22, flex: 1, priority: 8 },
  { id: 'network', title: 'NETWORK', width: 12, priority: 9 },
  { id: 'address', title: 'ADDRESS', minWidth: 16, maxWidth: 64, flex: 3, priority: 10, truncate: 'middle' },
  { id: 'memo', title: 'MEMO', width: 10, priority: 5 },
  { id: 'status', title: 'STATUS', width: 22, priority: 7, toned: true },
  { id: 'assets', title: 'ASSETS', width: 6, priority: 4, align: 'right' },
  { id: 'id', title: 'ID', width: 12, priority: 2, truncate: 'middle' },
  { id: 'age', title: 'AGE', width: 4, priority: 3, align: 'right', searchable: false },
  { id: 'created', title: 'CREATED', width: 19, priority: 1 },
] as const satisfies Renderer<Address>['columns'];

/** How many assets an address takes: "all", or the count of activated ones. */
export function activatedAssets(address: Address): string {
  if (address.acceptsAllAssets) return 'all';
  return String(address.activatedAssets?.length ?? 0);
}

export function addressCells(address: Address, ctx: RenderCtx): string[] {
  return [
    accountName(ctx, address.accountId),
    networkName(ctx, address.networkId),
    address.address ?? '',
    address.memo ?? '',
    styleText(addressStatusStyle(address.status), { ascii: ctx.ascii }),
    activatedAssets(address),
    address.addressId,
    formatAge(address.createdAt, ctx.now),
    formatAbsolute(address.createdAt),
  ];
}

export const addressRenderer: Renderer<Address> = {
  resource: 'addresses',
  columns: addressColumns,
  id: (a) => a.addressId,
  cells: addressCells,
  tone: (a) => addressStatusStyle(a.status).tone,
};
