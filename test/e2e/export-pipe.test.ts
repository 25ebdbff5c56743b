// The export as a script meets it: the built program in a pipe whose reader leaves early
// (`| head`), and in a terminal, where stderr carries a progress line that is cleared at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CUSTODY_BIN, disposeAllPtys, spawnCustody, spawnPty } from '../helpers/pty.js';

afterEach(disposeAllPtys);

describe('custody tx list in a pipe and in a terminal', () => {
  it('a reader that closes the pipe after one line ends the export quietly (exit 0)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'custody-pipe-'));
    try {
      const child = spawn(process.execPath, [CUSTODY_BIN, 'tx', 'list', '--demo', '--all', '--output', 'jsonl'], {
        env: { ...process.env, CUSTODY_CONFIG: join(dir, 'config.json') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let err = '';
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      const first = await new Promise<string>((resolve) => child.stdout.once('data', (c: Buffer) => resolve(c.toString())));
      // As `head -1` does: read a line, close the reading end.
      child.stdout.destroy();
      const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      expect(JSON.parse(first.split('\n')[0]!)).toHaveProperty('transactionId');
      expect(code).toBe(0);
      expect(err).not.toMatch(/EPIPE|Error|cannot write/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('stderr on a terminal shows the rows so far and the rate while stdout goes to a file, then clears the line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'custody-progress-'));
    try {
      const file = join(dir, 'all.csv');
      const command = `'${process.execPath}' '${CUSTODY_BIN}' tx list --demo --output csv --columns transactionId > '${file}'`;
      const pty = spawnPty('bash', ['--norc', '--noprofile', '-c', command], { cols: 120, rows: 30, env: { CUSTODY_CONFIG: join(dir, 'config.json') } });
      const exit = await pty.exit;
      expect(exit).toMatchObject({ exitCode: 0 });
      expect(pty.output).toMatch(/custody tx list: [\d,]+ rows, [\d,]+ rows\/s/);
      expect(pty.output).toContain('\r\x1b[K');
      expect(pty.screenText().join('\n')).not.toMatch(/rows\/s/);
      // Every row is in the file, a header first.
      const lines = readFileSync(file, 'utf8').split('\r\n');
      expect(lines[0]).toBe('transactionId');
      expect(lines.length).toBeGreaterThan(1_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('a table on a terminal carries no progress line', async () => {
    const pty = spawnCustody(['tx', 'list', '--demo', '--limit', '5'], { cols: 120, rows: 30 });
    expect(await pty.exit).toMatchObject({ exitCode: 0 });
    expect(pty.output).not.toMatch(/rows\/s/);
    expect(pty.screenText().join('\n')).toMatch(/^CREATED_AT +TRANSACTION_ID +STATUS/m);
  }, 30_000);
});
