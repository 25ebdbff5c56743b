// The fuzzer's share of the transaction operations added for the API's twin (wire notes): their
// routes (all POST) and their bodies, shaped enough to get past the parser now and then.
import fc from 'fast-check';

export const TRANSACTION_OP_TEMPLATES = [
  '/workspaces/{ws}/transactions/dry-run',
  '/workspaces/{ws}/transactions/bulk-create',
  '/workspaces/{ws}/transactions/{tx}/create-signing-request',
  '/workspaces/{ws}/transactions/{tx}/accept-deposit-offer',
  '/workspaces/{ws}/transactions/{tx}/reject-outgoing-offer',
] as const;

/** Bodies of a bulk create (from `create`, one create's body), an offer's answer and a signing request. */
export function transactionOpBodyArbs(create: fc.Arbitrary<unknown>): fc.Arbitrary<unknown>[] {
  // Bulk create: mostly a few items, sometimes none, 49, 50 or something that is not a list.
  const bulk = fc.record(
    {
      transactions: fc.oneof(
        { weight: 6, arbitrary: fc.array(create, { maxLength: 4 }) },
        { weight: 1, arbitrary: fc.constantFrom(49, 50).chain((n) => fc.array(create, { minLength: n, maxLength: n })) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
      ),
    },
    { requiredKeys: [] },
  );
  const offer = fc.record({ accept: fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 1 })) }, { requiredKeys: [] });
  const signing = fc.record(
    { primitivesVersion: fc.oneof(fc.constantFrom('1', '2', '3', '-1', '2147483648', 'x'), fc.jsonValue({ maxDepth: 1 })) },
    { requiredKeys: [] },
  );
  return [bulk, offer, signing];
}
