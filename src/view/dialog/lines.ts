// The action dialog as lines: the frozen target in full (ids and addresses are wrapped, never
// truncated: this is what the person is confirming), then the step they are at. Pure: dialog +
// width + clock → lines.
import {
  cleanReason,
  formatAbsolute,
  formatRelative,
  formatUsd,
  glyphs,
  styleText,
  transactionStatusStyle,
} from '../../format/index.js';
import { DECISIONS } from '../../domain/actions.js';
import { CONFIRM_CHARS, MAX_REASON, type OpenDialog } from '../../store/dialog.js';
import type { Segment } from '../base/segments.js';
import type { Token } from '../base/theme.js';
import { hardWrap, wordWrap } from '../draw/detail-kit.js';
import { evidenceLines, evidenceSummaryLine } from '../resources/transactions/detail-evidence.js';
import { approvalFields, creatorFields, destinationFields } from './who-lines.js';
import { auditFailureWords } from './outcome.js';
import { thresholdOf } from './target.js';

export type DialogLine = readonly Segment[];

const LABEL = 14;

/** Code units of one value the dialog shows; the rest is counted ("(48,210 more characters)"). */
const VALUE_UNITS = 512;

export interface DialogRenderOptions {
  readonly width: number;
  readonly ascii: boolean;
  readonly now: number;
  /** The configured threshold (decimal text), to say why the typed confirmation is asked for. */
  readonly thresholdUsd?: string;
}

/** The title of the dialog: what it does, in capitals so it cannot be mistaken for a pane. */
export function dialogTitle(d: Pick<OpenDialog, 'action'>): string {
  return `${d.action.toUpperCase()} transaction`;
}

/** "declining…" / "approving..." / "canceling…" */
export function progressWord(d: Pick<OpenDialog, 'action'>, ascii: boolean): string {
  return `${DECISIONS[d.action].doing}${ascii ? '...' : '…'}`;
}

/** "Label        value", the value continuing under itself when it is too long for the line. */
function field(
  out: DialogLine[],
  width: number,
  label: string,
  value: readonly Segment[] | string,
  token?: Token,
  words = false,
): void {
  const head: Segment = { text: ` ${label.padEnd(LABEL - 2)} `, token: 'muted' };
  if (typeof value !== 'string') {
    out.push([head, ...value]);
    return;
  }
  const room = Math.max(8, width - LABEL);
  // Names break between words; ids and addresses are cut anywhere, whole up to a few lines (no
  // real address is longer): a server's 50,000-character memo must not bury the question.
  (words ? wordWrap(value, room, VALUE_UNITS) : hardWrap(value, room, VALUE_UNITS)).forEach((piece, i) => {
    const seg: Segment = token === undefined ? { text: piece } : { text: piece, token };
    out.push(i === 0 ? [head, seg] : [{ text: ' '.repeat(LABEL) }, seg]);
  });
}

// Moved beside hardWrap (detail-kit.ts) so the evidence lines can use it too; kept exported here.

/** Free text (a reason, a prompt) wrapped at `width`, every line indented by `indent`. */
function para(out: DialogLine[], width: number, indent: number, text: string, token?: Token): void {
  const pad = ' '.repeat(indent);
  for (const piece of wordWrap(text, Math.max(8, width - indent))) {
    out.push([token === undefined ? { text: pad + piece } : { text: pad + piece, token }]);
  }
}

function targetLines(out: DialogLine[], d: OpenDialog, o: DialogRenderOptions): void {
  const t = d.target;
  const w = o.width;
  field(out, w, 'Id', t.transactionId, 'header');
  const style = transactionStatusStyle(t.status);
  field(out, w, 'Type', [
    { text: t.type },
    { text: '  ' },
    { text: styleText(style, { ascii: o.ascii }), token: style.tone },
  ]);
  const g = glyphs(o.ascii);
  if (t.amount !== undefined && t.amountFlag !== undefined) {
    // Never drawn as an ordinary number: the flag, the text as sent and what is wrong with it.
    field(out, w, 'Amount', `${g.warning} ${t.amount} ${t.symbol ?? ''} (${t.amountFlag})`, 'danger', true);
  } else if (t.amount !== undefined) field(out, w, 'Amount', `${t.amount} ${t.symbol ?? ''}`.trim(), 'header');
  else if (t.symbol !== undefined) field(out, w, 'Asset', t.symbol);
  field(
    out,
    w,
    'USD value',
    t.amountFlag !== undefined
      ? 'not computed: the amount is not one that can be moved'
      : t.usd === undefined
        ? 'unknown (no price for this asset)'
        : `${formatUsd(t.usd)} at the current price`,
    t.usd === undefined ? 'warning' : undefined,
  );
  field(out, w, 'Account', t.accountName === undefined ? t.accountId : `${t.accountName} (${t.accountId})`);
  if (t.counterparty !== undefined)
    field(out, w, t.counterparty.direction === 'in' ? 'From' : 'To', t.counterparty.text);
  for (const f of destinationFields(t)) field(out, w, f.label, f.value, f.token, true);
  if (t.networkId !== undefined) {
    const name = t.networkName ?? t.networkId;
    field(out, w, 'Network', name === t.networkId ? name : `${name} (${t.networkId})`);
  }
  if (t.memo !== undefined) field(out, w, 'Memo', t.memo);
  if (t.createdAt !== undefined)
    field(out, w, 'Created', `${formatAbsolute(t.createdAt)}  (${formatRelative(t.createdAt, o.now)})`);
  for (const f of [...creatorFields(t), ...approvalFields(t)]) field(out, w, f.label, f.value, f.token, true);
}

