import { randomBytes } from 'node:crypto';

const ACCEPTED = /^[A-Za-z0-9-]{8,64}$/;

/** A fresh Correlation-Id: 32 lowercase hex (wire notes §3). */
export function newCorrelationId(): string {
  return randomBytes(16).toString('hex');
}

/** The caller's Correlation-Id when it is 8-64 characters of [A-Za-z0-9-], else a fresh one. */
export function pickCorrelationId(sent: string | string[] | undefined): string {
  return typeof sent === 'string' && ACCEPTED.test(sent) ? sent : newCorrelationId();
}
