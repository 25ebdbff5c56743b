import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from '../../src/contract/index.js';
import { OPENAPI_DOCUMENT_URL } from '../helpers/openapi.js';

// Checks our schemas against the published OpenAPI document: every example it gives for a
// property of a component we model must parse, an object made of only its required fields must
// parse, every formatted property must be checked for its format, and its enum values must be
// known to us. Cases are generated from the document, not listed by hand.

interface OpenApiSchema {
  type?: string;
  format?: string;
  enum?: string[];
  examples?: unknown[];
  $ref?: string;
  items?: OpenApiSchema;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
}

const openapi = JSON.parse(
  readFileSync(OPENAPI_DOCUMENT_URL, 'utf8'),
) as { components: { schemas: Record<string, OpenApiSchema> } };
const components = openapi.components.schemas;

/** OpenAPI component → our schema (and fields a minimal object needs beyond the required list). */
const modeled: Record<string, { schema: z.ZodType; extra?: Record<string, unknown> }> = {
  Account: { schema: contract.AccountSchema },
  AccountExtra: { schema: contract.AccountExtraSchema },
  Accounts: { schema: contract.AccountListSchema },
  ActivatedAsset: { schema: contract.ActivatedAssetSchema },
  Address: { schema: contract.AddressSchema },
  Addresses: { schema: contract.AddressListSchema },
  Asset: { schema: contract.AssetSchema },
  Assets: { schema: contract.AssetListSchema },
  SmartContractInformation: { schema: contract.ContractInformationSchema },
  Network: { schema: contract.NetworkSchema },
  Networks: { schema: contract.NetworkListSchema },
  Symbol: { schema: contract.SymbolRecordSchema },
  Symbols: { schema: contract.SymbolListSchema },
  Workspace: { schema: contract.WorkspaceSchema },
  SymbolMarketPrice: { schema: contract.SymbolMarketPriceSchema },
  SymbolMarketPrices: { schema: contract.SymbolMarketPriceListSchema },
  AssetMarketPrice: { schema: contract.AssetMarketPriceSchema },
  AssetMarketPrices: { schema: contract.AssetMarketPriceListSchema },
  Transaction: { schema: contract.TransactionSchema },
  Transactions: { schema: contract.TransactionListSchema },
  TransactionEmbedded: { schema: contract.TransactionEmbeddedSchema },
  TransactionExtra: { schema: contract.TransactionExtraSchema },
  TransactionApprovers: { schema: contract.TransactionApproversSchema },
  AttestationSignature: { schema: contract.AttestationSignatureSchema },
  BlockchainRequest: { schema: contract.BlockchainRequestSchema },
  BlockchainTxDetails: { schema: contract.BlockchainDetailsSchema },
  BronLockExtra: { schema: contract.AssetLockSchema },
  BronLockBurnExtra: { schema: contract.AssetLockBurnSchema },
  BankDetails: { schema: contract.BankDetailsSchema },
  BankAddress: { schema: contract.BankAddressSchema },
  IntentsQuote: { schema: contract.IntentsQuoteSchema },
  DryRunTransaction: { schema: contract.DryRunTransactionSchema },
  Warning: { schema: contract.WarningSchema },
  TransactionEstimation: { schema: contract.TransactionEstimationSchema },
  TransactionEvent: { schema: contract.TransactionEventSchema },
  TransactionEvents: { schema: contract.TransactionEventListSchema },
  EventExtra: { schema: contract.EventExtraSchema },
  EventAllowance: { schema: contract.EventAllowanceSchema },
  EventInput: { schema: contract.EventInputSchema },
  EventOutput: { schema: contract.EventOutputSchema },
  EventStakeInfo: { schema: contract.StakeInfoSchema },
  StakeRewardInfo: { schema: contract.RewardInfoSchema },
  SigningMessage: { schema: contract.SigningMessageSchema },
  SigningRequest: { schema: contract.SigningRequestSchema },
  MessagesForSigning: { schema: contract.MessagesForSigningSchema },
  MessageForSigning: { schema: contract.MessageForSigningSchema },
  Signed: { schema: contract.SignedSchema },
  Signature: { schema: contract.SignatureSchema },
  BlockchainSigningRequest: { schema: contract.SigningDataSchema },
  RequestedNetworkFees: { schema: contract.NetworkFeesSchema },
  WithdrawalParams: { schema: contract.WithdrawalParamsSchema },
  SwapParams: { schema: contract.SwapParamsSchema },
  BridgeParams: { schema: contract.BridgeParamsSchema },
  ActivateParams: { schema: contract.ActivateParamsSchema },
  AddressActivationParams: { schema: contract.AddressActivationParamsSchema },
  AddressCreationParams: { schema: contract.AddressCreationParamsSchema },
  AllowanceParams: { schema: contract.AllowanceParamsSchema },
  DepositParams: { schema: contract.DepositParamsSchema },
  FiatInParams: { schema: contract.FiatInParamsSchema },
  FiatOutParams: { schema: contract.FiatOutParamsSchema },
  IntentsParams: { schema: contract.IntentsParamsSchema },
  IntentSolverSettlementParams: { schema: contract.IntentSolverSettlementParamsSchema },
  SetupParams: { schema: contract.SetupParamsSchema },
  StakeClaimParams: { schema: contract.StakeClaimParamsSchema },
  StakeDelegationParams: { schema: contract.StakeDelegationParamsSchema },
  StakeUnDelegationParams: { schema: contract.StakeUndelegationParamsSchema },
  StakeWithdrawalParams: { schema: contract.StakeWithdrawalParamsSchema },
  DefiParams: { schema: contract.DefiParamsSchema },
  DefiMessageParams: { schema: contract.DefiMessageParamsSchema },
  LoyaltyParams: { schema: contract.LoyaltyParamsSchema },
  NFTAllowanceParams: { schema: contract.NftAllowanceParamsSchema },
  NFTWithdrawalParams: { schema: contract.NftWithdrawalParamsSchema },
  RawTransactionParams: { schema: contract.RawTransactionParamsSchema },
  // The example type is `withdrawal`, whose family needs an amount.
  CreateTransaction: { schema: contract.CreateTransactionRequestSchema, extra: { params: { amount: '1' } } },
  CancelTransaction: { schema: contract.CancelRequestSchema },
  ApproveTransaction: { schema: contract.ApproveRequestSchema },
};

