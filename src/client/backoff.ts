// When to reconnect after a socket closes (wire notes §6). Pure, so it is tested as a table.

export interface ReconnectPolicy {
  /** Delay added per consecutive failure; default 1000. */
  reconnectStepMs: number;
  /** Longest delay; default 10000. */
  reconnectMaxMs: number;
  /** A socket that lived this long reconnects at once; default 30000. */
  longLivedMs: number;
  /** Delay after close code 4001 (token refresh); default 1000. */
  tokenRefreshDelayMs: number;
  /**
   * First delay after a socket closed for a frame over the size limit, doubling per such close in a
   * row; default 30000. Reconnecting replays the subscription, and a server that sends the frame
   * once sends it again: without this the console would fetch it every few seconds.
   */
  frameTooLargeBaseMs: number;
  /** Longest delay after frames over the size limit; default 300000 (5 minutes). */
  frameTooLargeMaxMs: number;
}

export const DEFAULT_RECONNECT_POLICY: ReconnectPolicy = {
  reconnectStepMs: 1_000,
  reconnectMaxMs: 10_000,
  longLivedMs: 30_000,
  tokenRefreshDelayMs: 1_000,
  frameTooLargeBaseMs: 30_000,
  frameTooLargeMaxMs: 300_000,
};

/** Logged out: the server will not take this key's socket again until the user acts. */
export const CLOSE_LOGGED_OUT = 4000;
/** The server wants a fresh token: reconnect after a short pause. */
export const CLOSE_TOKEN_REFRESH = 4001;

export interface CloseFacts {
  /** The close code (1006 for a connection that failed or dropped without a close frame). */
  code: number;
  /** How long the socket was open; 0 when it never opened. */
  livedMs: number;
  /** Consecutive short-lived sockets or failed connects before this one. */
  failures: number;
  /**
   * Closes in a row for a frame over the size limit, this one included; 0 or absent when this
   * close was not for one.
   */
  framesTooLarge?: number;
}

export type ReconnectDecision =
  | { reconnect: false }
  | { reconnect: true; delayMs: number /** the new count of consecutive failures */; failures: number };

export function reconnectDecision(
  facts: CloseFacts,
  policy: ReconnectPolicy = DEFAULT_RECONNECT_POLICY,
): ReconnectDecision {
  if (facts.code === CLOSE_LOGGED_OUT) return { reconnect: false };
  if (facts.code === CLOSE_TOKEN_REFRESH) {
    return { reconnect: true, delayMs: policy.tokenRefreshDelayMs, failures: 0 };
  }
  const tooLarge = facts.framesTooLarge ?? 0;
  if (tooLarge > 0) {
    // However long the socket lived: the same frame comes again on the next one.
    const delayMs = Math.min(policy.frameTooLargeBaseMs * 2 ** Math.min(tooLarge - 1, 30), policy.frameTooLargeMaxMs);
    return { reconnect: true, delayMs, failures: facts.failures + 1 };
  }
  if (facts.livedMs >= policy.longLivedMs) return { reconnect: true, delayMs: 0, failures: 0 };
  const failures = facts.failures + 1;
  return {
    reconnect: true,
    delayMs: Math.min(policy.reconnectStepMs * failures, policy.reconnectMaxMs),
    failures,
  };
}
