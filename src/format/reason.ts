// The free-text reason of a decline (or a cancel) as it is sent and recorded: the words typed on
// one line, nothing around them. The console cleans it once, in live/actions.ts; the view may use
// the same function to show exactly what will be sent.

// C0 and C1 controls (line breaks and tabs among them) and the Unicode line separators.
const BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** One line, trimmed; nothing left (or nothing given) is no reason at all. */
export function cleanReason(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const clean = text.replace(BREAKS_AND_CONTROLS, ' ').trim();
  return clean === '' ? undefined : clean;
}
