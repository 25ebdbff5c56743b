// `custody tx approve|decline|cancel ID`: the console's decisions as commands, with the console's
// safety. Refused here before anything is sent (exit 2): read-only, the role, not at a terminal
// without --yes, a status the decision does not apply to, a member's second approval, a question
// not confirmed. At a terminal the transaction is shown as the console's dialog shows it and the
// console's confirmation asked (decide-prompt.ts). Sent once through the console's write path
// (live/actions.ts), so the audit line is the console's line.
import { type ApiClient, ApiError, describeClientError } from '../../client/index.js';
import {
  type AuditLog,
  auditLogPath,
  createMemoryAuditLog,
  demoSetup,
  openAuditLog,
  type SecretEnv,
} from '../../config/index.js';
import type { Transaction } from '../../contract/index.js';
import { alreadyDone, DECISIONS, type DecisionName, notApplicable, roleMay, rolesFor } from '../../domain/actions.js';
import { sanitizeLine } from '../../format/index.js';
import { createWriteActions } from '../../live/actions.js';
import type { ActionOutcome } from '../../live/types.js';
import { MAX_REASON } from '../../store/dialog.js';
import { createStores, type Stores } from '../../store/index.js';
import { isUtf8Locale } from '../../view/base/terminal.js';
import { describeOutcome } from '../../view/dialog/outcome.js';
import { bool, type Io, type ParsedValues, str, UsageError } from '../cli.js';
import { loadSettings } from '../context.js';
import { confirmAtTerminal } from './decide-prompt.js';
import { decisionDialog, decisionLines, loadDecisionStores } from './decide-show.js';
import { resolveScriptTarget, type ScriptTarget, targetClient } from './target.js';

/** Exit codes of a decision (README, `tx --help`). */
export const DECIDE_EXIT = { done: 0, server: 1, here: 2, unknown: 3 } as const;

/** The exit code of an outcome: refused by the server 1; not sent or unknown 3. */
export function outcomeExit(outcome: ActionOutcome): number {
  switch (outcome.kind) {
    case 'done':
      return DECIDE_EXIT.done;
    case 'conflict':
    case 'forbidden':
      return DECIDE_EXIT.server;
    case 'refused':
      return outcome.status > 0 ? DECIDE_EXIT.server : DECIDE_EXIT.unknown;
    case 'network':
    case 'duplicate':
      return DECIDE_EXIT.unknown;
  }
}

/** Why these settings may not make this decision (read-only, the role); undefined when they may. */
export function settingsRefusal(
  action: DecisionName,
  s: { readonly readOnly: boolean; readonly role?: string | undefined },
): string | undefined {
  if (s.readOnly) return 'read-only (flag, environment or profile): nothing sent';
  if (!roleMay(s.role, action)) {
    return `the role ${s.role ?? ''} may not ${action} (the roles that may: ${rolesFor(action).join(', ')}): nothing sent`;
  }
  return undefined;
}

const NOT_AT_TERMINAL = 'not at a terminal: nothing sent; --yes decides without the confirmation';

/** The result as the caller prints it: one JSON object, or one line. */
export function outcomeRecord(
  action: DecisionName,
  id: string,
  outcome: ActionOutcome,
): { transactionId: string; action: DecisionName; outcome: ActionOutcome['kind']; status?: string; message?: string; correlationId?: string } {
  const told = describeOutcome(action, outcome);
  const status = outcome.kind === 'done' ? outcome.transaction.status : outcome.kind === 'conflict' ? outcome.status : undefined;
  const message = outcome.kind === 'done' ? undefined : told.detail === undefined ? told.headline : `${told.headline} (${told.detail})`;
  const correlationId = 'correlationId' in outcome ? outcome.correlationId : undefined;
  return {
    transactionId: id,
    action,
    outcome: outcome.kind,
    ...(status !== undefined ? { status } : {}),
    ...(message !== undefined ? { message } : {}),
    ...(correlationId !== undefined ? { correlationId } : {}),
  };
}

/** "declined tx_1 (now declined)"; otherwise the id and the console's words for the outcome. */
export function outcomeLine(action: DecisionName, id: string, outcome: ActionOutcome): string {
  const r = outcomeRecord(action, id, outcome);
  if (outcome.kind === 'done') return `${DECISIONS[action].done} ${id} (now ${r.status ?? 'unknown'})`;
  return `${id}: ${r.message ?? outcome.kind}`;
}

