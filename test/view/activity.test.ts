// The activity pane's pure parts: people's text made safe, the `:activity` words, which transaction
// an activity is about, the feed's compact times and the detail's lines (the paging reducers:
// test/store/activity.test.ts).
import { describe, expect, it } from 'vitest';
import type { Activity } from '../../src/contract/index.js';
import { ACTIVITY_PAGE_SIZE, type ActivityState, emptyActivity, emptyDirectory, withFirstPage } from '../../src/store/index.js';
import { activityDetailLines } from '../../src/view/resources/activity/detail-lines.js';
import {
  activityTransactionId,
  activityTypeCandidates,
  activityWhat,
  feedTime,
  hasQuery,
  isTransactionActivity,
  oneLine,
  parseActivityWords,
  sameQuery,
} from '../../src/view/resources/activity/words.js';
import { feedEmpty, feedSummary } from '../../src/view/resources/activity/resource.js';
import { fixtures, loadedStores, NOW } from './helpers.js';

const act = (i: number, patch: Partial<Activity> = {}): Activity => ({
  activityId: `a${String(i).padStart(5, '0')}`,
  activityType: 'login',
  title: `event ${i}`,
  createdAt: String(NOW - i * 1000),
  ...patch,
});
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => act(from + i));

describe('people\'s text, made safe to draw', () => {
  it.each<[string, string | null | undefined, boolean, string]>([
    ['plain', 'Signed in', false, 'Signed in'],
    ['colors: the whole sequence goes, not only ESC', 'a \u001b[31mred\u001b[0m b', false, 'a red b'],
    ['a title set by OSC', 'x\u001b]0;pwned\u0007y', false, 'xy'],
    ['a link by OSC 8 ended by ST', '\u001b]8;;http://evil\u001b\\link\u001b]8;;\u001b\\', false, 'link'],
    ['C1 CSI', 'a\u009b2Jb', false, 'ab'],
    ['line breaks and tabs: one space', 'one\n\ntwo\tthree', false, 'one two three'],
    ['other controls are shown, not obeyed', 'bell\u0007here', false, 'bell\uFFFDhere'],
    ['bidi overrides are folded away', 'abc\u202Edef', false, 'abcdef'],
    ['ASCII', 'bell\u0007here', true, 'bell?here'],
    ['none', null, false, ''],
  ])('%s', (_name, text, ascii, shown) => {
    expect(oneLine(text, ascii)).toBe(shown);
  });

  it.each<[string, Pick<Activity, 'title' | 'description'>, string]>([
    ['title and description', { title: 'Withdrawal declined', description: 'reason: wrong' }, 'Withdrawal declined — reason: wrong'],
    ['no description', { title: 'Signed in' }, 'Signed in'],
    ['the description repeats the title', { title: 'Signed in', description: 'Signed  in' }, 'Signed in'],
    ['no title', { title: '  ', description: 'only this' }, 'only this'],
    ['a description of escapes only', { title: 'T', description: '\u001b[0m' }, 'T'],
  ])('WHAT: %s', (_name, a, what) => {
    expect(activityWhat(a, false)).toBe(what);
  });

  it('WHAT in ASCII', () => {
    expect(activityWhat({ title: 'a', description: 'b' }, true)).toBe('a - b');
  });
});

describe(':activity words', () => {
  it.each<[string, ReturnType<typeof parseActivityWords>]>([
    ['', {}],
    ['transaction-declined', { activityTypes: ['transaction-declined'] }],
    ['Transaction-Declined login login', { activityTypes: ['transaction-declined', 'login'] }],
    ['kraken', { search: 'kraken' }],
    ['login  from   Paris', { activityTypes: ['login'], search: 'from Paris' }],
  ])('%j', (line, query) => {
    expect(parseActivityWords(line)).toEqual(query);
  });

  it('hasQuery and sameQuery', () => {
    expect(hasQuery({})).toBe(false);
    expect(hasQuery({ search: 'x' })).toBe(true);
    expect(hasQuery({ activityTypes: [] })).toBe(false);
    expect(sameQuery({ search: 'x', activityTypes: ['login'] }, { activityTypes: ['login'], search: 'x' })).toBe(true);
    expect(sameQuery({}, { search: 'x' })).toBe(false);
  });

  it('completes activity types', () => {
    expect(activityTypeCandidates('transaction-c')).toEqual(['transaction-completed', 'transaction-created', 'transaction-canceled']);
    expect(activityTypeCandidates('zzz')).toEqual([]);
  });
});

