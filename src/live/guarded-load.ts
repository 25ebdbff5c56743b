// A reference read that a key's role may be refused for good (members, the address book, limits,
// balances): a loop (loop.ts) whose 403 is not a failure to retry but a fact of the session. It
// is said once, the list is marked forbidden, and nothing asks again until the operator presses
// `r` (a role can be changed on the server). Any other failure is a notice with its cause (it
// clears when the read works) and a retry with backoff; a success reads again after `everyMs`.
import { ApiError, describeClientError } from '../client/index.js';
import type { EngineContext } from './engine-context.js';
import { createLoop, type Loop } from './loop.js';

export interface GuardedLoadOptions {
  /** The work in words, as its failure notice names it ("loading members"). */
  what: string;
  /** What the session loses without it, said once on a 403 ("members: ... ids shown instead"). */
  forbiddenText: string;
  /** The read and its store write; a rejection is a failure. */
  load(): Promise<void>;
  /** The store says the list is refused (403). */
  markForbidden(): void;
  /** The store says the list is failing (its data, if any, is kept). */
  markFailed(): void;
  /** Read again this long after a success; failures retry sooner, with backoff. */
  everyMs: number;
}

export interface GuardedLoad {
  readonly loop: Loop;
  /** The last answer was a 403. */
  readonly forbidden: boolean;
}

/** A 403 is the role's answer for this endpoint; a 401 (the key itself) stays a failure. */
export function isForbidden(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status === 403;
}

export function createGuardedLoad(ctx: EngineContext, o: GuardedLoadOptions): GuardedLoad {
  let forbidden = false;
  let failedLast = false;
  let said = false;

  const loop = createLoop({
    run: async () => {
      try {
        await o.load();
      } catch (err) {
        if (ctx.stopped()) return;
        if (!isForbidden(err)) {
          failedLast = true;
          o.markFailed();
          throw err;
        }
        forbidden = true;
        failedLast = false;
        o.markForbidden();
        // The server answered: its earlier failure notices of this read are over.
        ctx.answered(o.what);
        if (!said) {
          said = true;
          ctx.notify({ level: 'warn', key: `forbidden:${o.what}`, text: o.forbiddenText, detail: describeClientError(err) });
        }
        return;
      }
      forbidden = false;
      failedLast = false;
      if (!ctx.stopped()) ctx.answered(o.what);
    },
    timers: ctx.timers,
    retryBaseMs: ctx.retryBaseMs,
    retryMaxMs: ctx.retryMaxMs,
    // Forbidden: no more reads. Failed: the backoff alone decides when (not the long period).
    everyMs: () => (forbidden || failedLast ? undefined : o.everyMs),
    onError: (err) => ctx.failed(err, o.what),
  });

  return {
    loop,
    get forbidden() {
      return forbidden;
    },
  };
}
