// Shared by the view tests: fixtures loaded into real stores through the store reducers, and an
// ink-testing-library-style render with the terminal size chosen by the test.
import { EventEmitter } from 'node:events';
import { render as inkRender } from 'ink';
import {
  AccountSchema,
  ActivitySchema,
  AddressBookRecordSchema,
  AddressSchema,
  AssetSchema,
  BalanceSchema,
  MemberSchema,
  NetworkSchema,
  SymbolMarketPriceSchema,
  SymbolRecordSchema,
  type Transaction,
  TransactionEventSchema,
  TransactionLimitSchema,
  TransactionSchema,
} from '../../src/contract/index.js';
import {
  ALL_TRANSACTIONS,
  applyPrices,
  applyTransactions,
  createStores,
  txQueryKey,
  withBaseline,
  withWindowComplete,
  type Stores,
  withAccounts,
  withAddresses,
  withAllBalances,
  withBook,
  withDictionary,
  withLimits,
  withMembers,
} from '../../src/store/index.js';
import type { ActivitiesListQuery } from '../../src/client/index.js';
import type { DecisionName } from '../../src/domain/actions.js';
import { createActivityLoads } from '../../src/live/activity-loads.js';
import { type ActivityStore, createActivityStore } from '../../src/store/index.js';
import type { ActivitiesOutcome } from '../../src/view/model/live-actions.js';
import { createDialogStore } from '../../src/store/dialog.js';
import { createSwapStore } from '../../src/store/swap.js';
import { createUiStore, type UiData, type UiStore } from '../../src/store/ui.js';
import { App } from '../../src/view/shell/app.js';
import { DECISION_DELAY_MS } from '../../src/view/keys/decision.js';
import { modeOf } from '../../src/view/model/mode.js';
import type { LiveActions } from '../../src/view/model/live-actions.js';
import type { ViewEnv } from '../../src/view/model/model.js';
import accountsJson from './fixtures/accounts.json' with { type: 'json' };
import activitiesJson from './fixtures/activities.json' with { type: 'json' };
import balancesJson from './fixtures/balances.json' with { type: 'json' };
import addressesJson from './fixtures/addresses.json' with { type: 'json' };
import dictionaryJson from './fixtures/dictionary.json' with { type: 'json' };
import directoryJson from './fixtures/directory.json' with { type: 'json' };
import eventsJson from './fixtures/events.json' with { type: 'json' };
import pricesJson from './fixtures/prices.json' with { type: 'json' };
import transactionsJson from './fixtures/transactions.json' with { type: 'json' };

/** 2025-11-21 12:00:00 UTC: every fixture time is relative to it. */
export const NOW = 1_763_726_400_000;

export const fixtures = {
  accounts: accountsJson.map((a) => AccountSchema.parse(a)),
  addresses: addressesJson.map((a) => AddressSchema.parse(a)),
  networks: dictionaryJson.networks.map((n) => NetworkSchema.parse(n)),
  assets: dictionaryJson.assets.map((a) => AssetSchema.parse(a)),
  symbols: dictionaryJson.symbols.map((s) => SymbolRecordSchema.parse(s)),
  transactions: transactionsJson.map((t) => TransactionSchema.parse(t)),
  events: Object.fromEntries(
    Object.entries(eventsJson).map(([id, list]) => [id, list.map((e) => TransactionEventSchema.parse(e))]),
  ),
  pricesOpen: pricesJson.open.map((p) => SymbolMarketPriceSchema.parse(p)),
  pricesNow: pricesJson.now.map((p) => SymbolMarketPriceSchema.parse(p)),
  // Names for the fixtures' user ids, a book naming tx-w2's destination, the limit tx-w1 names.
  members: directoryJson.members.map((m) => MemberSchema.parse(m)),
  book: directoryJson.book.map((r) => AddressBookRecordSchema.parse(r)),
  limits: directoryJson.limits.map((l) => TransactionLimitSchema.parse(l)),
  // Balances of the three accounts (one asset without a price, one zero); the feed, newest first.
  balances: balancesJson.map((b) => BalanceSchema.parse(b)),
  activities: activitiesJson.map((a) => ActivitySchema.parse(a)),
};