describe('the transaction an activity is about', () => {
  const held = (id: string) => ['tx-w1-7f3a9c2e5b1d', 'swcshs66h4uiro3keustztkj'].includes(id);
  const other = (id: string) => id === 'acc-cold-0001' || id === 'k3f9user00001';
  it.each<[string, Partial<Activity>, string | undefined]>([
    ['one the store holds, anywhere in the text', { title: 'x', description: 'see tx-w1-7f3a9c2e5b1d' }, 'tx-w1-7f3a9c2e5b1d'],
    [
      'the sandbox\'s words: "transaction <id>"',
      { activityType: 'transaction-declined', title: 'Withdrawal declined', description: '1 BTC from Cold to Kraken · transaction 0kylofwu7ea41rkrv700 · reason: no' },
      '0kylofwu7ea41rkrv700',
    ],
    ['a carried transactionId', { transactionId: 'tx-carried-1' } as Partial<Activity>, 'tx-carried-1'],
    [
      'a transaction activity: the first id-like word that is no account or member',
      { activityType: 'transaction-created', title: 'Created', description: 'acc-cold-0001 by k3f9user00001: ab12cd34ef56gh78' },
      'ab12cd34ef56gh78',
    ],
    ['a word of letters only is not an id', { activityType: 'transaction-created', title: 'Created', description: 'administratively' }, undefined],
    ['not a transaction activity, nothing held named', { activityType: 'login', title: 'Signed in', description: 'ab12cd34ef56gh78' }, undefined],
    ['a settings change is not a transaction\'s', { activityType: 'transaction-approval-settings-update', title: 'x', description: 'ab12cd34ef56gh78' }, undefined],
    ['"transaction completed" names no id', { activityType: 'transaction-completed', title: 'transaction completed', description: '' }, undefined],
  ])('%s', (_name, patch, id) => {
    expect(activityTransactionId(act(1, patch), held, other)).toBe(id);
  });

  it.each<[string, boolean]>([
    ['transaction-created', true],
    ['transaction-completed', true],
    ['transaction-limit-creation', false],
    ['transaction-approval-settings-update', false],
    ['login', false],
  ])('isTransactionActivity %s', (type, yes) => {
    expect(isTransactionActivity({ activityType: type })).toBe(yes);
  });
});

describe('feedTime', () => {
  it.each<[string, number, string]>([
    ['today: the time', NOW - 12_000, '11:59:48'],
    ['this year: month, day and minute', NOW - 86_400_000, '11-20 12:00'],
    ['before: the date', NOW - 400 * 86_400_000, '2024-10-17'],
  ])('%s', (_name, at, text) => {
    expect(feedTime(at, NOW)).toBe(text);
  });
});


describe('the title and the empty text', () => {
  const held = withFirstPage(emptyActivity, range(0, ACTIVITY_PAGE_SIZE), NOW);
  it.each<[string, ActivityState, string | undefined]>([
    ['first read', { ...emptyActivity, loading: 'first' }, 'reading…'],
    ['more to read', held, 'older ones are read as you scroll'],
    ['reading older', { ...held, loading: 'more' }, 'reading older…'],
    ['a failure with rows held', { ...held, error: 'timeout' }, 'timeout (r retries)'],
    ['capped', { ...held, capped: true }, 'the newest 100 are held (narrow it with :activity)'],
    ['all held', { ...held, complete: true }, undefined],
  ])('summary: %s', (_name, state, text) => {
    expect(feedSummary(state, false)).toBe(text);
  });

  it.each<[string, ActivityState, { filtered?: boolean; unreachable?: string }, string]>([
    ['refused', { ...emptyActivity, forbidden: true }, {}, "this key's role cannot read the activity feed"],
    ['failed', { ...emptyActivity, error: 'boom' }, {}, 'cannot read the activity feed: boom (r retries)'],
    ['loading', emptyActivity, {}, 'loading activity…'],
    ['offline', emptyActivity, { unreachable: 'refused' }, 'cannot read the activity feed: refused (r retries)'],
    ['none', { ...emptyActivity, readAt: NOW }, {}, 'no activity yet'],
    ['none of that kind', { ...emptyActivity, readAt: NOW, query: { search: 'x' } }, {}, 'no activity of that kind (esc shows all of it)'],
    ['`/` matches none', { ...held }, { filtered: true }, 'no activity matches (esc clears the filter)'],
  ])('empty: %s', (_name, state, words, text) => {
    expect(feedEmpty(state, { filtered: false, ascii: false, ...words })).toBe(text);
  });
});

describe('activityDetailLines', () => {
  const stores = loadedStores();
  const ctx = {
    ascii: false,
    now: NOW,
    workspace: stores.workspace.getState(),
    directory: stores.directory.getState(),
  };
  const text = (a: Activity, width = 80, c = ctx) =>
    activityDetailLines(a, c, width)
      .map((l) => l.map((s) => s.text).join(''))
      .join('\n');

  it('title, type, when, who by name with the id, the account, the description whole', () => {
    const t = text(fixtures.activities[2]!);
    expect(t).toContain(' Withdrawal declined');
    expect(t).toContain('Type            transaction-declined');
    expect(t).toContain('When            15m ago  2025-11-21 11:45:00');
    expect(t).toContain('Who             Bob Okafor  (bob)');
    expect(t).toContain('Account         Treasury Cold');
    // The author's line breaks kept; the escape sequences gone.
    expect(t).toContain('  Reason: wrong address\n  see ticket OPS-1042');
    expect(t).not.toContain('\u001b');
  });

  it('long words wrap within the width', () => {
    const long = act(1, { description: `${'word '.repeat(40)}end` });
    const lines = activityDetailLines(long, ctx, 40).map((l) => l.map((s) => s.text).join(''));
    const prose = lines.filter((l) => l.includes('word'));
    expect(prose.length).toBeGreaterThan(3);
    expect(Math.max(...prose.map((l) => l.length))).toBeLessThanOrEqual(40);
    expect(lines.join('\n')).toContain('end');
  });

  it('members not read: the id short; no user: said', () => {
    const bare = { ...ctx, directory: emptyDirectory };
    expect(text(fixtures.activities[2]!, 80, bare)).toMatch(/Who +bob/);
    expect(text(act(1))).toContain('no one named (the service did it)');
    expect(text(act(1))).toContain('  none');
  });
});
