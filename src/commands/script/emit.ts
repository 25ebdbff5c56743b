// Records out as they are read: pages in, text out through the record writer, waiting on the
// output (backpressure) so memory holds one page whatever the size of the list. A reader that
// closes the pipe (`| head`) ends it quietly; a progress line goes to stderr when it is a terminal.
import type { Io } from '../cli.js';
import { createRecordWriter, type OutputSink, type RecordWriterOptions } from '../output/index.js';

function isBrokenPipe(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}

/** stdout as the writer's sink: a closed pipe makes every wait end and every write a no-op. */
interface GuardedOut extends OutputSink {
  /** The reader went away (EPIPE): stop reading, exit 0. */
  closed(): boolean;
  /** Another write error (disk full): what it was. */
  failure(): Error | undefined;
  /** Writes what is gathered (false: wait for 'drain'). */
  flush(): boolean;
  release(): void;
}

const GATHER = 65_536;

function guardOut(out: Io['stdout']): GuardedOut {
  let closed = false;
  let failure: Error | undefined;
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const fn of [...waiters]) fn();
    waiters.clear();
  };
  const onError = (err: Error) => {
    closed = true;
    if (!isBrokenPipe(err)) failure ??= err;
    wakeAll();
  };
  out.on('error', onError);
  // Records are gathered into writes of about GATHER characters: a pipe or file stdout writes
  // synchronously, one system call per write, which cost a sixth of an export's time row by row.
  let pending = '';
  const flush = (): boolean => {
    if (closed || pending === '') return true;
    const chunk = pending;
    pending = '';
    try {
      return out.write(chunk);
    } catch (err) {
      onError(err as Error);
      return true;
    }
  };
  return {
    write(chunk) {
      if (closed) return true;
      pending += chunk;
      return pending.length < GATHER ? true : flush();
    },
    flush,
    once(_event, fn) {
      if (closed) return fn();
      const wake = () => {
        waiters.delete(wake);
        out.off('drain', wake);
        fn();
      };
      waiters.add(wake);
      out.once('drain', wake);
    },
    closed: () => closed,
    failure: () => failure,
    release() {
      out.off('error', onError);
      // A write still queued may fail after this: it must not crash the exit.
      out.on('error', () => undefined);
    },
  };
}

/** Rows so far and the rate, on one line of a terminal's stderr, at most four times a second. */
export interface Progress {
  rows(count: number): void;
  done(): void;
}

export function createProgress(io: Io, label: string, now: () => number = Date.now): Progress {
  // On a terminal's stderr only, and not when the rows themselves go to that screen.
  if (io.stderr.isTTY !== true || io.stdout.isTTY === true) return { rows: () => undefined, done: () => undefined };
  const started = now();
  let shownAt = 0;
  let shown = false;
  return {
    rows(count) {
      const t = now();
      if (t - shownAt < 250) return;
      shownAt = t;
      shown = true;
      const rate = Math.round((count * 1000) / Math.max(1, t - started));
      io.stderr.write(`\r\x1b[K${label}: ${count.toLocaleString('en-US')} rows, ${rate.toLocaleString('en-US')} rows/s`);
    },
    done() {
      if (shown) io.stderr.write('\r\x1b[K');
      shown = false;
    },
  };
}

export interface EmitResult {
  readonly rows: number;
  /** The reader closed the pipe before the end: nothing more was read. */
  readonly closed: boolean;
}

/**
 * Writes every record of `pages` in the chosen format. A page source that throws leaves the output
 * unfinished on purpose (a JSON array without its `]` does not parse) and the error goes on to the
 * caller, which says where it stopped. `stop` aborts the source when the reader goes away.
 */
export async function emitPages(
  io: Io,
  pages: AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>,
  writer: RecordWriterOptions,
  opts: { readonly progress?: Progress; readonly stop?: AbortController } = {},
): Promise<EmitResult> {
  const out = guardOut(io.stdout);
  const records = createRecordWriter(out, writer);
  let rows = 0;
  try {
    for await (const page of pages) {
      for (const record of page) {
        if (out.closed()) break;
        await records.write(record);
        rows++;
      }
      if (!out.flush()) await new Promise<void>((resolve) => out.once('drain', resolve));
      opts.progress?.rows(rows);
      if (out.closed()) {
        opts.stop?.abort();
        break;
      }
    }
    opts.progress?.done();
    if (!out.closed()) await records.end();
    if (!out.flush()) await new Promise<void>((resolve) => out.once('drain', resolve));
  } finally {
    opts.progress?.done();
    out.release();
  }
  const failure = out.failure();
  if (failure !== undefined) throw new Error(`cannot write the output: ${failure.message}`);
  return { rows, closed: out.closed() };
}
