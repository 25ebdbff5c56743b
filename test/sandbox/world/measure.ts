// Scale figures of the world (not a test: timings never go into unit tests). Run:
//   npx esbuild test/sandbox/world/measure.ts --bundle --platform=node --format=esm \
//     --outfile=/tmp/world-measure.mjs && node --expose-gc /tmp/world-measure.mjs [history]
import { createManualClock, createWorld } from '../../../src/sandbox/world/index.js';

const history = Number(process.argv[2] ?? 200_000);
const gc = (globalThis as { gc?: () => void }).gc;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
gc?.();
const before = process.memoryUsage();
const clock = createManualClock(Date.UTC(2025, 5, 1));
let t = performance.now();
const world = createWorld({ seed: 7, clock, history });
const buildMs = performance.now() - t;
gc?.();
const after = process.memoryUsage();
console.log(
  `history ${history}: build ${buildMs.toFixed(0)} ms, rss ${mb(after.rss)} (heap ${mb(after.heapUsed - before.heapUsed)} more)`,
);

function time(label: string, fn: () => unknown, runs = 50): void {
  fn();
  const start = performance.now();
  let size = 0;
  for (let i = 0; i < runs; i++) size = (fn() as unknown[]).length;
  console.log(`${label}: ${((performance.now() - start) / runs).toFixed(2)} ms per call (${size} rows)`);
}

const accounts = world.accounts({});
const trading = accounts.find((a) => a.accountName === 'Trading')!.accountId;
const payroll = accounts.find((a) => a.accountName === 'Payroll')!.accountId;
time('status completed + account Trading, limit 100', () =>
  world.transactions({ transactionStatuses: ['completed'], accountId: trading, limit: '100' }),
);
time('status waiting-approval + account Payroll, limit 100', () =>
  world.transactions({
    transactionStatuses: ['waiting-approval', 'signing'],
    accountId: payroll,
    limit: '100',
  }),
);
time('status failed-on-blockchain + account Payroll, limit 100', () =>
  world.transactions({ transactionStatuses: ['failed-on-blockchain'], accountId: payroll, limit: '100' }),
);
time('no filter, limit 100, sortBy updated', () => world.transactions({ limit: '100', sortBy: 'updated' }));
time('no filter, limit 100, offset 100000', () => world.transactions({ limit: '100', offset: '100000' }));
time('account Trading, includeEvents, limit 100', () =>
  world.transactions({ accountId: trading, includeEvents: true, limit: '100' }),
);
time('blockchainTxId (hash index)', () => world.transactions({ blockchainTxId: 'nothing' }), 10);
time('isTerminated=false', () => world.transactions({ isTerminated: false, limit: '1000' }));

t = performance.now();
let steps = 0;
world.onChange(() => steps++);
for (let i = 0; i < 600; i++) {
  clock.advance(1000);
  world.advance();
}
console.log(
  `10 min of world time in 1 s steps: ${(performance.now() - t).toFixed(0)} ms, ${steps} changes`,
  world.stats(),
);
t = performance.now();
clock.advance(86_400_000);
world.advance();
console.log(`jump of one day: ${(performance.now() - t).toFixed(0)} ms`, world.stats());
t = performance.now();
for (let i = 0; i < 1000; i++) world.advance();
console.log(`1000 advance() with nothing due: ${(performance.now() - t).toFixed(2)} ms`);
