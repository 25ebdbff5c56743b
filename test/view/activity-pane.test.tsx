// The activity pane on screen (ink): read a page at a time as the cursor moves, names for user ids,
// people's text made safe, `:activity` asks the server, Enter opens the transaction or the detail.
import { describe, expect, it } from 'vitest';
import type { Activity } from '../../src/contract/index.js';
import { type ActivityReader, activityPages, deferred, fixtures, KEYS, NOW, type Rendered, renderApp, settle } from './helpers.js';

type Query = Parameters<ActivityReader>[0];

async function open(options: Parameters<typeof renderApp>[0] = {}): Promise<Rendered> {
  const a = renderApp({ columns: 120, rows: 30, ...options });
  await settle();
  return a;
}

async function run(a: Rendered, line: string): Promise<void> {
  await a.press(':');
  await a.type(line);
  await a.press(KEYS.enter);
}

const selected = (a: Rendered) => a.lines().find((l) => l.startsWith('▶')) ?? '';
const reads = (a: Rendered) => a.rec.calls.filter((c) => c.startsWith('activities'));

/** A feed of n activities, newest first, a second apart. */
const feed = (n: number): Activity[] =>
  Array.from({ length: n }, (_, i) => ({
    activityId: `act-${String(i).padStart(5, '0')}`,
    activityType: 'login',
    title: `Signed in ${i}`,
    createdAt: String(NOW - 60_000 - i * 1000),
    userId: 'alice',
  }));

