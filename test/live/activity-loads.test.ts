// The activity feed loaded by the live engine from a real sandbox into `stores.activity`
// (live/activity-loads.ts): the first page matches the server's, the next one follows it without a
// gap or a repeat, a query asks the server and replaces what was held, `r` keeps the deeper pages,
// and a role that may not read the feed is marked so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_PAGE_SIZE } from '../../src/store/index.js';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';
import { type Engine, engineOn } from './helpers.js';

let fx: SandboxFixture;

beforeAll(async () => {
  fx = await startTestSandbox({ history: 300 });
});
afterAll(() => fx.close());

const held = (e: Engine) => e.stores.activity.getState();
const settled = (e: Engine, what: string) => waitUntil(() => held(e).loading === undefined, 8_000, what);
const ids = (list: readonly { activityId: string }[]) => list.map((a) => a.activityId);

describe('the activity feed', () => {
  it('nothing is read until asked (never polled)', async () => {
    const e = engineOn(fx);
    await e.live.start();
    expect(held(e).readAt).toBeUndefined();
    expect(e.requests.some((r) => r.path.includes('/activities'))).toBe(false);
  });

  it('the first page, then the next: the server\'s feed, newest first, no gap, no repeat', async () => {
    const e = engineOn(fx);
    const truth = await fx.client().activities.list({ limit: 2 * ACTIVITY_PAGE_SIZE, offset: 0 });
    expect(truth.length).toBe(2 * ACTIVITY_PAGE_SIZE);
    e.live.readActivity();
    expect(held(e).loading).toBe('first');
    await settled(e, 'the first page');
    expect(ids(held(e).rows)).toEqual(ids(truth.slice(0, ACTIVITY_PAGE_SIZE)));
    expect(held(e)).toMatchObject({ offset: ACTIVITY_PAGE_SIZE, complete: false, forbidden: false });
    e.live.readOlderActivity();
    expect(held(e).loading).toBe('more');
    await settled(e, 'the next page');
    expect(ids(held(e).rows)).toEqual(ids(truth));
    // `r`: the first page again; the deeper one is kept.
    e.live.readActivity();
    await settled(e, 'the first page again');
    expect(ids(held(e).rows)).toEqual(ids(truth));
  });

  it('a query asks the server and replaces what was held', async () => {
    const e = engineOn(fx);
    e.live.readActivity();
    await settled(e, 'the first page');
    const want = await fx.client().activities.list({ activityTypes: ['transaction-created'], limit: ACTIVITY_PAGE_SIZE, offset: 0 });
    expect(want.length).toBeGreaterThan(0);
    e.live.readActivity({ activityTypes: ['transaction-created'] });
    await settled(e, 'the query');
    expect(held(e).query).toEqual({ activityTypes: ['transaction-created'] });
    expect(ids(held(e).rows)).toEqual(ids(want));
    expect(held(e).rows.every((a) => a.activityType === 'transaction-created')).toBe(true);
  });

  it('a role that may not read the feed is marked so, with no rows', async () => {
    const e = engineOn(fx, { role: 'mpc-hot-signer' });
    e.live.readActivity();
    await settled(e, 'the refusal');
    expect(held(e)).toMatchObject({ forbidden: true, rows: [] });
    expect(held(e).error).toBeUndefined();
  });
});
