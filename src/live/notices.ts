// What a failure says in the notice area. Keyed, so a failure that repeats (every poll, every
// malformed frame) is one notice with a count, not a flood.
import { ApiError, ContractError, describeClientError, NetworkError } from '../client/index.js';
import type { NoticeLevel } from '../store/index.js';

export interface NoticeSpec {
  level: NoticeLevel;
  text: string;
  key: string;
}

/** `what` names the work that failed, in words ("loading accounts", "catching up"). */
export function noticeFor(err: unknown, what: string): NoticeSpec {
  const says = describeClientError(err);
  if (err instanceof ApiError) {
    if (err.status === 401 || err.status === 403) {
      // One notice per cause, whichever read hit it: the fix (the key) is the same.
      return { level: 'error', key: `auth:${err.status}`, text: `${what}: ${says}; retrying with backoff` };
    }
    if (err.status === 429 || err.status >= 500) {
      return { level: 'warn', key: `busy:${err.status}`, text: `${what}: ${says}` };
    }
    return { level: 'warn', key: `http:${err.status}:${what}`, text: `${what}: ${says}` };
  }
  if (err instanceof ContractError) {
    return { level: 'warn', key: `contract:${what}`, text: `${what}: skipped: ${says}` };
  }
  if (err instanceof NetworkError) return { level: 'warn', key: 'network', text: `${what}: ${says}` };
  return { level: 'error', key: `bug:${what}`, text: `${what} failed: ${says}` };
}

export function malformedFrameNotice(err: ContractError): NoticeSpec {
  return { level: 'warn', key: 'frame:malformed', text: `skipped a malformed live update: ${describeClientError(err)}` };
}

export function skippedRecordsNotice(count: number, err: ContractError, what: string): NoticeSpec {
  const records = count === 1 ? 'a transaction' : `${count} transactions`;
  return {
    level: 'warn',
    key: `contract:${what}`,
    text: `${what}: skipped ${records} that did not match the contract: ${describeClientError(err)}`,
  };
}
