// Process entry: argv -> command -> exit code. Commands report their own errors (commands/report.ts);
// what is caught here is only what escaped that, and it still gets one clean line.
// First: zod decides at each schema's construction whether it compiles a fast path, and config
// schemas are built as soon as the modules below load (contract/zod-config.ts says why not).
import './contract/zod-config.js';
import { run } from './commands/index.js';
import { redact } from './commands/report.js';
import { installTerminalRestore, restoreTerminal } from './view/base/terminal-restore.js';

function debugEnabled(): boolean {
  const value = process.env.CUSTODY_DEBUG ?? '';
  return value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** One line for an error nobody handled (no stack unless CUSTODY_DEBUG=1), with secrets removed. */
function printFatal(err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`custody: ${redact(message)}\n`);
  if (debugEnabled() && err instanceof Error && err.stack) process.stderr.write(`${redact(err.stack)}\n`);
}

// Registered once, for every command: SIGTERM, SIGHUP and SIGINT end the process by that signal
// (status 128 + n) once the terminal is restored, an uncaught
// exception or unhandled rejection is printed and exits 1, and 'exit' is the last resort; each
// first restores the terminal. For most commands that is turning raw mode off (a signal during a
// passphrase prompt); the console also leaves the alternate screen and shows the cursor
// (view/base/terminal-restore.ts). The sandbox command takes SIGINT/SIGTERM over while it serves.
installTerminalRestore({
  stdin: process.stdin,
  onFatal: (err, origin) => {
    printFatal(err);
    if (!debugEnabled()) process.stderr.write(`custody: a bug (${origin}); CUSTODY_DEBUG=1 shows where it happened\n`);
  },
});

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
  printFatal(err);
  code = 1;
}
// Exit now: an idle keep-alive socket or a paused stdin must not hold the process open.
// stdout and stderr are synchronous on Linux for files, pipes and terminals, so nothing is lost.
process.exitCode = code;
process.stdout.write('', () => process.exit(code));
