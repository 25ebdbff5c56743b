// The filters of `custody tx list`: each flag to the query it asks for, refusals with the nearest
// known word (UsageError: exit 2), times against a fixed now.
import { describe, expect, it } from 'vitest';
import { type CommandSpec, parseCommandArgs, UsageError } from '../../src/commands/cli.js';
import {
  parseIsoRange,
  parseSort,
  parseWhen,
  resolveAssets,
  type TxListContext,
  txListFlags,
  txListQuery,
} from '../../src/commands/tx-filters.js';
import { parseLimit } from '../../src/commands/script/reading.js';
import type { Account } from '../../src/contract/index.js';

const spec: CommandSpec = { name: 'tx list', summary: 'test', usage: ['tx list'], options: txListFlags };
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const accounts = [
  { accountId: 'acc-1', accountName: 'Treasury' },
  { accountId: 'acc-2', accountName: 'Ops Hot' },
  { accountId: 'acc-3', accountName: 'Shared' },
  { accountId: 'acc-4', accountName: 'Shared' },
] as unknown as Account[];
const assets = [
  { assetId: '1', symbol: 'BTC' },
  { assetId: '5', symbol: 'USDT' },
  { assetId: '6', symbol: 'USDT' },
  { assetId: '9', symbol: null },
];

function ctx(asked: string[] = [], notes: string[] = []): TxListContext {
  return {
    now: NOW,
    accounts: async () => (asked.push('accounts'), accounts),
    assets: async () => (asked.push('assets'), assets),
    note: (text) => notes.push(text),
  };
}

const query = async (argv: string[], c = ctx()) => txListQuery(parseCommandArgs(spec, argv).values, c);

describe('txListQuery: each flag', () => {
  const base = { createdAtTo: String(NOW), sortBy: 'activity', sortDirection: 'DESC' };
  it.each([
    [[], base],
    [['--status', 'waiting-approval'], { ...base, transactionStatuses: ['waiting-approval'] }],
    [['--status', 'waiting-approval,signed', '--status', 'completed'], { ...base, transactionStatuses: ['waiting-approval', 'signed', 'completed'] }],
    [['--status', 'signed,signed', '--status', ' signed '], { ...base, transactionStatuses: ['signed'] }],
    [['--type', 'withdrawal', '--type', 'deposit,swap-aggregator'], { ...base, transactionTypes: ['withdrawal', 'deposit', 'swap-aggregator'] }],
    [['--account', 'acc-2'], { ...base, accountIds: ['acc-2'] }],
    [['--account', 'Treasury,acc-2', '--account', 'acc-1'], { ...base, accountIds: ['acc-1', 'acc-2'] }],
    [['--asset', '1'], { ...base, assetIds: ['1'] }],
    [['--asset', 'usdt'], { ...base, assetIds: ['5', '6'] }],
    [['--asset', 'BTC', '--asset', 'USDT'], { ...base, assetIds: ['1', '5', '6'] }],
    [['--since', '7d'], { ...base, createdAtFrom: String(NOW - 7 * DAY) }],
    [['--since', '24h', '--until', '1h'], { ...base, createdAtFrom: String(NOW - DAY), createdAtTo: String(NOW - HOUR) }],
    [['--since', '2026-01-01'], { ...base, createdAtFrom: String(Date.UTC(2026, 0, 1)) }],
    [['--since', '2026-01-01', '--until', '2026-01-31'], { ...base, createdAtFrom: String(Date.UTC(2026, 0, 1)), createdAtTo: String(Date.UTC(2026, 1, 1) - 1) }],
    [['--sort', 'updated'], { ...base, sortBy: 'updated' }],
    [['--sort', 'created', '--oldest-first'], { ...base, sortDirection: 'ASC' }],
  ])('%j', async (argv, expected) => {
    const r = await query(argv);
    expect(r.query).toEqual(expected);
  });

  it('--all and --limit are for the reader, not the query', async () => {
    expect(await query([])).toMatchObject({ all: false, limit: undefined });
    expect(await query(['--all', '--limit', '250'])).toMatchObject({ all: true, limit: 250 });
    expect((await query(['--limit', '250'])).query.limit).toBeUndefined();
  });

  it('asks for accounts and assets only when they are named', async () => {
    const asked: string[] = [];
    await query(['--status', 'signed'], ctx(asked));
    expect(asked).toEqual([]);
    await query(['--account', 'Treasury', '--asset', 'BTC'], ctx(asked));
    expect(asked).toEqual(['accounts', 'assets']);
  });

  it('--as-given sends an unknown status with a note', async () => {
    const notes: string[] = [];
    const r = await query(['--status', 'held-by-bank', '--as-given'], ctx([], notes));
    expect(r.query.transactionStatuses).toEqual(['held-by-bank']);
    expect(notes.join('\n')).toMatch(/held-by-bank.*--as-given/);
  });
});

