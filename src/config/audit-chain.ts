// The audit log's hash chain, and its check. Every line this custody writes carries `prev`: the
// hex SHA-256 of the exact bytes from the start of the previous chained line up to its own start.
// Normally that is the line just before it, newline included; over lines without a link of their
// own (lines written before the chain existed, a fragment a crash left, a line an older custody
// appended) the span reaches back to the last chained line, or to the start of the file: so the
// first chained line seals everything written before it, and no byte after it can change, go or
// come without a later `prev` disagreeing. Pure: bytes in, a report out.
import { createHash, type Hash } from 'node:crypto';
import { parseAuditLine } from './audit-line.js';

/** The `prev` of a line with nothing before it: the SHA-256 of no bytes. */
export const CHAIN_GENESIS = createHash('sha256').digest('hex');

export interface ChainBreak {
  /** The line whose `prev` disagrees (1-based). */
  readonly line: number;
  readonly message: string;
}

/** A line after the chain started that carries no link of its own. */
export interface UnlinkedLine {
  readonly line: number;
  /** entry: a whole entry without prev (an older custody, or added by hand); blank; other: not an entry (a torn write, an edit). */
  readonly kind: 'entry' | 'blank' | 'other';
  /** A later chained line covers it: it was there when that line was appended. */
  readonly sealed: boolean;
}

export interface ChainReport {
  /** Lines in the file, a last line without its newline included. */
  readonly lines: number;
  /** Lines that are a whole entry, chained or not. */
  readonly entries: number;
  /** Lines before the first chained line (written before the chain existed): sealed by it. */
  readonly legacy: number;
  readonly chained: number;
  readonly firstChained?: number;
  readonly unlinked: readonly UnlinkedLine[];
  /** The last line when the file does not end in a newline: an append cut short (or the end cut off). */
  readonly torn?: number;
  /** Every place the chain disagrees, in file order; empty when it holds. */
  readonly breaks: readonly ChainBreak[];
  /** The `prev` the next appended line will carry: keep it elsewhere to notice a cut at the end later. */
  readonly seal: string;
  /**
   * Where a seal kept from an earlier check is found, when one was given: the line that carries
   * it as its prev, 'end' when it is still the seal (nothing appended since), or false: the log
   * was cut, or rewritten, after that seal was taken.
   */
  readonly kept?: { readonly seal: string; readonly at: number | 'end' | false };
  /** No break, and a kept seal (if given) was found. */
  readonly intact: boolean;
}

interface PendingBreak {
  readonly line: number;
  readonly prev: string;
  /** The first line of the span its prev should cover. */
  readonly from: number;
  /** The chained line before it (0: none, it is the first). */
  readonly before: number;
}

interface Span {
  readonly from: number;
  readonly to: number;
}

const NEWLINE = new Uint8Array([0x0a]);
const utf8 = new TextDecoder('utf-8', { fatal: true });

function lineText(bytes: Uint8Array): string | undefined {
  const end = bytes.length > 0 && bytes[bytes.length - 1] === 0x0a ? bytes.length - 1 : bytes.length;
  try {
    return utf8.decode(bytes.subarray(0, end));
  } catch {
    return undefined;
  }
}

/** The link a line carries, or undefined when it has none (not an entry, or an entry from before the chain). */
export function linkOf(bytes: Uint8Array): string | undefined {
  const text = lineText(bytes);
  return text === undefined ? undefined : parseAuditLine(text)?.prev;
}

function range(from: number, to: number): string {
  return from === to ? `line ${from}` : `lines ${from}–${to}`;
}

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

/**
 * Walks a log line by line. push() each line's exact bytes (with its newline; only the last line
 * of a file may lack one), then finish().
 */
export class AuditChainVerifier {
  private count = 0;
  private entries = 0;
  private legacy = 0;
  private chained = 0;
  private firstChained: number | undefined;
  private lastChained = 0;
  private span: Hash = createHash('sha256');
  private spanFrom = 1;
  private torn: number | undefined;
  private readonly unlinked: { line: number; kind: UnlinkedLine['kind'] }[] = [];
  private readonly pending: PendingBreak[] = [];
  /** The hash of every whole span seen → its lines, to say what a wrong prev points at. */
  private readonly spans = new Map<string, Span>();
  /** The hash of each chained line alone → its number. */
  private readonly single = new Map<string, number>();
  private keptAt: number | undefined;

  /** `kept`: a seal printed by an earlier check, to look for. */
  constructor(private readonly kept?: string) {}

