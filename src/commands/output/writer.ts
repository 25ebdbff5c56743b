// The streaming record writer: a command hands it records as it reads them and the text goes out
// as it comes, waiting for 'drain' whenever the output says its buffer is full, so an export of a
// million records holds what one does.
import { createEmitter, type EmitterOptions } from './emitters.js';

/** Where the text goes: a Node Writable (process.stdout) fits. */
export interface OutputSink {
  write(chunk: string): boolean;
  once(event: 'drain', fn: () => void): unknown;
}

export type RecordWriterOptions = EmitterOptions;

export interface RecordWriter {
  /** Writes one record; resolves once the output can take more (after 'drain' when it was full). */
  write(record: unknown): Promise<void>;
  /** Writes what the format still owes (a table, the closing `]`). Call it once, after the last write. */
  end(): Promise<void>;
  /** Records held in memory, not yet written: 0 but for a table's page (for tests and checks). */
  held(): number;
}

export function createRecordWriter(out: OutputSink, opts: RecordWriterOptions): RecordWriter {
  const emitter = createEmitter(opts);
  let records = 0;
  let ended = false;
  const send = async (chunk: string): Promise<void> => {
    if (chunk === '' || out.write(chunk)) return;
    await new Promise<void>((resolve) => out.once('drain', resolve));
  };
  return {
    write(record) {
      if (ended) return Promise.reject(new Error('record writer: write after end'));
      // A bug in the caller, not the data: `get` prints one object.
      if (opts.kind === 'one' && records > 0) return Promise.reject(new Error("record writer: kind 'one' takes one record"));
      records++;
      return send(emitter.record(record));
    },
    end() {
      if (ended) return Promise.resolve();
      ended = true;
      return send(emitter.end());
    },
    held: () => emitter.held(),
  };
}
