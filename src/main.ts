// Process entry: argv -> command -> exit code. Commands report their own errors (commands/report.ts);
// what is caught here is only what escaped that, and it still gets one clean line.
import { run } from './commands/index.js';

// A signal while a passphrase prompt holds the terminal in raw mode must not leave it there.
function restoreTerminal(): void {
  if (process.stdin.isTTY && process.stdin.isRaw) process.stdin.setRawMode(false);
}
for (const [signal, number] of [
  ['SIGTERM', 15],
  ['SIGHUP', 1],
] as const) {
  process.once(signal, () => {
    restoreTerminal();
    process.exit(128 + number);
  });
}

let code: number;
try {
  code = await run(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
  });
} catch (err) {
  restoreTerminal();
  // run() never throws by design; this line keeps even a bug in it to one line without a stack.
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`custody: ${message.replace(/[A-Za-z0-9_-]{40,}/g, '…')}\n`);
  if (process.env.CUSTODY_DEBUG === '1' && err instanceof Error) process.stderr.write(`${err.stack}\n`);
  code = 1;
}
// Exit now: an idle keep-alive socket or a paused stdin must not hold the process open.
// stdout and stderr are synchronous on Linux for files, pipes and terminals, so nothing is lost.
process.exitCode = code;
process.stdout.write('', () => process.exit(code));