export function tx(id: string): Transaction {
  const found = fixtures.transactions.find((t) => t.transactionId === id);
  if (found === undefined) throw new Error(`no fixture ${id}`);
  return found;
}

/** A transaction with its events, as the live engine stores an open detail. */
export function withEvents(t: Transaction): Transaction {
  return { ...t, embedded: { ...(t.embedded ?? {}), events: fixtures.events[t.transactionId] ?? [] } };
}

export interface LoadOptions {
  readonly empty?: boolean;
  readonly readOnly?: boolean;
  readonly role?: string;
  readonly demo?: boolean;
}

export function loadedStores(options: LoadOptions = {}): Stores {
  const stores = createStores({
    baseUrl: 'http://127.0.0.1:4010',
    workspaceId: 'ws-7h2k9q',
    keyId: 'k3f9a8b7',
    role: options.role ?? 'full-access',
    readOnly: options.readOnly ?? false,
    demo: options.demo ?? false,
    now: NOW - 60_000,
  });
  stores.session.setState({
    workspaceName: 'acme-treasury',
    connection: { kind: 'live', since: NOW - 50_000 },
    freshAt: NOW - 2_000,
  });
  if (options.empty) return stores;
  stores.dictionary.setState(
    withDictionary(
      stores.dictionary.getState(),
      { networks: fixtures.networks, assets: fixtures.assets, symbols: fixtures.symbols },
      NOW,
    ),
    true,
  );
  stores.workspace.setState(
    withAddresses(withAccounts(stores.workspace.getState(), fixtures.accounts, NOW), fixtures.addresses, NOW),
    true,
  );
  const dir = stores.directory.getState();
  stores.directory.setState(
    withLimits(withBook(withMembers(dir, fixtures.members, NOW), fixtures.book, NOW), fixtures.limits, NOW),
    true,
  );
  stores.balances.setState(withAllBalances(stores.balances.getState(), fixtures.balances, NOW), true);
  stores.transactions.setState(
    applyTransactions(stores.transactions.getState(), fixtures.transactions, {
      now: NOW - 30_000,
      live: false,
    }),
    true,
  );
  // The fixtures are the whole history: every view's window is complete (see heldWhole), and the
  // unfinished work was read whole (the awaiting count is known; arrivals count from here).
  stores.transactions.setState(withWindowComplete(stores.transactions.getState(), txQueryKey(ALL_TRANSACTIONS)), true);
  stores.transactions.setState(withBaseline(stores.transactions.getState(), NOW - 30_000), true);
  const opened = applyPrices(stores.prices.getState(), fixtures.pricesOpen, NOW - 60_000);
  stores.prices.setState(applyPrices(opened, fixtures.pricesNow, NOW - 2_000), true);
  return stores;
}

/** The fixtures plus `n` more deposits, older than all of them. */
export function manyStores(n: number, options: LoadOptions = {}): Stores {
  const stores = loadedStores(options);
  const base = fixtures.transactions[1]!;
  const many: Transaction[] = Array.from({ length: n }, (_, i) => ({
    ...base,
    transactionId: `bulk-${String(i).padStart(6, '0')}`,
    externalId: `bulk-${i}`,
    createdAt: String(NOW - 1_000_000 - i * 1000),
  }));
  stores.transactions.setState(
    applyTransactions(stores.transactions.getState(), many, { now: NOW, live: false }),
    true,
  );
  return stores;
}

export interface Recorded {
  readonly calls: string[];
  readonly copied: string[];
  quits: number;
}

/**
 * How a test scripts the answers of the writes (default: `duplicate`, at once): a decision's by
 * its name (domain/actions.ts), given the reason the view passed.
 */
export interface ActionScript extends Partial<Record<DecisionName, (id: string, reason?: string) => Promise<ActionOutcome>>> {
  /** The swap form's writes: the route and the create (default: no server, at once). */
  quote?: LiveActions['quote'];
  create?: LiveActions['create'];
  /** The activity feed's pages (default: the fixtures' feed, paged by limit and offset, at once). */
  activities?: ActivityReader;
}

