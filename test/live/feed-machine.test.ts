// The live feed's state machine (src/live/feed-machine.ts), as tables: from a state reached by a
// few inputs, what the next inputs make of it (the link, the gap, the reads) and which effects
// feed.ts is asked to perform, in order. feed.test.ts runs the same rules on a real sandbox.
import { describe, expect, it } from 'vitest';
import {
  AnswerTooLargeError,
  ApiError,
  ContractError,
  NetworkError,
  ProxyError,
  type RealtimeState,
} from '../../src/client/index.js';
import type { Transaction } from '../../src/contract/index.js';
import {
  baselineMark,
  type FeedEffect,
  type FeedInput,
  type FeedState,
  initialFeedState,
  pollEveryMs,
  retriesReads,
  step,
  subscriptionSettled,
} from '../../src/live/feed-machine.js';
import { tx } from '../store/helpers.js';

const limits = { pageSize: 100, socketGraceMs: 5_000, pollIntervalMs: 3_000 };
const connecting: RealtimeState = { kind: 'connecting', attempt: 1 };
const open: RealtimeState = { kind: 'open' };
const dropped: RealtimeState = { kind: 'reconnecting', attempt: 1, delayMs: 50, code: 1006 };
const tooLarge: RealtimeState = { kind: 'reconnecting', attempt: 1, delayMs: 300_000, code: 1009, frameTooLarge: 1024 };
const loggedOut: RealtimeState = { kind: 'logged-out' };

const refusal = new ApiError({ status: 401, code: 'unauthorized', message: 'key revoked', method: 'SUBSCRIBE', path: '/x' });
const offline = new NetworkError({ message: 'connect ECONNREFUSED', method: 'GET', path: '/x', code: 'ECONNREFUSED' });
const contract = new ContractError({ message: 'bad createdAt', field: 'transactions.0.createdAt', endpoint: 'GET /x' });
const overLimit = new AnswerTooLargeError({ message: 'too large', field: '', endpoint: 'GET /x', limitBytes: 1024 });

const at = (updatedAt: string): Transaction => tx(`t${updatedAt}`, { updatedAt });

// Inputs that reach the usual states.
const start: FeedInput = { type: 'start', socket: connecting };
const snapshot = (reconnect = false): FeedInput => ({ type: 'snapshot', transactions: [], reconnect });
const socket = (state: RealtimeState): FeedInput => ({ type: 'socket', state });
const frame = (...items: Transaction[]): FeedInput => ({ type: 'frame', transactions: items });
const LIVE: FeedInput[] = [start, socket(open), snapshot()];
/** Live, the baseline read while frames flowed (epoch 1): the gap is closed, the watermark 5000. */
const SETTLED: FeedInput[] = [
  ...LIVE,
  { type: 'baseline-begin' },
  { type: 'noted', transactions: [at('5000')] },
  { type: 'baseline-read', mark: { epoch: 1, subscribed: true } },
];
const POLLING: FeedInput[] = [start, { type: 'grace-over' }];

function run(inputs: readonly FeedInput[], from?: FeedState): { state: FeedState; effects: FeedEffect[] } {
  let state = from ?? initialFeedState(limits, connecting);
  const effects: FeedEffect[] = [];
  for (const input of inputs) {
    const next = step(state, input);
    state = next.state;
    effects.push(...next.effects);
  }
  return { state, effects };
}

/** Effects in short: `event:lost`, `connection:live`, `changes:frame`, `arm-grace:5000` ... */
function short(e: FeedEffect): string {
  switch (e.kind) {
    case 'event':
      return `event:${e.event.kind}`;
    case 'problem':
      return `problem:${e.problem.kind}`;
    case 'connection':
      return `connection:${e.connection.kind}`;
    case 'changes':
      return `changes:${e.change.source}`;
    case 'arm-grace':
      return `arm-grace:${e.ms}`;
    default:
      return e.kind;
  }
}

/** The effects of `then`, after `given`. */
function after(given: readonly FeedInput[], then: readonly FeedInput[]) {
  const before = run(given).state;
  const { state, effects } = run(then, before);
  return { before, state, effects, said: effects.map(short) };
}

