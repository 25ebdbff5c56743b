// An export that meets the server's bad moments: a 429 is waited out and the export goes on to
// the end; a server that keeps failing ends it with exit 1, the place it stopped and how to go on,
// and an output that cannot pass for whole (a JSON array without its `]`).
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../../src/commands/index.js';
import { resumeHint } from '../../../src/commands/script/tx.js';
import { writePrivateKey } from '../../../src/config/index.js';
import type { SandboxResponse } from '../../../src/sandbox/index.js';
import { fakeIo, tempHome } from '../../helpers/cli-io.js';
import { type SandboxFixture, startTestSandbox } from '../../helpers/sandbox.js';

let fx: SandboxFixture;
let flags: string[];
let env: NodeJS.ProcessEnv;
/** What the next answers set off (a fault after the first page). */
let onAnswer: (r: SandboxResponse) => void = () => undefined;

beforeAll(async () => {
  fx = await startTestSandbox({ history: 2_100, onResponse: (r) => onAnswer(r) });
});
afterAll(async () => {
  await fx.close();
});
beforeEach(async () => {
  onAnswer = () => undefined;
  fx.sandbox.setChaos(undefined);
  const home = await tempHome();
  const keyFile = path.join(home.keysDir, 'export.jwk');
  await writePrivateKey(keyFile, fx.keys['view-only'].jwk);
  flags = ['--base-url', fx.baseUrl, '--workspace', fx.workspaceId, '--key-file', keyFile];
  env = home.env();
});

async function custody(argv: string[]) {
  const io = fakeIo(env);
  io.stdin.end();
  const code = await run([...argv, ...flags], io);
  return { code, out: io.out(), err: io.err() };
}

const isPage = (r: SandboxResponse) => r.kind === 'http' && r.method === 'GET' && /\/transactions\?/.test(r.target);

describe('custody tx list --all under faults', () => {
  it('a 429 after the first page is waited out (Retry-After) and the export is whole', async () => {
    const whole = JSON.parse((await custody(['tx', 'list', '--all', '--output', 'json', '--columns', 'transactionId'])).out) as unknown[];
    let faults = 0;
    onAnswer = (r) => {
      if (isPage(r) && r.status === 200 && faults === 0) fx.sandbox.setChaos('429=1');
      if (r.chaos === '429') {
        faults++;
        fx.sandbox.setChaos(undefined);
      }
    };
    const r = await custody(['tx', 'list', '--all', '--output', 'json', '--columns', 'transactionId']);
    expect(faults).toBe(1);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(whole);
  }, 20_000);

  it('a server that keeps failing: exit 1, where it stopped and how to go on; the JSON does not parse', async () => {
    onAnswer = (r) => {
      if (isPage(r) && r.status === 200) fx.sandbox.setChaos('503=1');
    };
    const r = await custody(['tx', 'list', '--all', '--output', 'json', '--columns', 'transactionId,createdAt']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/503|unavailable/i);
    expect(r.err).toMatch(/stopped after 1000 rows: the last createdAt read was \d{4}-\d\d-\d\dT[\d:.]+Z/);
    expect(r.err).toMatch(/the output is incomplete \(1000 rows\); to go on, run the same command with --until \d{4}-\d\d-\d\dT[\d:.]+Z/);
    expect(() => JSON.parse(r.out)).toThrow();
    expect(r.out.trimEnd().split('\n')).toHaveLength(1 + 1000); // `[` and the rows read
  }, 30_000);

  it.each([
    [{ rows: 0, field: 'createdAt', lastKey: undefined, lastKeyIso: undefined, rowsAtLastKey: 0, newestFirst: true, aborted: false }, /nothing was written: run it again/],
    [{ rows: 10, field: 'createdAt', lastKey: '1', lastKeyIso: '1970-01-01T00:00:00.001Z', rowsAtLastKey: 2, newestFirst: false, aborted: false }, /--since 1970-01-01T00:00:00.001Z into another file \(its first 2 rows repeat the last 2 here/],
    [{ rows: 10, field: 'updatedAt', lastKey: '1', lastKeyIso: '1970-01-01T00:00:00.001Z', rowsAtLastKey: 0, newestFirst: true, aborted: false }, /sorted by update time cannot resume/],
  ] as const)('resumeHint %#', (stop, text) => {
    expect(resumeHint(stop)).toMatch(text);
  });
});