describe('txListQuery: refusals', () => {
  it.each([
    [['--status', 'waitng-approval'], /--status: unknown status 'waitng-approval': did you mean waiting-approval\?/],
    [['--type', 'withdrawl'], /--type: unknown type 'withdrawl': did you mean withdrawal\?/],
    [['--sort', 'updatd'], /--sort: unknown sort 'updatd': did you mean updated\?/],
    [['--asset', 'USTD'], /--asset: no asset has the id or symbol 'USTD': did you mean USDT\?/],
    [['--since', 'yesterday'], /--since "yesterday": not a time/],
    [['--until', '2026-02-30'], /--until "2026-02-30": not a time/],
    [['--since', '0h'], /--since: 0h: a range must be longer than nothing/],
    [['--since', '3x'], /--since "3x": not a time/],
    [['--since', '1d', '--until', '2d'], /--since 1d is after --until 2d/],
    [['--since', '2030-01-01'], /--since 2030-01-01 is after now/],
    [['--limit', '0'], /--limit "0": expected a whole number/],
    [['--limit', '1.5'], /--limit "1.5"/],
    [['--stauts', 'signed'], /unknown option --stauts: did you mean --status\?/],
  ])('%j', async (argv, message) => {
    const err = await query(argv).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError); // exit 2 (commands/index.ts)
    expect((err as Error).message).toMatch(message);
  });

  it('an account name two accounts share is refused with their ids; an unknown one too', async () => {
    await expect(query(['--account', 'Shared'])).rejects.toThrow(UsageError);
    await expect(query(['--account', 'Shared'])).rejects.toThrow(/acc-3, acc-4/);
    await expect(query(['--account', 'Nobody'])).rejects.toThrow(/no account has this id or name/);
  });
});

describe('times', () => {
  it.each([
    ['2026-01-01', Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 2) - 1],
    ['2026-01-01T09:30', Date.UTC(2026, 0, 1, 9, 30), Date.UTC(2026, 0, 1, 9, 31) - 1],
    ['2026-01-01 09:30:15', Date.UTC(2026, 0, 1, 9, 30, 15), Date.UTC(2026, 0, 1, 9, 30, 16) - 1],
    ['2026-01-01T09:30:15.250Z', Date.UTC(2026, 0, 1, 9, 30, 15, 250), Date.UTC(2026, 0, 1, 9, 30, 15, 250)],
    ['2026-01-01T09:30:15.5Z', Date.UTC(2026, 0, 1, 9, 30, 15, 500), Date.UTC(2026, 0, 1, 9, 30, 15, 500)],
    ['2026-01-01T09:30+02:00', Date.UTC(2026, 0, 1, 7, 30), Date.UTC(2026, 0, 1, 7, 31) - 1],
    ['2026-01-01T09:30-0130', Date.UTC(2026, 0, 1, 11, 0), Date.UTC(2026, 0, 1, 11, 1) - 1],
    ['2024-02-29', Date.UTC(2024, 1, 29), Date.UTC(2024, 2, 1) - 1],
  ])('%s', (text, start, end) => {
    expect(parseIsoRange(text)).toEqual({ start, end });
  });

  it.each(['2026-13-01', '2026-02-29', '2026-01-01T24:00', '2026-01-01T09:60', '2026-01-01Z', '2026-1-1', '', '7d'])('not a date: %j', (text) => {
    expect(parseIsoRange(text)).toBeUndefined();
  });

  it.each([
    ['since', '7d', NOW - 7 * DAY],
    ['until', '7d', NOW - 7 * DAY],
    ['since', '30m', NOW - 30 * 60_000],
    ['since', '2w', NOW - 14 * DAY],
    ['since', '2026-11-01', Date.UTC(2026, 10, 1)],
    ['until', '2026-11-01', Date.UTC(2026, 10, 2) - 1],
    ['until', '2026-11-01T10:00:00.123Z', Date.UTC(2026, 10, 1, 10, 0, 0, 123)],
  ] as const)('--%s %s', (flag, text, ms) => {
    expect(parseWhen(flag, text, NOW)).toBe(ms);
  });
});

describe('sort, limit, assets', () => {
  it.each([
    [undefined, 'created'],
    ['created', 'created'],
    ['UPDATED', 'updated'],
  ])('--sort %s', (text, sort) => expect(parseSort(text)).toBe(sort));
  it('--sort with nothing near', () => expect(() => parseSort('zzzzzz')).toThrow(/unknown sort 'zzzzzz'$/));
  it.each([
    [undefined, undefined],
    ['1', 1],
    ['1000000', 1_000_000],
  ])('--limit %s', (text, n) => expect(parseLimit(text)).toBe(n));
  it.each(['-1', 'ten', '', '1e3', '99999999999999999999'])('--limit %j refused', (text) => expect(() => parseLimit(text)).toThrow(UsageError));
  it('an asset id wins over a symbol; repeats go once', () => {
    expect(resolveAssets(['9', '1', 'btc'], assets)).toEqual(['9', '1']);
  });
});
