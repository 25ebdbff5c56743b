// The engine's debug log. A sink that throws (a closed stream, a full disk) must never stop what
// logs: a read, an action, the feed. Every part of the engine logs through this.

/** `sink` guarded: a line it fails to take is dropped; none given, nothing is logged. */
export function guardedLog(sink: ((line: string) => void) | undefined): (line: string) => void {
  return (line) => {
    try {
      sink?.(line);
    } catch {
      // a broken log sink must not stop the engine
    }
  };
}