/** OpenAPI enum component → our known values. */
const enums: Record<string, readonly string[]> = {
  AccountStatus: contract.ACCOUNT_STATUSES,
  AccountType: contract.ACCOUNT_TYPES,
  AddressStatus: contract.ADDRESS_STATUSES,
  AssetType: contract.ASSET_TYPES,
  EventType: contract.EVENT_TYPES,
  FeeLevel: contract.FEE_LEVELS,
  HashFunction: contract.HASH_FUNCTIONS,
  KeyType: contract.KEY_TYPES,
  NetworkTag: contract.NETWORK_TAGS,
  SignatureScheme: contract.SIGNATURE_SCHEMES,
  SignatureVariant: contract.SIGNATURE_VARIANTS,
  SigningRequestStatus: contract.SIGNING_REQUEST_STATUSES,
  SortBy: contract.SORT_BY,
  SortingDirection: contract.SORT_DIRECTIONS,
  TokenStandard: contract.TOKEN_STANDARDS,
  TransactionStatus: contract.TRANSACTION_STATUSES,
  TransactionType: contract.TRANSACTION_TYPES,
  BankChannelType: contract.BANK_CHANNEL_TYPES,
  AccountHolderType: contract.ACCOUNT_HOLDER_TYPES,
  BankAccountType: contract.BANK_ACCOUNT_TYPES,
};
// The user's document renames the aggregator swap type (custody-api.md, conventions).
const renamedInUserDocument = new Set(['TransactionType:swap-lifi']);

