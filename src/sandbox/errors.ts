// Error answers: `{error, message}` with the codes of wire notes §3. A Failure is a value, not an
// exception: every expected refusal travels as one, so a thrown error is always a sandbox bug.

export type ErrorCode =
  | 'bad-request'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'pair-not-available'
  | 'conflict'
  | 'payload-too-large'
  | 'too-many-requests'
  // Only from --chaos (on purpose) and from a sandbox bug (never for any input when bug-free).
  | 'service-unavailable'
  | 'internal-error';

export const STATUS_OF: Readonly<Record<ErrorCode, number>> = {
  'bad-request': 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  'pair-not-available': 404,
  conflict: 409,
  'payload-too-large': 413,
  'too-many-requests': 429,
  'service-unavailable': 503,
  'internal-error': 500,
};

export interface Failure {
  readonly ok: false;
  readonly status: number;
  readonly error: ErrorCode;
  readonly message: string;
  /** Extra response headers (Retry-After). */
  readonly headers?: Readonly<Record<string, string>>;
}

export function failure(error: ErrorCode, message: string, headers?: Record<string, string>): Failure {
  return headers === undefined
    ? { ok: false, status: STATUS_OF[error], error, message }
    : { ok: false, status: STATUS_OF[error], error, message, headers };
}

/** The body text of an error answer. */
export function errorBody(f: Pick<Failure, 'error' | 'message'>): { error: string; message: string } {
  return { error: f.error, message: f.message };
}

// C0/C1 controls: text from a request never reaches a log or a message with them.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** Request-supplied text made safe to quote in a message or a log line. */
export function quote(text: string, max = 120): string {
  const clean = text.replace(CONTROL, '?');
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}
