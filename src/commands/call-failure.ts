// Why a signed call failed and what to do about it, worded once for `init` (which discovers the
// workspace with GET /workspaces) and `doctor` (which checks GET /workspaces/{ws} and accounts).
import { TOKEN_LIFETIME_SECONDS } from '../auth/index.js';
import { ApiError, describeApiError, NetworkError } from '../client/index.js';
import { ROLES, roleGrants, rolesGranting } from '../format/index.js';
import { CLOCK_FIX, clockBreaksSignatures } from './clock.js';
import { networkReason } from './context.js';
import { redact } from './report.js';

export interface CallContext {
  /** The call as a person reads it: "GET /workspaces/ws1". */
  readonly call: string;
  readonly baseUrl: string;
  /** The workspace the call named; absent: the key's workspace was being discovered. */
  readonly workspaceId?: string | undefined;
  /** The signing key's id. */
  readonly kid: string;
  /** The server's clock minus ours, when a Date header told it. */
  readonly clockSkewMs?: number | undefined;
}

export interface Explanation {
  /** What went wrong, one line, lower-case first. */
  readonly problem: string;
  /** What to do about it, when there is something to do. */
  readonly fix?: string;
}

/** What to check when the server cannot be reached. */
function networkFix(err: NetworkError): string {
  if (err.timedOut) return 'the server did not answer: check the base URL, a firewall, and the proxy';
  const code = err.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'check the host name in the base URL and your DNS';
  if (/CERT|TLS|SELF_SIGNED/.test(code)) {
    return 'the TLS certificate is not trusted: check the base URL; behind an inspecting proxy set NODE_EXTRA_CA_CERTS';
  }
  return 'check the base URL, that the server is up, and the proxy (--proxy, HTTPS_PROXY, NO_PROXY)';
}

export function explainCallFailure(err: unknown, ctx: CallContext): Explanation {
  const { call, kid } = ctx;
  if (err instanceof NetworkError) {
    return { problem: `cannot reach ${ctx.baseUrl}: ${networkReason(err)}`, fix: networkFix(err) };
  }
  if (!(err instanceof ApiError)) {
    return { problem: `${call}: ${redact(err instanceof Error ? err.message : String(err))}` };
  }
  const id = err.correlationId ? ` (correlation id ${err.correlationId})` : '';
  const discovering = ctx.workspaceId === undefined;
  switch (err.status) {
    case 401:
      return {
        problem: `${call} → 401: the server does not accept the key ${kid}: it is not accepted yet, or it was rotated out${id}`,
        fix: clockBreaksSignatures(ctx.clockSkewMs)
          ? `${CLOCK_FIX} first: a clock more than ${TOKEN_LIFETIME_SECONDS} s off fails every signature`
          : 'accept the key in the workspace settings → API keys; a rotated-out key stays refused: use the new one',
      };
    case 403: {
      const cannotRead = ROLES.filter((role) => !roleGrants(role, 'read'));
      return {
        problem: `${call} → 403: the key ${kid} is unknown or revoked, or its role does not allow this call${id}`,
        fix: discovering
          ? `add the key in the workspace settings → API keys; a key with the ${cannotRead.join(' or ')} role ` +
            'cannot list workspaces: give --workspace ID'
          : 'look the key id up in the workspace settings → API keys: add it (again), or give it a role that ' +
            `can read (${rolesGranting('read').join(', ')})`,
      };
    }
    case 404:
      return discovering
        ? {
            problem: `${call} → 404: ${ctx.baseUrl} has no GET /workspaces${id}`,
            fix: 'check that the base URL points at the custody API',
          }
        : {
            problem: `${call} → 404: workspace ${ctx.workspaceId} was not found${id}`,
            fix: 'check the workspace id; without one, `custody init` discovers it from the key',
          };
    default:
      return { problem: describeApiError(err) };
  }
}

/** For a person reading a terminal: "Problem.\nTo fix: what to do." */
export function asSentences({ problem, fix }: Explanation): string {
  const first = `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`;
  return fix === undefined ? first : `${first}\nTo fix: ${fix}.`;
}