function resolve(schema: OpenApiSchema): OpenApiSchema {
  if (schema.$ref === undefined) return schema;
  const target = components[schema.$ref.replace('#/components/schemas/', '')];
  if (target === undefined) throw new Error(`unresolved ${schema.$ref}`);
  return { ...target, ...schema, $ref: undefined };
}

const formatSample: Record<string, string> = {
  decimal: '1.5',
  bigint: '15',
  int32: '6',
  int64: '12',
  'date-time-millis': '1747241036052',
};

/** A valid value for a property, from the document alone. */
function sample(property: OpenApiSchema): unknown {
  const p = resolve(property);
  if (p.examples !== undefined && p.examples.length > 0) return p.examples[0];
  if (p.enum !== undefined && p.enum.length > 0) return p.enum[0];
  if (p.format !== undefined && formatSample[p.format] !== undefined) return formatSample[p.format];
  if (p.type === 'array') return [];
  if (p.type === 'object') return minimalOf(p);
  if (p.type === 'boolean') return false;
  return 'x';
}

/** An object holding only the required properties of a component. */
function minimalOf(component: OpenApiSchema): Record<string, unknown> {
  const entries = (component.required ?? []).map((name) => [
    name,
    sample(component.properties?.[name] ?? {}),
  ]);
  return Object.fromEntries(entries);
}

function minimalFor(name: string): Record<string, unknown> {
  const component = components[name];
  if (component === undefined) throw new Error(`no component ${name}`);
  return { ...minimalOf(component), ...modeled[name]?.extra };
}

function formatOf(property: OpenApiSchema): string | undefined {
  return resolve(property).format;
}

const exampleCases: [string, string, unknown][] = [];
const formatCases: [string, string, string][] = [];
for (const name of Object.keys(modeled)) {
  const component = components[name];
  for (const [property, definition] of Object.entries(component?.properties ?? {})) {
    for (const example of resolve(definition).examples ?? []) exampleCases.push([name, property, example]);
    const format = formatOf(definition);
    if (format !== undefined && formatSample[format] !== undefined)
      formatCases.push([name, property, format]);
  }
}
const enumCases = Object.entries(enums).flatMap(([name, known]) =>
  (components[name]?.enum ?? [])
    .filter((value) => !renamedInUserDocument.has(`${name}:${value}`))
    .map((value) => [name, value, known] as const),
);

describe('the OpenAPI document', () => {
  it('has every component we map', () => {
    for (const name of [...Object.keys(modeled), ...Object.keys(enums)])
      expect(components[name]).toBeDefined();
  });

  it.each(Object.keys(modeled))('%s: an object of only its required fields parses', (name) => {
    const result = modeled[name]!.schema.safeParse(minimalFor(name));
    expect(result.error?.issues ?? []).toEqual([]);
  });

  describe(`${exampleCases.length} property examples parse with our schemas`, () => {
    it('are many', () => {
      expect(exampleCases.length).toBeGreaterThanOrEqual(120);
    });
    it.each(exampleCases)('%s.%s = %j', (name, property, example) => {
      const result = modeled[name]!.schema.safeParse({ ...minimalFor(name), [property]: example });
      expect(result.error?.issues ?? []).toEqual([]);
    });
  });

  describe(`${formatCases.length} formatted properties are checked for their format`, () => {
    it('are many', () => {
      expect(formatCases.length).toBeGreaterThanOrEqual(50);
    });
    it.each(formatCases)('%s.%s (%s) rejects a JSON number and malformed text', (name, property) => {
      const { schema } = modeled[name]!;
      for (const bad of [15, 'not-a-number']) {
        const result = schema.safeParse({ ...minimalFor(name), [property]: bad });
        expect(result.success).toBe(false);
      }
    });
  });

  describe(`${enumCases.length} enum values are known to us`, () => {
    it.each(enumCases)('%s: %s', (_name, value, known) => {
      expect(known).toContain(value);
    });
  });
});
