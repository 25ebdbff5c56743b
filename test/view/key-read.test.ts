// The terminal's bytes → keys and pastes (src/view/keys/read.ts), and when a key may confirm a
// decision (src/view/keys/decision.ts). Table-driven: each row is what a terminal sends.
import { describe, expect, it } from 'vitest';
import { DECISION_DELAY_MS, decisionRefusal } from '../../src/view/keys/decision.js';
import { characterKey, createKeyReader, type InputEvent, MAX_PASTE_KEPT, sequenceKey } from '../../src/view/keys/read.js';

/** Events as short words: key names ('?' for a key with no name) and paste(text). */
function words(events: readonly InputEvent[]): string[] {
  return events.map((e) => (e.kind === 'paste' ? `paste(${e.text})` : (e.key.name ?? '?')));
}

function readAll(...chunks: string[]): string[][] {
  const reader = createKeyReader();
  return chunks.map((c) => words(reader.push(c)));
}

describe('one read becomes keys', () => {
  it.each<[string, string, string[]]>([
    ['a letter', 'j', ['j']],
    ['bunched letters (fast typing, a busy console)', 'jjk', ['j', 'j', 'k']],
    ['a command line with its Enter', ':tx\r', [':', 't', 'x', 'enter']],
    ['line feed is Enter too', '\n', ['enter']],
    ['tab and shift-tab', '\t\x1b[Z', ['tab', 'shift+tab']],
    ['backspace (DEL and BS) and delete', '\x7f\b\x1b[3~', ['backspace', 'backspace', 'backspace']],
    ['arrows, CSI and SS3', '\x1b[A\x1b[B\x1bOC\x1bOD', ['up', 'down', 'right', 'left']],
    ['an arrow with a modifier', '\x1b[1;5A', ['up']],
    ['home and end, every spelling', '\x1b[H\x1b[F\x1b[1~\x1b[4~\x1b[7~\x1b[8~\x1bOH\x1bOF', ['home', 'end', 'home', 'end', 'home', 'end', 'home', 'end']],
    ['page up and down', '\x1b[5~\x1b[6~', ['pageup', 'pagedown']],
    ['ctrl letters', '\x03\x15\x04\x17', ['ctrl+c', 'ctrl+u', 'ctrl+d', 'ctrl+w']],
    ['an Alt chord is no key (it must not act as the bare key)', '\x1bd', ['?']],
    ['Alt with an arrow (ESC ESC [ A) reads as the arrow', '\x1b\x1b[A', ['up']],
    ['focus reports and mouse are no keys', '\x1b[I\x1b[O\x1b[<0;3;4M', ['?', '?', '?']],
    ['function keys are no keys', '\x1bOP\x1b[15~', ['?', '?']],
    ['C1 controls and NUL are no keys', '\u0085\u0000', ['?', '?']],
    ['text around a sequence keeps its order', 'a\x1b[Bb', ['a', 'down', 'b']],
    ['emoji and accents, one key per code point', 'é👍', ['é', '👍']],
  ])('%s', (_n, bytes, expected) => {
    expect(readAll(bytes)[0]).toEqual(expected);
  });

  it('printable keys type their text; named keys type nothing', () => {
    expect(characterKey('x')).toEqual({ name: 'x', text: 'x' });
    expect(characterKey('\r')).toEqual({ name: 'enter', text: '' });
    expect(sequenceKey('\x1b[B')).toEqual({ name: 'down', text: '' });
    expect(sequenceKey('\x1bx')).toEqual({ name: undefined, text: '' });
  });
});

describe('a read cut in the middle', () => {
  it('an escape sequence split across reads is one key', () => {
    expect(readAll('\x1b', '[B')).toEqual([[], ['down']]);
    expect(readAll('\x1b[', '5', '~')).toEqual([[], [], ['pageup']]);
  });

  it('a lone ESC is Esc once nothing follows it (flush)', () => {
    const reader = createKeyReader();
    expect(words(reader.push('\x1b'))).toEqual([]);
    expect(reader.pending()).toBe('escape');
    expect(words(reader.flush())).toEqual(['esc']);
    expect(reader.pending()).toBeUndefined();
  });

  it('a sequence that never ends is dropped, not waited for forever', () => {
    const reader = createKeyReader();
    expect(words(reader.push(`\x1b[${'1'.repeat(40)}`))).toEqual(['?', ...'1'.repeat(40).split('')]);
  });
});

describe('bracketed paste', () => {
  it.each<[string, string[], string[][]]>([
    ['a paste is text, never keys', ['\x1b[200~cd /tmp\ryes\r\x1b[201~'], [['paste(cd /tmp\ryes\r)']]],
    ['keys around a paste stay keys', ['j\x1b[200~dy\x1b[201~k'], [['j', 'paste(dy)', 'k']]],
    ['a paste over several reads', ['\x1b[200~cd /t', 'mp\ryes', '\r\x1b[201~'], [[], [], ['paste(cd /tmp\ryes\r)']]],
    ['the end marker cut between reads', ['\x1b[200~yes\x1b[2', '01~'], [[], ['paste(yes)']]],
    ['the start marker cut between reads', ['\x1b[20', '0~y\x1b[201~'], [[], ['paste(y)']]],
    ['escape sequences inside a paste stay text', ['\x1b[200~a\x1b[Bb\x1b[201~'], [['paste(a\x1b[Bb)']]],
    ['an empty paste', ['\x1b[200~\x1b[201~'], [['paste()']]],
  ])('%s', (_n, chunks, expected) => {
    expect(readAll(...chunks)).toEqual(expected);
  });

  it('a paste whose end never comes is handed over as a paste on flush, never as keys', () => {
    const reader = createKeyReader();
    expect(words(reader.push('\x1b[200~cd /tmp\ryes\r'))).toEqual([]);
    expect(reader.pending()).toBe('paste');
    expect(words(reader.flush())).toEqual(['paste(cd /tmp\ryes\r)']);
  });

  it('a huge paste keeps only what a field could take, and counts the rest', () => {
    const reader = createKeyReader();
    const big = 'x'.repeat(100_000);
    reader.push(`\x1b[200~${big.slice(0, 60_000)}`);
    const [event] = reader.push(`${big.slice(60_000)}\x1b[201~`);
    expect(event).toEqual({ kind: 'paste', text: 'x'.repeat(MAX_PASTE_KEPT), length: 100_000 });
  });
});

describe('when a key may confirm a decision', () => {
  const at = 1_000_000;
  it.each<[string, { burst: boolean; since: number | undefined; now: number }, string | undefined]>([
    ['alone, after the delay', { burst: false, since: at, now: at + DECISION_DELAY_MS }, undefined],
    ['alone, long after', { burst: false, since: at, now: at + 60_000 }, undefined],
    ['with other keys in its read', { burst: true, since: at, now: at + 60_000 }, 'keys arrived too fast to be typed: press y again'],
    ['the moment the question appears', { burst: false, since: at, now: at }, 'y came before the question could be read: press y again'],
    ['a millisecond too soon', { burst: false, since: at, now: at + DECISION_DELAY_MS - 1 }, 'y came before the question could be read: press y again'],
    ['the wall clock set back meanwhile', { burst: false, since: at, now: at - 3_600_000 }, undefined],
  ])('%s', (_n, moment, why) => {
    expect(decisionRefusal('y', moment)).toBe(why);
  });

  it('the delay is between 250 and 400 ms', () => {
    expect(DECISION_DELAY_MS).toBeGreaterThanOrEqual(250);
    expect(DECISION_DELAY_MS).toBeLessThanOrEqual(400);
  });
});