describe('the link', () => {
  it.each<[string, FeedInput[], FeedInput[], FeedState['link'], string[]]>([
    ['start: connecting, the grace toward polling runs, and it subscribes', [], [start], 'connecting', ['arm-grace:5000', 'connection:connecting', 'subscribe']],
    ['start on a logged-out socket: no grace', [], [{ type: 'start', socket: loggedOut }], 'logged-out', ['connection:logged-out', 'subscribe']],
    ['a second start does nothing', [start], [start], 'connecting', []],
    ['the socket opens: nothing to tell until the snapshot', [start], [socket(open)], 'connecting', []],
    ['the first snapshot: live, the grace cancelled, waiters woken', [start, socket(open)], [snapshot()], 'live', ['cancel-grace', 'fresh', 'connection:live', 'event:live', 'wake']],
    ['a drop: lost, the grace runs again', LIVE, [socket(dropped)], 'connecting', ['fresh', 'log', 'event:lost', 'arm-grace:5000', 'connection:reconnecting', 'wake']],
    ['a frame over the size limit: said, then lost', LIVE, [socket(tooLarge)], 'connecting', ['problem:frame-too-large', 'fresh', 'log', 'event:lost', 'arm-grace:5000', 'connection:reconnecting', 'wake']],
    ['reconnecting again while waiting: the grace already runs', [start, socket(dropped)], [socket({ ...dropped, attempt: 2 })], 'connecting', ['connection:reconnecting', 'wake']],
    ['the grace runs out before the baseline: polling, its read waits', [start], [{ type: 'grace-over' }], 'polling', ['log', 'event:polling', 'connection:polling']],
    ['the grace runs out after the baseline: polling reads at once', [start, { type: 'baseline-begin' }, { type: 'baseline-read', mark: { epoch: 0, subscribed: false } }], [{ type: 'grace-over' }], 'polling', ['log', 'event:polling', 'connection:polling', 'read']],
    ['a grace timer that fires late changes nothing', LIVE, [{ type: 'grace-over' }], 'live', []],
    ['the socket drops while polling: still polling', [...POLLING, socket(open)], [socket(dropped)], 'polling', ['connection:polling', 'wake']],
    ['a snapshot ends polling (its tick cancelled)', [...POLLING, socket(open)], [snapshot(true)], 'live', ['cancel-poll', 'fresh', 'connection:live', 'event:live', 'wake']],
    ['close 4000 while live: lost, logged out, no grace', LIVE, [socket(loggedOut)], 'logged-out', ['fresh', 'log', 'event:lost', 'event:logged-out', 'connection:logged-out', 'wake']],
    ['close 4000 while polling: the polls end', POLLING, [socket(loggedOut)], 'logged-out', ['cancel-poll', 'event:logged-out', 'connection:logged-out', 'wake']],
    ['close 4000 while connecting: the grace ends', [start], [socket(loggedOut)], 'logged-out', ['cancel-grace', 'event:logged-out', 'connection:logged-out', 'wake']],
    ['a socket asked again after a logout waits out the grace', [...LIVE, socket(loggedOut)], [socket(connecting)], 'connecting', ['arm-grace:5000', 'connection:reconnecting']],
    ['refused while live: lost, the grace runs', LIVE, [{ type: 'refused', error: refusal }], 'connecting', ['problem:refused', 'fresh', 'log', 'event:lost', 'arm-grace:5000', 'connection:reconnecting', 'wake']],
    ['refused before any snapshot: said, the grace already runs', [start, socket(open)], [{ type: 'refused', error: refusal }], 'connecting', ['problem:refused', 'connection:reconnecting', 'wake']],
    ['refused while logged out: still logged out', [...LIVE, socket(loggedOut)], [{ type: 'refused', error: refusal }], 'logged-out', ['problem:refused', 'wake']],
    ['a stalled socket is logged', LIVE, [{ type: 'stalled', pongTimeoutMs: 10_000 }], 'live', ['log']],
    ['a proxy in the way is a problem', [start], [{ type: 'socket-error', error: new ProxyError({ message: 'proxy refused', method: 'GET', path: '/', proxyHost: 'p:3128' }) }], 'connecting', ['log', 'problem:proxy']],
    ['a closed realtime client: the subscription failed', [start], [{ type: 'subscribe-failed', error: new Error('closed') }], 'connecting', ['problem:failed']],
    ['stop: waiters woken, everything shut', LIVE, [{ type: 'stop' }], 'stopped', ['wake', 'shut-down']],
    ['stop before start', [], [{ type: 'stop' }], 'stopped', ['wake', 'shut-down']],
    ['nothing is told after stop', [...LIVE, { type: 'stop' }], [socket(dropped), frame(at('9')), { type: 'catch-up' }, { type: 'grace-over' }, start, { type: 'stop' }], 'stopped', []],
  ])('%s', (_name, given, then, link, said) => {
    const got = after(given, then);
    expect(got.state.link).toBe(link);
    expect(got.said).toEqual(said);
  });

  it('says why frames stopped, and the header says it too', () => {
    const drop = after(LIVE, [socket(dropped)]);
    expect(drop.effects).toContainEqual({ kind: 'event', event: { kind: 'lost', why: 'socket closed (1006)' } });
    expect(drop.effects).toContainEqual({
      kind: 'connection',
      connection: { kind: 'reconnecting', attempt: 1, detail: 'socket closed (1006)' },
    });
    const large = after(LIVE, [socket(tooLarge)]);
    expect(large.effects[0]).toEqual({ kind: 'problem', problem: { kind: 'frame-too-large', limitBytes: 1024, delayMs: 300_000 } });
    const why = (large.effects.find((e) => e.kind === 'event') as { event: { why: string } }).event.why;
    expect(why).toMatch(/1 KB/);
    expect(large.state.lastCloseWhy).toBe(why);
    const refused = after(LIVE, [{ type: 'refused', error: refusal }]);
    expect(refused.effects).toContainEqual({ kind: 'event', event: { kind: 'lost', why: 'the subscription was refused' } });
    expect(refused.state.refused).toMatch(/key revoked/);
  });

  it.each<[string, FeedInput[], { first: boolean; wasPolling: boolean; catchUp: boolean }]>([
    ['the first, before the baseline began: its read covers everything', [start, socket(open), snapshot()], { first: true, wasPolling: false, catchUp: false }],
    ['the first, once the baseline began: a catch-up follows', [start, { type: 'baseline-begin' }, socket(open), snapshot()], { first: true, wasPolling: false, catchUp: true }],
    ['a reconnect before the baseline began: nothing to catch up', [start, socket(open), snapshot(true)], { first: true, wasPolling: false, catchUp: false }],
    ['a reconnect with the gap closed: the server says so, a catch-up follows', [...SETTLED, snapshot(true)], { first: false, wasPolling: false, catchUp: true }],
    ['after a drop: the gap is open', [...SETTLED, socket(dropped), socket(open), snapshot(true)], { first: false, wasPolling: false, catchUp: true }],
    ['after polling', [...SETTLED, socket(dropped), { type: 'grace-over' }, socket(open), snapshot(true)], { first: false, wasPolling: true, catchUp: true }],
  ])('the live event: %s', (_name, inputs, want) => {
    const live = run(inputs).effects.filter((e) => e.kind === 'event' && e.event.kind === 'live').at(-1);
    expect(live).toEqual({ kind: 'event', event: { kind: 'live', ...want } });
  });

  it('a snapshot with rows (limit=0 asks for none) is heard as frames, and moves the watermark', () => {
    const got = after([start, socket(open)], [{ type: 'snapshot', transactions: [at('7000')], reconnect: false }]);
    expect(got.effects).toContainEqual({ kind: 'changes', items: [at('7000')], change: { source: 'frame' } });
    expect(got.state.watermark).toBe('7000');
  });

  it('a frame: fresh, its changes, the watermark; an empty one tells no changes', () => {
    expect(after(SETTLED, [frame(at('6000'))]).said).toEqual(['fresh', 'changes:frame']);
    expect(after(SETTLED, [frame(at('6000'))]).state.watermark).toBe('6000');
    expect(after(SETTLED, [frame(at('4000'))]).state.watermark).toBe('5000');
    expect(after(SETTLED, [frame()]).said).toEqual(['fresh']);
  });

  it('the header hears each connection once, not again while it stays the same', () => {
    const said = run([start, socket(open), snapshot(), frame(at('1')), socket(open), snapshot(true)]).effects.map(short);
    expect(said.filter((s) => s.startsWith('connection:'))).toEqual(['connection:connecting', 'connection:live']);
  });
});