  push(bytes: Uint8Array): void {
    const n = ++this.count;
    if (bytes.length === 0 || bytes[bytes.length - 1] !== 0x0a) this.torn = n;
    const text = lineText(bytes);
    const entry = text === undefined || text.trim() === '' ? undefined : parseAuditLine(text);
    if (entry !== undefined) this.entries++;
    if (entry?.prev === undefined) {
      this.span.update(bytes);
      if (this.lastChained === 0) this.legacy++;
      else this.unlinked.push({ line: n, kind: entry !== undefined ? 'entry' : text?.trim() === '' ? 'blank' : 'other' });
      return;
    }
    if (entry.prev === this.kept) this.keptAt ??= n;
    const expected = this.span.digest('hex');
    this.spans.set(expected, { from: this.spanFrom, to: n - 1 });
    if (entry.prev !== expected) this.pending.push({ line: n, prev: entry.prev, from: this.spanFrom, before: this.lastChained });
    this.single.set(createHash('sha256').update(bytes).digest('hex'), n);
    this.span = createHash('sha256').update(bytes);
    this.spanFrom = n;
    this.lastChained = n;
    this.chained++;
    this.firstChained ??= n;
  }

  finish(): ChainReport {
    const last = this.span.copy();
    // The next append ends a torn last line with a newline before its own: that is what it hashes.
    if (this.torn !== undefined) last.update(NEWLINE);
    const seal = last.digest('hex');
    if (this.count >= this.spanFrom) this.spans.set(seal, { from: this.spanFrom, to: this.count });
    const breaks = this.pending.map((p) => ({ line: p.line, message: this.describe(p) }));
    const unlinked = this.unlinked.map((u) => ({ ...u, sealed: u.line < this.lastChained }));
    const keptAt: number | 'end' | false = this.keptAt ?? (this.kept === seal ? 'end' : false);
    const kept = this.kept === undefined ? undefined : { seal: this.kept, at: keptAt };
    return {
      lines: this.count,
      entries: this.entries,
      legacy: this.legacy,
      chained: this.chained,
      ...(this.firstChained !== undefined ? { firstChained: this.firstChained } : {}),
      unlinked,
      ...(this.torn !== undefined ? { torn: this.torn } : {}),
      breaks,
      seal,
      ...(kept !== undefined ? { kept } : {}),
      intact: breaks.length === 0 && kept?.at !== false,
    };
  }

  private describe(p: PendingBreak): string {
    const n = p.line;
    let what: string;
    if (n === 1) {
      what = 'line 1: its prev does not match the start of the file — line 1 was changed, or lines were removed before it';
    } else if (p.before === 0 && n === 2) {
      what =
        'line 2: the first chained line; its prev does not match line 1 — line 1 was changed, ' +
        'or a line was removed or inserted before line 2';
    } else if (p.before === 0) {
      what =
        `line ${n}: the first chained line; its prev does not match the ${plural(n - 1, 'line')} before it — ` +
        `one of them was changed, or a line was removed or inserted before line ${n}`;
    } else if (p.from === n - 1) {
      what =
        `line ${n}: its prev does not match line ${n - 1} — line ${n - 1} was changed, ` +
        `or a line was removed or inserted before line ${n}`;
    } else {
      what =
        `line ${n}: its prev does not match ${range(p.from, n - 1)} — one of them was changed, ` +
        `or a line was removed or inserted before line ${n}`;
    }
    return `${what}${this.hint(p)}`;
  }

  /** Where the line was written to go, when its prev matches something else in the file. */
  private hint(p: PendingBreak): string {
    const n = p.line;
    const span = this.spans.get(p.prev);
    const single = this.single.get(p.prev);
    const after = span?.to ?? single;
    if (after === undefined || after === n - 1) return '';
    if (after >= n) return ` (it was written to follow ${span !== undefined ? range(span.from, span.to) : `line ${after}`}, further down: lines were moved)`;
    if (span === undefined && single !== undefined) {
      return (
        ` (it was written to follow line ${single} alone: ${range(single + 1, n - 1)}, without a prev, came in after ` +
        'it — inserted, or appended by an older custody at the same moment)'
      );
    }
    return ` (it was written to follow ${after === 0 ? 'nothing: the start of the file' : `line ${after}`})`;
  }
}

/** The report for a whole log given as text or bytes (tests, small logs). */
export function verifyAuditChain(content: string | Uint8Array, kept?: string): ChainReport {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
  const verifier = new AuditChainVerifier(kept);
  let start = 0;
  while (start < bytes.length) {
    const end = bytes.indexOf(0x0a, start);
    const stop = end === -1 ? bytes.length : end + 1;
    verifier.push(bytes.subarray(start, stop));
    start = stop;
  }
  return verifier.finish();
}
