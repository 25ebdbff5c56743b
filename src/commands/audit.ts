// `custody audit`: the local audit log (every decline, approve, cancel and create this machine attempted,
// and how each ended), as a table for people or as JSON lines for scripts, and the check of its
// hash chain (--verify).
import {
  type AuditFilter,
  auditLogPath,
  type ChainReport,
  isChainHash,
  normalizeServer,
  openAuditLog,
  readAuditLines,
  type SecretEnv,
  type StoredAuditEntry,
  verifyAuditLog,
} from '../config/index.js';
import { ACTION_NAMES } from '../domain/actions.js';
import { sanitizeLine } from '../format/index.js';
import { isUtf8Locale } from '../view/base/terminal.js';
import { formatAuditTable } from './audit-table.js';
import { chainWarning, formatVerifyReport, verifyReportJson } from './audit-verify.js';
import { bool, type CommandSpec, type Io, type Parsed, str, UsageError } from './cli.js';

export const spec: CommandSpec = {
  name: 'audit',
  summary: `print the local audit log of actions (${ACTION_NAMES.join(', ')})`,
  usage: [
    'audit [--tx ID] [--workspace ID] [--server URL] [--json] [--file PATH]',
    'audit --verify [--seal HASH] [--json] [--file PATH]',
  ],
  options: {
    tx: { type: 'string', value: 'ID', description: 'only the entries of this transaction' },
    workspace: { type: 'string', value: 'ID', description: 'only the entries of this workspace' },
    server: { type: 'string', value: 'URL', description: 'only the entries of this server (its base URL)' },
    json: { type: 'boolean', description: 'print JSON lines, one entry each (with --verify: the report, one object)' },
    verify: { type: 'boolean', description: 'check the hash chain; exit 1 when a line was changed, removed or inserted' },
    seal: { type: 'string', value: 'HASH', description: 'with --verify: a seal an earlier check printed; exit 1 if no line carries it' },
    file: { type: 'string', value: 'PATH', description: 'read this log instead (a copy handed to an auditor)' },
  },
  details: `Every attempt of an action in the console and how it ended (the new status, or conflict,
forbidden, network, or the server's error code) is appended to
$XDG_STATE_HOME/custody/audit.jsonl (default ~/.local/state/custody/audit.jsonl; folder 0700,
file 0600), naming the server (base URL) and workspace it was done on. The log is never rewritten
and holds no secret. The demo (custody --demo) writes nothing there: its actions are kept in
memory for that session. Times are shown in local time; --json prints them as written (UTC).
The table fits the terminal (80 columns in a pipe, or $COLUMNS): a heading names the server,
workspace, setup and key when they change; under it each entry starts with its time, action and
result, then the amount and asset, type, transaction, destination (with its address-book name),
correlation id and reason, on as many lines as the width needs (ids are never cut).
Lines that are not a valid entry are skipped and counted on stderr; lines where the hash chain
fails are named on stderr, and the rest is printed all the same. --tx, --workspace and --server
combine.

Each line carries "prev": the SHA-256 of the line before it (lines written before the chain
existed are sealed by the first chained line). --verify walks the file and gives one verdict:
"Verified: 12 lines, chain intact." or, exit 1, "BROKEN at line 7: its prev does not match line
6 — line 6 was changed, or a line was removed or inserted before line 7; lines 1–5 chain intact,
lines 6–12 not verified."; a last line cut short by a crash is reported as torn, not as
tampering. It prints a seal: keep it elsewhere, and a later --verify --seal HASH shows whether
the log was cut or rewritten since (the line appended next carries the seal as its prev).

SETUP names the setup used: the profile, or "flags" / "env" when flags or CUSTODY_* variables
gave the connection (then SERVER and WORKSPACE say which; "prod+flags" when they overrode part
of profile prod).

--json prints the lines exactly as stored. Fields: time, setup (profile, flags, env or demo),
profile, baseUrl, workspaceId, keyId, action, transactionId, externalId, transactionType, amount
(a decimal string), assetId, assetSymbol, toAddress, toAccountId, addressBookName, reason, result,
correlationId (only when the server got, or may have got, the request), prev. Lines of an older
custody lack the fields it did not write.`,
};

export { formatAuditTable } from './audit-table.js';

/** The table's width: the terminal's, else $COLUMNS, else 80 (a pipe, a file). */
export function tableWidth(io: Pick<Io, 'stdout' | 'env'>): number {
  const tty = io.stdout.isTTY === true ? io.stdout.columns : undefined;
  if (tty !== undefined && tty > 0) return tty;
  const env = Number(io.env.COLUMNS);
  return Number.isInteger(env) && env > 0 ? env : 80;
}

