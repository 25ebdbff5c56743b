// The live feed's decisions as a pure state machine: `step(state, input)` gives the next state and
// the effects, the commands feed.ts performs (tell the owner, read, subscribe, arm a timer). Nothing
// here waits, reads or keeps a timer, so every rule of feed.ts is a table test
// (test/live/feed-machine.test.ts). The rules themselves are described at the top of feed.ts.
//
// The state has three parts that move on their own:
// - the link: idle → connecting (no frames yet, or since they stopped; a grace timer runs) → live
//   (a snapshot arrived: frames flow) or polling (the grace ran out), logged-out (close 4000), stopped;
// - the gap: changes since `from` may have been missed, until a read made while frames flowed
//   throughout closes it (a catch-up is a read while the gap is open);
// - the reads: held until the owner's baseline is read, then one at a time (loop.ts runs them).
import { describeClientError, NetworkError, ProxyError, type RealtimeState } from '../client/index.js';
import type { Transaction } from '../contract/index.js';
import { newerMillis } from '../store/index.js';
import { deriveConnection } from './connection.js';
import type { FeedEffect, FeedInput, FeedLimits, FeedLink, FeedState, FeedStep } from './feed-machine-types.js';
import type { BaselineMark, FeedChange, FeedRead } from './feed-types.js';
import { frameTooLargeText } from './notices.js';
import { type ChangedRead, GAP_OVERLAP_MS, millisMinus, type Page } from './reads.js';

export type * from './feed-machine-types.js';

export function initialFeedState(limits: FeedLimits, socket: RealtimeState): FeedState {
  return {
    limits,
    link: 'idle',
    socket,
    everLive: false,
    epoch: 0,
    httpDown: undefined,
    refused: undefined,
    lastCloseCode: undefined,
    lastCloseWhy: undefined,
    shown: undefined,
    watermark: undefined,
    gap: { from: undefined },
    baseline: 'waiting',
    asked: false,
    refresh: false,
    reads: 0,
    readSize: limits.pageSize,
    read: undefined,
  };
}

// ---- what the engine asks of the state ------------------------------------------------------------

/** Taken when the owner's baseline read begins. */
export function baselineMark(s: FeedState): BaselineMark {
  return { epoch: s.epoch, subscribed: s.link === 'live' };
}

/** waitForSubscription resolves at once: frames flow, the subscription was refused, or the feed stopped. */
export function subscriptionSettled(s: FeedState): boolean {
  return s.link === 'live' || s.link === 'stopped' || s.refused !== undefined;
}

/** The reads loop's next tick after a read: every pollIntervalMs while polling, else none. */
export function pollEveryMs(s: FeedState): number | undefined {
  return s.link === 'polling' ? s.limits.pollIntervalMs : undefined;
}

/** A failed read is retried while polling or while the gap is open; else it waits for the next reason. */
export function retriesReads(s: FeedState): boolean {
  return s.link === 'polling' || s.gap !== 'closed';
}

// ---- the machine --------------------------------------------------------------------------------

type Draft = { -readonly [K in keyof FeedState]: FeedState[K] };

export function step(state: FeedState, input: FeedInput): FeedStep {
  // The owner's notes are data, kept even after stop (the watermark stays readable).
  if (state.link === 'stopped' && input.type !== 'noted') return { state, effects: [] };
  const s: Draft = { ...state };
  const fx: FeedEffect[] = [];
  handle(s, fx, input);
  return { state: s, effects: fx };
}

