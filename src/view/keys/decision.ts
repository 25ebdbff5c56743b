// When a key may confirm a decision (approve, decline, cancel, create). Bracketed paste keeps a
// paste out of the keys, but not every terminal brackets, and tmux's synchronize-panes, keys typed
// into the wrong pane and key auto-repeat all arrive as keys. A person's confirming key comes on
// its own and after the question was on screen long enough to be read; a burst does neither.
// Browsers hold a security dialog's buttons back for a moment in the same way.

/**
 * How long a confirmation is on screen before its key counts. Long enough that a key sent with, or
 * just after, the one that opened the question lands on nothing, and that auto-repeat (which starts
 * 250-600 ms after a key goes down) rarely reaches it; short enough that a person who reads the
 * question never waits for it.
 */
export const DECISION_DELAY_MS = 350;

export interface DecisionMoment {
  /** Other keys (or a paste) arrived in the same read as the confirming key. */
  readonly burst: boolean;
  /** When the confirmation went on screen (local ms); undefined: no confirmation is open. */
  readonly since: number | undefined;
  readonly now: number;
}

/** Why the confirming key does not count, in words for the dialog; undefined when it does. */
export function decisionRefusal(key: string, m: DecisionMoment): string | undefined {
  if (m.burst) return `keys arrived too fast to be typed: press ${key} again`;
  // A wall clock set back (NTP) must not lock the question for as long as it moved.
  const shown = m.since === undefined ? undefined : m.now - m.since;
  if (shown !== undefined && shown >= 0 && shown < DECISION_DELAY_MS)
    return `${key} came before the question could be read: press ${key} again`;
  return undefined;
}
