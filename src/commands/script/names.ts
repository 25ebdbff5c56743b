// Names beside ids (`accountName` beside `accountId`, `createdByName` beside `createdBy`), as the
// console shows them: read once, only when a shown column asks for them.
import { type ApiClient, describeClientError } from '../../client/index.js';
import { type NamesOf, valueAt } from '../output/index.js';
import { offsetPages } from './offset-pages.js';

/** Which name columns exist, and the path of the id each names. */
export const NAME_COLUMNS = {
  accountName: 'accountId',
  createdByName: 'createdBy',
  userName: 'userId',
  assetSymbol: 'params.assetId',
} as const;
export type NameColumn = keyof typeof NAME_COLUMNS;

function isNameColumn(c: string): c is NameColumn {
  return Object.hasOwn(NAME_COLUMNS, c);
}

async function all<T>(read: (limit: number, offset: number) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of offsetPages(read)) out.push(...page);
  return out;
}

/**
 * The names the shown columns need, or undefined when none does. A read that fails (the key's
 * role may not read members) leaves those names empty, says so through `note`: the ids stay.
 */
export async function loadNames(
  api: ApiClient,
  columns: readonly string[],
  note: (text: string) => void,
): Promise<NamesOf | undefined> {
  const left = (what: string) => (err: unknown) => {
    note(`${what} names left empty: ${describeClientError(err)}`);
    return [];
  };
  const wanted = new Set(columns.filter(isNameColumn));
  if (wanted.size === 0) return undefined;
  const accounts = new Map<string, string>();
  const people = new Map<string, string>();
  const symbols = new Map<string, string>();
  if (wanted.has('accountName')) {
    const list = await all((limit, offset) => api.accounts.list({ limit, offset })).catch(left('account'));
    for (const a of list) accounts.set(a.accountId, a.accountName);
  }
  if (wanted.has('createdByName') || wanted.has('userName')) {
    const list = await all((limit, offset) =>
      api.members.list({ includeUsersProfiles: true, includeEmails: true, limit, offset }),
    ).catch(left('member'));
    for (const m of list) {
      const name = m.embedded?.profile?.name ?? m.embedded?.identities?.find((i) => i.identityType === 'email')?.identityValue;
      if (typeof name === 'string' && name !== '') people.set(m.userId, name);
    }
  }
  if (wanted.has('assetSymbol')) {
    const list = await all((limit, offset) => api.dictionary.assets({ used: true, limit, offset })).catch(left('asset'));
    for (const a of list) if (typeof a.symbol === 'string' && a.symbol !== '') symbols.set(a.assetId, a.symbol);
  }
  const from = { accountName: accounts, createdByName: people, userName: people, assetSymbol: symbols } as const;
  return (record) => {
    const out: Record<string, string> = {};
    if (record === null || typeof record !== 'object') return out;
    for (const column of wanted) {
      const id = valueAt(record, NAME_COLUMNS[column]);
      const name = typeof id === 'string' ? from[column].get(id) : undefined;
      if (name !== undefined) out[column] = name;
    }
    return out;
  };
}
