// Terminal questions for init and the key passphrase. Prompts go to stderr so that stdout carries
// only results (the public key, a summary) and stays clean when redirected.
import { StringDecoder } from 'node:string_decoder';
import type { Io } from './cli.js';

/** The user pressed Ctrl-C (or Ctrl-D on an empty line) at a prompt. */
export class PromptAborted extends Error {
  override name = 'PromptAborted';
  constructor() {
    super('cancelled');
  }
}

interface InputState {
  text: string;
  ended: boolean;
  decoder: StringDecoder;
}

// Bytes read past the end of one answer (a fast typist, a paste, a test) belong to the next one.
const states = new WeakMap<object, InputState>();

function stateOf(stdin: Io['stdin']): InputState {
  let state = states.get(stdin);
  if (!state) {
    state = { text: '', ended: false, decoder: new StringDecoder('utf8') };
    states.set(stdin, state);
  }
  return state;
}

/** True when questions can be asked: stdin is a terminal. */
export function canPrompt(io: Io): boolean {
  return io.stdin.isTTY === true;
}

/**
 * Feeds stdin chunks to `take` until it reports an answer, then detaches and pauses stdin (a
 * flowing stdin would keep the process alive). `take` sees the buffered text and returns how many
 * characters it consumed once it has its answer, or undefined to wait for more.
 */
function readUntil<T>(
  io: Io,
  take: (text: string, ended: boolean) => { consumed: number; value: T } | undefined,
): Promise<T> {
  const { stdin } = io;
  const state = stateOf(stdin);
  return new Promise<T>((resolve, reject) => {
    const check = (): void => {
      let result: { consumed: number; value: T } | undefined;
      try {
        result = take(state.text, state.ended);
      } catch (err) {
        state.text = '';
        finish();
        reject(err);
        return;
      }
      if (!result) return;
      state.text = state.text.slice(result.consumed);
      finish();
      resolve(result.value);
    };
    const onData = (chunk: Buffer | string): void => {
      state.text += typeof chunk === 'string' ? chunk : state.decoder.write(chunk);
      check();
    };
    const onEnd = (): void => {
      state.ended = true;
      check();
    };
    const finish = (): void => {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.pause();
    };
    stdin.on('data', onData);
    stdin.on('end', onEnd);
    stdin.resume();
    check();
  });
}

/** Asks a question and reads one line (without its line break); undefined at end of input. */
export function readLine(io: Io, question: string): Promise<string | undefined> {
  io.stderr.write(question);
  return readUntil(io, (text, ended) => {
    const newline = text.indexOf('\n');
    if (newline >= 0) return { consumed: newline + 1, value: text.slice(0, newline).replace(/\r$/, '') };
    if (ended) return { consumed: text.length, value: text === '' ? undefined : text };
    return undefined;
  });
}

/**
 * Asks for a secret with echo off: the terminal goes into raw mode for the one line, so nothing
 * typed is shown. Backspace and Ctrl-U edit, Enter ends, Ctrl-C (or Ctrl-D on an empty line)
 * cancels with PromptAborted. Raw mode is switched off again on every path.
 */
export async function readSecret(io: Io, question: string): Promise<string> {
  const { stdin } = io;
  io.stderr.write(question);
  const raw = typeof stdin.setRawMode === 'function';
  if (raw) stdin.setRawMode?.(true);
  try {
    return await readUntil(io, (text, ended) => {
      let secret = '';
      let inEscape = false;
      let i = 0;
      for (const ch of text) {
        i += ch.length;
        if (inEscape) {
          // Skip the rest of an escape sequence (arrow keys and the like): ESC [ ... final byte.
          if (ch !== '[' && ch >= '@' && ch <= '~') inEscape = false;
          continue;
        }
        if (ch === '\r' || ch === '\n') {
          // A CR LF pair (a paste, a non-raw terminal) is one Enter.
          if (ch === '\r' && text[i] === '\n') i += 1;
          return { consumed: i, value: secret };
        }
        if (ch === '\x03') throw new PromptAborted();
        if (ch === '\x04') {
          if (secret === '') throw new PromptAborted();
          continue;
        }
        if (ch === '\x7f' || ch === '\b') secret = Array.from(secret).slice(0, -1).join('');
        else if (ch === '\x15') secret = '';
        else if (ch === '\x1b') inEscape = true;
        else if (ch >= ' ') secret += ch;
      }
      if (ended) {
        if (secret === '') throw new PromptAborted();
        return { consumed: text.length, value: secret };
      }
      return undefined;
    });
  } finally {
    if (raw) stdin.setRawMode?.(false);
    io.stderr.write('\n');
  }
}