/** One page of the activity feed, as the engine's reader answers (live/activities.ts). */
export type ActivityReader = (query?: ActivitiesListQuery) => Promise<ActivitiesOutcome>;

/** The fixtures' activity feed as a server pages it. */
export function activityPages(all = fixtures.activities): ActivityReader {
  return (query = {}) => {
    const offset = query.offset ?? 0;
    return Promise.resolve({ kind: 'page', activities: all.slice(offset, offset + (query.limit ?? 100)) });
  };
}

type ActionOutcome = Awaited<ReturnType<LiveActions['decide']>>;

/** A promise the test resolves when it chooses (to look at "declining..." first). */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * The live engine's windows as a test's "server" sees them: the stores hold the whole history, so
 * a view shown is complete at once (its rows are the held ones its filters take).
 */
function heldWhole(stores: Stores | undefined) {
  return {
    showTransactions: (query: Parameters<LiveActions['showTransactions']>[0]) => {
      if (stores !== undefined) stores.transactions.setState((s) => withWindowComplete(s, txQueryKey(query)));
    },
    transactionsViewport: () => {},
  };
}

/**
 * The view's live actions, recorded; the activity feed is the engine's own loader
 * (live/activity-loads.ts) over the script's pages, into `feed.store`.
 */
export function recordingActions(
  rec: Recorded,
  script: ActionScript = {},
  stores?: Stores,
  feed: { readonly store: ActivityStore; readonly now: () => number } = { store: createActivityStore(), now: () => NOW },
): LiveActions {
  const activity = createActivityLoads({
    read: (query) => {
      rec.calls.push(`activities ${query.offset ?? 0}`);
      return (script.activities ?? activityPages())(query);
    },
    store: feed.store,
    now: feed.now,
  });
  return {
    ...heldWhole(stores),
    refresh: (scope) => rec.calls.push(`refresh ${scope ?? 'all'}`),
    setPaused: (paused) => rec.calls.push(`setPaused ${paused}`),
    openTransaction: (id) => rec.calls.push(`open ${id}`),
    closeTransaction: () => rec.calls.push('close'),
    loadTransaction: (id) => rec.calls.push(`load ${id}`),
    decide: (action, id, body = {}) => {
      rec.calls.push(`${action} ${id}${body.reason ? ` ${body.reason}` : ''}`);
      return script[action]?.(id, body.reason) ?? Promise.resolve({ kind: 'duplicate' });
    },
    create: (body) => {
      rec.calls.push(`create ${body.externalId}`);
      return script.create?.(body) ?? Promise.resolve({ kind: 'duplicate' });
    },
    quote: (body) => {
      rec.calls.push('quote');
      return script.quote?.(body) ?? Promise.resolve({ kind: 'network', message: 'no server in this test' });
    },
    readActivity: (query) => void activity.first(query),
    readOlderActivity: () => void activity.more(),
  };
}

class FakeStdout extends EventEmitter {
  frames: string[] = [];
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write = (frame: string) => {
    this.frames.push(frame);
    return true;
  };
  lastFrame = () => this.frames[this.frames.length - 1];
}

class FakeStdin extends EventEmitter {
  isTTY = true;
  data: string | null = null;
  write = (data: string) => {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  };
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read = () => {
    const { data } = this;
    this.data = null;
    return data;
  };
}

export const KEYS = {
  up: '\u001b[A',
  down: '\u001b[B',
  pageUp: '\u001b[5~',
  pageDown: '\u001b[6~',
  home: '\u001b[H',
  end: '\u001b[F',
  tab: '\t',
  shiftTab: '\u001b[Z',
  enter: '\r',
  esc: '\u001b',
  backspace: '\u007f',
  ctrlU: '\u0015',
  ctrlD: '\u0004',
  ctrlW: '\u0017',
  ctrlC: '\u0003',
} as const;