function nonEmpty(parsed: Parsed, name: string, what: string): string | undefined {
  const value = str(parsed.values, name);
  if (value !== undefined && value.trim() === '') throw new UsageError(`--${name} needs ${what}`);
  return value;
}

/** "for transaction X in workspace W on S": what the filter kept, for the heading. */
function filterWords(filter: AuditFilter): string {
  const words: string[] = [];
  if (filter.transactionId !== undefined) words.push(`for transaction ${sanitizeLine(filter.transactionId)}`);
  if (filter.workspaceId !== undefined) words.push(`in workspace ${sanitizeLine(filter.workspaceId)}`);
  if (filter.baseUrl !== undefined) words.push(`on ${sanitizeLine(normalizeServer(filter.baseUrl))}`);
  return words.length === 0 ? '' : ` ${words.join(' ')}`;
}

async function verify(file: string, json: boolean, kept: string | undefined, io: Io): Promise<number> {
  const report = await verifyAuditLog(file, kept === undefined ? {} : { kept });
  if (report === undefined) {
    // No log at all: nothing to verify, unless a seal says there was one.
    const intact = kept === undefined;
    if (json) io.stdout.write(`${JSON.stringify({ file, exists: false, intact })}\n`);
    else io.stdout.write(`Audit log: ${file}\nNo log yet: nothing to verify${intact ? '' : ', yet a seal was kept of one'}.\n`);
    return intact ? 0 : 1;
  }
  io.stdout.write(json ? verifyReportJson(file, report) : formatVerifyReport(file, report));
  return report.intact ? 0 : 1;
}

export async function run(parsed: Parsed, io: Io, _secrets: SecretEnv): Promise<number> {
  const filter: AuditFilter = {
    transactionId: nonEmpty(parsed, 'tx', 'a transaction id'),
    workspaceId: nonEmpty(parsed, 'workspace', 'a workspace id'),
    baseUrl: nonEmpty(parsed, 'server', 'a base URL'),
  };
  const fileOption = nonEmpty(parsed, 'file', 'a path');
  const json = bool(parsed.values, 'json');
  const log = openAuditLog(fileOption ?? auditLogPath(io.env));
  const seal = nonEmpty(parsed, 'seal', 'the seal an earlier --verify printed');
  if (bool(parsed.values, 'verify')) {
    const with_ = (['tx', 'workspace', 'server'] as const).filter((n) => parsed.values[n] !== undefined);
    if (with_.length > 0) {
      throw new UsageError(`--verify checks the whole log; it does not go with ${with_.map((n) => `--${n}`).join(', ')}`);
    }
    if (seal !== undefined && !isChainHash(seal.trim().toLowerCase())) {
      throw new UsageError('--seal takes the 64 hex digits an earlier --verify printed after "Seal:"');
    }
    return verify(log.path, json, seal?.trim().toLowerCase(), io);
  }
  if (seal !== undefined) throw new UsageError('--seal goes with --verify');
  // --json: the lines exactly as stored (their chain link, and fields a newer custody added,
  // included); the table: the entries as this custody reads them.
  const read = json ? await readAuditLines(log.path, filter) : await log.read(filter);
  if (read.skipped > 0) {
    const lines = read.skipped === 1 ? '1 line' : `${read.skipped} lines`;
    io.stderr.write(`custody audit: skipped ${lines} of ${log.path} that are not a valid entry (torn or edited)\n`);
  }
  io.stdout.write('lines' in read ? read.lines.map((line) => `${line}\n`).join('') : listing(read.entries, filter, log.path, io));
  // After the listing, so the warning is the last thing a person sees.
  await warnOnBrokenChain(log.path, io);
  return 0;
}

function listing(entries: readonly StoredAuditEntry[], filter: AuditFilter, file: string, io: Io): string {
  const of = filterWords(filter);
  if (entries.length === 0) return `Audit log: ${file}\nNo entries yet${of}.\n`;
  const ascii = !isUtf8Locale(io.env);
  const count = entries.length === 1 ? '1 entry' : `${entries.length} entries`;
  const table = formatAuditTable(entries, { width: tableWidth(io), ascii });
  return `Audit log: ${file} (${count}${of}, oldest first, local time)\n\n${table}\n`;
}

/**
 * A plain listing checks the chain too: lines that fail it are named on stderr (the listing is
 * printed all the same, and the exit code stays 0: --verify is the check that fails).
 */
async function warnOnBrokenChain(file: string, io: Io): Promise<void> {
  let report: ChainReport | undefined;
  try {
    report = await verifyAuditLog(file);
  } catch (err) {
    io.stderr.write(`custody audit: could not check the hash chain: ${err instanceof Error ? err.message : String(err)}\n`);
    return;
  }
  const warning = report === undefined ? undefined : chainWarning(file, report);
  if (warning !== undefined) io.stderr.write(warning);
}
