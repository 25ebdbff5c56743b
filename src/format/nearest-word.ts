// The known word a mistyped one was probably meant to be (`waitng` → `waiting-approval`), so that a
// typo is refused by name instead of quietly asking for something that matches nothing. Pure; the
// known words come from the caller (the contract's enums and what the data holds).

/** Edits between two words: insert, delete, substitute, or swap two neighbours (Damerau-Levenshtein, optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  if (m === 0) return n;
  if (n === 0) return m;
  // Three rows are enough: the swap looks two back.
  let before = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let row = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    row[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row[j] = d;
    }
    [before, prev, row] = [prev, row, before];
  }
  return prev[n]!;
}

/** Edits a word of this length may be off by and still be taken for a typo: a short word has little room. */
export function typoAllowance(length: number): number {
  return length <= 3 ? 0 : length <= 5 ? 1 : length <= 9 ? 2 : 3;
}

/**
 * How far `word` is from being `known` or the start of it (`waitng` is one edit from `waiting`, the
 * start of `waiting-approval`); the start counts only once the word is three letters or more.
 */
function startDistance(word: string, known: string): number {
  let best = editDistance(word, known);
  if (word.length < 3) return best;
  const allowance = typoAllowance(word.length);
  for (let len = Math.max(1, word.length - allowance); len <= Math.min(known.length, word.length + allowance); len++) {
    best = Math.min(best, editDistance(word, known.slice(0, len)));
  }
  return best;
}

/**
 * The known word `word` most likely meant, or undefined when none is close enough (`foobar`).
 * Case is ignored. Closest by the distance to the word or its start; among equals, the closest
 * whole word, then the first in `known`'s order.
 */
export function nearestWord(word: string, known: Iterable<string>): string | undefined {
  const w = word.toLowerCase();
  const allowance = typoAllowance(w.length);
  let best: { word: string; start: number; whole: number } | undefined;
  for (const candidate of known) {
    const k = candidate.toLowerCase();
    if (k === w) return candidate;
    const start = startDistance(w, k);
    if (start > allowance) continue;
    const whole = editDistance(w, k);
    if (best === undefined || start < best.start || (start === best.start && whole < best.whole)) {
      best = { word: candidate, start, whole };
    }
  }
  return best?.word;
}

/** "unknown word 'waitng': did you mean waiting-approval?" (or without the question when nothing is near). */
export function unknownWordText(word: string, known: Iterable<string>, what = 'word'): string {
  const near = nearestWord(word, known);
  return `unknown ${what} '${word}'${near === undefined ? '' : `: did you mean ${near}?`}`;
}
