import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ACCOUNT_STATUSES,
  ACCOUNT_TYPES,
  AccountStatusSchema,
  AccountTypeSchema,
  ADDRESS_STATUSES,
  AddressStatusSchema,
  ASSET_TYPES,
  AssetTypeSchema,
  EVENT_TYPES,
  EventTypeSchema,
  FEE_LEVELS,
  FeeLevelSchema,
  HASH_FUNCTIONS,
  HashFunctionSchema,
  isKnownValue,
  isTerminalStatus,
  KEY_STATES,
  KEY_TYPES,
  KeyStateSchema,
  KeyTypeSchema,
  NETWORK_TAGS,
  NetworkTagSchema,
  REWARD_SOURCES,
  RewardSourceSchema,
  SIGNATURE_SCHEMES,
  SIGNATURE_VARIANTS,
  SIGNING_REQUEST_STATUSES,
  SignatureSchemeSchema,
  SignatureVariantSchema,
  SigningRequestStatusSchema,
  SORT_BY,
  SORT_DIRECTIONS,
  SortBySchema,
  SortDirectionSchema,
  TERMINAL_STATUSES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  TransactionStatusSchema,
  TransactionTypeSchema,
} from '../../src/contract/index.js';

const enums: [string, readonly string[], z.ZodType, number][] = [
  ['transaction types', TRANSACTION_TYPES, TransactionTypeSchema, 35],
  ['transaction statuses', TRANSACTION_STATUSES, TransactionStatusSchema, 23],
  ['signing request statuses', SIGNING_REQUEST_STATUSES, SigningRequestStatusSchema, 13],
  ['address statuses', ADDRESS_STATUSES, AddressStatusSchema, 10],
  ['account statuses', ACCOUNT_STATUSES, AccountStatusSchema, 4],
  ['account types', ACCOUNT_TYPES, AccountTypeSchema, 1],
  ['event types', EVENT_TYPES, EventTypeSchema, 24],
  ['asset types', ASSET_TYPES, AssetTypeSchema, 4],
  ['network tags', NETWORK_TAGS, NetworkTagSchema, 15],
  ['hash functions', HASH_FUNCTIONS, HashFunctionSchema, 9],
  ['key types', KEY_TYPES, KeyTypeSchema, 5],
  ['signature schemes', SIGNATURE_SCHEMES, SignatureSchemeSchema, 5],
  ['signature variants', SIGNATURE_VARIANTS, SignatureVariantSchema, 3],
  ['fee levels', FEE_LEVELS, FeeLevelSchema, 3],
  ['sort keys', SORT_BY, SortBySchema, 2],
  ['sort directions', SORT_DIRECTIONS, SortDirectionSchema, 2],
  ['key states', KEY_STATES, KeyStateSchema, 4],
  ['reward sources', REWARD_SOURCES, RewardSourceSchema, 2],
];

describe.each(enums)('%s', (_name, values, schema, count) => {
  it(`lists the ${count} documented values, without duplicates`, () => {
    expect(values).toHaveLength(count);
    expect(new Set(values).size).toBe(count);
  });
  it('accepts every known value', () => {
    for (const value of values) expect(schema.parse(value)).toBe(value);
  });
  it('passes an unknown value through as its text', () => {
    expect(schema.parse('added-next-year')).toBe('added-next-year');
    expect(isKnownValue(values, 'added-next-year')).toBe(false);
    expect(isKnownValue(values, values[0])).toBe(true);
  });
  it.each([[5], [null], [{}], [undefined]])('rejects the non-string %j', (value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });
});

describe('terminal statuses (wire notes §7)', () => {
  it.each(TRANSACTION_STATUSES.map((status) => [status]))('%s', (status) => {
    const terminal = [
      'completed',
      'canceled',
      'expired',
      'error',
      'failed-on-blockchain',
      'removed-from-blockchain',
      'partially-completed',
    ].includes(status);
    expect(isTerminalStatus(status)).toBe(terminal);
  });
  it('keeps manual-resolving and unknown statuses non-terminal', () => {
    expect(TERMINAL_STATUSES).not.toContain('manual-resolving');
    expect(isTerminalStatus('some-new-status')).toBe(false);
    expect(isTerminalStatus(undefined)).toBe(false);
  });
  it('types an open status with the literals and any string', () => {
    const known: TransactionStatus = 'waiting-approval';
    const unknown: TransactionStatus = 'something-else';
    expect([known, unknown]).toHaveLength(2);
  });
});
