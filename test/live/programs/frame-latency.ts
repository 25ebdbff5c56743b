// Measures how long a pushed frame waits before it reaches the store (the live engine's share of
// `npm run bench`'s update → screen), under the bench's conditions: a standalone sandbox at
// --speed 3.5 (about 10 transaction updates a second), 1,000 transactions, the engine in this
// process. Two figures: every frame (arrival on the socket → the store write that holds it), and
// a decline sent through the API (request sent → the store shows it canceled). Not a test: it
// prints numbers and asserts nothing. Run from the repository with a build (`node scripts/build.mjs`).
//
//   npx esbuild test/live/programs/frame-latency.ts --bundle --platform=node --format=esm \
//     --external:bufferutil --external:utf-8-validate --outfile=/tmp/frame-latency.mjs \
//     --banner:js="import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);"
//   node /tmp/frame-latency.mjs [seconds, default 60]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSigner, generatePrivateJwk } from '../../../src/auth/index.js';
import { createApiClient, createRealtime, type RealtimeClient } from '../../../src/client/index.js';
import { createLive } from '../../../src/live/index.js';
import { writePrivateKey } from '../../../src/config/index.js';
import { createStores } from '../../../src/store/index.js';
import { firstPageIn } from '../helpers.js';

const seconds = Number(process.argv[2] ?? 60);
const dir = mkdtempSync(join(tmpdir(), 'frame-latency-'));
const jwk = await generatePrivateJwk();
await writePrivateKey(join(dir, 'key.jwk'), jwk);
// The sandbox in its own process, as in the bench: its work does not share this event loop.
const child = spawn(
  process.execPath,
  ['bin/custody.js', 'sandbox', '--port', '0', '--history', '1000', '--speed', '3.5'].concat(
    '--register',
    `${join(dir, 'key.jwk')}=full-access`,
  ),
  { stdio: ['ignore', 'pipe', 'ignore'] },
);
const ready = await new Promise<{ baseUrl: string; workspaceId: string }>((resolve) => {
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    out += chunk;
    if (out.includes('\n')) resolve(JSON.parse(out.slice(0, out.indexOf('\n'))));
  });
});
const signer = await createSigner(jwk);
const conn = { baseUrl: ready.baseUrl, workspaceId: ready.workspaceId, signer };
const api = createApiClient(conn);
const realtime = createRealtime(conn);

/** `id@updatedAt` → when its frame arrived. */
const arrived = new Map<string, number>();
const frameMs: number[] = [];
/** Arrivals in the last second, as the batcher counts them, at each arrival. */
const arrivals: number[] = [];
const perSecond: number[] = [];
/** The same within 100 ms (the batcher's burstMs). */
const short100: number[] = [];
const tapped: RealtimeClient = {
  ...realtime,
  on: realtime.on.bind(realtime),
  get state() {
    return realtime.state;
  },
  subscribe(query, handlers) {
    return realtime.subscribe(query, {
      ...handlers,
      onUpdate(transactions) {
        const at = performance.now();
        for (const tx of transactions) arrived.set(`${tx.transactionId}@${tx.updatedAt}`, at);
        for (const _ of transactions) arrivals.push(at);
        while (arrivals.length > 0 && arrivals[0]! <= at - 1_000) arrivals.shift();
        perSecond.push(arrivals.length);
        short100.push(arrivals.filter((a) => a > at - 100).length);
        handlers.onUpdate(transactions);
      },
    });
  },
};

const stores = createStores({ baseUrl: conn.baseUrl, workspaceId: conn.workspaceId, now: Date.now() });
let writes = 0;
stores.transactions.subscribe((state) => {
  writes += 1;
  const at = performance.now();
  for (const [version, t0] of arrived) {
    const [id, updatedAt] = version.split('@') as [string, string];
    const held = state.byId.get(id);
    if (held === undefined || BigInt(held.updatedAt ?? '0') < BigInt(updatedAt)) continue;
    frameMs.push(at - t0);
    arrived.delete(version);
  }
});
const live = createLive({ api, realtime: tapped, stores });
await live.start();
while (stores.session.getState().connection.kind !== 'live' || !firstPageIn(stores)) {
  await new Promise((resolve) => setTimeout(resolve, 50));
}
await new Promise((resolve) => setTimeout(resolve, 2_000));
frameMs.length = 0;
perSecond.length = 0;
arrived.clear();
writes = 0;

const declineMs: number[] = [];
const started = performance.now();
while (performance.now() - started < seconds * 1000) {
  const state = stores.transactions.getState();
  const waiting = state.order.find((id) => state.byId.get(id)?.status === 'waiting-approval');
  if (waiting !== undefined) {
    const t0 = performance.now();
    const shown = new Promise<number>((resolve) => {
      const off = stores.transactions.subscribe((s) => {
        if (s.byId.get(waiting)?.status !== 'canceled') return;
        off();
        resolve(performance.now());
      });
    });
    await api.transactions.decide('decline', waiting).catch(() => undefined);
    const at = await Promise.race([shown, new Promise<number>((resolve) => setTimeout(() => resolve(NaN), 5_000))]);
    if (Number.isFinite(at)) declineMs.push(at - t0);
  }
  await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 400));
}
const elapsed = (performance.now() - started) / 1000;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const line = (name: string, values: number[]) =>
  `${name}: n=${values.length} p50 ${pct(values, 50).toFixed(1)} ms, p95 ${pct(values, 95).toFixed(1)} ms, ` +
  `max ${pct(values, 100).toFixed(1)} ms`;
console.log(line('frame → store', frameMs));
console.log(line('decline → store', declineMs));
console.log(`frames in the last second at each arrival: p50 ${pct(perSecond, 50)}, p95 ${pct(perSecond, 95)}, max ${pct(perSecond, 100)}`);
console.log(`frames in the last 100 ms: p50 ${pct(short100, 50)}, p95 ${pct(short100, 95)}, p99 ${pct(short100, 99)} max ${pct(short100, 100)}`);
console.log(`frames ${(frameMs.length / elapsed).toFixed(1)}/s, store writes ${(writes / elapsed).toFixed(1)}/s`);
live.stop();
realtime.close();
child.kill('SIGTERM');
rmSync(dir, { recursive: true, force: true });
