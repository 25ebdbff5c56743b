// `custody audit --verify`: the chain check told to a person (or, with --json, to a script).
import type { ChainReport, UnlinkedLine } from '../config/index.js';

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function range(from: number, to: number): string {
  return from === to ? `line ${from}` : `lines ${from}–${to}`;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lineList(lines: readonly number[]): string {
  const shown = lines.slice(0, 8).join(', ');
  return lines.length > 8 ? `${shown} and ${lines.length - 8} more` : shown;
}

const KIND_WORDS: Record<UnlinkedLine['kind'], string> = {
  entry: 'entries without a prev (an older custody, or added by hand)',
  blank: 'blank lines',
  other: 'lines that are not an entry (a torn write left by a crash, or an edit)',
};

/** What the lines without a link of their own are, grouped by kind. */
function unlinkedText(unlinked: readonly UnlinkedLine[], sealed: boolean): string[] {
  const out: string[] = [];
  for (const kind of ['entry', 'other', 'blank'] as const) {
    const lines = unlinked.filter((u) => u.kind === kind && u.sealed === sealed).map((u) => u.line);
    if (lines.length === 0) continue;
    out.push(
      sealed
        ? `Inside the chain, ${KIND_WORDS[kind]}: line ${lineList(lines)}; each was there when the next chained line was appended, which covers it.`
        : `After the last chained line, ${KIND_WORDS[kind]}: line ${lineList(lines)}; not covered yet (the next append covers them).`,
    );
  }
  return out;
}

/**
 * Where the trust in the file stops: the first line of the span the first break's prev should
 * cover (the chained line before it, or line 1). Lines before it are vouched for by links that
 * held; from it on, nothing reaches back to the start. Undefined when the chain holds.
 */
export function firstUnverified(report: ChainReport): number | undefined {
  const first = report.breaks[0];
  if (first === undefined) return undefined;
  const unlinked = new Set(report.unlinked.map((u) => u.line));
  for (let line = first.line - 1; line >= (report.firstChained ?? first.line); line--) {
    if (!unlinked.has(line)) return line;
  }
  return 1;
}

/** A break's message without its leading "line N: ", which the verdict already says. */
function breakWhat(message: string): string {
  return message.replace(/^line \d+: /, '');
}

/** "lines 1–4 chain intact, 5–12 not verified": what a break leaves standing. */
function standing(report: ChainReport, from: number): string {
  const rest = `${from === report.lines ? `line ${from}` : `lines ${from}–${report.lines}`} not verified`;
  return from === 1 ? rest : `${range(1, from - 1)} chain intact, ${rest}`;
}

/**
 * The one verdict, in one line: verified, BROKEN (where, and what is still vouched for), cut since
 * a kept seal, empty, or not chained yet. Every other line of the report is detail under it.
 */
export function verdict(report: ChainReport): string {
  const from = firstUnverified(report);
  if (report.breaks.length > 0 && from !== undefined) {
    const first = report.breaks[0]!;
    return `BROKEN at line ${first.line}: ${breakWhat(first.message)}; ${standing(report, from)}.`;
  }
  if (report.kept?.at === false) {
    return (
      `BROKEN since the kept seal: the log was CUT or REWRITTEN after it was taken (no line carries ` +
      `${report.kept.seal} as its prev, and it is not the seal now).`
    );
  }
  if (report.lines === 0) return 'Nothing to verify: the log is empty.';
  if (report.chained === 0) {
    return (
      `Not chained yet: ${count(report.lines, 'line')} written before the chain existed; ` +
      'the next append starts the chain and seals them.'
    );
  }
  return `Verified: ${count(report.lines, 'line')}, chain intact.`;
}

/** The report as lines for a person: the verdict first, then what it rests on. */
export function formatVerifyReport(file: string, report: ChainReport): string {
  const out: string[] = [
    `Audit log: ${file} (${count(report.lines, 'line')}, ${count(report.entries, 'entry', 'entries')})`,
    verdict(report),
  ];
  if (report.breaks.length > 1) {
    out.push('The chain also disagrees at:', ...report.breaks.slice(1).map((b) => `  ${b.message}`));
  }
  // A lost seal under a break: a second fact, told as such.
  if (report.breaks.length > 0 && report.kept?.at === false) {
    out.push(`The kept seal is lost too: no line carries ${report.kept.seal} as its prev, and it is not the seal now.`);
  }
  if (report.breaks.length === 0 && report.legacy > 0 && report.firstChained !== undefined) {
    out.push(
      `${capital(range(1, report.legacy))}: written before the chain existed (without a prev), sealed by line ${report.firstChained}.`,
    );
  }
  // The torn last line is told on its own, below.
  const unlinked = report.unlinked.filter((u) => u.line !== report.torn);
  out.push(...unlinkedText(unlinked, true), ...unlinkedText(unlinked, false));
  if (report.torn !== undefined) {
    out.push(
      `Line ${report.torn} is torn: it has no line end. An append was cut short (a crash, kill -9, a full disk) ` +
        'or the end of the file was cut off; this is not a change inside the chain. The next append ends it and covers it.',
    );
  }
  if (report.kept !== undefined && report.kept.at !== false) {
    out.push(
      report.kept.at === 'end'
        ? 'The kept seal is still the seal: nothing was appended since it was taken.'
        : `The kept seal is carried by line ${report.kept.at}: the log still holds everything it sealed.`,
    );
  }
  if (report.lines > 0 && report.intact) {
    out.push(
      `Seal: ${report.seal}`,
      '  The next line appended will carry it as its prev. Keep it somewhere else: a later',
      '  `custody audit --verify --seal <it>` shows whether the log was cut or rewritten since.',
    );
  }
  return `${out.join('\n')}\n`;
}

/**
 * What plain `custody audit` says on stderr when the chain does not hold (the table is printed
 * all the same): the verdict and every line that disagrees. Undefined when there is nothing to say.
 */
export function chainWarning(file: string, report: ChainReport): string | undefined {
  if (report.breaks.length === 0) return undefined;
  const also = report.breaks.slice(1).map((b) => `custody audit:   it also disagrees at ${b.message}\n`);
  return (
    `custody audit: ${file}: ${verdict(report)}\n${also.join('')}` +
    'custody audit: the entries on lines not verified may have been changed, removed or inserted; ' +
    '`custody audit --verify` gives the whole check\n'
  );
}

/** The report as one JSON object for scripts, the person's verdict line included. */
export function verifyReportJson(file: string, report: ChainReport): string {
  return `${JSON.stringify({ file, verdict: verdict(report), ...report })}\n`;
}