/** The risk evidence, last of the target: right above the question it informs. */
function evidenceBlock(out: DialogLine[], d: OpenDialog, o: DialogRenderOptions): void {
  const items = d.target.evidence;
  if (items === undefined) return;
  const head: Segment = { text: ` ${'Evidence'.padEnd(LABEL - 2)} `, token: 'muted' };
  out.push(...evidenceLines(items, o.width, LABEL, o.ascii, head));
}

/** Why the typed confirmation is asked for, in one sentence. */
function typedReason(d: OpenDialog, o: DialogRenderOptions): string {
  const rule = DECISIONS[d.action].confirm;
  if (rule.kind === 'typed') return rule.why;
  if (d.target.usd === undefined) return 'The USD value is unknown, so this counts as a large amount.';
  return `The amount is at or above ${formatUsd(thresholdOf(o.thresholdUsd))}.`;
}

function cursor(ascii: boolean): Segment {
  return { text: ascii ? '_' : '█', token: 'accent' };
}

function stepLines(out: DialogLine[], d: OpenDialog, o: DialogRenderOptions): void {
  const w = o.width;
  const verb = d.action;
  const g = glyphs(o.ascii);
  if (DECISIONS[d.action].reason && d.phase !== 'reason') {
    // Exactly what will be sent: the reason as the live layer cleans it.
    const reason = cleanReason(d.reason);
    field(out, w, 'Reason', reason ?? '(none)', reason === undefined ? 'muted' : undefined);
  }
  out.push([]);
  switch (d.phase) {
    case 'reason': {
      out.push([
        { text: ' Reason', token: 'title' },
        { text: ` (optional, up to ${MAX_REASON} characters)`, token: 'muted' },
      ]);
      // The text and the cursor wrap together, so a long reason stays whole on screen.
      const shown = hardWrap(`> ${d.reason}`, Math.max(8, w - 3));
      shown.forEach((piece, i) =>
        out.push(i === shown.length - 1 ? [{ text: `  ${piece}` }, cursor(o.ascii)] : [{ text: `  ${piece}` }]),
      );
      out.push([]);
      para(out, w, 1, 'enter: on to the confirmation    esc: keep the transaction (nothing is sent)', 'muted');
      return;
    }
    case 'confirm': {
      // The evidence in one line beside the question: on screen even where the target's Evidence
      // block is scrolled out of sight (80x24).
      const summary = evidenceSummaryLine(d.target.evidence, w, o.ascii);
      if (summary !== undefined) out.push(summary);
      if (d.confirm === 'yes-no') {
        out.push([
          { text: ` ${verb.charAt(0).toUpperCase()}${verb.slice(1)} this transaction?  `, token: 'title' },
          { text: 'y', token: 'key' },
          { text: ` ${verb}s   ` },
          { text: 'n', token: 'key' },
          { text: ' or ' },
          { text: 'esc', token: 'key' },
          { text: ' keeps it (the default)' },
        ]);
        if (d.hint !== undefined) para(out, w, 2, `${g.warning} ${d.hint}`, 'warning');
        return;
      }
      para(out, w, 1, typedReason(d, o), 'warning');
      para(
        out,
        w,
        1,
        `Type the last ${CONFIRM_CHARS} characters of the transaction id, then enter to ${verb}. ` +
          'esc keeps it (the default).',
      );
      out.push([{ text: `  > ${d.typed}` }, cursor(o.ascii)]);
      if (d.hint !== undefined) para(out, w, 2, `${g.warning} ${d.hint}`, 'warning');
      return;
    }
    case 'sending':
      out.push([{ text: ` ${progressWord(d, o.ascii)}`, token: 'pending' }]);
      para(
        out,
        w,
        1,
        'esc closes this view; the request goes on and its outcome shows on the status line.',
        'muted',
      );
      return;
    case 'outcome': {
      const r = d.outcome;
      if (r === undefined) return;
      const mark = r.tone === 'success' ? g.check : r.tone === 'warning' ? g.warning : g.cross;
      para(out, w, 1, `${mark} ${r.headline}`, r.tone);
      if (r.detail !== undefined) para(out, w, 3, r.detail);
      if (r.auditFailure !== undefined) {
        para(out, w, 1, `${g.warning} ${auditFailureWords(r.auditFailure)}`, 'warning');
      }
      out.push([]);
      para(out, w, 1, 'enter or esc closes', 'muted');
      return;
    }
  }
}

export interface DialogLines {
  /** What is being confirmed: scrolls when the pane is too short for it. */
  readonly target: DialogLine[];
  /** The step (reason, confirmation, progress, outcome): always on screen, below the target. */
  readonly step: DialogLine[];
}

export function dialogLines(d: OpenDialog, o: DialogRenderOptions): DialogLines {
  const target: DialogLine[] = [];
  const step: DialogLine[] = [];
  targetLines(target, d, o);
  evidenceBlock(target, d, o);
  stepLines(step, d, o);
  return { target, step };
}

export interface DialogWindow {
  /** Lines between the two rules. */
  readonly body: number;
  /** Of which the target gets these (the step gets the rest). */
  readonly targetRows: number;
  /** The largest useful scroll of the target. */
  readonly maxScroll: number;
  /** The step's lines that fit (its end, where the question and the input are, when it is cut). */
  readonly step: DialogLine[];
}

/** How the dialog shares a pane `height` lines tall (two of them are its rules). */
export function dialogWindow(lines: DialogLines, height: number): DialogWindow {
  const body = Math.max(1, height - 2);
  const step = lines.step.length > body ? lines.step.slice(lines.step.length - body) : lines.step;
  const targetRows = Math.max(0, body - step.length);
  return { body, targetRows, maxScroll: Math.max(0, lines.target.length - targetRows), step };
}
