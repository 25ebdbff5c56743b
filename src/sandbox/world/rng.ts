// The world's randomness: mulberry32, a 32-bit generator that is small, fast and good enough for
// a simulation (not for secrets). Its whole state is one uint32, so a transaction can carry its own
// stream in a number and stay deterministic however the calls of other streams interleave.

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const HEX = '0123456789abcdef';
const ID_CODES = [...ID_ALPHABET].map((c) => c.charCodeAt(0));
const HEX_CODES = [...HEX].map((c) => c.charCodeAt(0));
export const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
export const RIPPLE58 = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';
export const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Mixes two 32-bit values into one (murmur3's finalizer over a golden-ratio combination). */
export function mix(a: number, b: number): number {
  let h = (a ^ Math.imul(b | 0, 0x9e3779b9)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** FNV-1a of a label, to name independent streams ("history", "generator" ...). */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The seed of a named stream of a world seed. */
export function streamSeed(seed: number, label: string): number {
  return mix(seed >>> 0, hashText(label));
}

export class Rng {
  state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A sub-stream for the item `salt` of this seed, without consuming this stream. */
  static of(seed: number, salt: number): Rng {
    return new Rng(mix(seed, salt));
  }

  uint32(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** An integer in [min, max]. */
  range(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(items.length)]!;
  }

  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Log-uniform in [min, max]: as many amounts near 100 as near 100,000. */
  logUniform(min: number, max: number): number {
    return Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min)));
  }

  /** `n` characters of `alphabet`. */
  chars(alphabet: string, n: number): string {
    // Built from char codes in one go: `+=` in a loop leaves a rope of n nodes per string in V8,
    // which costs ten times the memory of the flat text in a 200,000-transaction history.
    const codes = new Array<number>(n);
    for (let i = 0; i < n; i++) codes[i] = alphabet.charCodeAt(Math.floor(this.next() * alphabet.length));
    return String.fromCharCode(...codes);
  }

  /** An identifier: 24 characters of [a-z0-9]. */
  id(): string {
    const codes = new Array<number>(24);
    for (let k = 0; k < 4; k++) {
      let v = this.uint32();
      for (let i = 0; i < 6; i++) {
        codes[k * 6 + i] = ID_CODES[v % 36]!;
        v = Math.floor(v / 36);
      }
    }
    return String.fromCharCode(...codes);
  }

  /** `n` lowercase hex digits. */
  hex(n: number): string {
    const codes = new Array<number>(n);
    let i = 0;
    while (i < n) {
      const v = this.uint32();
      for (let j = 0; j < 8 && i < n; j++) codes[i++] = HEX_CODES[(v >>> (j * 4)) & 15]!;
    }
    return String.fromCharCode(...codes);
  }

  /** `n` decimal digits, the first not zero. */
  digits(n: number): string {
    const codes = new Array<number>(n);
    codes[0] = 49 + this.int(9);
    for (let i = 1; i < n; i++) codes[i] = 48 + this.int(10);
    return String.fromCharCode(...codes);
  }
}
