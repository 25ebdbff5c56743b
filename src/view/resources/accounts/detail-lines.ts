// An account's detail as lines: what it is worth (its balances at the ticker's prices), its facts,
// and its balances one per asset (total, withdrawable, USD, age), largest first. Pure: the account,
// its balances and the context in, lines out.
import type { Account, Balance } from '../../../contract/index.js';
import {
  accountStatusStyle,
  amountCell,
  cutText,
  displayWidth,
  formatUsd,
  padEndToWidth,
  padStartToWidth,
  styleText,
} from '../../../format/index.js';
import type { BalancesState } from '../../../store/index.js';
import { personName } from '../../../domain/index.js';
import { balanceSymbol, balanceUsd, totalOf } from '../balances/values.js';
import { fixed8, listAge } from '../kit.js';
import { asset, networkName, type RenderCtx } from '../../draw/context.js';
import { type Builder, type DetailLine, field, section, when, wordWrap } from '../../draw/detail-kit.js';
import { CELL_UNITS } from '../../draw/columns.js';

export type AccountCtx = Pick<RenderCtx, 'ascii' | 'now' | 'dictionary' | 'workspace' | 'prices' | 'directory'>;

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What the account's balances are worth, or why that is not known. */
function worth(b: Builder, balances: BalancesState, mine: readonly Balance[], ctx: AccountCtx): void {
  if (balances.state === 'forbidden') {
    field(b, 'Worth', "not known: this key's role cannot read balances", 'muted');
    return;
  }
  if (balances.loadedAt === undefined) {
    const why = balances.state === 'failed' ? 'not known: balances could not be read' : `balances loading${ctx.ascii ? '...' : '…'}`;
    field(b, 'Worth', why, 'muted');
    return;
  }
  const total = totalOf(mine, ctx);
  field(b, 'Worth', `${formatUsd(total.usd)} at the ticker's prices`, 'accent');
  if (total.unpriced > 0) field(b, '', `${plural(total.unpriced, 'balance')} without a price left out`, 'warning', true);
}

/** Longer than a title line shows beside the status. */
const LONG_NAME = 60;

function facts(b: Builder, a: Account, balances: BalancesState, mine: readonly Balance[], ctx: AccountCtx): void {
  const style = accountStatusStyle(a.status);
  b.lines.push([
    { text: ` ${a.accountName}`, token: 'header' },
    { text: '  ' },
    { text: styleText(style, { ascii: ctx.ascii }), token: style.tone },
  ]);
  // The title line cuts a long name: the whole of it (a few KB at most) is here.
  if (a.accountName.length > LONG_NAME) field(b, 'Name', a.accountName, undefined, 'words');
  worth(b, balances, mine, ctx);
  if (a.extra?.onlyAddressBookWithdrawals) field(b, 'Withdrawals', 'only to address-book destinations', 'warning');
  field(b, 'Network', a.isTestnet ? 'testnet' : 'mainnet');
  field(b, 'Type', a.accountType);
  const addresses = ctx.workspace.addresses.filter((x) => x.accountId === a.accountId).length;
  if (ctx.workspace.addressesLoadedAt !== undefined) field(b, 'Addresses', plural(addresses, 'deposit address', 'deposit addresses'));
  field(b, 'Created', when(a.createdAt, ctx.now) ?? '');
  if (a.updatedAt != null) field(b, 'Updated', when(a.updatedAt, ctx.now) ?? '');
  if (a.createdBy != null) {
    field(b, 'Created by', personName(ctx.directory, a.createdBy, { ascii: ctx.ascii }), undefined, true);
  }
  field(b, 'External id', a.externalId, undefined, true);
  field(b, 'Id', a.accountId, undefined, true);
}

interface BalanceColumn {
  readonly title: string;
  readonly right: boolean;
  /** Left out first when the line is too narrow (lowest first). */
  readonly keep: number;
  cell(b: Balance): string;
}

function balanceColumns(ctx: AccountCtx): BalanceColumn[] {
  const amount = (b: Balance, value: string | null | undefined) =>
    value == null ? '' : amountCell(value, asset(ctx, b.assetId).decimals, { ascii: ctx.ascii });
  return [
    { title: 'ASSET', right: false, keep: 9, cell: (b) => balanceSymbol(b, ctx.dictionary) },
    { title: 'NETWORK', right: false, keep: 3, cell: (b) => networkName(ctx, b.networkId ?? asset(ctx, b.assetId).networkId) },
    { title: 'TOTAL', right: true, keep: 8, cell: (b) => amount(b, b.totalBalance) },
    { title: 'WITHDRAWABLE', right: true, keep: 5, cell: (b) => amount(b, b.withdrawableBalance) },
    {
      title: 'USD',
      right: true,
      keep: 7,
      cell: (b) => {
        const usd = balanceUsd(b, ctx);
        return usd === undefined ? 'no price' : formatUsd(usd);
      },
    },
    { title: 'UPDATED', right: true, keep: 1, cell: (b) => (b.updatedAt == null ? '' : listAge(b.updatedAt, ctx.now)) },
  ];
}

