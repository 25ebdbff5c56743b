import * as z from 'zod';
import { int32, optionalNullable } from './scalars.js';

// The Canton Ledger API passthrough (`POST /workspaces/{ws}/canton/ledger-query`). `params` mirrors
// the dapp SDK's LedgerApiParams ({ requestMethod, resource, body?, query?, path? }).

export const CantonLedgerQuerySchema = z.object({
  accountId: z.string(),
  sessionTopic: z.string(),
  params: z.looseObject({
    requestMethod: z.string(),
    resource: z.string(),
    body: z.unknown().optional(),
    query: z.unknown().optional(),
    path: z.unknown().optional(),
  }),
});
export type CantonLedgerQuery = z.infer<typeof CantonLedgerQuerySchema>;

export const CantonLedgerQueryResultSchema = z.looseObject({
  status: optionalNullable(int32),
  result: z.unknown().optional(),
});
export type CantonLedgerQueryResult = z.infer<typeof CantonLedgerQueryResultSchema>;
