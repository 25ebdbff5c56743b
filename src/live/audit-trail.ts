// The audit log as the live engine uses it: record an action's attempt (the file, then the audit
// store so the open detail shows it at once), and load a transaction's earlier lines when its
// detail opens. A log that cannot be written never loses the outcome: the outcome carries why
// (the dialog and the status line say both), and a notice holds until a line is written again.
import { type AuditEntry, type AuditLog, ConfigError, isAuditAmount } from '../config/index.js';
import type { Account, Address, Transaction } from '../contract/index.js';
import {
  assetInfo,
  type DictionaryFacts,
  type DirectoryFacts,
  destinationOf,
  isIncomingType,
  transactionAmount,
} from '../domain/index.js';
import {
  awaitsCause,
  type AuditRecord,
  type AuditState,
  type SessionState,
  type Stores,
  withCauseCleared,
  withNotice,
} from '../store/index.js';
import { guardedLog } from './log.js';

/**
 * Who acted, as an audit line names it: the setup's origin and the profile it used (none when
 * flags or the environment gave the whole connection; the line's base URL and workspace say it).
 */
export function auditSetup(session: Pick<SessionState, 'setup'>): Pick<AuditEntry, 'setup' | 'profile'> {
  const { origin, profile } = session.setup;
  return profile === undefined ? { setup: origin } : { setup: origin, profile };
}

/** What an audit line says the action was on: type, amount, asset and destination. */
export type AuditSubject = Pick<
  AuditEntry,
  'transactionType' | 'amount' | 'assetId' | 'assetSymbol' | 'toAddress' | 'toAccountId' | 'addressBookName'
>;

/** What names a destination: the address book, the workspace's accounts and own addresses. */
export interface AuditFacts {
  readonly directory: DirectoryFacts;
  readonly accountsById: ReadonlyMap<string, Account>;
  readonly addresses?: readonly Address[];
  readonly dictionary?: DictionaryFacts;
}

/** The longest wire text a line takes for these fields; longer is junk, and left out. */
const SUBJECT_UNITS = 1_000;

/** Wire text a line can hold: a non-blank string of bounded length, else nothing. */
function wire(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const t = value.trim();
  return t === '' || t.length > SUBJECT_UNITS ? undefined : t;
}

/**
 * The subject of an action as its line records it, from the transaction (the server's answer, or
 * the row held, or a create's body shaped as one). Junk from the server is left out, never
 * thrown: a line that could not be written would lose the outcome's record.
 */
export function auditSubject(tx: Pick<Transaction, 'transactionType'> & Partial<Transaction>, facts: AuditFacts): AuditSubject {
  const out: { -readonly [K in keyof AuditSubject]: AuditSubject[K] } = {};
  const type = wire(tx.transactionType);
  if (type !== undefined) out.transactionType = type;
  const { amount, assetId } = transactionAmount(tx as Transaction);
  if (isAuditAmount(amount)) out.amount = amount;
  const asset = wire(assetId);
  if (asset !== undefined) {
    out.assetId = asset;
    // Only a symbol the dictionary gave: an unknown id would read back as its own symbol.
    const symbol = facts.dictionary?.assets.has(asset) ? wire(assetInfo(facts.dictionary, asset).symbol) : undefined;
    if (symbol !== undefined) out.assetSymbol = symbol;
  }
  // A deposit's toAddress is the workspace's own: not where anything went.
  if (!isIncomingType(tx.transactionType)) {
    const toAddress = wire(tx.params?.toAddress) ?? wire(tx.extra?.toAddress);
    if (toAddress !== undefined) out.toAddress = toAddress;
  }
  const to = destinationOf(facts.directory, facts.accountsById, tx as Transaction, {
    ...(facts.dictionary !== undefined ? { dictionary: facts.dictionary } : {}),
    ...(facts.addresses !== undefined ? { addresses: facts.addresses } : {}),
  });
  if (to.kind === 'account') {
    const id = wire(to.accountId);
    if (id !== undefined) out.toAccountId = id;
  }
  if (to.kind === 'book') {
    const name = wire(to.name);
    if (name !== undefined) out.addressBookName = name;
  }
  return out;
}

/**
 * The store's record of an entry: who, what and how it ended. Field by field: the connection is
 * the session's (the load reads only its server and workspace), and a read line's chain link is
 * the file's business.
 */
export function auditRecord(entry: AuditEntry): AuditRecord {
  const record: { -readonly [K in keyof AuditRecord]: AuditRecord[K] } = {
    time: entry.time,
    action: entry.action,
    result: entry.result,
  };
  if (entry.profile !== undefined) record.profile = entry.profile;
  if (entry.keyId !== undefined) record.keyId = entry.keyId;
  if (entry.transactionId !== undefined) record.transactionId = entry.transactionId;
  if (entry.externalId !== undefined) record.externalId = entry.externalId;
  if (entry.reason !== undefined) record.reason = entry.reason;
  if (entry.correlationId !== undefined) record.correlationId = entry.correlationId;
  return record;
}

