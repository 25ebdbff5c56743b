// `custody audit` as a person reads it, at the terminal's width: entries grouped under the
// connection they were made on (server, workspace, setup, key: said once, again when it changes),
// each entry one line when the width allows, else more: its time, action and result aligned, then
// what it was on (amount and asset, type, transaction, destination, correlation id, reason). Ids
// and addresses are never cut (one wider than the line is broken over lines, every character
// kept); the reason is wrapped. Everything in a line is the server's or the file's text: bounded,
// then made one harmless line, before it is measured.
import type { StoredAuditEntry } from '../config/index.js';
import { normalizeServer } from '../config/index.js';
import {
  displayWidth,
  formatAbsolute,
  headUnits,
  padEndToWidth,
  sanitizeLine,
  showHidden,
  takeWidth,
  truncateToWidth,
} from '../format/index.js';
import { setupLabel } from '../store/index.js';

export interface AuditTableOptions {
  /** Columns the table may use (the terminal's width; 80 when it is not known). */
  readonly width?: number;
  /** Non-UTF-8 locale: ASCII only. */
  readonly ascii?: boolean;
}

/** The narrowest table laid out: an entry's aligned start (time, action, result) fits in it. */
const MIN_WIDTH = 64;
/** Code units of an id or address read: far past any real one, and the line's cost stays bounded. */
const ID_UNITS = 256;
/** Columns a name, a type or a result gets: words, not ids; --json has them whole. */
const NAME_WIDTH = 40;
const ACTION_WIDTH = 14;
const RESULT_WIDTH = 24;
/** The reason is wrapped, and shown up to this many code units (--json has it whole). */
const REASON_UNITS = 600;
/** Continuation lines of an entry start here, under its action. */
const INDENT = '    ';
const GAP = '  ';

/** One piece of an entry's line: kept whole when it fits, broken (never cut) when it cannot. */
interface Piece {
  readonly text: string;
  /** Free text: starts a line of its own and is wrapped at spaces. */
  readonly wraps?: boolean;
}

/** An id, an address or a URL: bounded, hidden characters shown as marks, one safe line. */
function id(value: string, ascii: boolean): string {
  return sanitizeLine(showHidden(headUnits(value, ID_UNITS), ascii), { ascii });
}

function words(value: string, width: number, ascii: boolean): string {
  return truncateToWidth(value, width, { ascii });
}

