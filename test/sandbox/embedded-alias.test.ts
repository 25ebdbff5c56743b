// --embedded-alias: every `_embedded` object of an answer or a frame is also sent as `embedded`
// (the same object), for clients typed from the OpenAPI; without it only `_embedded` travels.
import { describe, expect, it } from 'vitest';
import { startTestSandbox, waitUntil } from '../helpers/sandbox.js';

const list = '?includeEvents=true&limit=20';

describe('embedded alias', () => {
  it('sends embedded beside _embedded in answers and frames, the same object', async () => {
    const fx = await startTestSandbox({ history: 50, embeddedAlias: true });
    const res = await fx.fetch('GET', `/workspaces/${fx.workspaceId}/transactions${list}`);
    const txs = res.json.transactions as Record<string, unknown>[];
    expect(txs.length).toBeGreaterThan(0);
    for (const tx of txs) {
      expect(tx._embedded).toBeDefined();
      expect(tx.embedded).toEqual(tx._embedded);
    }
    const one = await fx.fetch('GET', `/workspaces/${fx.workspaceId}/transactions/${txs[0]!.transactionId}`);
    expect(one.json.embedded).toEqual(one.json._embedded);

    const live = fx.realtime();
    let snapshot = 0;
    live.subscribe({ includeEvents: true }, { onSnapshot: (t) => (snapshot = t.length), onUpdate: () => {} });
    await waitUntil(() => snapshot > 0, 10_000, 'the snapshot');
    const frame = fx.responses.find((r) => r.kind === 'ws' && r.body.includes('"_embedded"'));
    expect(frame?.body).toContain('"embedded":');
    await fx.close();
  });

  it('without it only _embedded travels', async () => {
    const fx = await startTestSandbox({ history: 50 });
    const res = await fx.fetch('GET', `/workspaces/${fx.workspaceId}/transactions${list}`);
    expect(res.text).toContain('"_embedded":');
    expect(res.text).not.toContain('"embedded":');
    await fx.close();
  });
});