function sameRecord(a: AuditRecord, b: AuditRecord): boolean {
  return (
    a.time === b.time &&
    a.action === b.action &&
    a.result === b.result &&
    a.correlationId === b.correlationId &&
    a.externalId === b.externalId &&
    a.keyId === b.keyId
  );
}

/**
 * Adds records of one transaction, oldest first, without doubles: a line read from the file may
 * be one this session already added when it acted (the read raced the append, or the detail was
 * reopened). Returns the same state when nothing is new.
 */
export function withAuditRecords(state: AuditState, transactionId: string, records: readonly AuditRecord[]): AuditState {
  const held = state.byTx.get(transactionId) ?? [];
  const fresh = records.filter((r) => !held.some((h) => sameRecord(h, r)));
  if (fresh.length === 0) return state;
  // ISO times of one format sort as text; the sort is stable, so equal times keep their order.
  const merged = [...held, ...fresh].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
  const byTx = new Map(state.byTx);
  byTx.set(transactionId, merged);
  return { ...state, byTx };
}

/** Why the log failed, with its path and the fix when there is one: words safe to show. */
export function auditFailureText(log: AuditLog, err: unknown): string {
  const why = err instanceof Error ? err.message : 'unknown error';
  const fix = err instanceof ConfigError && err.fix ? `; to fix: ${err.fix}` : '';
  const where = why.includes(log.path) ? '' : ` (${log.path})`;
  return `${why}${where}${fix}`;
}

export interface AuditTrailDeps {
  readonly stores: Stores;
  readonly audit?: AuditLog | undefined;
  readonly now: () => number;
  readonly log?: ((line: string) => void) | undefined;
}

/** The notices of the log, by what failed; each ends when that works again. */
const CAUSES = { written: 'audit:write', read: 'audit:read' } as const;

export interface AuditTrail {
  /**
   * Appends the entry and shows it; never rejects. A failure becomes an error notice, and its
   * words are returned (undefined: the line was written, or there is no log).
   */
  record(entry: AuditEntry): Promise<string | undefined>;
  /**
   * Reads the transaction's lines from the log into the audit store, those of this session's
   * server and workspace only (another workspace's transaction of the same id is another one);
   * never rejects.
   */
  load(transactionId: string): Promise<void>;
}

export function createAuditTrail(deps: AuditTrailDeps): AuditTrail {
  const { stores, audit, now } = deps;

  const say = guardedLog(deps.log);

  function show(transactionId: string, records: readonly AuditRecord[]): void {
    try {
      stores.audit.setState((s) => withAuditRecords(s, transactionId, records));
    } catch (err) {
      say(`an audit store subscriber failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  function failed(log: AuditLog, err: unknown, doing: keyof typeof CAUSES): string {
    const why = auditFailureText(log, err);
    const text = `the audit log could not be ${doing}: ${why}`;
    say(text);
    const key = doing === 'written' ? 'audit' : 'audit:read';
    try {
      stores.session.setState((s) => withNotice(s, { level: 'error', text, key, cause: CAUSES[doing] }, now()));
    } catch {
      // the notice is best effort; the outcome still reaches the caller
    }
    return why;
  }

  /** The log works again for this: its notice ends. */
  function worked(doing: keyof typeof CAUSES): void {
    const cause = CAUSES[doing];
    try {
      if (awaitsCause(stores.session.getState().notices, [cause])) {
        stores.session.setState((s) => withCauseCleared(s, cause, now()));
      }
    } catch {
      // best effort, as the notice itself
    }
  }

  return {
    async record(entry) {
      if (audit === undefined) return undefined;
      try {
        await audit.append(entry);
      } catch (err) {
        return failed(audit, err, 'written');
      }
      worked('written');
      // The store mirrors the file: a line the file refused is not shown as recorded.
      if (entry.transactionId !== undefined) show(entry.transactionId, [auditRecord(entry)]);
      return undefined;
    },

    async load(transactionId) {
      if (audit === undefined) return;
      try {
        const { baseUrl, workspaceId } = stores.session.getState();
        const { entries, skipped } = await audit.read({ transactionId, baseUrl, workspaceId });
        if (skipped > 0) say(`audit log ${audit.path}: ${skipped} malformed line(s) skipped`);
        worked('read');
        if (entries.length > 0) show(transactionId, entries.map(auditRecord));
      } catch (err) {
        failed(audit, err, 'read');
      }
    },
  };
}
