// The action dialog without a terminal: what is frozen, which confirmation is asked for, the lines
// drawn for each step (nothing truncated, nothing wider than the screen) and the phase machine
// that guarantees one request per dialog.
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { appliesTo, type DecisionName } from '../../src/domain/actions.js';
import { displayWidth } from '../../src/format/index.js';
import {
  type ConfirmKind,
  type DialogState,
  withErase,
  withOpenDialog,
  withOutcome,
  withReasonDone,
  withScroll,
  withSending,
  withText,
} from '../../src/store/dialog.js';
import { confirmKind, freezeTarget, thresholdOf } from '../../src/view/dialog/target.js';
import { dialogLines, dialogWindow, type DialogLines } from '../../src/view/dialog/lines.js';
import { wordWrap } from '../../src/view/draw/detail-kit.js';
import { loadedStores, NOW, tx } from './helpers.js';

const W1 = 'tx-w1-7f3a9c2e5b1d';
const LONG_ADDRESS = `addr1${'q7x9k2m4p6r8t0v3w5y7'.repeat(6)}end`;

function ctx() {
  const stores = loadedStores();
  return {
    dictionary: stores.dictionary.getState(),
    workspace: stores.workspace.getState(),
    prices: stores.prices.getState().bySymbol,
  };
}

function withAmount(t: Transaction, amount: string, extra: Partial<Transaction['params']> = {}): Transaction {
  return { ...t, params: { ...t.params, amount, ...extra } };
}

function open(t: Transaction, action: DecisionName = 'decline', threshold?: string): DialogState {
  const target = freezeTarget(t, ctx());
  return withOpenDialog(action, target, confirmKind(action, target.usd, threshold), 0);
}

function text(lines: DialogLines): string[] {
  return [...lines.target, ...lines.step].map((l) => l.map((s) => s.text).join(''));
}

function render(state: DialogState, width = 80, ascii = false, thresholdUsd?: string): string[] {
  return text(
    dialogLines(state.dialog!, { width, ascii, now: NOW, ...(thresholdUsd !== undefined ? { thresholdUsd } : {}) }),
  );
}

function confirmStep(state: DialogState): DialogState {
  return withReasonDone(state, 0);
}