describe('the gap and the reads', () => {
  it.each<[string, FeedInput[], FeedState['gap']]>([
    ['open from the start', [start], { from: undefined }],
    ['a baseline read while frames flowed throughout closes it', SETTLED, 'closed'],
    ['a baseline begun before frames flowed leaves it open, from the watermark', [start, { type: 'baseline-begin' }, socket(open), snapshot(), { type: 'noted', transactions: [at('5000')] }, { type: 'baseline-read', mark: { epoch: 0, subscribed: false } }], { from: '5000' }],
    ['a drop opens it at the watermark', [...SETTLED, frame(at('6000')), socket(dropped)], { from: '6000' }],
    ['a second drop keeps where it began', [...SETTLED, socket(dropped), socket(open), snapshot(true), frame(at('6000')), socket(dropped)], { from: '5000' }],
  ])('%s', (_name, inputs, gap) => {
    expect(run(inputs).state.gap).toEqual(gap);
  });

  it.each<[string, FeedInput[], { kind: string; from: string | undefined; said: string[] }]>([
    ['a catch-up after a drop reads from where the gap began - 2 s', [...SETTLED, socket(dropped), frame(at('9000'))], { kind: 'catch-up', from: '3000', said: [] }],
    ['a refresh reads from the watermark - 2 s', [...SETTLED, frame(at('9000')), { type: 'catch-up' }], { kind: 'refresh', from: '7000', said: [] }],
    ['a poll', [...SETTLED, socket(dropped), { type: 'grace-over' }], { kind: 'poll', from: '3000', said: [] }],
    ['a read with nothing seen reads everything', [start, { type: 'baseline-begin' }, { type: 'baseline-read', mark: { epoch: 0, subscribed: false } }], { kind: 'catch-up', from: undefined, said: [] }],
  ])('read-begin: %s', (_name, inputs, want) => {
    const { state, said } = after(inputs, [{ type: 'read-begin' }]);
    expect(state.read).toMatchObject({ kind: want.kind, from: want.from, size: 100, count: 0 });
    expect(said).toEqual(want.said);
    expect(state.refresh).toBe(false);
  });

  it('reads asked before the baseline wait for it; a refresh asked meanwhile stays a refresh', () => {
    const given: FeedInput[] = [start, { type: 'baseline-begin' }, socket(open), snapshot(), { type: 'catch-up' }];
    const held = run(given);
    expect(held.effects.map(short)).not.toContain('read');
    expect([held.state.asked, held.state.refresh]).toEqual([true, true]);
    const released = after(given, [{ type: 'baseline-read', mark: { epoch: 1, subscribed: true } }]);
    expect(released.said).toEqual(['read']);
    expect(run([{ type: 'read-begin' }], released.state).state.read?.kind).toBe('refresh');
  });

  it.each<[string, FeedInput[], string[]]>([
    ['a malformed frame reads what changed lately', SETTLED, ['problem:malformed', 'read']],
    ['before the baseline, that read waits', LIVE, ['problem:malformed']],
  ])('%s', (_name, given, said) => {
    expect(after(given, [{ type: 'malformed', error: contract }]).said).toEqual(said);
  });

  const page = (items: Transaction[], skipped?: number) => ({
    type: 'read-page' as const,
    page: { items, rawCount: items.length + (skipped ?? 0), ...(skipped ? { skipped: { count: skipped, error: contract } } : {}) },
  });
  const done = (newest: string | undefined, pageSize = 100, refused?: AnswerTooLargeError): FeedInput => ({
    type: 'read-done',
    result: { newest, pageSize, ...(refused ? { refused } : {}) },
  });
  const DROPPED_READING: FeedInput[] = [...SETTLED, socket(dropped), socket(open), snapshot(true), { type: 'read-begin' }];

  it.each<[string, FeedInput[], FeedInput[], { gap: FeedState['gap']; said: string[]; readSize?: number }]>([
    ['a catch-up made while frames flowed throughout closes the gap', DROPPED_READING, [page([at('6000')]), done('6000')], { gap: 'closed', said: ['changes:catch-up', 'answered', 'fresh', 'event:caught-up', 'log'] }],
    ['frames stopped during it: the gap stays, from the newest read', DROPPED_READING, [socket(dropped), page([at('6000')]), done('6000')], { gap: { from: '6000' }, said: ['fresh', 'log', 'event:lost', 'arm-grace:5000', 'connection:reconnecting', 'wake', 'changes:catch-up', 'answered', 'fresh', 'log'] }],
    ['a poll never closes it', [...SETTLED, socket(dropped), { type: 'grace-over' }, { type: 'read-begin' }], [done('5500')], { gap: { from: '5500' }, said: ['answered', 'fresh', 'log'] }],
    ['skipped records are said; the page is kept', DROPPED_READING, [page([at('6000')], 2), done('6000')], { gap: 'closed', said: ['problem:skipped', 'changes:catch-up', 'answered', 'fresh', 'event:caught-up', 'log'] }],
    ['a record over the size limit: the gap stays from there, asked again at the next reason', DROPPED_READING, [page([at('6000')]), done('6000', 25, overLimit)], { gap: { from: '6000' }, said: ['changes:catch-up', 'problem:too-large', 'log'], readSize: 25 }],
    ['after one, the page size grows back', [...DROPPED_READING, done(undefined, 25, overLimit), { type: 'read-begin' }], [done(undefined, 25)], { gap: 'closed', said: ['answered', 'fresh', 'event:caught-up', 'log'], readSize: 50 }],
    ['it grows back to the page size, not past it', DROPPED_READING, [done(undefined, 80)], { gap: 'closed', said: ['answered', 'fresh', 'event:caught-up', 'log'], readSize: 100 }],
    ['a failed read is said; the gap stays where it began', DROPPED_READING, [{ type: 'read-failed', error: contract }], { gap: { from: '5000' }, said: ['problem:failed'] }],
  ])('%s', (_name, given, then, want) => {
    const got = after(given, then);
    expect(got.state.gap).toEqual(want.gap);
    expect(got.said).toEqual(want.said);
    expect(got.state.read).toBeUndefined();
    if (want.readSize !== undefined) expect(got.state.readSize).toBe(want.readSize);
  });

  it('changes of a read carry its source and number; caught-up and too-large carry the count', () => {
    const got = after(DROPPED_READING, [page([at('6000'), at('6001')]), done('6001')]);
    expect(got.effects[0]).toEqual({ kind: 'changes', items: [at('6000'), at('6001')], change: { source: 'catch-up', read: 1 } });
    expect(got.effects).toContainEqual({ kind: 'event', event: { kind: 'caught-up', read: 1, count: 2 } });
    expect(got.effects).toContainEqual({ kind: 'log', line: 'catch-up: 2 transactions changed since 3000' });
    const large = after(DROPPED_READING, [page([at('6000')]), done('6000', 1, overLimit)]);
    expect(large.effects).toContainEqual({
      kind: 'problem',
      problem: { kind: 'too-large', what: 'catching up on changes', count: 1, error: overLimit },
    });
  });

  it('a read that cannot reach the server says offline; any answer ends it', () => {
    const failed = after([...DROPPED_READING, socket(dropped)], [{ type: 'read-failed', error: offline }]);
    expect(failed.said).toEqual(['problem:failed', 'connection:offline']);
    expect(failed.state.httpDown).toMatch(/ECONNREFUSED|refused/);
    expect(run([{ type: 'owner-answered' }], failed.state).effects.map(short)).toEqual(['connection:reconnecting']);
    // The owner's own reads count the same.
    const owner = after([start], [{ type: 'owner-failed', error: offline }]);
    expect(owner.said).toEqual(['connection:offline']);
    expect(after([start], [{ type: 'owner-failed', error: contract }]).said).toEqual([]);
  });
});