function handle(s: Draft, fx: FeedEffect[], input: FeedInput): void {
  switch (input.type) {
    case 'start':
      if (s.link !== 'idle') return;
      s.socket = input.socket;
      enter(s, fx, input.socket.kind === 'logged-out' ? 'logged-out' : 'connecting');
      publish(s, fx);
      fx.push({ kind: 'subscribe' });
      return;
    case 'socket':
      s.socket = input.state;
      // Heard only once started; before, the state is recorded for start.
      if (s.link !== 'idle') socketState(s, fx, input.state);
      return;
    case 'stalled':
      fx.push({ kind: 'log', line: `socket stalled (no pong in ${input.pongTimeoutMs} ms): reconnecting` });
      return;
    case 'socket-error':
      fx.push({ kind: 'log', line: `realtime: ${describeClientError(input.error)}` });
      if (input.error instanceof ProxyError) fx.push({ kind: 'problem', problem: { kind: 'proxy', error: input.error } });
      return;
    case 'snapshot':
      return snapshot(s, fx, input.transactions, input.reconnect);
    case 'frame':
      fx.push({ kind: 'fresh' });
      note(s, input.transactions);
      changed(fx, input.transactions, { source: 'frame' });
      return;
    case 'refused':
      s.refused = describeClientError(input.error);
      fx.push({ kind: 'problem', problem: { kind: 'refused', error: input.error } });
      lose(s, fx, 'the subscription was refused');
      publish(s, fx);
      fx.push({ kind: 'wake' });
      return;
    case 'malformed':
      fx.push({ kind: 'problem', problem: { kind: 'malformed', error: input.error } });
      // The frame is skipped, but the change it carried is not lost: read what changed lately.
      return requestRead(s, fx);
    case 'subscribe-failed':
      fx.push({ kind: 'problem', problem: { kind: 'failed', what: 'live subscription', error: input.error } });
      return;
    case 'grace-over': {
      if (s.link !== 'connecting') return; // a timer that fired late
      const { socketGraceMs, pollIntervalMs } = s.limits;
      enter(s, fx, 'polling');
      fx.push({ kind: 'log', line: `no live subscription for ${socketGraceMs} ms: polling every ${pollIntervalMs} ms` });
      fx.push({ kind: 'event', event: { kind: 'polling' } });
      publish(s, fx);
      return requestRead(s, fx);
    }
    case 'catch-up':
      return requestRead(s, fx, true);
    case 'read-begin':
      return readBegin(s);
    case 'read-page':
      return readPage(s, fx, input.page);
    case 'read-done':
      return readDone(s, fx, input.result);
    case 'read-failed': {
      const r = s.read;
      if (r === undefined) return;
      s.read = undefined;
      fx.push({ kind: 'problem', problem: { kind: 'failed', what: readWhat(r.kind), error: input.error } });
      return unreachable(s, fx, input.error);
    }
    case 'baseline-begin':
      if (s.baseline === 'waiting') s.baseline = 'reading';
      return;
    case 'baseline-read':
      return baselineRead(s, fx, input.mark);
    case 'noted':
      return note(s, input.transactions);
    case 'owner-answered':
      return reached(s, fx);
    case 'owner-failed':
      return unreachable(s, fx, input.error);
    case 'stop':
      s.link = 'stopped';
      fx.push({ kind: 'wake' }, { kind: 'shut-down' });
      return;
  }
}

/** Moves the link, arming or cancelling what belongs to the link left and the one entered. */
function enter(s: Draft, fx: FeedEffect[], next: FeedLink): void {
  if (s.link === next) return;
  // Only the grace timer leads to polling, and it has fired.
  if (s.link === 'connecting' && next !== 'polling') fx.push({ kind: 'cancel-grace' });
  if (s.link === 'polling') fx.push({ kind: 'cancel-poll' });
  if (next === 'connecting') fx.push({ kind: 'arm-grace', ms: s.limits.socketGraceMs });
  s.link = next;
}

function note(s: Draft, items: readonly Transaction[]): void {
  for (const tx of items) s.watermark = newerMillis(s.watermark, tx.updatedAt);
}

function changed(fx: FeedEffect[], items: readonly Transaction[], change: FeedChange): void {
  if (items.length > 0) fx.push({ kind: 'changes', items, change });
}

