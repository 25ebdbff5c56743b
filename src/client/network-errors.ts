// What a failed fetch was, in a few words an operator can act on ('connection refused', 'TLS
// certificate expired' ...), read from the error code Node buries in its cause chain.

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  UND_ERR_SOCKET: 'connection closed by the other side',
  ENOTFOUND: 'host not found (DNS)',
  EAI_AGAIN: 'host name lookup failed (DNS)',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'no answer (headers timeout)',
  UND_ERR_BODY_TIMEOUT: 'the answer stalled (body timeout)',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS certificate chain holds a self-signed certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate cannot be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not match the host name',
  UND_ERR_ABORTED: 'request aborted (proxy refused the tunnel?)',
};

/** The error code buried in a fetch failure (`TypeError: fetch failed` → cause → code). */
export function codeOf(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const o = current as { code?: unknown; errors?: unknown[]; cause?: unknown };
    if (typeof o.code === 'string') return o.code;
    if (Array.isArray(o.errors) && o.errors.length > 0) current = o.errors[0];
    else current = o.cause;
  }
  return undefined;
}

/** fetch's own refusals (e.g. "bad port") carry no code, only a short message in the cause. */
function causeMessage(err: unknown): string | undefined {
  const cause = (err as { cause?: unknown } | null)?.cause;
  const message = cause instanceof Error ? cause.message : undefined;
  return message && message.length <= 60 && /^[\w .,:'()-]+$/.test(message) ? message : undefined;
}

/** The short text of a failed attempt: what its code means, else fetch's own short reason. */
export function describeNetworkCode(code: string | undefined, err?: unknown): string {
  if (code === undefined) return causeMessage(err) ?? 'no usable answer';
  return NETWORK_CODES[code] ?? `network error (${code})`;
}
