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

/** The report as lines for a person: the verdict first. */
export function formatVerifyReport(file: string, report: ChainReport): string {
  const out: string[] = [`Audit log: ${file} (${count(report.lines, 'line')}, ${count(report.entries, 'entry', 'entries')})`];
  const kept = report.kept;
  const lost =
    kept?.at === false
      ? `The log was CUT or REWRITTEN after the kept seal was taken: no line carries ${kept.seal} as its prev, ` +
        'and it is not the seal now.'
      : undefined;
  if (report.breaks.length > 0) {
    const [first, ...rest] = report.breaks;
    out.push(`The chain is BROKEN: ${first!.message}.`);
    if (rest.length > 0) out.push(`It also disagrees at:`, ...rest.map((b) => `  ${b.message}`));
    if (lost !== undefined) out.push(lost);
  } else if (lost !== undefined) {
    out.push(lost);
  } else if (report.chained === 0) {
    out.push(
      report.lines === 0
        ? 'The log is empty: nothing to verify.'
        : 'No line is chained yet: the log was written before the chain existed; the next append starts it and seals these lines.',
    );
  } else {
    out.push(
      report.lines === 1
        ? 'The chain holds: its one line links to the start of the file.'
        : `The chain holds: no line before line ${report.lines} (the last) was changed, removed or inserted.`,
    );
  }
  if (report.firstChained !== undefined) {
    const first = report.firstChained;
    const sealed = report.breaks.some((b) => b.line === first) ? '' : `, sealed by line ${first}`;
    const chained = `${range(report.firstChained, report.lines)}: the chain (${count(report.chained, 'chained line')})`;
    out.push(
      report.legacy === 0
        ? `${capital(chained)}.`
        : `${capital(range(1, report.legacy))}: legacy (written before the chain existed, without a prev)${sealed}. ` +
            `${capital(chained)}.`,
    );
  } else if (report.legacy > 0) {
    out.push(`${count(report.legacy, 'legacy line')}, unchained.`);
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
  if (kept !== undefined && kept.at !== false) {
    out.push(
      kept.at === 'end'
        ? 'The kept seal is still the seal: nothing was appended since it was taken.'
        : `The kept seal is carried by line ${kept.at}: the log still holds everything it sealed.`,
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

/** The report as one JSON object for scripts. */
export function verifyReportJson(file: string, report: ChainReport): string {
  return `${JSON.stringify({ file, ...report })}\n`;
}