/** A base URL as the table shows it: https is the norm and goes; anything else stays visible. */
export function compactServer(baseUrl: string): string {
  return normalizeServer(baseUrl).replace(/^https:\/\//, '');
}

/** The connection an entry was made on, as its group heading says it. */
function heading(entry: StoredAuditEntry, ascii: boolean): Piece[] {
  const pieces: Piece[] = [
    { text: `on ${id(compactServer(entry.baseUrl), ascii)}` },
    { text: `workspace ${id(entry.workspaceId, ascii)}` },
  ];
  const setup = setupLabel({ origin: entry.setup, profile: entry.profile });
  if (setup !== undefined) pieces.push({ text: `setup ${words(setup, NAME_WIDTH, ascii)}` });
  if (entry.keyId !== undefined) pieces.push({ text: `key ${id(entry.keyId, ascii)}` });
  return pieces;
}

/** The entry's aligned start: time, action, result. */
function start(entry: StoredAuditEntry, ascii: boolean): [string, string, string] {
  const ms = Date.parse(entry.time);
  return [
    Number.isNaN(ms) ? words(entry.time, 20, ascii) : formatAbsolute(ms),
    words(entry.action, ACTION_WIDTH, ascii),
    words(entry.result, RESULT_WIDTH, ascii),
  ];
}

/** What the entry was on, most asked first. */
function subject(entry: StoredAuditEntry, ascii: boolean): Piece[] {
  const pieces: Piece[] = [];
  if (entry.amount !== undefined || entry.assetId !== undefined) {
    const amount = entry.amount === undefined ? '' : `${id(entry.amount, ascii)} `;
    // The symbol people read, and the id beside it: a symbol alone is ambiguous across networks.
    const symbol = entry.assetSymbol === undefined ? '' : id(entry.assetSymbol, ascii);
    const assetId = entry.assetId === undefined ? '' : id(entry.assetId, ascii);
    const asset = symbol === '' || symbol === assetId ? assetId : assetId === '' ? symbol : `${symbol} (${assetId})`;
    pieces.push({ text: `${amount}${asset}`.trim() });
  }
  if (entry.transactionType !== undefined) pieces.push({ text: words(entry.transactionType, NAME_WIDTH, ascii) });
  if (entry.transactionId !== undefined) pieces.push({ text: `tx ${id(entry.transactionId, ascii)}` });
  if (entry.externalId !== undefined) pieces.push({ text: `externalId ${id(entry.externalId, ascii)}` });
  const to = entry.toAddress ?? entry.toAccountId;
  if (to !== undefined) {
    const name = entry.addressBookName === undefined ? '' : ` (${words(entry.addressBookName, NAME_WIDTH, ascii)})`;
    const what = entry.toAddress === undefined ? 'to account' : 'to';
    pieces.push({ text: `${what} ${id(to, ascii)}${name}` });
  }
  if (entry.correlationId !== undefined) pieces.push({ text: `correlation ${id(entry.correlationId, ascii)}` });
  if (entry.reason !== undefined && entry.reason !== '') {
    const shown = headUnits(entry.reason, REASON_UNITS);
    const more = shown.length < entry.reason.length ? (ascii ? '...' : '…') : '';
    pieces.push({ text: `reason: ${sanitizeLine(shown, { ascii }).trim()}${more}`, wraps: true });
  }
  return pieces;
}

/** Text wider than `width` in chunks of at most `width` columns, every character kept. */
function breakText(text: string, width: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (displayWidth(rest) > width) {
    const head = takeWidth(rest, width);
    if (head === '') break; // a character wider than the line: nothing narrower can be made
    out.push(head);
    rest = rest.slice(head.length);
  }
  out.push(rest);
  return out;
}

/** Free text wrapped at spaces into lines of `width`; a word wider than that is broken. */
function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter((w) => w !== '')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (displayWidth(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    const parts = breakText(word, width);
    lines.push(...parts.slice(0, -1));
    line = parts[parts.length - 1]!;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * Lines from a first line's text and pieces: each piece goes on the current line when it fits,
 * else starts a new one (indented); free text fills the current line and wraps.
 */
function pack(first: string, pieces: readonly Piece[], width: number): string[] {
  const lines: string[] = [];
  let line = first;
  const inner = width - INDENT.length;
  for (const piece of pieces) {
    const sep = line.trim() === '' ? '' : GAP;
    if (!piece.wraps && displayWidth(line) + sep.length + displayWidth(piece.text) <= width) {
      line += sep + piece.text;
      continue;
    }
    if (line.trim() !== '') lines.push(line);
    const parts = piece.wraps ? wrapWords(piece.text, inner) : breakText(piece.text, inner);
    const last = parts.pop() ?? '';
    lines.push(...parts.map((part) => INDENT + part));
    line = INDENT + last;
  }
  if (line.trim() !== '') lines.push(line);
  return lines.map((l) => l.trimEnd());
}

/**
 * The entries at `width` columns: no line wider (at MIN_WIDTH and more), no id cut. Oldest first,
 * as given; a heading line names the connection when it changes.
 */
export function formatAuditTable(entries: readonly StoredAuditEntry[], options: AuditTableOptions = {}): string {
  const ascii = options.ascii ?? false;
  const width = Math.max(MIN_WIDTH, Math.floor(options.width ?? 80));
  const starts = entries.map((e) => start(e, ascii));
  const widths = [0, 1].map((i) => Math.max(0, ...starts.map((s) => displayWidth(s[i]!))));
  const resultWidth = Math.max(0, ...starts.map((s) => displayWidth(s[2])));
  const out: string[] = [];
  let group: string | undefined;
  entries.forEach((entry, i) => {
    // Said again only when it changes: the lines under it were all made on that connection.
    const said = pack('', heading(entry, ascii), width);
    const key = said.join('\n');
    if (key !== group) {
      if (group !== undefined) out.push('');
      group = key;
      out.push(...said);
    }
    const [time, action, result] = starts[i]!;
    const pieces = subject(entry, ascii);
    const lead = `${padEndToWidth(time, widths[0]!)}${GAP}${padEndToWidth(action, widths[1]!)}${GAP}`;
    // The result is padded only when something follows it on the line.
    const first = `${lead}${pieces.length > 0 ? padEndToWidth(result, resultWidth) : result}`;
    out.push(...pack(first, pieces, width));
  });
  return out.join('\n');
}