export interface RenderOptions extends LoadOptions {
  readonly columns?: number;
  readonly rows?: number;
  readonly color?: boolean;
  readonly ascii?: boolean;
  readonly now?: () => number;
  readonly ui?: Partial<UiData>;
  readonly stores?: Stores;
  /** Answers of the writes (decline, approve). */
  readonly script?: ActionScript;
  readonly confirmThresholdUsd?: string;
  /** The terminal's call to the operator (the bell): absent, the bell is off. */
  readonly callOperator?: ViewEnv['callOperator'];
  /** Ctrl-Z (the terminal layer's suspend): absent, nothing can suspend. */
  readonly suspend?: ViewEnv['suspend'];
  /** `:ctx`'s profiles and switch (the terminal layer's): absent, the console cannot switch. */
  readonly profiles?: ViewEnv['profiles'];
}

export function tick(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await tick();
}

export function renderApp(options: RenderOptions = {}) {
  const columns = options.columns ?? 120;
  const rows = options.rows ?? 40;
  const stores = options.stores ?? loadedStores(options);
  const ui: UiStore = createUiStore(options.ui);
  const dialog = createDialogStore();
  const swap = createSwapStore();
  const rec: Recorded = { calls: [], copied: [], quits: 0 };
  // An empty store is a console still waiting for its first page: no view completes by itself.
  // The test's clock: NOW until a test lets time pass (a person reading a question before answering).
  let elapsed = 0;
  const clock = options.now ?? (() => NOW + elapsed);
  const actions = recordingActions(rec, options.script, options.empty === true ? undefined : stores, {
    store: stores.activity,
    now: () => clock(),
  });
  const env: ViewEnv = {
    ascii: options.ascii ?? false,
    color: options.color ?? true,
    now: clock,
    copy: (text) => {
      rec.copied.push(text);
      return Promise.resolve({ to: 'osc52', via: 'terminal' });
    },
    quit: () => {
      rec.quits += 1;
    },
    ...(options.confirmThresholdUsd !== undefined ? { confirmThresholdUsd: options.confirmThresholdUsd } : {}),
    ...(options.callOperator !== undefined ? { callOperator: options.callOperator } : {}),
    ...(options.suspend !== undefined ? { suspend: options.suspend } : {}),
    ...(options.profiles !== undefined ? { profiles: options.profiles } : {}),
  };
  const stdout = new FakeStdout(columns, rows);
  const stdin = new FakeStdin();
  const tree = (c: number, r: number) => (
    <App stores={stores} ui={ui} dialog={dialog} swap={swap} actions={actions} env={env} columns={c} rows={r} />
  );
  const instance = inkRender(tree(columns, rows), {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: new FakeStdout(columns, rows) as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  const frame = () => stdout.lastFrame() ?? '';
  return {
    stores,
    ui,
    dialog,
    swap,
    /** The mode as the console derives it (the dialog and the swap form own theirs). */
    mode: () => modeOf(ui.getState(), dialog.getState(), swap.getState()),
    rec,
    env,
    stdout,
    frame,
    lines: () => frame().split('\n'),
    /** Presses keys one at a time, letting Ink and React settle after each. */
    async press(...keys: string[]) {
      for (const k of keys) {
        stdin.write(k);
        await settle();
      }
    },
    /** Types text as one read of the terminal (keys typed faster than the console reads them). */
    async type(text: string) {
      stdin.write(text);
      await settle();
    },
    /** Pastes text as a terminal with bracketed paste sends it. */
    async paste(text: string) {
      stdin.write(`\x1b[200~${text}\x1b[201~`);
      await settle();
    },
    /** Lets `ms` pass on the test's clock (not when the test brought its own `now`). */
    later(ms: number) {
      elapsed += ms;
    },
    /**
     * Answers a question as a person does: after reading it (the decision delay), each key on its
     * own (keys/decision.ts).
     */
    async decide(...keys: string[]) {
      for (const k of keys) {
        elapsed += DECISION_DELAY_MS;
        stdin.write(k);
        await settle();
      }
    },
    async resize(c: number, r: number) {
      stdout.columns = c;
      stdout.rows = r;
      instance.rerender(tree(c, r));
      await settle();
    },
    unmount() {
      instance.unmount();
      instance.cleanup();
    },
  };
}

export type Rendered = ReturnType<typeof renderApp>;

/** Text width of the widest line of a frame (the frame has no escapes: FORCE_COLOR=0). */
export function widest(frame: string): number {
  return Math.max(0, ...frame.split('\n').map((l) => [...l].length));
}
