// The heap policy (src/commands/heap.ts) sets V8 flags at run time; what must hold is that a
// collection of last resort leaves nothing exposed behind it and never throws.
import { getHeapStatistics } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { releaseStartupHeap } from '../../src/commands/heap.js';

describe('releaseStartupHeap', () => {
  it('collects without leaving gc exposed to later contexts', () => {
    let garbage: unknown[] | undefined = Array.from({ length: 200_000 }, (_, i) => ({ i }));
    const before = getHeapStatistics().used_heap_size;
    garbage = undefined;
    expect(() => releaseStartupHeap()).not.toThrow();
    expect(getHeapStatistics().used_heap_size).toBeLessThan(before);
    expect(runInNewContext('typeof gc')).toBe('undefined');
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
    void garbage;
  });
});
