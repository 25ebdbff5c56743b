import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

const made: string[] = [];

/** A fresh folder under the system temp dir, removed after the test. Never the real home. */
export async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'custody-config-'));
  made.push(dir);
  return dir;
}

afterEach(async () => {
  for (const dir of made.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

export async function modeOf(p: string): Promise<number> {
  return (await fs.stat(p)).mode & 0o777;
}