/** The connection state as the header shows it, told when it changed. */
function publish(s: Draft, fx: FeedEffect[]): void {
  const next = deriveConnection({
    socket: s.socket,
    subscribed: s.link === 'live',
    everLive: s.everLive,
    polling: s.link === 'polling',
    ...(s.httpDown === undefined ? {} : { httpDown: s.httpDown }),
    ...(s.refused === undefined ? {} : { refused: s.refused }),
    ...(s.lastCloseCode === undefined ? {} : { lastCloseCode: s.lastCloseCode }),
    ...(s.lastCloseWhy === undefined ? {} : { lastCloseWhy: s.lastCloseWhy }),
  });
  const id = `${next.kind}|${next.attempt ?? ''}|${next.detail ?? ''}`;
  if (id === s.shown) return;
  s.shown = id;
  fx.push({ kind: 'connection', connection: next });
}

function reached(s: Draft, fx: FeedEffect[]): void {
  if (s.httpDown === undefined) return;
  s.httpDown = undefined;
  publish(s, fx);
}

function unreachable(s: Draft, fx: FeedEffect[], err: unknown): void {
  if (!(err instanceof NetworkError)) return;
  s.httpDown = describeClientError(err);
  publish(s, fx);
}

// ---- the link ------------------------------------------------------------------------------------

/** Why the last socket closed, when it was for a frame over the size limit. */
function frameTooLargeWords(state: RealtimeState): string | undefined {
  if (state.kind !== 'reconnecting' || state.frameTooLarge === undefined) return undefined;
  return frameTooLargeText(state.frameTooLarge, state.delayMs);
}

/** Why frames stopped, in words. */
function lostBecause(state: RealtimeState): string {
  const tooLarge = frameTooLargeWords(state);
  if (tooLarge !== undefined) return tooLarge;
  if (state.kind === 'reconnecting' && state.code !== undefined) return `socket closed (${state.code})`;
  return `socket ${state.kind}`;
}

/** Frames stopped flowing: the gap opens at the watermark, and the grace toward polling runs. */
function lose(s: Draft, fx: FeedEffect[], why: string): void {
  if (s.link !== 'live') return;
  s.epoch += 1;
  if (s.gap === 'closed') s.gap = { from: s.watermark };
  fx.push({ kind: 'fresh' }); // the data was current up to this moment
  fx.push({ kind: 'log', line: `live updates stopped (${why}); what changes meanwhile is fetched on return` });
  fx.push({ kind: 'event', event: { kind: 'lost', why } });
  enter(s, fx, s.socket.kind === 'logged-out' ? 'logged-out' : 'connecting');
}

function socketState(s: Draft, fx: FeedEffect[], state: RealtimeState): void {
  if (state.kind === 'reconnecting') {
    if (state.code !== undefined) s.lastCloseCode = state.code;
    s.lastCloseWhy = frameTooLargeWords(state);
    if (state.frameTooLarge !== undefined) {
      fx.push({
        kind: 'problem',
        problem: { kind: 'frame-too-large', limitBytes: state.frameTooLarge, delayMs: state.delayMs },
      });
    }
  }
  if (state.kind !== 'open') {
    lose(s, fx, lostBecause(state));
    // A socket coming back after a logout (reconnect()) waits out the grace like a first one.
    if (s.link === 'logged-out' && state.kind !== 'logged-out') enter(s, fx, 'connecting');
  }
  if (state.kind === 'logged-out') {
    enter(s, fx, 'logged-out');
    fx.push({ kind: 'event', event: { kind: 'logged-out' } });
  }
  publish(s, fx);
  if (state.kind !== 'open' && state.kind !== 'connecting') fx.push({ kind: 'wake' });
}

function snapshot(s: Draft, fx: FeedEffect[], transactions: readonly Transaction[], reconnect: boolean): void {
  const first = !s.everLive;
  const wasPolling = s.link === 'polling';
  enter(s, fx, 'live');
  s.everLive = true;
  s.epoch += 1;
  s.refused = undefined;
  fx.push({ kind: 'fresh' });
  note(s, transactions);
  publish(s, fx);
  // Before the baseline read began, that read covers everything: nothing can fall between.
  const catchUp = s.baseline !== 'waiting' && (s.gap !== 'closed' || reconnect);
  fx.push({ kind: 'event', event: { kind: 'live', first, wasPolling, catchUp } });
  // limit=0 asks for an empty snapshot; a server that sends rows anyway is heard.
  changed(fx, transactions, { source: 'frame' });
  if (catchUp) requestRead(s, fx);
  fx.push({ kind: 'wake' });
}