describe('the activity pane', () => {
  it('7: the first page is read; newest first, names for ids, the type, what happened, the account', async () => {
    const a = await open();
    await a.press('7');
    expect(reads(a)).toEqual(['activities 0']);
    const f = a.frame();
    expect(f).toContain('Activity │ newest first');
    expect(f).toMatch(/TIME +AGE +WHO +TYPE +WHAT +ACCOUNT/);
    expect(selected(a)).toMatch(/11:59:48 +12s Dana Whitfield +transaction-created +Withdrawal created — Withdrawal tx-w/);
    expect(f).toMatch(/Bob Okafor +transaction-declined +Withdrawal declined — Reason: wrong/);
    // An id no member matches: short, and said.
    expect(f).toContain('ghost-us… (not a member)');
    // A type this console does not know: shown as it came.
    expect(f).toContain('future-kind');
    expect(f).not.toContain('[31mwrong');
    expect(f).toContain('1/7');
  });

  it('the next page is read as the cursor nears the end, and no further than the feed goes', async () => {
    const all = feed(250);
    const queries: Query[] = [];
    const a = await open({ script: { activities: (q) => (queries.push(q), activityPages(all)(q)) } });
    await a.press('7');
    expect(reads(a)).toEqual(['activities 0']);
    expect(queries[0]).toEqual({ limit: 100, offset: 0 });
    expect(a.frame()).toContain('older ones are read as you scroll');
    await a.press('G');
    expect(reads(a)).toEqual(['activities 0', 'activities 100']);
    expect(a.frame()).toContain('100/200');
    await a.press('G');
    expect(reads(a)).toEqual(['activities 0', 'activities 100', 'activities 200']);
    expect(a.frame()).toContain('200/250');
    // The last page was short: the whole feed is held, nothing more is asked.
    expect(a.frame()).not.toContain('older ones are read');
    await a.press('G');
    expect(a.frame()).toContain('250/250');
    expect(reads(a)).toHaveLength(3);
  });

  it('r reads the first page again: what happened since goes on top, the cursor stays', async () => {
    const all = feed(150);
    let now = all.slice(50);
    const a = await open({ script: { activities: (q) => activityPages(now)(q) } });
    await a.press('7', 'j', 'j');
    expect(selected(a)).toContain('Signed in 52');
    now = all;
    await a.press('r');
    expect(reads(a)).toEqual(['activities 0', 'activities 0']);
    // 50 new ones on top of what was held; the cursor stays on its row.
    expect(selected(a)).toContain('Signed in 52');
    expect(a.frame()).toContain('53/150');
  });

  it('a read in flight says so; its failure says why and r retries', async () => {
    const gate = deferred<Awaited<ReturnType<ActivityReader>>>();
    let answer: () => Promise<Awaited<ReturnType<ActivityReader>>> = () => gate.promise;
    const a = await open({ script: { activities: () => answer() } });
    await a.press('7');
    expect(a.frame()).toContain('loading activity…');
    expect(a.frame()).toContain('Activity │ newest first · reading…');
    gate.resolve({ kind: 'failed', message: 'the server answered 500' });
    await settle();
    expect(a.frame()).toContain('cannot read the activity feed: the server answered 500 (r retries)');
    answer = () => activityPages()({ limit: 100, offset: 0 });
    await a.press('r');
    expect(a.frame()).toContain('Dana Whitfield');
  });

  it('a role that may not read the feed', async () => {
    const a = await open({ script: { activities: () => Promise.resolve({ kind: 'forbidden', message: '403' }) } });
    await a.press('7');
    expect(a.frame()).toContain("this key's role cannot read the activity feed");
  });

  it(':activity <type> <text> asks the server; the chips say so; Esc shows all of it', async () => {
    const queries: Query[] = [];
    const a = await open({ script: { activities: (q) => (queries.push(q), activityPages()(q)) } });
    await run(a, 'activity transaction-declined kraken');
    expect(a.ui.getState().pane).toBe('activity');
    expect(queries.at(-1)).toEqual({ search: 'kraken', activityTypes: ['transaction-declined'], limit: 100, offset: 0 });
    expect(a.frame()).toContain('[type: transaction-declined] [search: kraken]');
    await a.press(KEYS.esc);
    expect(queries.at(-1)).toEqual({ limit: 100, offset: 0 });
    expect(a.frame()).not.toContain('[type:');
  });

  it('/ filters what is held, names included', async () => {
    const a = await open();
    await a.press('7', '/');
    await a.type('okafor');
    await a.press(KEYS.enter);
    expect(a.frame()).toContain('[/okafor]');
    expect(a.frame()).toContain('1/2');
  });

  it('Enter on a transaction\'s activity opens that transaction', async () => {
    const a = await open();
    await a.press('7', KEYS.enter);
    expect(a.ui.getState().pane).toBe('transactions');
    expect(a.ui.getState().detail).toEqual({ pane: 'transactions', id: 'tx-w1-7f3a9c2e5b1d', scroll: 0 });
    expect(a.rec.calls).toContain('open tx-w1-7f3a9c2e5b1d');
    expect(a.frame()).toContain('Transaction tx-w1');
  });

  it('Enter on another activity opens its detail; Esc goes back', async () => {
    const a = await open();
    await a.press('7', 'j', 'j', 'j', KEYS.enter);
    const f = a.frame();
    expect(f).toContain('Activity act-04');
    expect(f).toContain(' Signed in');
    expect(f).toContain('Who             Alice Moreau  (alice)');
    expect(f).toContain('New session from 203.0.113.7');
    await a.press(KEYS.esc);
    expect(a.frame()).toContain('Activity │ newest first');
    expect(selected(a)).toContain('Signed in');
  });

  it('members arriving turn ids into names', async () => {
    const a = await open();
    const dir = a.stores.directory.getState();
    a.stores.directory.setState({ ...dir, members: new Map() }, true);
    await a.press('7');
    expect(selected(a)).toContain('k3f9');
    a.stores.directory.setState(dir, true);
    await settle();
    expect(selected(a)).toContain('Dana Whitfield');
  });

  it('80x24: what happened keeps its room', async () => {
    const a = await open({ columns: 80, rows: 24 });
    await a.press('7');
    expect(a.lines()[1]).toBe(' 1 Acct 2 Addr 3 Tx 4 Prices 5 Swap 6 Bal  7 Activity  8 Book 9 Mem 0 Lim');
    expect(selected(a)).toMatch(/Withdrawal created/);
    expect(fixtures.activities).toHaveLength(7);
  });
});
