// The reference endpoints in the fuzz (members, address book, transaction limits, activities):
// their routes, the query names they know, and address book bodies shaped like real ones (valid,
// nearly valid, and wrong in every field), for http-cases.ts to mix with everything else.
import fc from 'fast-check';

export const REFERENCE_TEMPLATES = [
  '/workspaces/{ws}/members',
  '/workspaces/{ws}/address-book-records',
  '/workspaces/{ws}/address-book-records/{record}',
  '/workspaces/{ws}/transaction-limits',
  '/workspaces/{ws}/transaction-limits/{limit}',
  '/workspaces/{ws}/activities',
] as const;

/** Routes whose own method is POST ('route' in the method arbitrary). */
export const REFERENCE_POST = ['/workspaces/{ws}/address-book-records'] as const;
/** Routes whose own method is DELETE. */
export const REFERENCE_DELETE = ['/workspaces/{ws}/address-book-records/{record}'] as const;

export const REFERENCE_QUERY_NAMES = [
  'includeUsersProfiles',
  'includeEmails',
  'includePermissionGroups',
  'recordIds',
  'addresses',
  'memo',
  'tag',
  'recordType',
  'recordTypes',
  'limitIds',
  'fromAccountIds',
  'toAddressBookRecordIds',
  'toAccountIds',
  'appliesToUserIds',
  'userIds',
  'activityTypes',
  'excludedActivityTypes',
] as const;

/** Values the reference filters know, beside the general ones. */
export const REFERENCE_VALUES = [
  'date-added',
  'name',
  'type',
  'address',
  'bank',
  'deleted',
  'transaction-declined',
  'transaction-created,account-creation',
  'northwind-capital',
] as const;

const text = (max: number) => fc.string({ unit: 'grapheme', maxLength: max });

/** A `POST .../address-book-records` body: mostly plausible, every field sometimes wrong. */
export function bookBodyArb(networkIds: readonly string[], accountIds: readonly string[]): fc.Arbitrary<unknown> {
  const network = fc.oneof(
    { weight: 4, arbitrary: networkIds.length > 0 ? fc.constantFrom(...networkIds) : fc.constant('ETH') },
    { weight: 1, arbitrary: text(10) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
  );
  const address = fc.oneof(
    fc.stringMatching(/^0x[0-9a-fA-F]{40}$/),
    fc.stringMatching(/^bc1q[02-9ac-hj-np-z]{38}$/),
    fc.stringMatching(/^r[1-9A-HJ-NP-Za-km-z]{33}$/),
    text(60),
    fc.constant(''),
  );
  return fc.record(
    {
      externalId: fc.oneof(fc.stringMatching(/^[a-z0-9]{4,12}$/), text(20), fc.constant(''), fc.integer()),
      name: fc.oneof(text(40), fc.constant(''), fc.constant('x'.repeat(200)), fc.constant('tab\there')),
      recordType: fc.oneof(fc.constantFrom('address', 'tag', 'bank', 'nope', ''), fc.jsonValue({ maxDepth: 1 })),
      networkId: network,
      address,
      memo: fc.oneof(fc.stringMatching(/^\d{1,12}$/), text(30)),
      tag: fc.oneof(fc.stringMatching(/^[a-z0-9-]{2,20}$/), text(20)),
      accountIds: fc.oneof(
        accountIds.length > 0 ? fc.subarray([...accountIds], { maxLength: 3 }) : fc.constant([]),
        fc.array(text(10), { maxLength: 3 }),
        fc.jsonValue({ maxDepth: 1 }),
      ),
      bankDetails: fc.oneof(
        fc.record(
          {
            country: fc.constantFrom('DE', 'US', 'XX', 'germany', ''),
            fiatCurrency: fc.constantFrom('EUR', 'USD', 'euro'),
            channelType: fc.constantFrom('sepa', 'ach', 'swift', 'pigeon'),
            accountHolderType: fc.constantFrom('individual', 'business', 'robot'),
            accountNumber: text(30),
            issuer: text(30),
          },
          { requiredKeys: [] },
        ),
        fc.jsonValue({ maxDepth: 2 }),
      ),
    },
    { requiredKeys: [] },
  );
}
