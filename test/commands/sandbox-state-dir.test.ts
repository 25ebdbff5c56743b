// `custody sandbox --state-dir DIR` refuses, before anything starts, a folder the console's file
// rules refuse (another user could swap the journal, which holds the key registry), naming the
// folder and the fix; and a state made with another seed, naming the stored one.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { custody, tempHome } from '../helpers/cli-io.js';

describe('custody sandbox --state-dir refusals', () => {
  it('a folder others may write on the way: a usage error with the fix, nothing made', async () => {
    const home = await tempHome();
    const open = path.join(home.dir, 'open');
    await fs.mkdir(open, { mode: 0o777 });
    await fs.chmod(open, 0o777);
    const stateDir = path.join(open, 'state');
    const { code, err } = await custody(['sandbox', '--state-dir', stateDir], home.env());
    expect(code).toBe(2);
    expect(err).toContain(`--state-dir ${stateDir}:`);
    expect(err).toMatch(/writable by others \(mode 0777\).*fix: chmod go-w /s);
    await expect(fs.stat(stateDir)).rejects.toThrow();
  });

  it('a state made with another seed: refused, exit 1, the stored seed named', async () => {
    const home = await tempHome();
    const stateDir = path.join(home.dir, 'state');
    const first = await startSandbox({ stateDir, seed: 3, history: 10, tickIntervalMs: 0 });
    await first.close();
    const { code, err } = await custody(['sandbox', '--state-dir', stateDir, '--seed', '4'], home.env());
    expect(code).toBe(1);
    expect(err).toContain('custody sandbox: --state-dir:');
    expect(err).toContain('made with --seed 3, not 4: start without --seed to go on with it');
  });
});
