// emitPages gathers records into writes of about 64 KiB (a pipe or file stdout writes each one
// with a system call), waits for a full output to drain, and stops quietly when the reader closes
// the pipe. What it writes is exactly what the record writer makes, row for row.
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Io } from '../../../src/commands/cli.js';
import type { RecordWriterOptions } from '../../../src/commands/output/index.js';
import { emitPages } from '../../../src/commands/script/emit.js';

const CSV: RecordWriterOptions = { format: 'csv', defaultColumns: ['id', 'note'], kind: 'list', tty: false };

/** Pages of `size` records with ids counting from 0. */
function pages(count: number, size: number): { id: string; note: string }[][] {
  return Array.from({ length: count }, (_, p) =>
    Array.from({ length: size }, (_, i) => ({ id: String(p * size + i), note: `row ${p * size + i}` })),
  );
}

/** A stdout that keeps every write, full after `highWaterMark` bytes until it is read. */
function sink(highWaterMark: number, { slow = false } = {}) {
  const writes: string[] = [];
  const stdout = new Writable({
    highWaterMark,
    write(chunk: Buffer, _enc, done) {
      writes.push(chunk.toString());
      if (slow) setTimeout(done, 1);
      else done();
    },
  });
  const io = { stdout, stderr: new PassThrough(), stdin: new PassThrough(), env: {} } as unknown as Io;
  return { io, writes };
}

const expected = (n: number) => ['id,note', ...Array.from({ length: n }, (_, i) => `${i},row ${i}`)].join('\r\n') + '\r\n';

describe('emitPages', () => {
  it.each([
    { pages: 1, size: 3, writesAtMost: 1 },
    { pages: 3, size: 1000, writesAtMost: 3 },
    { pages: 20, size: 1000, writesAtMost: 20 },
  ])('$pages pages of $size: the same text in at most $writesAtMost writes', async ({ pages: count, size, writesAtMost }) => {
    const { io, writes } = sink(1 << 20);
    const result = await emitPages(io, pages(count, size), CSV);
    expect(result).toEqual({ rows: count * size, closed: false });
    expect(writes.join('')).toBe(expected(count * size));
    expect(writes.length).toBeLessThanOrEqual(writesAtMost);
    expect(writes.length).toBeGreaterThan(0);
  });

  it('an output that is full is waited for, and nothing is lost', async () => {
    const { io, writes } = sink(1024, { slow: true });
    const result = await emitPages(io, pages(5, 1000), CSV);
    expect(result.rows).toBe(5000);
    expect(writes.join('')).toBe(expected(5000));
  });

  it('a reader that closes the pipe ends it quietly: nothing more is read', async () => {
    const { io } = sink(1024);
    let read = 0;
    async function* source() {
      for (const page of pages(50, 1000)) {
        read++;
        if (read === 3) io.stdout.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
        yield page;
      }
    }
    const stop = new AbortController();
    const result = await emitPages(io, source(), CSV, { stop });
    expect(result.closed).toBe(true);
    expect(stop.signal.aborted).toBe(true);
    expect(read).toBe(3);
  });

  it('another write error is said, not swallowed', async () => {
    const { io } = sink(1024);
    async function* source() {
      yield pages(1, 10)[0]!;
      io.stdout.emit('error', Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
      yield pages(1, 10)[0]!;
    }
    await expect(emitPages(io, source(), CSV)).rejects.toThrow(/cannot write the output: no space left on device/);
  });
});
