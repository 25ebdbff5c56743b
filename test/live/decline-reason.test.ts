// The decline reason end to end: the view passes what was typed, live/actions.ts cleans it once,
// the sandbox keeps exactly what it was sent (its action log), and the audit log says the same.
import { beforeAll, describe, expect, it } from 'vitest';
import { createMemoryAuditLog } from '../../src/config/index.js';
import type { Transaction } from '../../src/contract/index.js';
import { createWriteActions } from '../../src/live/actions.js';
import type { LiveOptions } from '../../src/live/index.js';
import { createStores } from '../../src/store/index.js';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';

let fx: SandboxFixture;
let waiting: Transaction[];

beforeAll(async () => {
  fx = await startTestSandbox();
  waiting = await fx.client().transactions.list({ transactionStatuses: ['waiting-approval'], limit: 4 });
  expect(waiting).toHaveLength(4);
});

describe('the decline reason', () => {
  it.each<[string, string | undefined, string | undefined]>([
    ['typed across lines, spaces around', '  destination\r\nlooks wrong\t ', 'destination looks wrong'],
    ['an escape pasted in', 'wrong \u001b[31maddress', 'wrong  [31maddress'],
    ['only spaces: no reason at all', ' \n\t ', undefined],
    ['none', undefined, undefined],
  ])('%s: sent and recorded as %j', async (_name, typed, sent) => {
    const api = fx.client();
    const audit = createMemoryAuditLog();
    const stores = createStores({ baseUrl: fx.baseUrl, workspaceId: fx.workspaceId, now: Date.now() });
    const writes = createWriteActions({ api, stores, options: { api, stores, audit } as LiveOptions, now: Date.now });
    const tx = waiting.shift()!;
    expect((await writes.decide('decline', tx.transactionId, { reason: typed })).kind).toBe('done');

    const kept = fx.sandbox.world.actionLog(tx.transactionId).filter((a) => a.kind === 'decline');
    expect(kept).toHaveLength(1);
    expect(kept[0]!.reason).toBe(sent);
    if (sent === undefined) expect(kept[0]).not.toHaveProperty('reason');

    const { entries } = await audit.read();
    expect(entries).toEqual([expect.objectContaining({ action: 'decline', transactionId: tx.transactionId })]);
    expect(entries[0]!.reason).toBe(sent);
  });
});