// ---- the reads ------------------------------------------------------------------------------------

function requestRead(s: Draft, fx: FeedEffect[], refresh = false): void {
  if (refresh) s.refresh = true;
  if (s.baseline !== 'read') {
    s.asked = true;
    return;
  }
  fx.push({ kind: 'read' });
}

function baselineRead(s: Draft, fx: FeedEffect[], mark: BaselineMark): void {
  if (s.baseline === 'read') return;
  s.baseline = 'read';
  if (mark.subscribed && s.link === 'live' && mark.epoch === s.epoch) {
    s.gap = 'closed';
  } else if (s.gap !== 'closed' && s.gap.from === undefined) {
    s.gap = { from: s.watermark };
  }
  if (s.asked) {
    s.asked = false;
    requestRead(s, fx);
  }
}

const readWhat = (kind: FeedRead) => (kind === 'poll' ? 'polling for changes' : 'catching up on changes');

function readBegin(s: Draft): void {
  s.reads += 1;
  const kind: FeedRead = s.link === 'polling' ? 'poll' : s.refresh ? 'refresh' : 'catch-up';
  s.refresh = false;
  const base = s.gap === 'closed' ? s.watermark : s.gap.from;
  s.read = {
    number: s.reads,
    kind,
    from: base === undefined ? undefined : millisMinus(base, GAP_OVERLAP_MS),
    size: s.readSize,
    epoch: s.epoch,
    whileLive: s.link === 'live',
    count: 0,
  };
}

function readPage(s: Draft, fx: FeedEffect[], page: Page): void {
  const r = s.read;
  if (r === undefined) return;
  const { skipped } = page;
  if (skipped) {
    fx.push({
      kind: 'problem',
      problem: { kind: 'skipped', what: readWhat(r.kind), count: skipped.count, error: skipped.error },
    });
  }
  note(s, page.items);
  s.read = { ...r, count: r.count + page.items.length };
  changed(fx, page.items, { source: r.kind, read: r.number });
}

/** The gap stays open, from the newest change read. */
function advanceGap(s: Draft, newest: string | undefined): void {
  if (s.gap !== 'closed' && newest !== undefined) s.gap = { from: newerMillis(s.gap.from, newest) };
}

function readDone(s: Draft, fx: FeedEffect[], result: ChangedRead): void {
  const r = s.read;
  if (r === undefined) return;
  s.read = undefined;
  const { newest, pageSize: used, refused: tooLarge } = result;
  reached(s, fx);
  s.readSize = tooLarge ? used : Math.min(s.limits.pageSize, used * 2);
  if (tooLarge) {
    // What was read stays; the gap stays open from there, and the next reason to read asks again.
    advanceGap(s, newest);
    fx.push({ kind: 'problem', problem: { kind: 'too-large', what: readWhat(r.kind), count: r.count, error: tooLarge } });
    fx.push({ kind: 'log', line: `${r.kind}: stopped after ${r.count} transactions at a record over the size limit` });
    return;
  }
  fx.push({ kind: 'answered' }, { kind: 'fresh' });
  if (r.whileLive && s.link === 'live' && r.epoch === s.epoch) {
    // Read while frames were flowing: they cover everything from here on.
    s.gap = 'closed';
    fx.push({ kind: 'event', event: { kind: 'caught-up', read: r.number, count: r.count } });
  } else {
    advanceGap(s, newest);
  }
  fx.push({ kind: 'log', line: `${r.kind}: ${r.count} transactions changed since ${r.from ?? 'the beginning'}` });
}
