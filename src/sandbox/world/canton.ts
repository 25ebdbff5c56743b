// The Canton Ledger API passthrough, as a sandbox can answer it honestly: there is no Canton
// participant behind it, so nothing is forwarded and no ledger data is made up. The request is
// checked as the service would (the account is the workspace's; only read-only requests pass),
// and the answer says, in the passthrough's own shape, that the ledger is unavailable here.

import type { CantonLedgerQuery, CantonLedgerQueryResult } from '../../contract/index.js';
import { type ActionError, bad } from './actions.js';
import type { Core } from './core.js';

export type CantonResult = { ok: true; value: CantonLedgerQueryResult } | ActionError;

/** Read-only methods of the Ledger JSON API (a query may POST its filter). */
const READ_METHODS = new Set(['GET', 'POST']);

export function cantonQuery(core: Core, body: CantonLedgerQuery): CantonResult {
  const account = core.accountById.get(body.accountId);
  if (account === undefined) return bad(`accountId: no account ${JSON.stringify(body.accountId)} in this workspace`);
  const method = body.params.requestMethod.toUpperCase();
  if (!READ_METHODS.has(method))
    return bad(`params.requestMethod: only read-only requests are forwarded (GET, POST), not ${JSON.stringify(body.params.requestMethod)}`);
  if (!body.params.resource.startsWith('/'))
    return bad(`params.resource: expected a Ledger API path such as "/v2/state/active-contracts"`);
  // Decision: 503 is what a passthrough says when what it forwards to is not there.
  return {
    ok: true,
    value: {
      status: '503',
      result: {
        error: 'sandbox-no-canton-ledger',
        message:
          'This is a sandbox: no Canton participant is connected, so the request was not forwarded and there is no ledger data.',
        requestMethod: method,
        resource: body.params.resource,
      },
    },
  };
}
