// Run by stop.test.ts in a child process: an engine on a sandbox, busy (history paging, a detail
// loading, updates held, a refresh running, the price poller waiting), then stop(). The process must end on its own: the
// engine's timers are set a minute long, so any it left behind would keep the process alive.
import { createSigner, generatePrivateJwk } from '../../../src/auth/index.js';
import { createApiClient, createRealtime } from '../../../src/client/index.js';
import { createLive } from '../../../src/live/index.js';
import { startSandbox } from '../../../src/sandbox/index.js';
import { createStores } from '../../../src/store/index.js';

const jwk = await generatePrivateJwk();
const sandbox = await startSandbox({ history: 400, keys: [{ jwk, role: 'full-access' }] });
const signer = await createSigner(jwk);
const conn = { baseUrl: sandbox.baseUrl, workspaceId: sandbox.workspaceId, signer };
const api = createApiClient(conn);
const realtime = createRealtime(conn);
const stores = createStores({ baseUrl: sandbox.baseUrl, workspaceId: sandbox.workspaceId, now: Date.now() });
const minute = 60_000;
const live = createLive({
  api,
  realtime,
  stores,
  pageSize: 20,
  pricePollMs: minute,
  socketGraceMs: minute,
  pollIntervalMs: minute,
  retryBaseMs: minute,
});
await live.start();
const deadline = Date.now() + 5_000;
while (stores.session.getState().connection.kind !== 'live' && Date.now() < deadline) {
  await new Promise((resolve) => setTimeout(resolve, 10));
}
const first = stores.transactions.getState().order[0];
if (first !== undefined) live.openTransaction(first);
live.setPaused(true);
live.refresh('addresses');
live.stop();
live.stop(); // idempotent
live.refresh('all'); // after stop: nothing starts
live.openTransaction(first ?? 'x');
realtime.close();
await sandbox.close();
process.stdout.write(`stopped ${stores.session.getState().connection.kind}\n`);