export async function runDecision(action: DecisionName, id: string, values: ParsedValues, io: Io, secrets: SecretEnv): Promise<number> {
  const refuse = (why: string) => {
    io.stderr.write(`custody tx ${action}: ${why}\n`);
    return DECIDE_EXIT.here;
  };
  const reason = DECISIONS[action].reason ? str(values, 'reason') : undefined;
  if (reason !== undefined && [...reason].length > MAX_REASON) {
    throw new UsageError(`--reason is at most ${MAX_REASON} characters (as in the console)`);
  }
  const json = ['json', 'jsonl'].includes(str(values, 'output') ?? '');
  const yes = bool(values, 'yes');
  const atTerminal = io.stdin.isTTY === true && io.stdout.isTTY === true;

  // What can be refused without a key or the network is refused first.
  if (bool(values, 'read-only')) return refuse(settingsRefusal(action, { readOnly: true })!);
  if (!bool(values, 'demo')) {
    const { settings } = await loadSettings(values, io, secrets);
    const early = settingsRefusal(action, settings);
    if (early !== undefined) return refuse(early);
  }
  if (!atTerminal && !yes) return refuse(NOT_AT_TERMINAL);

  const target = await resolveScriptTarget(values, io, secrets);
  let audit: AuditLog | undefined;
  try {
    const refusal = settingsRefusal(action, target.settings);
    if (refusal !== undefined) return refuse(refusal);
    const api = targetClient(target, io);
    let tx: Transaction;
    try {
      tx = await api.transactions.get(id);
    } catch (err) {
      io.stderr.write(`custody tx ${action}: reading ${sanitizeLine(id)} failed: ${sanitizeLine(describeClientError(err))}; nothing sent\n`);
      return err instanceof ApiError ? DECIDE_EXIT.server : DECIDE_EXIT.unknown;
    }
    const why = notApplicable(action, tx) ?? alreadyDone(action, tx, target.selfUserId);
    if (why !== undefined) return refuse(`${sanitizeLine(why)}: nothing sent`);

    const now = Date.now;
    const stores = storesOf(target);
    await loadDecisionStores(api, stores, tx, now);
    if (!yes) {
      const confirmed = await ask(action, tx, { io, stores, target, reason, now });
      if (!confirmed) return refuse('not confirmed: nothing sent');
    }
    // The demo's throwaway sandbox never writes the machine's log (as the console's demo).
    audit = target.demo ? createMemoryAuditLog() : openAuditLog(auditLogPath(io.env));
    const outcome = await send(api, stores, audit, action, id, reason);
    if (outcome.auditFailure !== undefined) {
      io.stderr.write(`custody tx ${action}: the audit log could not be written: ${sanitizeLine(outcome.auditFailure)}\n`);
    }
    const tty = io.stdout.isTTY === true;
    if (json) {
      const record = outcomeRecord(action, id, outcome);
      const shown = tty && record.message !== undefined ? { ...record, message: sanitizeLine(record.message) } : record;
      io.stdout.write(`${JSON.stringify(shown)}\n`);
    } else {
      io.stdout.write(`${sanitizeLine(outcomeLine(action, id, outcome))}\n`);
    }
    return outcomeExit(outcome);
  } finally {
    await target.close();
  }
}

/** The session as the console's: who acted (base URL, workspace, key id, setup) for the audit line. */
function storesOf(target: ScriptTarget): Stores {
  const s = target.settings;
  const setup = s.setup ?? (target.demo ? demoSetup(target.baseUrl, target.workspaceId) : undefined);
  return createStores({
    baseUrl: target.baseUrl,
    workspaceId: target.workspaceId,
    keyId: target.signer.kid,
    ...(s.role !== undefined ? { role: s.role } : {}),
    ...(setup !== undefined ? { setup } : {}),
    demo: target.demo,
    readOnly: s.readOnly,
    now: Date.now(),
  });
}

/** Shows the transaction as the dialog does and asks the console's confirmation for it. */
async function ask(
  action: DecisionName,
  tx: Transaction,
  o: { io: Io; stores: Stores; target: ScriptTarget; reason: string | undefined; now: () => number },
): Promise<boolean> {
  const ascii = !isUtf8Locale(o.io.env);
  const thresholdUsd = o.target.settings.approvalThresholdUsd;
  const dialog = decisionDialog(action, tx, { stores: o.stores, ascii, thresholdUsd, reason: o.reason, now: o.now() });
  const columns = o.io.stdout.columns;
  const width = typeof columns === 'number' && columns > 20 ? columns : 80;
  const lines = decisionLines(dialog, { width, ascii, now: o.now(), thresholdUsd });
  o.io.stdout.write(`${action.toUpperCase()} transaction\n${lines.target.join('\n')}\n`);
  return confirmAtTerminal(o.io, dialog, lines.question, o.now);
}

/** Once, through the console's write path: its outcome words and its audit line. */
function send(
  api: ApiClient,
  stores: Stores,
  audit: AuditLog,
  action: DecisionName,
  id: string,
  reason: string | undefined,
): Promise<ActionOutcome> {
  const writes = createWriteActions({ api, stores, options: { audit }, now: Date.now });
  return writes.decide(action, id, reason === undefined ? {} : { reason });
}
