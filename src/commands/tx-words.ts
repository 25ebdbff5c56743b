// The transaction words a script filters by, one meaning for `watch` and `tx list` (and the `:tx`
// words of the console): the --status, --type, --as-given and --account options, the refusal of
// a status or type this version does not know, and account names to ids.
import { type Account, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../contract/index.js';
import { nearestWord, unknownWordText } from '../format/index.js';
import { list, type OptionSpec, type Parsed, UsageError } from './cli.js';

export const txWordFlags = {
  status: {
    type: 'string',
    value: 'STATUS',
    multiple: true,
    values: TRANSACTION_STATUSES,
    description: 'only transactions in this status (comma lists too), e.g. waiting-approval',
  },
  type: {
    type: 'string',
    value: 'TYPE',
    multiple: true,
    values: TRANSACTION_TYPES,
    description: 'only transactions of this type (comma lists too), e.g. withdrawal',
  },
  'as-given': {
    type: 'boolean',
    description: 'send a --status or --type this version does not know as given (else: refused, exit 2)',
  },
  account: {
    type: 'string',
    value: 'ID|NAME',
    multiple: true,
    description: 'only transactions of this account: its id or its exact name (comma lists too)',
  },
} as const satisfies Readonly<Record<string, OptionSpec>>;

/** Repeated options and comma lists, trimmed, without empties or repeats. */
export function listOption(values: Parsed['values'], name: string): string[] {
  const all = list(values, name).flatMap((v) => v.split(','));
  return [...new Set(all.map((v) => v.trim()).filter((v) => v !== ''))];
}

/** Values this version does not know (the contract's enums are the one list of them). */
function unknownValues(values: readonly string[], known: readonly string[]): string[] {
  return values.filter((v) => !known.includes(v));
}

/**
 * Statuses and types this version does not know: a typo is refused, naming the word it was likely
 * meant to be (exit 2); with --as-given they are sent anyway (enums grow), and `note` says so.
 */
export function checkWords(
  words: { readonly status: readonly string[]; readonly type: readonly string[] },
  asGiven: boolean,
  note: (text: string) => void,
): void {
  for (const [what, known] of [
    ['status', TRANSACTION_STATUSES],
    ['type', TRANSACTION_TYPES],
  ] as const) {
    const unknown = unknownValues(words[what], known);
    if (unknown.length === 0) continue;
    if (asGiven) {
      note(`note: this version knows no ${what} ${unknown.join(', ')}; sent as given (--as-given)`);
      continue;
    }
    throw new UsageError(`--${what}: ${unknownWordText(unknown[0]!, known, what)} (--as-given sends it anyway)`);
  }
}

/**
 * Where the console lists the accounts, in the words of an error: the pane's number is the
 * view's registry's (its order, not a copy). The view (Ink, React) is loaded only for this error.
 */
async function accountsPaneHint(): Promise<string> {
  const { paneKey } = await import('../view/resources/registry.js');
  const key = paneKey('accounts');
  return key === undefined ? 'the console lists the accounts' : `the console lists the accounts in pane ${key}`;
}

/**
 * `--account` values to account ids: an exact id, else an exact name. A name that several
 * accounts share is refused (the ids are listed); an unknown value is refused with the nearest
 * name, saying where the console lists the accounts (`where`, asked only then). Both exit 2.
 */
export async function resolveAccounts(
  values: readonly string[],
  accounts: readonly Account[],
  where: () => Promise<string> = accountsPaneHint,
): Promise<string[]> {
  const ids = new Set(accounts.map((a) => a.accountId));
  const resolved: string[] = [];
  for (const value of values) resolved.push(await resolveAccount(value, accounts, ids, where));
  return resolved;
}

async function resolveAccount(
  value: string,
  accounts: readonly Account[],
  ids: ReadonlySet<string>,
  where: () => Promise<string>,
): Promise<string> {
  if (ids.has(value)) return value;
  const named = accounts.filter((a) => a.accountName === value);
  if (named.length === 1) return named[0]!.accountId;
  if (named.length > 1) {
    throw new UsageError(
      `--account ${JSON.stringify(value)} names ${named.length} accounts: give its id instead: ${named.map((a) => a.accountId).join(', ')}`,
    );
  }
  // Refused like an unknown status: the nearest name the workspace has, if any is near.
  const near = nearestWord(value, [...new Set(accounts.map((a) => a.accountName))]);
  throw new UsageError(
    `--account ${JSON.stringify(value)}: no account has this id or name${near === undefined ? '' : `: did you mean ${JSON.stringify(near)}?`} (${await where()})`,
  );
}

