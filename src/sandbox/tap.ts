// What the sandbox sends, handed to an optional tap (tests validate every answer through it) and
// to the request log. Neither ever sees a request header, so neither can leak a token.

export interface SandboxResponse {
  kind: 'http' | 'ws';
  /** HTTP: the request method. ws: the client message's method, or `PUSH` for a live frame. */
  method: string;
  /** HTTP: the raw request target. ws: the subscription `uri` ('' when the message had none). */
  target: string;
  /** HTTP: the response status. ws: the frame's `status`. */
  status: number;
  /** HTTP: the response headers (lower-case names). ws: the frame's `headers`. */
  headers: Record<string, string>;
  /** HTTP: the body text. ws: the whole frame text as sent. */
  body: string;
  /**
   * Set when a chaos fault made this answer, or a state dir could not record the change
   * (`state-write`, a 503): it is not the API's own answer.
   */
  chaos?: '503' | '429' | 'garbage' | 'state-write';
}

export type Tap = (response: SandboxResponse) => void;
export type LogSink = (line: string) => void;

/** Calls the tap; a tap that throws is logged, never allowed to break an answer. */
export function safeTap(tap: Tap | undefined, log: LogSink): Tap {
  if (!tap) return () => {};
  return (response) => {
    try {
      tap(response);
    } catch (err) {
      log(`onResponse tap threw: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
}

/** A log sink that never throws. */
export function safeLog(log: LogSink | undefined): LogSink {
  if (!log) return () => {};
  return (line) => {
    try {
      log(line);
    } catch {
      // the log is best effort
    }
  };
}
