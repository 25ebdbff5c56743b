// A multimap from 32-bit string hashes to record numbers in one flat typed array (open addressing,
// linear probing): about 8 bytes a slot where a Map<string, number> holds the string itself and
// some 80 bytes more. It answers "which records may carry this text"; the caller checks each one
// against the real text, so a hash shared by two texts costs a look, never a wrong answer.

import { hashText, mix } from './rng.js';

const EMPTY = 0;
const MAX_LOAD = 0.5;

/** The hash an index keys a text by. */
export function textHash(text: string): number {
  return hashText(text);
}

export class HashIndex {
  /** Pairs [hash, value + 1]; value + 1 === EMPTY marks a free slot. */
  private slots: Uint32Array;
  private mask: number;
  private used = 0;

  constructor(expected = 0) {
    let capacity = 1024;
    while (capacity * MAX_LOAD < expected) capacity *= 2;
    this.slots = new Uint32Array(capacity * 2);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.used;
  }

  /** Adds `value` (a non-negative integer below 2^32 - 1) under `hash`; duplicates are kept. */
  add(hash: number, value: number): void {
    if (this.used + 1 > (this.mask + 1) * MAX_LOAD) this.grow();
    this.put(hash >>> 0, value + 1);
    this.used += 1;
  }

  /** Every value added under `hash`, in no particular order. */
  find(hash: number): number[] {
    const out: number[] = [];
    const h = hash >>> 0;
    const slots = this.slots;
    for (let slot = mix(h, 0) & this.mask; ; slot = (slot + 1) & this.mask) {
      const stored = slots[slot * 2 + 1]!;
      if (stored === EMPTY) return out;
      if (slots[slot * 2] === h) out.push(stored - 1);
    }
  }

  private put(hash: number, stored: number): void {
    const slots = this.slots;
    let slot = mix(hash, 0) & this.mask;
    while (slots[slot * 2 + 1] !== EMPTY) slot = (slot + 1) & this.mask;
    slots[slot * 2] = hash;
    slots[slot * 2 + 1] = stored;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    this.mask = old.length - 1;
    for (let i = 0; i < old.length; i += 2) if (old[i + 1] !== EMPTY) this.put(old[i]!, old[i + 1]!);
  }
}
