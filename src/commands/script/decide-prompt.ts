// The confirmation of a scripted decision at a terminal, under the console's rule that a decision
// needs a person: the console's dialog reducers (store/dialog.ts) decide what a key does, its key
// reader (view/keys) parses the terminal, and its delay (keys/decision.ts) holds a confirming key
// back. A paste never counts, nor keys that came together (a burst, key repeat), nor keys before
// the question could be read. `promptRead` is pure; `confirmAtTerminal` is the thin I/O around it.
import { sanitizeLine } from '../../format/index.js';
import { type OpenDialog, withErase, withHint, withSending, withText } from '../../store/dialog.js';
import { decisionRefusal, DECISION_DELAY_MS } from '../../view/keys/decision.js';
import { listenKeys, type KeyInput } from '../../view/keys/listen.js';
import type { InputEvent } from '../../view/keys/read.js';
import type { Io } from '../cli.js';

export interface PromptState {
  /** The console's dialog at its confirmation step. */
  readonly dialog: OpenDialog;
  /** yes: confirmed (the dialog moved on to sending); no: kept, nothing is to be sent. */
  readonly answer?: 'yes' | 'no';
}

export interface PromptStep {
  readonly state: PromptState;
  /** Lines to say, in order (why a key did not count). */
  readonly say: readonly string[];
}

const PASTE_IGNORED = 'a paste does not count (ignored): type it';
const TOO_FAST = 'keys arrived too fast to be typed (ignored): type them one at a time';
const TOO_EARLY = 'typed before the question could be read (ignored): type it again';

/** Within the console's delay after the question went on screen (a clock set back is not). */
function early(d: OpenDialog, now: number): boolean {
  const shown = d.confirmSince === undefined ? undefined : now - d.confirmSince;
  return shown !== undefined && shown >= 0 && shown < DECISION_DELAY_MS;
}

/** One read of the terminal (the events that arrived together) applied to the prompt. */
export function promptRead(state: PromptState, events: readonly InputEvent[], now: number): PromptStep {
  const say: string[] = [];
  const note = (line: string) => {
    if (!say.includes(line)) say.push(line);
  };
  // Other keys (or a paste) in the same read as a confirming key: not one key a person pressed.
  const burst = events.length > 1;
  let s = state;
  for (const event of events) {
    if (s.answer !== undefined) break;
    if (event.kind === 'paste') {
      note(PASTE_IGNORED);
      continue;
    }
    const name = event.key.name;
    const d = s.dialog;
    if (name === 'esc' || name === 'ctrl+c' || name === 'ctrl+d') {
      s = { ...s, answer: 'no' };
      continue;
    }
    if (d.confirm === 'yes-no') {
      if (name === 'n') s = { ...s, answer: 'no' };
      else if (name === 'y') s = confirm(s, 'y', 'yes', burst, now, note);
      continue;
    }
    if (name === 'enter') s = confirm(s, 'enter', 'typed', burst, now, note);
    else if (name === 'backspace' || name === 'ctrl+u') s = { ...s, dialog: erased(d, name === 'ctrl+u') };
    else if (event.key.text !== '') {
      if (burst) note(TOO_FAST);
      else if (early(d, now)) note(TOO_EARLY);
      else s = { ...s, dialog: withText({ dialog: d }, event.key.text).dialog ?? d };
    }
  }
  return { state: s, say };
}

function erased(d: OpenDialog, all: boolean): OpenDialog {
  return withErase({ dialog: d }, all).dialog ?? d;
}

/** The confirming key: counts alone and once the question could be read; then the console's rule. */
function confirm(
  s: PromptState,
  key: string,
  via: 'yes' | 'typed',
  burst: boolean,
  now: number,
  note: (line: string) => void,
): PromptState {
  const refusal = decisionRefusal(key, { burst, since: s.dialog.confirmSince, now });
  if (refusal !== undefined) {
    note(refusal);
    return { ...s, dialog: withHint({ dialog: s.dialog }, refusal).dialog ?? s.dialog };
  }
  const next = withSending({ dialog: s.dialog }, via).dialog ?? s.dialog;
  if (next.phase === 'sending') return { dialog: next, answer: 'yes' };
  // Not the end of the id: the console's words, the field cleared for another try.
  if (next.hint !== undefined && next !== s.dialog) note(next.hint);
  return { ...s, dialog: next };
}

const PASTE_ON = '\x1b[?2004h';
const PASTE_OFF = '\x1b[?2004l';

/**
 * Asks at the terminal (stdin and stdout both TTYs; the caller checked): raw mode and bracketed
 * paste on while it waits, off again on every way out (an answer, end of input, SIGINT, a throw).
 * `question` are the lines of the step; `now` is the clock the delay is measured on.
 */
export async function confirmAtTerminal(
  io: Io,
  dialog: OpenDialog,
  question: readonly string[],
  now: () => number = Date.now,
): Promise<boolean> {
  const { stdin, stdout } = io;
  const typed = dialog.confirm === 'typed';
  const echo = (d: OpenDialog) => {
    if (typed) stdout.write(`\r\x1b[2K  > ${sanitizeLine(d.typed)}`);
  };
  let state: PromptState = { dialog };
  let stop: (() => void) | undefined;
  let onEnd: (() => void) | undefined;
  let onSigint: (() => void) | undefined;
  try {
    stdin.setRawMode?.(true);
    stdout.write(PASTE_ON);
    for (const line of question) stdout.write(`${line}\n`);
    // The delay runs from here: the question is on screen.
    state = { dialog: { ...state.dialog, confirmSince: now() } };
    echo(state.dialog);
    const answer = await new Promise<'yes' | 'no'>((resolve) => {
      onEnd = () => resolve('no');
      onSigint = () => resolve('no');
      stdin.once('end', onEnd);
      process.once('SIGINT', onSigint);
      stop = listenKeys(stdin as unknown as KeyInput, (events) => {
        const step = promptRead(state, events, now());
        const before = state.dialog.typed;
        state = step.state;
        for (const line of step.say) stdout.write(`\r\x1b[2K  ! ${line}\n`);
        if (step.say.length > 0 || state.dialog.typed !== before) echo(state.dialog);
        if (state.answer !== undefined) resolve(state.answer);
      });
    });
    return answer === 'yes';
  } finally {
    stop?.();
    if (onEnd !== undefined) stdin.off('end', onEnd);
    if (onSigint !== undefined) process.off('SIGINT', onSigint);
    stdout.write(`${PASTE_OFF}\n`);
    try {
      stdin.setRawMode?.(false);
    } catch {
      // A terminal gone away: nothing to restore.
    }
    stdin.pause();
  }
}
