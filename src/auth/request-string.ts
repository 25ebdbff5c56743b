import { createHash } from 'node:crypto';

/**
 * The request string whose SHA-256 is the token's `message` (wire notes §1):
 * `iat \n METHOD \n pathWithQuery \n body`. `pathWithQuery` is the request target exactly as sent
 * (never re-serialized) and `body` the exact text sent, the empty string when there is none.
 */
export function requestString(iat: number, method: string, pathWithQuery: string, body: string): string {
  return `${iat}\n${method.toUpperCase()}\n${pathWithQuery}\n${body}`;
}

/** Lowercase hex SHA-256 of the UTF-8 request string. */
export function requestDigest(iat: number, method: string, pathWithQuery: string, body: string): string {
  return createHash('sha256')
    .update(requestString(iat, method, pathWithQuery, body), 'utf8')
    .digest('hex');
}
