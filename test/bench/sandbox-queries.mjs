// The list queries a windowed console makes (issue 11), as shapes to time against a big sandbox:
// the unfinished set, keyset pages up and down by createdAt and by updatedAt from anywhere in the
// history, `:tx` filters on top of them, and the selective lookups (a rare address, a hash, an
// externalId, ids). Each shape turns a seeded random source into one query string.

const PAGE = 200;
const DAY = 86_400_000;

/** Facts to draw queries from, read from the sandbox itself. */
export async function discover(request, next) {
  const accounts = (await request('GET', '/accounts')).body.accounts;
  const vaultAddresses = (await request('GET', '/addresses')).body.addresses
    .map((a) => a.address)
    .filter((a) => typeof a === 'string');
  const edge = async (sortBy, dir, field) => {
    const target = `/transactions?isTerminated=true&sortBy=${sortBy}&sortDirection=${dir}&limit=1`;
    return Number((await request('GET', target)).body.transactions[0][field]);
  };
  const first = {
    created: await edge('activity', 'ASC', 'createdAt'),
    updated: await edge('updated', 'ASC', 'updatedAt'),
  };
  const last = {
    created: await edge('activity', 'DESC', 'createdAt'),
    updated: await edge('updated', 'DESC', 'updatedAt'),
  };

  // Samples from pages spread over the whole history, so that lookups hit old records as well.
  const samples = [];
  for (let k = 0; k < 8; k++) {
    const at = Math.round(first.created + next() * (last.created - first.created));
    const page = await request('GET', `/transactions?isTerminated=true&limit=1000&createdAtTo=${at}`);
    samples.push(...page.body.transactions);
  }
  const own = new Set(vaultAddresses.map((a) => a.toLowerCase()));
  const external = (value) => typeof value === 'string' && !own.has(value.toLowerCase());
  const pick = (list) => list[Math.floor(next() * list.length)];
  const assets = [...new Set(samples.map((t) => t.params?.assetId).filter((a) => typeof a === 'string'))];
  return {
    accounts: accounts.map((a) => a.accountId),
    assets,
    vaultAddresses,
    first,
    last,
    toAddresses: samples.map((t) => t.extra?.toAddress).filter(external),
    fromAddresses: samples.map((t) => t.extra?.fromAddress).filter(external),
    hashes: samples.flatMap((t) => t.extra?.blockchainDetails?.map((d) => d.blockchainTxId) ?? []),
    externalIds: samples.map((t) => t.externalId),
    ids: samples.map((t) => t.transactionId),
    pick,
  };
}

/** [name, (facts, next) => query string] for every shape. */
export const SHAPES = [
  ['unfinished (isTerminated=false, 1000)', () => 'isTerminated=false&limit=1000'],
  ['first page of history', () => `isTerminated=true&sortBy=activity&sortDirection=DESC&limit=${PAGE}`],
  ['keyset down, createdAtTo', (f, next) => `${down('activity')}&createdAtTo=${at(f, next, 'created')}`],
  ['keyset up, createdAtFrom', (f, next) => `${up('activity')}&createdAtFrom=${at(f, next, 'created')}`],
  ['keyset down, updatedAtTo', (f, next) => `${down('updated')}&updatedAtTo=${at(f, next, 'updated')}`],
  ['keyset up, updatedAtFrom', (f, next) => `${up('updated')}&updatedAtFrom=${at(f, next, 'updated')}`],
  [
    'keyset down + rare statuses',
    (f, next) => `${down('activity')}&transactionStatuses=failed-on-blockchain,error&${before(f, next)}`,
  ],
  [
    'keyset down + types',
    (f, next) => `${down('activity')}&transactionTypes=bridge,fiat-out&createdAtTo=${at(f, next, 'created')}`,
  ],
  [
    'keyset down + accountId',
    (f, next) => `${down('activity')}&accountId=${f.pick(f.accounts)}&createdAtTo=${at(f, next, 'created')}`,
  ],
  [
    'keyset up + assetIds (updated)',
    (f, next) => `${up('updated')}&assetIds=${f.pick(f.assets)}&updatedAtFrom=${at(f, next, 'updated')}`,
  ],
  [
    'keyset down + status, type, account, asset',
    (f, next) =>
      `${down('activity')}&transactionStatuses=completed,canceled&transactionTypes=withdrawal,deposit` +
      `&accountId=${f.pick(f.accounts)}&assetIds=${f.pick(f.assets)}&createdAtTo=${at(f, next, 'created')}`,
  ],
  [
    'created window (one day)',
    (f, next) => {
      const from = at(f, next, 'created');
      return `${down('activity')}&createdAtFrom=${from}&createdAtTo=${from + DAY}`;
    },
  ],
  [
    'updated window (one day) + createdAtTo',
    (f, next) => {
      const from = at(f, next, 'updated');
      return `${down('updated')}&updatedAtFrom=${from}&updatedAtTo=${from + DAY}&createdAtTo=${from + DAY}`;
    },
  ],
  ['toAddress (rare)', (f) => `toAddress=${f.pick(f.toAddresses)}`],
  ['fromAddress (rare)', (f) => `fromAddress=${f.pick(f.fromAddresses)}`],
  [
    'address (rare, either side)',
    (f, next) => `address=${f.pick(next() < 0.5 ? f.toAddresses : f.fromAddresses)}`,
  ],
  [
    'address (a vault) + keyset',
    (f, next) => `${down('activity')}&address=${f.pick(f.vaultAddresses)}&${before(f, next)}`,
  ],
  ['blockchainTxId', (f) => `blockchainTxId=${f.pick(f.hashes)}`],
  ['externalId', (f) => `externalId=${f.pick(f.externalIds)}`],
  ['transactionId', (f) => `transactionId=${f.pick(f.ids)}`],
  ['transactionIds (20)', (f) => `transactionIds=${Array.from({ length: 20 }, () => f.pick(f.ids))}`],
  [
    'rare address + status + keyset',
    (f, next) =>
      `${down('activity')}&toAddress=${f.pick(f.toAddresses)}&transactionStatuses=completed` +
      `&${before(f, next)}`,
  ],
  [
    'no match: a full walk (deposit status on withdrawals)',
    () => `${down('activity')}&transactionStatuses=removed-from-blockchain&transactionTypes=withdrawal`,
  ],
  [
    'rare status + account, deep',
    (f, next) =>
      `${down('updated')}&transactionStatuses=removed-from-blockchain&accountId=${f.pick(f.accounts)}` +
      `&updatedAtTo=${at(f, next, 'updated')}`,
  ],
  [
    'status + account, offset paging (old shape)',
    (f, next) =>
      `accountId=${f.pick(f.accounts)}&transactionStatuses=${f.pick(['completed', 'canceled', 'expired'])}` +
      `&limit=100&offset=${Math.floor(next() * 5) * 100}`,
  ],
  [
    'keyset down with includeEvents',
    (f, next) => `${down('activity')}&includeEvents=true&createdAtTo=${at(f, next, 'created')}`,
  ],
];

function down(sortBy) {
  return `isTerminated=true&sortBy=${sortBy}&sortDirection=DESC&limit=${PAGE}`;
}

function up(sortBy) {
  return `isTerminated=true&sortBy=${sortBy}&sortDirection=ASC&limit=${PAGE}`;
}

/** createdAtTo: a keyset page downward from anywhere in the history. */
function before(f, next) {
  return `createdAtTo=${at(f, next, 'created')}`;
}

/** A time anywhere in the history (its archived year as well as the last month). */
function at(f, next, key) {
  return Math.round(f.first[key] + next() * (f.last[key] - f.first[key]));
}
