// `custody sandbox` as its own process (the built program), for tests that kill it and start it
// again: resolves with its one JSON line once it is ready.
import { type ChildProcess, spawn } from 'node:child_process';
import { CUSTODY_BIN, ptyEnv, REPO_ROOT } from './pty.js';

export interface SandboxProcess {
  child: ChildProcess;
  baseUrl: string;
  workspaceId: string;
  /** What it wrote to stderr so far. */
  stderr(): string;
}

export function startSandboxProcess(args: readonly string[], timeoutMs = 30_000): Promise<SandboxProcess> {
  const child = spawn(process.execPath, [CUSTODY_BIN, 'sandbox', ...args], {
    cwd: REPO_ROOT,
    env: ptyEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve({ child, ...JSON.parse(out.slice(0, nl)), stderr: () => stderr });
    });
    child.once('exit', () => reject(new Error(`the sandbox exited:\n${stderr}`)));
    setTimeout(() => reject(new Error(`the sandbox was not ready in time:\n${stderr}`)), timeoutMs).unref();
  });
}
