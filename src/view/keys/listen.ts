// The terminal's input, read by the console itself (Ink's useInput is not used: read.ts says why).
// Each read of stdin becomes one list of events for the dispatcher; an ESC at the end of a read
// waits one turn of the event loop for the rest of its sequence (as Ink does), and a paste whose
// end never comes is handed over as a paste after a short quiet.
import { createKeyReader, type InputEvent } from './read.js';

/** How long a paste may go quiet before it is taken as ended (a terminal that lost the marker). */
export const PASTE_QUIET_MS = 500;

export interface KeyInput {
  readonly isTTY?: boolean;
  setEncoding(encoding: BufferEncoding): unknown;
  setRawMode?(mode: boolean): unknown;
  read(): string | Buffer | null;
  on(event: 'readable', listener: () => void): unknown;
  off(event: 'readable', listener: () => void): unknown;
  ref?(): unknown;
  unref?(): unknown;
}

/** Reads keys until the returned function is called; `onRead` gets each read's events, in order. */
export function listenKeys(stdin: KeyInput, onRead: (events: readonly InputEvent[]) => void): () => void {
  const reader = createKeyReader();
  let escapeWait: NodeJS.Immediate | undefined;
  let pasteWait: NodeJS.Timeout | undefined;

  const deliver = (events: readonly InputEvent[]) => {
    if (events.length > 0) onRead(events);
  };
  const flush = () => {
    escapeWait = undefined;
    pasteWait = undefined;
    deliver(reader.flush());
  };
  const onReadable = () => {
    if (escapeWait !== undefined) clearImmediate(escapeWait);
    if (pasteWait !== undefined) clearTimeout(pasteWait);
    escapeWait = pasteWait = undefined;
    let chunk: string | Buffer | null;
    while ((chunk = stdin.read()) !== null) deliver(reader.push(String(chunk)));
    const pending = reader.pending();
    if (pending === 'escape') escapeWait = setImmediate(flush);
    else if (pending === 'paste') pasteWait = setTimeout(flush, PASTE_QUIET_MS);
  };

  stdin.setEncoding('utf8');
  try {
    // Raw mode is on already in the console (terminal-restore.ts enters it with the screen).
    if (stdin.isTTY === true) stdin.setRawMode?.(true);
  } catch {
    // A terminal that refuses raw mode still delivers keys after Enter; nothing better to do.
  }
  stdin.ref?.();
  stdin.on('readable', onReadable);
  // Keys typed before the listener came (between the alternate screen and the first frame).
  onReadable();
  return () => {
    stdin.off('readable', onReadable);
    if (escapeWait !== undefined) clearImmediate(escapeWait);
    if (pasteWait !== undefined) clearTimeout(pasteWait);
    // Ink let go of stdin the same way: the process may end once nothing else holds it.
    stdin.unref?.();
  };
}
