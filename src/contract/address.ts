import * as z from 'zod';
import { AccountTypeSchema, ActivatedAssetStatusSchema, AddressStatusSchema } from './enums.js';
import { millis, optionalNullable } from './scalars.js';

// Required fields: the OpenAPI `Address.required` list (the user's document gives none).

export const ActivatedAssetSchema = z.looseObject({
  activationId: optionalNullable(z.string()),
  address: optionalNullable(z.string()),
  assetId: optionalNullable(z.string()),
  status: optionalNullable(ActivatedAssetStatusSchema),
});
export type ActivatedAsset = z.infer<typeof ActivatedAssetSchema>;

export const AddressSchema = z.looseObject({
  addressId: z.string(),
  externalId: z.string(),
  accountType: AccountTypeSchema,
  status: AddressStatusSchema,
  networkId: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  createdAt: millis,
  updatedAt: millis,
  acceptsAllAssets: z.boolean(),
  requiresAssetsActivation: z.boolean(),
  accountId: optionalNullable(z.string()),
  workspaceId: optionalNullable(z.string()),
  address: optionalNullable(z.string()),
  memo: optionalNullable(z.string()),
  // Null when the network needs no activation (OpenAPI).
  activatedAssets: optionalNullable(z.array(ActivatedAssetSchema)),
  metadata: optionalNullable(z.record(z.string(), z.unknown())),
});
export type Address = z.infer<typeof AddressSchema>;