describe('what the dialog freezes', () => {
  it('the target in display form: full id, amount with the asset decimals, USD now, names and ids', () => {
    const t = freezeTarget(tx(W1), ctx());
    expect(t).toMatchObject({
      transactionId: W1,
      type: 'withdrawal',
      status: 'waiting-approval',
      amount: '25.00000000',
      symbol: 'BTC',
      usd: '2435302.50',
      accountId: 'acc-cold-0001',
      accountName: 'Treasury Cold',
      counterparty: { direction: 'out', text: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwfn5hj9' },
      networkId: 'BTC',
      networkName: 'Bitcoin',
      approvals: { approved: ['k3f9'], needed: '2' },
    });
  });

  it.each([
    ['waiting-approval', true],
    ['approved', false],
    ['completed', false],
    ['canceled', false],
    ['new', false],
  ])('decline and approve apply to %s: %s', (status, applies) => {
    expect(appliesTo('decline', { ...tx(W1), status })).toBe(applies);
    expect(appliesTo('approve', { ...tx(W1), status })).toBe(applies);
  });

  it('a record that is not a transaction never applies', () => {
    expect(appliesTo('approve', undefined)).toBe(false);
    expect(appliesTo('approve', { status: 'waiting-approval' })).toBe(false);
  });
});

describe('which confirmation', () => {
  it.each<[DecisionName, string | undefined, string | undefined, ConfirmKind]>([
    ['decline', '99999.99', undefined, 'yes-no'],
    ['decline', '100000', undefined, 'typed'],
    ['decline', '100000.00', undefined, 'typed'],
    ['decline', '2435302.50', undefined, 'typed'],
    ['decline', undefined, undefined, 'typed'], // no price: the safe side
    ['decline', '0', undefined, 'yes-no'],
    ['decline', '500', '500', 'typed'],
    ['decline', '499.999', '500', 'yes-no'],
    ['decline', '10', '0', 'typed'],
    ['decline', '99999', 'not a number', 'yes-no'], // a broken setting falls back to 100000
    ['decline', '100001', 'not a number', 'typed'],
    ['decline', '99999', '-5', 'yes-no'],
    ['approve', '1', undefined, 'typed'], // approving moves funds: always typed
    ['approve', undefined, '1000000000', 'typed'],
  ])('%s of $%s (threshold %s): %s', (action, usd, threshold, kind) => {
    expect(confirmKind(action, usd, threshold)).toBe(kind);
  });

  it.each([
    [undefined, '100000'],
    ['250000', '250000'],
    [' 5000 ', '5000'],
    ['', '100000'],
    ['1e6', '100000'],
    ['-1', '100000'],
  ])('threshold setting %j reads as %s', (setting, value) => {
    expect(thresholdOf(setting)).toBe(value);
  });
});

describe('dialog lines', () => {
  it('shows everything being confirmed, with the full id and the status as a word', () => {
    const lines = render(open(tx(W1)), 120);
    const all = lines.join('\n');
    expect(all).toMatch(/Id +tx-w1-7f3a9c2e5b1d/);
    expect(all).toMatch(/Type +withdrawal +⚠ waiting-approval/);
    expect(all).toMatch(/Amount +25\.00000000 BTC/);
    expect(all).toMatch(/USD value +\$2,435,302\.50 at the current price/);
    expect(all).toMatch(/Account +Treasury Cold \(acc-cold-0001\)/);
    expect(all).toMatch(/To +bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwfn5hj9/);
    expect(all).toMatch(/Network +Bitcoin \(BTC\)/);
    expect(all).toMatch(/Created +2025-11-21 \d\d:59:48 +\(12s ago\)/);
    expect(all).toMatch(/Approvals +1 of 2 +by k3f9/);
    expect(all).toContain('Reason (optional, up to 200 characters)');
  });

  it.each([80, 60, 120])('a long address and memo are wrapped whole at %i columns, never cut', (width) => {
    const t = withAmount(tx(W1), '0.001', { toAddress: LONG_ADDRESS, memo: `memo ${'x'.repeat(150)} end` });
    const lines = render(open(t), width);
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(width);
    const joined = lines.map((l) => l.trim()).join('');
    expect(joined).toContain(LONG_ADDRESS);
    expect(joined).toContain(`memo ${'x'.repeat(150)} end`);
    expect(lines.join('\n')).not.toContain('…');
  });

  const cases: Array<{ name: string; t: () => Transaction; action: DecisionName; threshold?: string; typed: boolean; why?: RegExp }> = [
    { name: 'small decline', t: () => withAmount(tx(W1), '0.5'), action: 'decline', typed: false },
    { name: 'decline at the threshold', t: () => withAmount(tx(W1), '0.5'), action: 'decline', threshold: '48706.05', typed: true, why: /at or above \$48,706\.05/ },
    { name: 'large decline', t: () => tx(W1), action: 'decline', typed: true, why: /at or above \$100,000\.00/ },
    { name: 'unknown price', t: () => withAmount(tx(W1), '5', { assetId: '999' }), action: 'decline', typed: true, why: /USD value is unknown/ },
    { name: 'small approve', t: () => withAmount(tx(W1), '0.0001'), action: 'approve', typed: true, why: /Approving moves funds/ },
  ];
  it.each(cases)('$name: typed confirmation $typed', ({ t, action, threshold, typed, why }) => {
    const state = confirmStep(open(t(), action, threshold));
    const all = render(state, 80, false, threshold).join('\n');
    if (typed) {
      expect(all).toContain('Type the last 4 characters of the transaction id');
      expect(all).not.toMatch(/y +declines/);
      expect(all).toMatch(why!);
    } else {
      expect(all).toMatch(/Decline this transaction\? +y declines +n or esc keeps it \(the default\)/);
      expect(all).not.toContain('Type the last');
    }
  });

  it('unknown price says so in the target', () => {
    const all = render(open(withAmount(tx(W1), '5', { assetId: '999' }))).join('\n');
    expect(all).toMatch(/USD value +unknown \(no price for this asset\)/);
  });

  it('approve has no reason field: it opens on the typed confirmation', () => {
    const s = open(tx(W1), 'approve');
    expect(s.dialog?.phase).toBe('confirm');
    expect(s.dialog?.confirm).toBe('typed');
    const all = render(s).join('\n');
    expect(all).not.toContain('Reason');
    expect(all).toContain('then enter to approve');
  });

  it('each step: the reason as typed, sending, the outcome and how to close', () => {
    let s = withText(open(withAmount(tx(W1), '0.5')), 'duplicate payout');
    expect(render(s).join('\n')).toContain('> duplicate payout█');
    s = confirmStep(s);
    expect(render(s).join('\n')).toMatch(/Reason +duplicate payout/);
    // The confirmation shows what will be sent: cleaned as the live layer sends it.
    const spaced = confirmStep(withText(open(withAmount(tx(W1), '0.5')), '   '));
    expect(render(spaced).join('\n')).toMatch(/Reason +\(none\)/);
    s = withSending(s, 'yes');
    expect(render(s).join('\n')).toContain('declining…');
    expect(render(s, 80, true).join('\n')).toContain('declining...');
    s = withOutcome(s, s.dialog!.seq, { kind: 'done', tone: 'success', headline: 'declined: now canceled' });
    const done = render(s).join('\n');
    expect(done).toContain('✓ declined: now canceled');
    expect(done).toContain('enter or esc closes');
    expect(render(s, 80, true).join('\n')).toContain('+ declined: now canceled');
  });

  it('ASCII mode draws no character outside ASCII', () => {
    const s = confirmStep(open(tx(W1)));
    for (const l of render(s, 80, true)) expect(l).toMatch(/^[\x20-\x7e]*$/);
  });
});

describe('prose wrapping', () => {
  it.each([
    ['short', 20, ['short']],
    ['esc keeps it (the default)', 10, ['esc keeps', 'it (the', 'default)']],
    ['an id tx-0123456789abcdef here', 10, ['an id', 'tx-0123456', '789abcdef', 'here']],
    ['', 10, ['']],
  ])('%j at %i columns', (text, width, lines) => {
    expect(wordWrap(text, width)).toEqual(lines);
  });
});

describe('the window at 80x24 and at the smallest size', () => {
  it.each([
    [18, 'reason'],
    [10, 'reason'],
    [18, 'typed'],
    [10, 'typed'],
  ])('pane of %i lines, %s step: the step is on screen, the target scrolls', (height, step) => {
    let s = open(withAmount(tx(W1), '0.5', { toAddress: LONG_ADDRESS }));
    if (step === 'typed') s = confirmStep(open(tx(W1)));
    const lines = dialogLines(s.dialog!, { width: 80, ascii: false, now: NOW });
    const win = dialogWindow(lines, height);
    expect(win.targetRows + win.step.length).toBeLessThanOrEqual(height - 2);
    const stepText = win.step.map((l) => l.map((x) => x.text).join('')).join('\n');
    expect(stepText).toMatch(step === 'reason' ? />.*█/ : />.*█/);
    expect(win.maxScroll).toBe(Math.max(0, lines.target.length - win.targetRows));
  });
});

describe('the phase machine', () => {
  const small = () => open(withAmount(tx(W1), '0.5'));
  const big = () => confirmStep(open(tx(W1)));

  it('reason: text appends up to 200 characters, backspace and ctrl-u erase, enter moves on', () => {
    let s = withText(small(), 'ab');
    s = withText(s, 'c');
    expect(s.dialog?.reason).toBe('abc');
    s = withErase(s, false);
    expect(s.dialog?.reason).toBe('ab');
    s = withErase(s, true);
    expect(s.dialog?.reason).toBe('');
    s = withText(s, 'x'.repeat(250));
    expect(s.dialog?.reason).toHaveLength(200);
    s = withErase(s, true);
    // Kept as typed: the live layer cleans it once, and the confirmation shows it cleaned.
    s = withReasonDone(withText(s, '  spaced  '), 0);
    expect(s.dialog).toMatchObject({ phase: 'confirm', reason: '  spaced  ' });
  });

  it('y/n confirmation: typed text is ignored, yes sends once', () => {
    let s = confirmStep(small());
    expect(withText(s, 'abc')).toBe(s);
    expect(withSending(s, 'typed')).toBe(s);
    s = withSending(s, 'yes');
    expect(s.dialog?.phase).toBe('sending');
    // Everything after that finds nothing to confirm.
    expect(withSending(s, 'yes')).toBe(s);
    expect(withSending(s, 'typed')).toBe(s);
    expect(withReasonDone(s, 0)).toBe(s);
    expect(withText(s, 'y')).toBe(s);
  });

  it('typed confirmation: wrong text leaves a hint and clears, the right end of the id sends', () => {
    let s = big();
    expect(withSending(s, 'yes')).toBe(s);
    s = withSending(s, 'typed');
    expect(s.dialog).toMatchObject({ phase: 'confirm', hint: 'type the last 4 characters of the id first' });
    s = withSending(withText(s, '5B1D'), 'typed');
    expect(s.dialog?.phase).toBe('confirm');
    expect(s.dialog?.typed).toBe('');
    expect(s.dialog?.hint).toContain('"5B1D" is not the end of the id');
    s = withText(s, '5b1');
    expect(s.dialog?.hint).toBeUndefined();
    s = withSending(withText(s, 'd'), 'typed');
    expect(s.dialog?.phase).toBe('sending');
  });

  it('an outcome lands only in the dialog it belongs to, and only while sending', () => {
    const s = withSending(confirmStep(small()), 'yes');
    const seq = s.dialog!.seq;
    const r = { kind: 'done', tone: 'success', headline: 'x' } as const;
    expect(withOutcome(s, seq + 1, r)).toBe(s);
    expect(withOutcome(confirmStep(small()), seq, r).dialog?.phase).toBe('confirm');
    expect(withOutcome(s, seq, r).dialog?.outcome).toEqual(r);
  });

  it('scroll stays within the target', () => {
    const s = small();
    expect(withScroll(s, 5, 3).dialog?.scroll).toBe(3);
    expect(withScroll(s, -2, 3)).toBe(s);
  });
});
