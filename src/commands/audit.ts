// `custody audit`: the local audit log (every decline, approve and create this machine attempted,
// and how each ended), as a table for people or as JSON lines for scripts.
import { type AuditEntry, auditLine, auditLogPath, openAuditLog, type SecretEnv } from '../config/index.js';
import { displayWidth, formatAbsolute, padEndToWidth, sanitizeLine, truncateToWidth } from '../format/index.js';
import { bool, type CommandSpec, type Io, type Parsed, str, UsageError } from './cli.js';
import { isUtf8Locale } from './terminal.js';

export const spec: CommandSpec = {
  name: 'audit',
  summary: 'print the local audit log of actions (decline, approve, create)',
  usage: ['audit [--tx ID] [--json]'],
  options: {
    tx: { type: 'string', value: 'ID', description: 'only the entries of this transaction' },
    json: { type: 'boolean', description: 'print the entries as JSON lines (one object per line)' },
  },
  details: `Every attempt of an action in the console and how it ended (the new status, or conflict,
forbidden, network, or the server's error code) is appended to
$XDG_STATE_HOME/custody/audit.jsonl (default ~/.local/state/custody/audit.jsonl; folder 0700,
file 0600). The log is never rewritten and holds no secret. Times are shown in local time; --json
prints them as written (UTC). Lines that are not a valid entry are skipped and counted on stderr.`,
};

/** The widest a reason gets in the table; --json has it whole. */
const REASON_WIDTH = 40;

const HEADER = ['TIME', 'ACTION', 'TRANSACTION', 'RESULT', 'REASON', 'KEY', 'PROFILE', 'CORRELATION ID'] as const;

function row(entry: AuditEntry, ascii: boolean): string[] {
  const ms = Date.parse(entry.time);
  const cell = (text: string | undefined) => (text === undefined || text === '' ? '-' : sanitizeLine(text, { ascii }));
  return [
    Number.isNaN(ms) ? cell(entry.time) : formatAbsolute(ms),
    cell(entry.action),
    cell(entry.transactionId ?? (entry.externalId !== undefined ? `(externalId ${entry.externalId})` : undefined)),
    cell(entry.result),
    entry.reason === undefined || entry.reason === '' ? '-' : truncateToWidth(entry.reason, REASON_WIDTH, { ascii }),
    cell(entry.keyId),
    cell(entry.profile),
    cell(entry.correlationId),
  ];
}

/** Columns padded to their widest cell; the last one is not padded (no trailing spaces). */
export function formatAuditTable(entries: readonly AuditEntry[], ascii = false): string {
  const rows = [[...HEADER], ...entries.map((e) => row(e, ascii))];
  const widths = HEADER.map((_, i) => Math.max(...rows.map((r) => displayWidth(r[i]!))));
  return rows
    .map((r) =>
      r
        .map((c, i) => (i === r.length - 1 ? c : padEndToWidth(c, widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export async function run(parsed: Parsed, io: Io, _secrets: SecretEnv): Promise<number> {
  const tx = str(parsed.values, 'tx');
  if (tx !== undefined && tx.trim() === '') throw new UsageError('--tx needs a transaction id');
  const log = openAuditLog(auditLogPath(io.env));
  const { entries, skipped } = await log.read(tx === undefined ? {} : { transactionId: tx });
  if (skipped > 0) {
    const lines = skipped === 1 ? '1 line' : `${skipped} lines`;
    io.stderr.write(`custody audit: skipped ${lines} of ${log.path} that are not a valid entry (torn or edited)\n`);
  }
  if (bool(parsed.values, 'json')) {
    // Exactly the lines as the log holds them (normalized): a script reads one object per line.
    io.stdout.write(entries.map(auditLine).join(''));
    return 0;
  }
  const of = tx === undefined ? '' : ` for transaction ${sanitizeLine(tx)}`;
  if (entries.length === 0) {
    io.stdout.write(`Audit log: ${log.path}\nNo entries yet${of}.\n`);
    return 0;
  }
  const ascii = !isUtf8Locale(io.env);
  const count = entries.length === 1 ? '1 entry' : `${entries.length} entries`;
  io.stdout.write(`Audit log: ${log.path} (${count}${of}, oldest first, local time)\n\n${formatAuditTable(entries, ascii)}\n`);
  return 0;
}
