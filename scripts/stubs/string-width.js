// string-width for the bundle (scripts/build.mjs aliases every import of it here, Ink's included):
// text made only of characters that are one column each on their own and never join a
// neighbour into one grapheme (printable ASCII, Latin-1, punctuation, arrows, math, box drawing,
// blocks, shapes, braille: what the console draws) is as wide as it is long. Anything else goes
// to string-width itself. The point: its first non-ASCII call compiles /^\p{RGI_Emoji}$/v, 20 to
// 70 ms on the way to the first frame, which borders and "…" would otherwise pay.
// test/format/string-width-stub.test.ts checks every character of the set against string-width.
// string-width itself is loaded on its first use (esbuild turns this require into a lazily run
// module): loading it builds an Intl.Segmenter and compiles /^\p{RGI_Emoji}$/v at once, ~30 ms
// of every start on Node 24, for text the fast path below usually answers alone.
let stringWidth;
function fullWidth(input, options) {
  // A require, not an import: esbuild runs a required module when first called for (see above).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  stringWidth ??= require('../../node_modules/string-width/index.js').default;
  return stringWidth(input, options);
}

// U+00AD (soft hyphen, zero width), U+25FD/U+25FE (emoji, two columns) are left out.
export const NARROW =
  /^[\x20-\x7e\u00a0-\u00ac\u00ae-\u00ff\u2010-\u2027\u2030-\u205e\u2190-\u22ff\u2500-\u25fc\u25ff\u2605\u26a0\u2713\u2717\u2800-\u28ff\ufffd]*$/;

// Color and style (SGR) sequences, which Ink measures text with: string-width strips them too.
const SGR = /\x1b\[[0-9;]*m/g;

export default function width(input, options) {
  if (typeof input === 'string' && (options === undefined || (options.ambiguousIsNarrow !== false && options.countAnsiEscapeCodes !== true))) {
    if (NARROW.test(input)) return input.length;
    if (input.includes('\x1b')) {
      const text = input.replace(SGR, '');
      if (NARROW.test(text)) return text.length;
    }
  }
  return fullWidth(input, options);
}