describe('what the engine asks of the state', () => {
  it.each<[string, FeedInput[], { settled: boolean; pollMs: number | undefined; retries: boolean }]>([
    ['connecting, the gap open', [start], { settled: false, pollMs: undefined, retries: true }],
    ['live, the gap closed', SETTLED, { settled: true, pollMs: undefined, retries: false }],
    ['refused: waiting is over', [start, { type: 'refused', error: refusal }], { settled: true, pollMs: undefined, retries: true }],
    ['polling, the gap closed before', [...SETTLED, socket(dropped), { type: 'grace-over' }], { settled: false, pollMs: 3_000, retries: true }],
    ['stopped', [start, { type: 'stop' }], { settled: true, pollMs: undefined, retries: true }],
  ])('%s', (_name, inputs, want) => {
    const { state } = run(inputs);
    expect(subscriptionSettled(state)).toBe(want.settled);
    expect(pollEveryMs(state)).toBe(want.pollMs);
    expect(retriesReads(state)).toBe(want.retries);
  });

  it('the baseline mark is the epoch and whether frames flow; it survives a second begin', () => {
    expect(baselineMark(run([start]).state)).toEqual({ epoch: 0, subscribed: false });
    expect(baselineMark(run(LIVE).state)).toEqual({ epoch: 1, subscribed: true });
    expect(run([...SETTLED, { type: 'baseline-begin' }]).state.baseline).toBe('read');
  });

  it('the owner notes move the watermark, even after stop', () => {
    expect(run([start, { type: 'stop' }, { type: 'noted', transactions: [at('42')] }]).state.watermark).toBe('42');
  });
});
