// Before data: offline at start says why in the pane (not "loading…" for as long as it lasts), and
// the header says the approval count is unknown ("?"), never a reassuring 0.
import { afterEach, describe, expect, it } from 'vitest';
import { withConnection } from '../../src/store/index.js';
import { emptyText } from '../../src/view/resources/kit.js';
import { NOW, type Rendered, renderApp, settle } from './helpers.js';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

const WORDS = { plural: 'transactions', singular: 'transaction', none: 'no transactions yet', ascii: false };
const DOWN = 'cannot reach the server (GET /workspaces/ws/transactions): connect ECONNREFUSED 127.0.0.1:9';

describe('emptyText', () => {
  it.each<[string, Partial<Parameters<typeof emptyText>[0]>, string]>([
    ['loading', { loading: true, filtered: false }, 'loading transactions…'],
    ['loading while the server cannot be reached', { loading: true, filtered: false, unreachable: DOWN }, `cannot read transactions: ${DOWN} (retrying; r retries now)`],
    ['a failed read', { loading: false, filtered: false, error: 'HTTP 500' }, 'cannot read transactions: HTTP 500 (r retries)'],
    ['unreachable wins over an older error while a retry runs', { loading: true, filtered: false, error: 'x', unreachable: DOWN }, `cannot read transactions: ${DOWN} (retrying; r retries now)`],
    ['read, and reachable again: the usual words', { loading: false, filtered: false, unreachable: DOWN }, 'no transactions yet'],
    ['filtered', { loading: false, filtered: true }, 'no transaction matches (esc clears the filter)'],
    ['ASCII', { loading: true, filtered: false, ascii: true }, 'loading transactions...'],
  ])('%s', (_name, words, want) => {
    expect(emptyText({ ...WORDS, loading: false, filtered: false, ...words })).toBe(want);
  });
});

describe('offline at start', () => {
  async function open(): Promise<Rendered> {
    app = renderApp({ columns: 140, rows: 30, empty: true });
    await settle();
    return app;
  }

  it('connecting: loading, and the approval count unknown', async () => {
    const a = await open();
    a.stores.session.setState((s) => withConnection(s, { kind: 'connecting' }, NOW));
    await settle();
    expect(a.frame()).toContain('loading transactions…');
    expect(a.lines()[0]).toContain('? awaiting approval');
  });

  it('offline: every pane says why at once, and keeps saying it while reads are retried', async () => {
    const a = await open();
    a.stores.session.setState((s) => withConnection(s, { kind: 'offline', detail: DOWN }, NOW));
    await settle();
    expect(a.frame()).toContain('cannot read transactions: cannot reach the server');
    expect(a.frame()).not.toContain('loading transactions');
    expect(a.lines()[0]).toContain('○ offline');
    expect(a.lines()[0]).toContain('? awaiting approval');
    await a.press('1');
    expect(a.frame()).toContain('cannot read accounts: cannot reach the server');
    await a.press('2');
    expect(a.frame()).toContain('cannot read addresses: cannot reach the server');
    await a.press('4');
    expect(a.frame()).toContain('cannot read prices: cannot reach the server');
  });
});
