// Long-running commands (sandbox, watch) stop on purpose when asked: they take SIGINT and SIGTERM
// over from the process entry (whose handlers end the process at once with 128+n) so they can
// close their sockets first, and give them back afterwards.
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

export function takeSignals(onSignal: () => void): () => void {
  const saved = SIGNALS.map((signal) => [signal, process.rawListeners(signal)] as const);
  for (const [signal, listeners] of saved) {
    for (const listener of listeners) process.removeListener(signal, listener as () => void);
    process.on(signal, onSignal);
  }
  return () => {
    for (const [signal, listeners] of saved) {
      process.removeListener(signal, onSignal);
      for (const listener of listeners) process.on(signal, listener as () => void);
    }
  };
}
