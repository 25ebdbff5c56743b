// What a scripted decision knows of the transaction before it is sent: the reference data the live
// engine loads (names, decimals, prices, members, address book, limits), read once with the client
// into the stores' own reducers, and the console's dialog made into plain, sanitized lines.
import { type ApiClient, ApiError, readPages } from '../../client/index.js';
import type { Transaction } from '../../contract/index.js';
import type { DecisionName } from '../../domain/actions.js';
import { sanitizeLine } from '../../format/index.js';
import { namesDestination } from '../../live/directory-loads.js';
import { type OpenDialog, withOpenDialog, withReasonDone, withText } from '../../store/dialog.js';
import {
  applyPrices,
  applyTransactions,
  type DirectoryList,
  type Stores,
  withAccounts,
  withAddresses,
  withAllBalances,
  withBalancesState,
  withBook,
  withDictionary,
  withLimits,
  withMembers,
  withReferenceState,
} from '../../store/index.js';
import { evidenceNow } from '../../view/base/evidence-now.js';
import { dialogLines } from '../../view/dialog/lines.js';
import { confirmKind, freezeTarget } from '../../view/dialog/target.js';

// The live engine's page size for reference lists (the server's largest) and a bound on each:
// a one-shot command reads them once, and a server cannot grow its memory without end.
const PAGE_SIZE = 1_000;
const MAX_ITEMS = 20_000;

async function all<T>(read: (limit: number, offset: number) => Promise<T[]>): Promise<T[]> {
  return (await readPages(read, { pageSize: PAGE_SIZE, maxItems: MAX_ITEMS })).items;
}

/**
 * The transaction and the reference data into the stores. A list that cannot be read is left out
 * (the lines then show ids, "unknown" USD), and a directory list is marked as the engine marks it.
 */
export async function loadDecisionStores(api: ApiClient, stores: Stores, tx: Transaction, now: () => number): Promise<void> {
  stores.transactions.setState((s) => applyTransactions(s, [tx], { now: now(), live: false }));
  const quietly = async (load: () => Promise<void>): Promise<void> => {
    try {
      await load();
    } catch {
      // Not needed to decide: the lines say what is unknown.
    }
  };
  const directory = (list: DirectoryList, load: () => Promise<void>) =>
    load().catch((err: unknown) => {
      const state = err instanceof ApiError && err.status === 403 ? 'forbidden' : 'failed';
      stores.directory.setState((s) => withReferenceState(s, list, state));
    });
  await Promise.all([
    quietly(async () => {
      const networks = await api.dictionary.networks();
      stores.dictionary.setState((s) => withDictionary(s, { networks }, now()));
    }),
    quietly(async () => {
      const assets = await all((limit, offset) => api.dictionary.assets({ limit, offset }));
      stores.dictionary.setState((s) => withDictionary(s, { assets }, now()));
    }),
    quietly(async () => {
      const symbols = await all((limit, offset) => api.dictionary.symbols({ limit, offset }));
      stores.dictionary.setState((s) => withDictionary(s, { symbols }, now()));
    }),
    quietly(async () => {
      const accounts = await all((limit, offset) => api.accounts.list({ limit, offset }));
      stores.workspace.setState((s) => withAccounts(s, accounts, now()));
    }),
    quietly(async () => {
      const addresses = await all((limit, offset) => api.addresses.list({ limit, offset }));
      stores.workspace.setState((s) => withAddresses(s, addresses, now()));
    }),
    // The evidence weighs the amount against the balance: this account's balances are enough.
    all((limit, offset) => api.balances.list({ accountId: tx.accountId, limit, offset })).then(
        (balances) => stores.balances.setState((s) => withAllBalances(s, balances, now())),
        (err: unknown) => {
          const state = err instanceof ApiError && err.status === 403 ? 'forbidden' : 'failed';
          stores.balances.setState((s) => withBalancesState(s, state));
        },
      ),
    quietly(async () => {
      const prices = await api.dictionary.symbolPrices();
      stores.prices.setState((s) => applyPrices(s, prices, now()));
    }),
    directory('members', async () => {
      const members = await all((limit, offset) =>
        api.members.list({ includeUsersProfiles: true, includePermissionGroups: true, limit, offset }),
      );
      stores.directory.setState((s) => withMembers(s, members, now()));
    }),
    directory('book', async () => {
      const records = await all((limit, offset) => api.addressBook.list({ limit, offset }));
      // One per id, as the engine keeps it (offset paging may see a record twice).
      const byId = new Map(records.filter(namesDestination).map((r) => [r.recordId, r]));
      stores.directory.setState((s) => withBook(s, [...byId.values()], now()));
    }),
    directory('limits', async () => {
      const limits = await all((limit, offset) => api.limits.list({ limit, offset }));
      stores.directory.setState((s) => withLimits(s, limits, now()));
    }),
  ]);
}

/**
 * The console's dialog at its confirmation step, as `openDialog` builds it: the target frozen with
 * the stores of this moment, the evidence, the confirmation for the amount; the reason as given.
 */
export function decisionDialog(
  action: DecisionName,
  tx: Transaction,
  o: { stores: Stores; ascii: boolean; thresholdUsd: string | undefined; reason: string | undefined; now: number },
): OpenDialog {
  const { stores, ascii } = o;
  const frozen = freezeTarget(tx, {
    dictionary: stores.dictionary.getState(),
    workspace: stores.workspace.getState(),
    prices: stores.prices.getState().bySymbol,
    directory: stores.directory.getState(),
    ascii,
  });
  const evidence = evidenceNow(stores, tx, ascii);
  const target = evidence === undefined ? frozen : { ...frozen, evidence };
  const confirm = confirmKind(action, target.usd, o.thresholdUsd);
  let state = withOpenDialog(action, target, confirm, o.now);
  if (o.reason !== undefined) state = withText(state, o.reason);
  state = withReasonDone(state, o.now);
  return state.dialog!;
}

/** The dialog as plain lines for a terminal: the target, then the question (no cursor line). */
export function decisionLines(
  d: OpenDialog,
  o: { width: number; ascii: boolean; now: number; thresholdUsd: string | undefined },
): { target: string[]; question: string[] } {
  const lines = dialogLines(d, {
    width: o.width,
    ascii: o.ascii,
    now: o.now,
    ...(o.thresholdUsd !== undefined ? { thresholdUsd: o.thresholdUsd } : {}),
  });
  const plain = (line: readonly { text: string }[]) => sanitizeLine(line.map((s) => s.text).join(''), { ascii: o.ascii }).trimEnd();
  // The step's last line is the field with its drawn cursor: the prompt echoes what is typed instead.
  const step = d.confirm === 'typed' ? lines.step.filter((line) => !line.some((s) => s.token === 'accent')) : lines.step;
  return { target: lines.target.map(plain), question: step.map(plain) };
}