/** The account's balances, largest USD value first (those without a price last, by symbol). */
export function sortedBalances(mine: readonly Balance[], ctx: Pick<AccountCtx, 'dictionary' | 'prices'>): Balance[] {
  const keyed = mine.map((b) => ({ b, usd: fixed8(balanceUsd(b, ctx)), symbol: balanceSymbol(b, ctx.dictionary) }));
  keyed.sort((x, y) => {
    if (x.usd === undefined || y.usd === undefined) {
      const d = (x.usd === undefined ? 1 : 0) - (y.usd === undefined ? 1 : 0);
      if (d !== 0) return d;
    } else if (x.usd !== y.usd) return x.usd > y.usd ? -1 : 1;
    return x.symbol < y.symbol ? -1 : x.symbol > y.symbol ? 1 : 0;
  });
  return keyed.map((k) => k.b);
}

/** The balances as a small table, its columns as wide as their texts; the least needed go when narrow. */
function balanceTable(b: Builder, mine: readonly Balance[], ctx: AccountCtx): void {
  const rows = sortedBalances(mine, ctx);
  let cols = balanceColumns(ctx);
  // Cut before measured: a symbol or a name from the server can be of any length.
  const texts = (c: BalanceColumn) => rows.map((r) => cutText(c.cell(r), CELL_UNITS));
  let cells = cols.map(texts);
  const widthOf = (i: number) => Math.max(displayWidth(cols[i]!.title), ...cells[i]!.map((t) => displayWidth(t)));
  const lineWidth = () => 2 + cols.reduce((sum, _, i) => sum + widthOf(i), 0) + 2 * (cols.length - 1);
  while (lineWidth() > b.width && cols.length > 2) {
    const drop = cols.reduce((lowest, c, i) => (c.keep < cols[lowest]!.keep ? i : lowest), 0);
    cols = cols.filter((_, i) => i !== drop);
    cells = cells.filter((_, i) => i !== drop);
  }
  const widths = cols.map((_, i) => widthOf(i));
  const line = (texts: readonly string[]) =>
    '  ' + texts.map((t, i) => (cols[i]!.right ? padStartToWidth(t, widths[i]!) : padEndToWidth(t, widths[i]!))).join('  ');
  b.lines.push([{ text: line(cols.map((c) => c.title)), token: 'muted' }]);
  rows.forEach((_, r) => b.lines.push([{ text: line(cells.map((col) => col[r]!)) }]));
}

function balancesSection(b: Builder, balances: BalancesState, mine: readonly Balance[], ctx: AccountCtx): void {
  section(b, mine.length === 0 ? 'Balances' : `Balances (${mine.length}, largest first)`);
  if (balances.state === 'forbidden') {
    b.lines.push([{ text: "  this key's role cannot read balances", token: 'muted' }]);
    return;
  }
  if (balances.loadedAt === undefined) {
    const text = balances.state === 'failed' ? '  balances could not be read (r retries)' : `  loading balances${ctx.ascii ? '...' : '…'}`;
    b.lines.push([{ text, token: 'muted' }]);
    return;
  }
  if (mine.length === 0) {
    b.lines.push([{ text: '  none: this account holds nothing', token: 'muted' }]);
    return;
  }
  balanceTable(b, mine, ctx);
}

/** Every line of an account's detail, for a view `width` columns wide. */
export function accountDetailLines(
  a: Account,
  balances: BalancesState,
  ctx: AccountCtx,
  width: number,
): DetailLine[] {
  const b: Builder = { lines: [], width, ascii: ctx.ascii };
  const mine = [...balances.byId.values()].filter((x) => x.accountId === a.accountId);
  facts(b, a, balances, mine, ctx);
  balancesSection(b, balances, mine, ctx);
  b.lines.push([]);
  const chip = `Addresses, transactions and balances now show only ${a.accountName} (Esc there shows every account).`;
  for (const piece of wordWrap(chip, width - 4)) b.lines.push([{ text: `  ${piece}`, token: 'muted' }]);
  return b.lines;
}
