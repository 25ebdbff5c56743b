// The scripted decision's confirmation (pure): the console's rule that a decision needs a person,
// read by read. Each row is the reads of the terminal (raw bytes, as a key reader parses them)
// with the time of each, and what came of them.
import { describe, expect, it } from 'vitest';
import { promptRead, type PromptState } from '../../src/commands/script/decide-prompt.js';
import type { DecisionName } from '../../src/domain/actions.js';
import { type ConfirmKind, type DialogTarget, withOpenDialog, withReasonDone } from '../../src/store/dialog.js';
import { DECISION_DELAY_MS } from '../../src/view/keys/decision.js';
import { createKeyReader } from '../../src/view/keys/read.js';

const ID = 'tx_0123456789abWXYZ';
const TARGET: DialogTarget = { transactionId: ID, type: 'withdrawal', status: 'waiting-approval', accountId: 'acc_1' };
const SHOWN = 1_000;
const LATER = SHOWN + DECISION_DELAY_MS;

function start(action: DecisionName, confirm: ConfirmKind): PromptState {
  const opened = withReasonDone(withOpenDialog(action, TARGET, confirm, SHOWN), SHOWN);
  return { dialog: opened.dialog! };
}

/** Feeds the reads (bytes at a time) and returns the end state with everything said. */
function run(state: PromptState, reads: readonly (readonly [string, number])[]) {
  const reader = createKeyReader();
  const said: string[] = [];
  let s = state;
  for (const [bytes, at] of reads) {
    const events = [...reader.push(bytes), ...(bytes === '\x1b' ? reader.flush() : [])];
    const step = promptRead(s, events, at);
    s = step.state;
    said.push(...step.say);
  }
  return { answer: s.answer, typed: s.dialog.typed, said: said.join(' | ') };
}

const PASTE = (text: string) => `\x1b[200~${text}\x1b[201~`;
const typeEach = (text: string, from: number) => [...text].map((ch, i) => [ch, from + i * 100] as const);

describe('promptRead: y/n below the threshold (decline)', () => {
  it.each([
    ['y after the delay confirms', [['y', LATER]], 'yes', ''],
    ['y within the delay is held back', [['y', SHOWN + 10]], undefined, 'before the question could be read'],
    ['y held back, then y again later', [['y', SHOWN + 10], ['y', LATER + 50]], 'yes', 'before the question'],
    ['key repeat (yy in one read) does not confirm', [['yy', LATER]], undefined, 'too fast'],
    ['a paste of y does not count', [[PASTE('y'), LATER]], undefined, 'a paste does not count'],
    ['n keeps it', [['n', LATER]], 'no', ''],
    ['n keeps it even at once', [['n', SHOWN]], 'no', ''],
    ['esc keeps it', [['\x1b', LATER]], 'no', ''],
    ['ctrl-c keeps it', [['\x03', SHOWN + 1]], 'no', ''],
    ['ctrl-d keeps it', [['\x04', LATER]], 'no', ''],
    ['enter does not confirm a y/n', [['\r', LATER]], undefined, ''],
    ['other letters do nothing', [['x', LATER]], undefined, ''],
  ] as const)('%s', (_name, reads, answer, said) => {
    const r = run(start('decline', 'yes-no'), reads);
    expect(r.answer).toBe(answer);
    if (said === '') expect(r.said).toBe('');
    else expect(r.said).toContain(said);
  });
});

describe('promptRead: the typed end of the id (approve; at or above the threshold)', () => {
  const end = ID.slice(-4);
  it.each([
    ['typed one by one, then enter', [...typeEach(end, LATER), ['\r', LATER + 1_000]], 'yes', end, ''],
    ['a paste of the end is ignored', [[PASTE(end), LATER], ['\r', LATER + 1_000]], undefined, '', 'a paste does not count'],
    ['a paste with enter in it is ignored', [[PASTE(`${end}\r`), LATER]], undefined, '', 'a paste does not count'],
    ['the end and enter in one read (a burst) do not confirm', [[`${end}\r`, LATER]], undefined, '', 'too fast'],
    ['typed within the delay is ignored', [...typeEach(end, SHOWN), ['\r', LATER + 1_000]], undefined, '', 'before the question could be read'],
    ['a wrong end is refused and cleared', [...typeEach('abcd', LATER), ['\r', LATER + 1_000]], undefined, '', 'is not the end of the id'],
    ['enter with nothing typed says what to type', [['\r', LATER]], undefined, '', 'type the last 4 characters'],
    ['backspace corrects', [...typeEach(`${end.slice(0, 3)}q`, LATER), ['\x7f', LATER + 500], [end.slice(3), LATER + 600], ['\r', LATER + 1_000]], 'yes', end, ''],
    ['n is a character here, not no', [['n', LATER]], undefined, 'n', ''],
    ['esc keeps it', [...typeEach(end, LATER), ['\x1b', LATER + 1_000]], 'no', end, ''],
    ['ctrl-c keeps it', [['\x03', LATER]], 'no', '', ''],
  ] as const)('%s', (_name, reads, answer, typed, said) => {
    const r = run(start('approve', 'typed'), reads);
    expect(r.answer).toBe(answer);
    expect(r.typed).toBe(typed);
    if (said === '') expect(r.said).toBe('');
    else expect(r.said).toContain(said);
  });

  it('approve always asks for the typed end, whatever confirmation was computed', () => {
    expect(start('approve', 'yes-no').dialog.confirm).toBe('typed');
  });

  it('nothing after the answer is read', () => {
    const r = run(start('decline', 'yes-no'), [['n', LATER], ['y', LATER + 500]]);
    expect(r.answer).toBe('no');
  });
});
