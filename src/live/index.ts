// The live engine (no React): fills the stores and keeps them current. The view reads the stores
// and calls only the LiveActions; commands/console.ts creates the engine, starts and stops it.
//
// Wiring (commands/console.ts):
//
//   const hooks: { onRequest?: (info: RequestInfo) => void } = {};
//   const api = createApiClient({ ...conn, onRequest: (info) => hooks.onRequest?.(info) });
//   const realtime = createRealtime({ baseUrl, signer, workspaceId });
//   const live = createLive({ api, realtime, stores, pricePollMs });
//   hooks.onRequest = live.onRequest;   // 429/503 on any attempt → session.degraded; success clears it
//   await live.start();                 // first load settled (errors are notices, never thrown)
//   ... on quit: live.stop(); realtime.close();
//
// Without the hook the engine still sets `degraded` from its own reads once their retries are
// exhausted; the hook makes it show during the retries.
//
// What the view reads, and where:
//
// - What is held (tx-windows.ts): every unfinished transaction (`isTerminated=false`, read at
//   start and kept current by the feed), what changed while the console watched, and for each
//   view (`showTransactions(query)`: `:tx` filters, account, server sort) a window of its finished
//   history, read by key ahead of the cursor (`transactionsViewport`) and let go far from it
//   under a budget: `transactions.windows` (store/tx-window.ts). Memory follows the screen, not
//   the workspace's age. The unfinished work held has a ceiling (`maxUnfinished`, 50,000): past
//   it the most urgent are kept (store/ceiling.ts), `transactions.ceiling` is set and a notice
//   says so; a whole read of the server's unfinished work that fits (`r`) clears it.
// - Sizes: a page over the client's answer limit is asked again with half the rows (down to 1);
//   a record too large even alone ends that read with what came before it and a `too-large:`
//   notice, never a retry loop. A frame over the frame limit closes the socket, and the next one
//   waits 30 s, 1 min ... up to 5 min (client/backoff.ts), said in the header, a notice and the log.
// - Rows: `transactions.order` (ids held, newest createdAt first) and `transactions.byId`. Store
//   writes are batched (batcher.ts): a burst is written at most 1000 / `batchMs` times a second
//   (default 100 ms: ~10) however fast frames arrive; changes that trickle in (up to 30 a second,
//   no more than 6 within 100 ms) are each written at once, 16 ms apart at least. The store's
//   reducer (applyTransactions) is the one merge by id keeping the newest `updatedAt`.
//   `changedAt` marks rows changed by a live update (not by the first load); `seen` holds the
//   statuses this console saw each transaction pass through.
// - Loading: each window says whether it is being read (`loading`: 'first' | 'down' | 'up'), its
//   last error, whether its oldest row is held (`complete`) and how many rows above were let go.
// - Pause: `setPaused(true)` holds live updates (one version per id, reduced by the store's own
//   merge: memory stays bounded by the number of distinct transactions) and
//   `setPaused(false)` applies them in one write. `transactions.held` counts them ("12 updates
//   waiting"); `transactions.heldApprovals` is what they change of the approval queue, counted and
//   called at once (store/held.ts). The view drives the pause from its one home, `ui.pause`.
//   Pages of history still arrive.
// - Detail: `openTransaction(id)` sets `transactions.detail` = { id, status: 'loading' }, fetches
//   GET one and GET events, and puts the events ON THE TRANSACTION: read them as
//   `transactions.byId.get(id)?.embedded?.events` (oldest first, as the server sends them).
//   `detail.status` becomes 'ready' (or 'error' with `detail.error`, words safe to show);
//   `detail.eventsAt` is when they were fetched. While it is open, each live update of that
//   transaction refetches its events. Events are kept on the record when later list rows or
//   frames (which carry none) replace it, so the timeline never blinks empty.
//   `closeTransaction()` clears `transactions.detail`. The view calls both from one place only,
//   following `ui.detail` (view/shell/live-sync.ts).
// - Header: `session.connection` = { kind, attempt?, since, detail? } with kind one of
//   connecting | live | reconnecting (attempt n) | polling (no subscription for `socketGraceMs`:
//   the list is polled every `pollIntervalMs`) | offline (reads cannot reach the server either) |
//   logged-out (close 4000). `session.freshAt` = local time data was last confirmed current (a
//   frame or a read; also the moment a live socket dropped). While kind is 'live' the data is
//   current however old freshAt is (a quiet workspace sends no frames). `session.degraded`
//   = { reason } while reads are refused with 429/503. `session.workspaceName` from GET workspace.
// - Notices: `session.notices`, keyed: a failure that repeats in the same words (a 401 on every
//   retry, a malformed frame) is one notice whose `count` grows; other words of the same key
//   replace it. Each failure names its cause (notices.ts) and clears when that cause reports
//   success: any answer ends "cannot reach the server", a 401 and a 429/503 spell; a read's own
//   failure ends when that read works; the socket's when frames flow; the audit log's when a
//   line is written. `session.messages` keeps the last 50 said (the messages overlay). 401/403
//   explain the cause; the engine keeps retrying with backoff. A record that fails the contract
//   is skipped, the rest of its page is kept.
// - Prices: `prices` slice only (never the transactions slice), polled every `pricePollMs`.
// - Reference data: `dictionary` (networks, assets, symbols) loaded once per session;
//   `workspace` (accounts, addresses).
// - Who the ids are (directory-loads.ts): `directory` = members (with profile names), the address
//   book (records that name a destination: not deleted or rejected) and the transaction limits,
//   read beside the first load, every 5 minutes and on `r`. Each list's state: loading | loaded |
//   failed (its data kept, a notice, retried with backoff) | forbidden (403: one notice for the
//   session, not asked again until `r`; the view shows ids). `directory.selfUserId`: the member
//   the key acts as, once known (self.ts).
// - Balances (balance-loads.ts): `balances.byId`, read whole at start, then what changed
//   (`updatedSince`) every 30 s and about a second after the feed shows money move (a new
//   transaction, one that completed or failed); read whole again every 10 minutes and on `r`.
//   `balances.state` like a directory list.
// - Activity (activity-loads.ts): `activity`, read on demand a page at a time for the pane
//   (`readActivity(query)`, `readOlderActivity()`), never polled.
//
// `refresh(scope)`: 'accounts' / 'addresses' / 'prices' reload that list ('accounts' the balances
// too); 'transactions' fetches what changed since the newest update seen (and retries a failed
// page of history or of the unfinished work, refetches an open detail, and reads the directory);
// 'balances' / 'directory' reload those; 'all' does all of it and retries any reference data that
// never loaded.
//
// Nothing is missed (feed.ts, the one live feed, shared with `custody watch`): the subscription
// (limit=0, live frames only) is made at start, the unfinished work is read at once, and the
// feed's reads wait for that read (its baseline); after every reconnect, when the socket returns after polling, and after a
// malformed frame, the feed reads every transaction with updatedAt >= (newest seen before the
// gap) - 2 s, paging by updatedAt, and the store merges it (the merge by id keeps the newest
// updatedAt, so overlaps are harmless). Only a read made while frames flowed closes a gap.
// Every background read (catch-ups, polls, resubscribes, reference data, prices) runs in one
// kind of loop (loop.ts): never two at once, retried with a doubling backoff.
export { createLive } from './engine.js';
export type { ActivitiesOutcome, Live, LiveActions, LiveOptions, RefreshScope } from './types.js';
