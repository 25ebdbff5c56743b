// Small statistics and a seeded random source for the benchmark.

/** The p-th percentile (0..100) of `values`, nearest rank; NaN for none. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export const median = (values) => percentile(values, 50);

/** { min, max } of `values` (NaN for none). */
export function spread(values) {
  if (values.length === 0) return { min: Number.NaN, max: Number.NaN };
  return { min: Math.min(...values), max: Math.max(...values) };
}

/** mulberry32: a small seeded generator; `next()` in [0, 1), `range(a, b)` in [a, b). */
export function seeded(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, range: (a, b) => a + (b - a) * next() };
}

/** Rounds for the JSON line: 1 decimal under 100, whole numbers above; NaN stays NaN. */
export function round(value) {
  if (!Number.isFinite(value)) return value;
  return Math.abs(value) < 100 ? Math.round(value * 10) / 10 : Math.round(value);
}
