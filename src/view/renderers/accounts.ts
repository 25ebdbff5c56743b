// An account as a table row. Pure: record + context → cells.
import type { Account } from '../../contract/index.js';
import { accountStatusStyle, formatAbsolute, formatAge, styleText } from '../../format/index.js';
import type { Renderer } from './columns.js';
import type { RenderCtx } from './context.js';

export const accountColumns = [
  { id: 'name', title: 'NAME', minWidth: 14, maxWidth: 32, flex: 2, priority: 10 },
  { id: 'status', title: 'STATUS', width: 22, priority: 9, toned: true },
  { id: 'net', title: 'NET', width: 7, priority: 7 },
  { id: 'addresses', title: 'ADDR', width: 5, priority: 6, align: 'right' },
  { id: 'type', title: 'TYPE', width: 6, priority: 3 },
  { id: 'id', title: 'ID', minWidth: 12, maxWidth: 36, flex: 1, priority: 5, truncate: 'middle' },
  { id: 'external', title: 'EXTERNAL ID', width: 14, priority: 2, truncate: 'middle' },
  { id: 'age', title: 'AGE', width: 4, priority: 4, align: 'right', searchable: false },
  { id: 'created', title: 'CREATED', width: 19, priority: 1 },
] as const satisfies Renderer<Account>['columns'];

export function accountCells(account: Account, ctx: RenderCtx): string[] {
  const count = ctx.addressCounts?.get(account.accountId);
  const flags = account.extra?.onlyAddressBookWithdrawals ? ' [book]' : '';
  return [
    account.accountName + flags,
    styleText(accountStatusStyle(account.status), { ascii: ctx.ascii }),
    account.isTestnet ? 'testnet' : 'mainnet',
    count === undefined ? '' : String(count),
    account.accountType,
    account.accountId,
    account.externalId,
    formatAge(account.createdAt, ctx.now),
    formatAbsolute(account.createdAt),
  ];
}

export const accountRenderer: Renderer<Account> = {
  resource: 'accounts',
  columns: accountColumns,
  id: (a) => a.accountId,
  cells: accountCells,
  tone: (a) => accountStatusStyle(a.status).tone,
};
